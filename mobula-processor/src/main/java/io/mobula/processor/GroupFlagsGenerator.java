package io.mobula.processor;

import io.mobula.processor.FlagsModel.MethodFlag;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Generates {@code p.Impl_MobulaGroupFlags} for every concrete group member class (a class implementing a group
 * interface, thesis 5.3.1) when {@link NonBlockingAnalysis} proves at least one of the methods it runs for its group
 * interface cannot block, or {@code @NonBlocking} states it (on the group interface, its method, the implementing
 * method or its class). GMI runs those methods on the thread that received the invocation (thesis 3.3.1's upcalls
 * in the message handler, applied to group invocations); the others run where they may block. Method ids are the
 * group interface's ({@link GroupMethodCollector}); the file implements {@code io.mobula.rmi.ImplementationFlags}
 * with the group interface in place of the remote interface.
 */
final class GroupFlagsGenerator implements Generator {
    /** The suffix of the generated class, which the GMI runtime looks for. */
    static final String SUFFIX = "_MobulaGroupFlags";
    private static final String GROUP_STUB = "io.mobula.gmi.spi.GroupStub";

    private final Types types;
    private final Filer filer;
    private final Reporter reporter;
    private final TypeNames names;
    private final GroupMethodCollector collector;
    private final MethodProofs proofs;
    private final FlagsEmitter emitter;
    private final TypeElement groupInterface;

    GroupFlagsGenerator(ProcessingEnvironment env, Reporter reporter) {
        Elements elements = env.getElementUtils();
        this.types = env.getTypeUtils();
        this.filer = env.getFiler();
        this.reporter = reporter;
        this.names = new TypeNames(elements, types);
        this.collector = new GroupMethodCollector(elements, types, names);
        this.proofs = new MethodProofs(elements, names, new NonBlockingAnalysis(env));
        this.emitter = new FlagsEmitter(elements.getTypeElement("javax.annotation.processing.Generated") != null,
                "the GMI runtime when a member of the class joins a group");
        this.groupInterface = elements.getTypeElement(GroupAnalyzer.GROUP_INTERFACE);
    }

    @Override
    public boolean appliesTo(TypeElement type) {
        ElementKind kind = type.getKind();
        return groupInterface != null
                && (kind == ElementKind.CLASS || kind == ElementKind.ENUM || kind == ElementKind.RECORD)
                && !type.getModifiers().contains(Modifier.ABSTRACT)
                && type.getNestingKind() != NestingKind.LOCAL && type.getNestingKind() != NestingKind.ANONYMOUS
                && types.isAssignable(types.erasure(type.asType()), groupInterface.asType()) && !isStub(type);
    }

    @Override
    public boolean generate(TypeElement type) {
        for (TypeElement t = type; t != null; t = proofs.superclass(t)) {
            if (t.getSuperclass().getKind() == TypeKind.ERROR
                    || t.getInterfaces().stream().anyMatch(i -> i.getKind() == TypeKind.ERROR)) {
                return false;
            }
        }
        TypeElement iface = groupInterfaceOf(type);
        String pkg = names.packageOf(type);
        if (iface == null || !names.isNameableFrom(iface, pkg) || !names.isNameableFrom(type, pkg)) {
            return true; // nothing the runtime could use, or nothing generated code can name
        }
        boolean statedOnIface = RemoteAnalyzer.hasAnnotation(iface, RemoteAnalyzer.NON_BLOCKING);
        List<MethodFlag> flags = new ArrayList<>();
        for (GroupMethodCollector.Entry m : collector.of(iface)) {
            flags.add(proofs.flag(type, m.element(), FlagsClasses.readable(m.name(), m.type()),
                    statedOnIface || RemoteAnalyzer.hasAnnotation(m.element(), RemoteAnalyzer.NON_BLOCKING)));
        }
        FlagsClasses.write(type, pkg, SUFFIX, iface, flags, names, filer, emitter, reporter);
        return true;
    }

    /**
     * The group interface the member serves: among the group interfaces the class and its superclasses list, the
     * one all others are assignable from, else the first (a member joins a group of exactly that interface).
     */
    private TypeElement groupInterfaceOf(TypeElement type) {
        return FlagsClasses.servedInterface(type, found -> !found.equals(groupInterface)
                && types.isAssignable(types.erasure(found.asType()), groupInterface.asType()), proofs, names, types);
    }

    private boolean isStub(TypeElement type) {
        for (TypeElement t = proofs.superclass(type); t != null; t = proofs.superclass(t)) {
            if (t.getQualifiedName().contentEquals(GROUP_STUB)) {
                return true;
            }
        }
        return false;
    }
}
