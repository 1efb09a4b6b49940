package io.mobula.processor;

import io.mobula.processor.GroupModel.Method;
import io.mobula.processor.GroupModel.Param;
import io.mobula.processor.GroupModel.ParamKind;
import io.mobula.processor.GroupModel.Primitive;
import io.mobula.processor.GroupModel.Result;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import javax.tools.Diagnostic;

/**
 * Phase one for group interfaces (thesis 5.3.1): recognises an interface extending
 * {@code io.mobula.gmi.GroupInterface} (by name: the processor does not depend on the GMI runtime), checks it and
 * builds the immutable {@link GroupModel} the stub, skeleton, parameter vectors and method constants are emitted
 * from, or reports on the user's elements why there is none. GMI is Mobula's own API, so what the generated code
 * cannot serve is a compile error saying what to change; a type whose values may fail to travel is a warning
 * naming that run-time failure. Every problem of an interface is reported, not just the first.
 */
final class GroupAnalyzer {
    static final String GROUP_INTERFACE = "io.mobula.gmi.GroupInterface";
    private static final String REMOTE = "java.rmi.Remote";
    /** Not Serializable, yet any value can travel: Object may hold anything, Optional has a built-in serializer. */
    private static final Set<String> RUNTIME_VALUES = Set.of("java.lang.Object", "java.util.Optional");
    private static final List<String> ALWAYS_RETHROWN = List.of("java.lang.RuntimeException", "java.lang.Error");

    private final Elements elements;
    private final Types types;
    private final TypeNames names;
    private final Reporter reporter;
    private final GroupMethodCollector collector;
    private final SerializerAnalyzer serializers;
    private final Set<String> sourceTypes;
    private final TypeMirror serializable;

    /** @param sourceTypes qualified names of every type compiled from source so far (shared, growing) */
    GroupAnalyzer(ProcessingEnvironment env, Reporter reporter, Set<String> sourceTypes) {
        this.elements = env.getElementUtils();
        this.types = env.getTypeUtils();
        this.names = new TypeNames(elements, types);
        this.reporter = reporter;
        this.collector = new GroupMethodCollector(elements, types, names);
        this.serializers = new SerializerAnalyzer(env, reporter);
        this.sourceTypes = sourceTypes;
        this.serializable = elements.getTypeElement("java.io.Serializable").asType();
    }

    /** An interface extending GroupInterface, directly or not; GroupInterface itself is none. */
    boolean isGroupInterface(TypeElement type) {
        return type.getKind() == ElementKind.INTERFACE && !type.getQualifiedName().contentEquals(GROUP_INTERFACE)
                && extendsNamed(type, GROUP_INTERFACE);
    }

    /** Whether a super-interface is not resolved yet (it may be generated later): analysis waits a round. */
    boolean hasUnresolvedSupertypes(TypeElement type) {
        for (TypeMirror s : type.getInterfaces()) {
            if (s.getKind() == TypeKind.ERROR
                    || s.getKind() == TypeKind.DECLARED && hasUnresolvedSupertypes(asElement(s))) {
                return true;
            }
        }
        return false;
    }

