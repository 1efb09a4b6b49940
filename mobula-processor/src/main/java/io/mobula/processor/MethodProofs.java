package io.mobula.processor;

import io.mobula.processor.FlagsModel.MethodFlag;
import java.util.stream.Collectors;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * Whether the method a class runs for one interface method is proven non-blocking ({@link NonBlockingAnalysis}) or
 * stated so with {@code @NonBlocking}, for the flags of remote objects ({@link ImplementationFlagsGenerator}) and of
 * group members ({@link GroupFlagsGenerator}) alike.
 */
final class MethodProofs {
    private final Elements elements;
    private final TypeNames names;
    private final NonBlockingAnalysis analysis;

    MethodProofs(Elements elements, TypeNames names, NonBlockingAnalysis analysis) {
        this.elements = elements;
        this.names = names;
        this.analysis = analysis;
    }

    /**
     * The flag of interface method {@code method} as {@code type} implements it.
     *
     * @param readable      the method as a reader knows it, {@code ping(int)}
     * @param statedOnIface whether {@code @NonBlocking} on the interface (or its method) states it for every
     *                      implementation
     */
    MethodFlag flag(TypeElement type, ExecutableElement method, String readable, boolean statedOnIface) {
        ExecutableElement impl = implementation(type, method);
        NonBlockingAnalysis.Verdict v = impl == null ? new NonBlockingAnalysis.Verdict(false, "no implementation")
                : statedOnIface || stated(impl) ? new NonBlockingAnalysis.Verdict(true, "stated by @NonBlocking")
                : analysis.analyze(impl);
        return new MethodFlag(readable, impl == null ? "" : jvmSignature(impl), v.nonBlocking() && impl != null,
                v.reason());
    }

    /** The method of the class or a superclass that implements {@code method}. */
    private ExecutableElement implementation(TypeElement type, ExecutableElement method) {
        for (TypeElement c = type; c != null; c = superclass(c)) {
            for (ExecutableElement m : ElementFilter.methodsIn(c.getEnclosedElements())) {
                if (m.getSimpleName().equals(method.getSimpleName()) && !m.getModifiers().contains(Modifier.ABSTRACT)
                        && elements.overrides(m, method, type)) {
                    return m;
                }
            }
        }
        return null;
    }

    /** {@code @NonBlocking} on the implementing method or on the class declaring it. */
    private static boolean stated(ExecutableElement impl) {
        return RemoteAnalyzer.hasAnnotation(impl, RemoteAnalyzer.NON_BLOCKING)
                || RemoteAnalyzer.hasAnnotation(impl.getEnclosingElement(), RemoteAnalyzer.NON_BLOCKING);
    }

    /** Name and erased parameter descriptor of the implementing method as the JVM sees it: {@code put(I)}. */
    private String jvmSignature(ExecutableElement impl) {
        return impl.getSimpleName() + impl.getParameters().stream().map(p -> names.descriptor(p.asType()))
                .collect(Collectors.joining("", "(", ")"));
    }

    TypeElement superclass(TypeElement type) {
        TypeMirror s = type.getSuperclass();
        return s.getKind() == TypeKind.DECLARED ? names.asTypeElement(s) : null;
    }
}
