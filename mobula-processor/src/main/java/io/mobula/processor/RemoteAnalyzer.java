package io.mobula.processor;

import io.mobula.processor.RemoteModel.Method;
import io.mobula.processor.RemoteModel.Param;
import io.mobula.processor.RemoteModel.Result;
import io.mobula.processor.RemoteModel.ResultKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.TypeParameterElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.IntersectionType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import javax.tools.Diagnostic;

/**
 * Phase one for remote interfaces: checks an interface extending java.rmi.Remote and builds the immutable
 * {@link RemoteModel} its stub and dispatcher are emitted from, or reports on the user's elements why there
 * is none (rmi-contract.md, "Compile errors"). Every problem of an interface is reported, not just the first.
 */
final class RemoteAnalyzer {
    static final String ONE_WAY = "io.mobula.rmi.OneWay";
    static final String NON_BLOCKING = "io.mobula.rmi.NonBlocking";
    private static final String FUTURE = "java.util.concurrent.CompletableFuture";
    private static final String STRING = "java.lang.String";
    private static final List<String> ALWAYS_RETHROWN = List.of("java.rmi.RemoteException",
            "java.lang.RuntimeException", "java.lang.Error");

    private final Elements elements;
    private final Types types;
    private final TypeNames names;
    private final Reporter reporter;
    private final RemoteMethods remoteMethods;
    private final SerializerAnalyzer serializers;
    private final Set<String> sourceTypes;
    private final TypeMirror remoteException;
    private final TypeMirror exception;
    private final TypeMirror error;

    /** @param sourceTypes qualified names of every type compiled from source so far (shared, growing) */
    RemoteAnalyzer(ProcessingEnvironment env, Reporter reporter, Set<String> sourceTypes) {
        this.elements = env.getElementUtils();
        this.types = env.getTypeUtils();
        this.names = new TypeNames(elements, types);
        this.reporter = reporter;
        this.remoteMethods = new RemoteMethods(elements, types, names);
        this.serializers = new SerializerAnalyzer(env, reporter);
        this.sourceTypes = sourceTypes;
        this.remoteException = elements.getTypeElement("java.rmi.RemoteException").asType();
        this.exception = elements.getTypeElement("java.lang.Exception").asType();
        this.error = elements.getTypeElement("java.lang.Error").asType();
    }

    RemoteMethods remoteMethods() {
        return remoteMethods;
    }

    boolean isRemoteInterface(TypeElement type) {
        return remoteMethods.isRemoteInterface(type);
    }