    /** Whether a type some method mentions is not resolved yet; analysis waits a round. */
    boolean isIncomplete(TypeElement iface) {
        if (hasUnresolvedSupertypes(iface)) {
            return true;
        }
        for (TypeElement t : hierarchy(iface, new ArrayList<>())) {
            for (ExecutableElement m : ElementFilter.methodsIn(t.getEnclosedElements())) {
                List<TypeMirror> mentioned = new ArrayList<>();
                m.getParameters().forEach(p -> mentioned.add(p.asType()));
                mentioned.add(m.getReturnType());
                mentioned.addAll(m.getThrownTypes());
                for (TypeMirror type : mentioned) {
                    if (isUnresolved(type)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    Optional<GroupModel> analyze(TypeElement iface) {
        int errorsBefore = reporter.errorCount();
        String pkg = names.packageOf(iface);
        String name = iface.getQualifiedName().toString();
        if (!names.isNameableFrom(iface, pkg)) {
            reporter.error(iface, "group interface " + name + " is private (or nested in a private class), so no"
                    + " group stub can implement it; make it package-private or public");
        }
        if (!iface.getTypeParameters().isEmpty()) {
            reporter.error(iface, "group interface " + name + " cannot declare type parameters: its parameter"
                    + " vectors and stub need concrete types; remove them and use Object or a concrete type");
        }
        if (extendsNamed(iface, REMOTE)) {
            reporter.error(iface, "group interface " + name + " must not extend java.rmi.Remote: a group interface"
                    + " is invoked on a group through GMI, a remote interface on one object through RMI; split it"
                    + " into a group interface and a remote interface");
        }
        boolean broken = false;
        List<GroupMethodCollector.Entry> entries = collector.of(iface);
        List<PartialMethod> partial = new ArrayList<>();
        for (GroupMethodCollector.Entry e : entries) {
            Optional<PartialMethod> m = method(iface, pkg, partial.size(), e);
            if (m.isPresent()) {
                partial.add(m.get());
            } else {
                broken = true;
            }
        }
        if (broken || reporter.errorCount() != errorsBefore) {
            return Optional.empty();
        }
        List<String> constants = GroupConstantNames.of(partial.stream()
                .map(m -> new GroupConstantNames.Signature(m.name(),
                        m.params().stream().map(Param::description).toList()))
                .toList());
        List<Method> methods = new ArrayList<>();
        for (int i = 0; i < partial.size(); i++) {
            methods.add(partial.get(i).withConstant(constants.get(i)));
        }
        return Optional.of(new GroupModel(iface, pkg, name, names.binaryName(iface),
                names.binarySimpleName(iface).replace('$', '_'), List.copyOf(methods)));
    }

    /** A method before the constant names, which depend on all methods, are known. */
    private record PartialMethod(int index, String name, String description, String signature, List<Param> params,
            Result result, List<String> throwsClause, List<String> catchTypes, boolean catchesAll) {
        Method withConstant(String constant) {
            return new Method(index, name, description, signature, constant, params, result, throwsClause,
                    catchTypes, catchesAll);
        }
    }

    /** Reports problems where the user can fix them; empty when the method cannot be generated. */
    private Optional<PartialMethod> method(TypeElement iface, String pkg, int index, GroupMethodCollector.Entry e) {
        ExecutableElement m = e.element();
        ExecutableType type = e.type();
        MethodProblems problems = new MethodProblems(reporter, iface, m,
                owner -> isGroupInterface(owner) && sourceTypes.contains(owner.getQualifiedName().toString()), "group interface");
        String what = "group method " + m.getSimpleName();
        if (!type.getTypeVariables().isEmpty()) {
            problems.error(what + " declares the type parameters <" + type.getTypeVariables().stream()
                    .map(TypeMirror::toString).collect(Collectors.joining(", ")) + ">: group methods cannot declare"
                    + " type parameters; use Object or a concrete type");
        }
        List<? extends VariableElement> declared = m.getParameters();
        if (declared.size() > GroupModel.MAX_PARAMETERS) {
            problems.error(what + " has " + declared.size() + " parameters, but a group method has at most "
                    + GroupModel.MAX_PARAMETERS + " (its parameter vector records written parameters in one long);"
                    + " pass some of them together in an object or an array");
        }
        for (TypeMirror t : type.getThrownTypes()) {
            if (t.getKind() == TypeKind.TYPEVAR) {
                problems.error(what + " throws the type variable " + t + ", which the generated stub cannot catch"
                        + " precisely; declare concrete exception types");
            }
        }
        if (!problems.ok()) {
            return Optional.empty(); // type variables would break the checks below
        }
        List<Param> params = new ArrayList<>();
        for (int i = 0; i < declared.size(); i++) {
            TypeMirror p = type.getParameterTypes().get(i);
            checkTransferable(problems, "parameter '" + declared.get(i).getSimpleName() + "' of " + what, p, pkg);
            params.add(param(p, m.isVarArgs() && i == declared.size() - 1));
        }
        TypeMirror returned = type.getReturnType();
        if (returned.getKind() != TypeKind.VOID) {
            checkTransferable(problems, "the result of " + what, returned, pkg);
        }
        if (!problems.ok()) {
            return Optional.empty();
        }
        String description = description(returned) + " " + m.getSimpleName() + "("
                + params.stream().map(Param::description).collect(Collectors.joining(",")) + ")";
        String signature = m.getSimpleName() + "(" + type.getParameterTypes().stream().map(names::descriptor)
                .collect(Collectors.joining()) + ")" + (returned.getKind() == TypeKind.VOID ? "V"
                : names.descriptor(returned));
        List<String> catchTypes = minimalCatch(type.getThrownTypes());
        return Optional.of(new PartialMethod(index, m.getSimpleName().toString(), description, signature,
                List.copyOf(params), result(returned), type.getThrownTypes().stream().map(TypeMirror::toString)
                .toList(), catchTypes, catchTypes.contains("java.lang.Throwable")));
    }

    /**
     * Parameters and results travel by value: a type no value of which (other than null) can be serialized is a
     * warning; so is a class that is not Serializable itself, whose subclasses may be.
     */
    private void checkTransferable(MethodProblems problems, String label, TypeMirror type, String pkg) {
        if (!names.isNameableFrom(type, pkg)) {
            problems.error(label + " has type " + names.rawName(type) + ", which the generated code in package "
                    + (pkg.isEmpty() ? "<unnamed>" : pkg) + " cannot name; make that type accessible from there");
            return;
        }
        TypeMirror t = types.erasure(type);
        boolean array = false;
        while (t.getKind() == TypeKind.ARRAY) {
            t = ((ArrayType) t).getComponentType();
            array = true;
        }
        if (t.getKind() != TypeKind.DECLARED || types.isAssignable(t, serializable)) {
            return;
        }
        TypeElement element = asElement(t);
        if (element.getKind().isInterface() || RUNTIME_VALUES.contains(element.getQualifiedName().toString())) {
            return;
        }
        String of = array ? " is an array of " + element.getQualifiedName() + ", which" : " has type "
                + element.getQualifiedName() + ", which";
        if (serializers.isNeverSerializable(t)) {
            problems.warning(label + of + " can never be serialized (it does not implement java.io.Serializable"
                    + " and no subclass can), so a group invocation carrying a value other than null"
                    + (array ? " in it" : "") + " fails at run time with a GroupException; change the type (or make"
                    + " the class Serializable)");
        } else {
            problems.warning(label + of + " does not implement java.io.Serializable, so a group invocation carrying"
                    + " one fails at run time with a GroupException unless the value is null or of a Serializable"
                    + " subclass; make the class Serializable or change the type");
        }
    }

    private Param param(TypeMirror type, boolean varargs) {
        String fieldType = type.toString();
        String declared = varargs ? ((ArrayType) type).getComponentType() + "..." : fieldType;
        String erased = names.rawName(type);
        String description = description(type);
        boolean unchecked = !types.isSameType(type, types.erasure(type));
        if (type.getKind().isPrimitive()) {
            return new Param(ParamKind.PRIMITIVE, primitive(type), declared, fieldType, erased, description, false);
        }
        if (type.getKind() == TypeKind.ARRAY) {
            TypeMirror component = ((ArrayType) type).getComponentType();
            if (component.getKind().isPrimitive()) {
                return new Param(ParamKind.PRIMITIVE_ARRAY, primitive(component), declared, fieldType, erased,
                        description, false);
            }
            return new Param(ParamKind.OBJECT_ARRAY, null, declared, fieldType, erased, description, unchecked);
        }
        return new Param(ParamKind.OBJECT, null, declared, fieldType, erased, description, unchecked);
    }

    private static Primitive primitive(TypeMirror type) {
        return Primitive.valueOf(type.getKind().name());
    }

    private static Result result(TypeMirror type) {
        TypeKind kind = type.getKind();
        String resultType = kind == TypeKind.VOID || kind.isPrimitive() ? kind.name() : "OBJECT";
        return new Result(resultType, kind == TypeKind.VOID ? "void" : type.toString());
    }

    /**
     * The type as the thesis's method descriptions write it: the simple name as in source (nested types as
     * {@code Outer.Inner}), type arguments erased, {@code []} for arrays.
     */
    String description(TypeMirror type) {
        TypeMirror erased = types.erasure(type);
        return switch (erased.getKind()) {
            case ARRAY -> description(((ArrayType) erased).getComponentType()) + "[]";
            case DECLARED -> {
                TypeElement element = asElement(erased);
                String pkg = names.packageOf(element);
                String qualified = element.getQualifiedName().toString();
                yield pkg.isEmpty() ? qualified : qualified.substring(pkg.length() + 1);
            }
            default -> erased.getKind().isPrimitive() || erased.getKind() == TypeKind.VOID
                    ? erased.getKind().name().toLowerCase(Locale.ROOT) : erased.toString();
        };
    }

    /** RuntimeException, Error and the declared types, without subtypes of one another. */
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

    /** Whether {@code type} extends the interface named {@code qualifiedName}, directly or not. */
    private boolean extendsNamed(TypeElement type, String qualifiedName) {
        for (TypeMirror s : type.getInterfaces()) {
            if (s.getKind() == TypeKind.DECLARED) {
                TypeElement e = asElement(s);
                if (e.getQualifiedName().contentEquals(qualifiedName) || extendsNamed(e, qualifiedName)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The interface and all its super-interfaces. */
    private List<TypeElement> hierarchy(TypeElement type, List<TypeElement> out) {
        if (!out.contains(type)) {
            out.add(type);
            for (TypeMirror s : type.getInterfaces()) {
                if (s.getKind() == TypeKind.DECLARED) {
                    hierarchy(asElement(s), out);
                }
            }
        }
        return out;
    }

    private boolean isUnresolved(TypeMirror type) {
        return switch (type.getKind()) {
            case ERROR -> true;
            case ARRAY -> isUnresolved(((ArrayType) type).getComponentType());
            case DECLARED -> ((DeclaredType) type).getTypeArguments().stream().anyMatch(this::isUnresolved);
            default -> false;
        };
    }

    private static TypeElement asElement(TypeMirror type) {
        return (TypeElement) ((DeclaredType) type).asElement();
    }
}