    /** Whether a type the interface's methods mention is not resolved yet; analysis waits a round. */
    boolean isIncomplete(TypeElement iface) {
        if (iface.getInterfaces().stream().anyMatch(t -> t.getKind() == TypeKind.ERROR)) {
            return true;
        }
        for (RemoteMethods.Entry e : remoteMethods.of(iface)) {
            List<TypeMirror> mentioned = new ArrayList<>(e.type().getParameterTypes());
            mentioned.add(e.type().getReturnType());
            mentioned.addAll(e.type().getThrownTypes());
            for (TypeMirror t : mentioned) {
                TypeMirror erased = types.erasure(t);
                while (erased.getKind() == TypeKind.ARRAY) {
                    erased = ((ArrayType) erased).getComponentType();
                }
                if (erased.getKind() == TypeKind.ERROR) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean extendsGroupInterface(TypeElement type) {
        for (TypeMirror s : type.getInterfaces()) {
            if (s.getKind() == TypeKind.DECLARED && s instanceof javax.lang.model.type.DeclaredType d
                    && d.asElement() instanceof TypeElement e && (e.getQualifiedName().contentEquals(
                    GroupAnalyzer.GROUP_INTERFACE) || extendsGroupInterface(e))) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code @NonBlocking} only means something on remote and group methods (GroupFlagsGenerator); elsewhere it is
     * likely a mistake.
     */
    void warnMisplacedAnnotations(TypeElement nonRemoteInterface) {
        if (extendsGroupInterface(nonRemoteInterface)) {
            return;
        }
        for (ExecutableElement m : ElementFilter.methodsIn(nonRemoteInterface.getEnclosedElements())) {
            if (hasAnnotation(m, NON_BLOCKING)) {
                reporter.warning(m, "@NonBlocking has no effect on " + m.getSimpleName() + ": "
                        + nonRemoteInterface.getQualifiedName() + " is not a remote interface (it does not extend"
                        + " java.rmi.Remote); make the interface extend java.rmi.Remote or remove the annotation");
            }
        }
        if (hasAnnotation(nonRemoteInterface, NON_BLOCKING)) {
            reporter.warning(nonRemoteInterface, "@NonBlocking has no effect: " + nonRemoteInterface.getQualifiedName()
                    + " is not a remote interface; make it extend java.rmi.Remote or remove the annotation");
        }
    }

    Optional<RemoteModel> analyze(TypeElement iface) {
        String pkg = names.packageOf(iface);
        if (!names.isNameableFrom(iface, pkg)) {
            reporter.warning(iface, "Mobula: remote interface " + iface.getQualifiedName() + " is private (or nested"
                    + " in a private class), so no stub can implement it and exporting an object as "
                    + iface.getSimpleName() + " fails at run time (StubNotFoundException); make it package-private"
                    + " or public");
            return Optional.empty();
        }
        int errorsBefore = reporter.errorCount();
        boolean quietlyBroken = false;
        boolean interfaceNonBlocking = hasAnnotation(iface, NON_BLOCKING);
        List<Method> methods = new ArrayList<>();
        for (RemoteMethods.Entry e : remoteMethods.of(iface)) {
            Optional<Method> m = method(iface, pkg, methods.size(), e, interfaceNonBlocking);
            if (m.isPresent()) {
                methods.add(m.get());
            } else {
                quietlyBroken = true;
            }
        }
        if (quietlyBroken || reporter.errorCount() != errorsBefore) {
            return Optional.empty();
        }
        return Optional.of(new RemoteModel(iface, pkg, iface.getQualifiedName().toString(), names.binaryName(iface),
                names.binarySimpleName(iface).replace('$', '_'), typeParameters(iface.getTypeParameters()),
                typeArguments(iface.getTypeParameters()), List.copyOf(methods)));
    }

    /** Reports problems where the user can fix them; empty when the method cannot be generated. */
    private Optional<Method> method(TypeElement iface, String pkg, int id, RemoteMethods.Entry e,
            boolean interfaceNonBlocking) {
        ExecutableElement m = e.element();
        ExecutableType type = e.type();
        MethodProblems problems = new MethodProblems(reporter, iface, m,
                owner -> isRemoteInterface(owner) && sourceTypes.contains(owner.getQualifiedName().toString()), "remote interface");
        String what = "remote method " + m.getSimpleName();

        boolean declaresRemote = type.getThrownTypes().stream()
                .anyMatch(t -> types.isAssignable(remoteException, types.erasure(t)));
        if (!declaresRemote) {
            // java.rmi refuses it too, but only when an object is exported (IllegalArgumentException)
            problems.unsupported(what + " does not declare java.rmi.RemoteException, so no stub is generated for "
                    + iface.getQualifiedName() + " and exporting an object as it fails at run time"
                    + " (StubNotFoundException); add 'throws java.rmi.RemoteException' (or a superclass of it) to"
                    + " its declaration, since every remote call can fail");
        }
        boolean oneWay = hasAnnotation(m, ONE_WAY);
        if (oneWay && type.getReturnType().getKind() != TypeKind.VOID) {
            problems.error("@OneWay " + what + " must return void (a one-way call gets no reply); remove @OneWay"
                    + " or make it return void");
        }
        for (TypeMirror t : type.getThrownTypes()) {
            if (t.getKind() == TypeKind.TYPEVAR) {
                problems.unsupported(what + " throws the type variable " + t + ", which a generated stub cannot"
                        + " catch precisely, so no stub is generated for " + iface.getQualifiedName() + " and"
                        + " exporting an object as it fails at run time (StubNotFoundException); declare concrete"
                        + " exception types");
            }
        }
        List<? extends VariableElement> declared = m.getParameters();
        List<Param> params = new ArrayList<>();
        for (int i = 0; i < declared.size(); i++) {
            TypeMirror p = type.getParameterTypes().get(i);
            String label = "parameter '" + declared.get(i).getSimpleName() + "' of " + what;
            checkTransferable(problems, label, p, pkg);
            params.add(param(p, m.isVarArgs() && i == declared.size() - 1));
        }
        Result result = result(type.getReturnType());
        TypeMirror sent = result.kind() == ResultKind.FUTURE ? futureArgument(type.getReturnType())
                : type.getReturnType();
        if (sent != null && sent.getKind() != TypeKind.VOID) {
            checkTransferable(problems, "the result of " + what, sent, pkg);
        }
        if (!problems.ok()) {
            return Optional.empty();
        }
        List<String> catchTypes = minimalCatch(type.getThrownTypes());
        return Optional.of(new Method(id, m.getSimpleName().toString(), e.signature(),
                methodTypeParameters(type.getTypeVariables()), List.copyOf(params), result,
                type.getThrownTypes().stream().map(TypeMirror::toString).toList(), catchTypes,
                catchTypes.contains("java.lang.Throwable"), oneWay,
                interfaceNonBlocking || hasAnnotation(m, NON_BLOCKING)));
    }

    private void checkTransferable(MethodProblems problems, String label, TypeMirror type, String pkg) {
        if (!names.isNameableFrom(type, pkg)) {
            problems.unsupported(label + " has type " + names.rawName(type) + ", which the generated stub in"
                    + " package " + (pkg.isEmpty() ? "<unnamed>" : pkg) + " cannot name, so no stub is generated"
                    + " and exporting an object as this interface fails at run time (StubNotFoundException); make"
                    + " that type accessible");
        } else if (serializers.isNeverSerializable(type) && !remoteMethods.isRemote(type)) {
            // as with java.rmi, null can still be sent; any other value fails the call (MarshalException)
            problems.warning(label + " has type " + names.rawName(type) + ", which can never be sent: it neither"
                    + " implements java.io.Serializable nor java.rmi.Remote and no subclass can, so a call with a"
                    + " value other than null fails; change the type (or make the class Serializable)");
        }
    }

    private Param param(TypeMirror type, boolean varargs) {
        String declared = varargs ? ((ArrayType) type).getComponentType() + "..." : type.toString();
        if (type.getKind().isPrimitive()) {
            return new Param(primitiveKind(type.getKind()), declared, varargs, type.toString(), null, false, false);
        }
        if (isString(type)) {
            return new Param(FieldKind.STRING, declared, varargs, STRING, null, false, false);
        }
        String raw = names.rawName(type);
        if (mentionsTypeVariable(type)) {
            return new Param(FieldKind.OBJECT, declared, varargs, raw, raw, false, true);
        }
        boolean parameterized = !types.isSameType(type, types.erasure(type));
        return new Param(FieldKind.OBJECT, declared, varargs, parameterized ? type.toString() : raw, raw,
                parameterized, false);
    }

    private Result result(TypeMirror type) {
        String declared = type.toString();
        TypeKind kind = type.getKind();
        if (kind == TypeKind.VOID) {
            return new Result(ResultKind.VOID, "void", null, false);
        }
        if (kind.isPrimitive()) {
            return new Result(ResultKind.valueOf(kind.name()), declared, null, false);
        }
        if (isString(type)) {
            return new Result(ResultKind.STRING, declared, null, false);
        }
        if (names.rawName(type).equals(FUTURE)) {
            TypeMirror arg = futureArgument(type);
            boolean exact = arg != null && arg.getKind() != TypeKind.TYPEVAR && arg.getKind() != TypeKind.WILDCARD
                    && types.isSameType(arg, types.erasure(arg));
            String literal = exact ? names.rawName(arg) : "java.lang.Object";
            boolean unbounded = arg != null && arg.getKind() == TypeKind.WILDCARD
                    && ((WildcardType) arg).getExtendsBound() == null;
            // CompletableFuture<Object> is assignable to CompletableFuture<?> and <? super X>: no cast
            return new Result(ResultKind.FUTURE, declared, literal, !exact && !unbounded && arg != null);
        }
        boolean generic = !types.isSameType(type, types.erasure(type));
        return new Result(ResultKind.OBJECT, declared, names.rawName(type), generic);
    }

    /** T of {@code CompletableFuture<T>}; null for the raw type. */
    private static TypeMirror futureArgument(TypeMirror future) {
        List<? extends TypeMirror> args = ((DeclaredType) future).getTypeArguments();
        return args.isEmpty() ? null : args.get(0);
    }

    /** RemoteException, RuntimeException, Error and the declared types, without subtypes of one another. */
    private List<String> minimalCatch(List<? extends TypeMirror> thrown) {
        List<TypeMirror> all = new ArrayList<>();
        ALWAYS_RETHROWN.forEach(n -> all.add(elements.getTypeElement(n).asType()));
        thrown.forEach(t -> all.add(types.erasure(t)));
        List<TypeMirror> minimal = new ArrayList<>();
        for (TypeMirror t : all) {
            boolean covered = minimal.stream().anyMatch(m -> types.isSubtype(t, m));
            if (!covered) {
                minimal.removeIf(m -> types.isSubtype(m, t));
                minimal.add(t);
            }
        }
        return minimal.stream().map(names::rawName).toList();
    }

    private String typeParameters(List<? extends TypeParameterElement> params) {
        if (params.isEmpty()) {
            return "";
        }
        return params.stream()
                .map(p -> p.getSimpleName() + bounds(p.getBounds()))
                .collect(Collectors.joining(", ", "<", ">"));
    }

    /** Method type variables as seen from the interface (bounds with the interface's arguments substituted). */
    private String methodTypeParameters(List<? extends TypeVariable> vars) {
        if (vars.isEmpty()) {
            return "";
        }
        return vars.stream()
                .map(v -> v.asElement().getSimpleName() + bounds(upperBounds(v.getUpperBound())))
                .collect(Collectors.joining(", ", "<", ">"));
    }

    private static List<? extends TypeMirror> upperBounds(TypeMirror bound) {
        return bound instanceof IntersectionType i ? i.getBounds() : List.of(bound);
    }

    private static String bounds(List<? extends TypeMirror> bounds) {
        List<String> shown = bounds.stream().map(TypeMirror::toString).filter(b -> !b.equals("java.lang.Object"))
                .toList();
        return shown.isEmpty() ? "" : " extends " + String.join(" & ", shown);
    }

    private static String typeArguments(List<? extends TypeParameterElement> params) {
        return params.isEmpty() ? ""
                : params.stream().map(p -> p.getSimpleName().toString()).collect(Collectors.joining(", ", "<", ">"));
    }

    private static boolean mentionsTypeVariable(TypeMirror type) {
        return switch (type.getKind()) {
            case TYPEVAR -> true;
            case ARRAY -> mentionsTypeVariable(((ArrayType) type).getComponentType());
            case DECLARED -> ((DeclaredType) type).getTypeArguments().stream().anyMatch(RemoteAnalyzer::mentionsTypeVariable);
            case WILDCARD -> {
                WildcardType w = (WildcardType) type;
                yield w.getExtendsBound() != null && mentionsTypeVariable(w.getExtendsBound())
                        || w.getSuperBound() != null && mentionsTypeVariable(w.getSuperBound());
            }
            default -> false;
        };
    }

    private boolean isString(TypeMirror type) {
        return type.getKind() == TypeKind.DECLARED && names.rawName(type).equals(STRING);
    }

    private static FieldKind primitiveKind(TypeKind kind) {
        return FieldKind.valueOf(kind.name());
    }

    static boolean hasAnnotation(Element element, String name) {
        for (AnnotationMirror a : element.getAnnotationMirrors()) {
            if (((TypeElement) a.getAnnotationType().asElement()).getQualifiedName().contentEquals(name)) {
                return true;
            }
        }
        return false;
    }
}
