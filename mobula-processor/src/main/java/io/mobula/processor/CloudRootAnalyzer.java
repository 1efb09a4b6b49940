package io.mobula.processor;

import io.mobula.processor.CloudRootModel.Method;
import io.mobula.processor.CloudRootModel.Param;
import io.mobula.processor.CloudRootModel.Result;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Phase one for root interfaces (thesis 4.2.1): checks an interface extending {@code io.mobula.repmi.Root} and
 * builds the immutable {@link CloudRootModel} its replication reference and replica dispatch are emitted from, or
 * reports on the user's elements why there is none. Methods are those of {@link GroupMethodCollector}: own ones in
 * declaration order, then inherited ones, each signature once. Arguments and results travel by value (copied for a
 * read, serialized for a write), so a parameter or result type no value of which is serializable is a warning;
 * interfaces and {@code Object} are accepted silently, since their values may be. Every problem is reported.
 */
final class CloudRootAnalyzer {
    private static final List<String> ALWAYS_RETHROWN = List.of("java.lang.RuntimeException", "java.lang.Error");

    private final Elements elements;
    private final Types types;
    private final TypeNames names;
    private final Reporter reporter;
    private final GroupMethodCollector collector;
    private final Set<String> sourceTypes;
    private final TypeMirror serializable;

    /** @param sourceTypes qualified names of every type compiled from source so far (shared, growing) */
    CloudRootAnalyzer(ProcessingEnvironment env, Reporter reporter, Set<String> sourceTypes) {
        this.elements = env.getElementUtils();
        this.types = env.getTypeUtils();
        this.names = new TypeNames(elements, types);
        this.reporter = reporter;
        this.collector = new GroupMethodCollector(elements, types, names);
        this.sourceTypes = sourceTypes;
        this.serializable = elements.getTypeElement("java.io.Serializable").asType();
    }

    /** Whether a type some method mentions is not resolved yet; analysis waits a round. */
    boolean isIncomplete(TypeElement iface) {
        if (CloudTypes.hasUnresolvedSupertypes(iface)) {
            return true;
        }
        for (GroupMethodCollector.Entry e : collector.of(iface)) {
            List<TypeMirror> mentioned = new ArrayList<>(e.type().getParameterTypes());
            mentioned.add(e.type().getReturnType());
            mentioned.addAll(e.type().getThrownTypes());
            if (mentioned.stream().anyMatch(CloudRootAnalyzer::isUnresolved)) {
                return true;
            }
        }
        return false;
    }

    Optional<CloudRootModel> analyze(TypeElement iface) {
        int errorsBefore = reporter.errorCount();
        String pkg = names.packageOf(iface);
        String name = iface.getQualifiedName().toString();
        if (!names.isNameableFrom(iface, pkg)) {
            reporter.error(iface, "root interface " + name + " is private (or nested in a private class), so no"
                    + " replication reference can implement it; make it package-private or public");
        }
        if (!iface.getTypeParameters().isEmpty()) {
            reporter.error(iface, "root interface " + name + " cannot declare type parameters: its replication"
                    + " reference and parameter records need concrete types; remove them");
        }
        List<Method> methods = new ArrayList<>();
        for (GroupMethodCollector.Entry e : collector.of(iface)) {
            method(iface, pkg, methods.size(), e).ifPresent(methods::add);
        }
        if (reporter.errorCount() != errorsBefore) {
            return Optional.empty();
        }
        return Optional.of(new CloudRootModel(iface, pkg, name, names.binaryName(iface),
                names.binarySimpleName(iface).replace('$', '_'), List.copyOf(methods)));
    }

    private Optional<Method> method(TypeElement iface, String pkg, int index, GroupMethodCollector.Entry e) {
        ExecutableElement m = e.element();
        ExecutableType type = e.type();
        int errorsBefore = reporter.errorCount();
        String what = "root method " + m.getSimpleName();
        if (!type.getTypeVariables().isEmpty()) {
            report(iface, m, true, what + " declares type parameters: the methods of a root interface cannot;"
                    + " use concrete types");
        }
        for (TypeMirror t : type.getThrownTypes()) {
            if (t.getKind() == TypeKind.TYPEVAR) {
                report(iface, m, true, what + " throws the type variable " + t + ", which the generated reference"
                        + " cannot catch precisely; declare concrete exception types");
            }
        }
        if (reporter.errorCount() != errorsBefore) {
            return Optional.empty();
        }
        List<? extends VariableElement> declared = m.getParameters();
        List<Param> params = new ArrayList<>();
        for (int i = 0; i < declared.size(); i++) {
            TypeMirror p = type.getParameterTypes().get(i);
            check(iface, m, pkg, "parameter '" + declared.get(i).getSimpleName() + "' of " + what, p);
            boolean varargs = m.isVarArgs() && i == declared.size() - 1;
            String component = p.toString();
            params.add(new Param(varargs ? ((ArrayType) p).getComponentType() + "..." : component, component,
                    p.getKind().isPrimitive(), !types.isSameType(p, types.erasure(p))));
        }
        TypeMirror returned = type.getReturnType();
        if (returned.getKind() != TypeKind.VOID) {
            check(iface, m, pkg, "the result of " + what, returned);
        }
        if (reporter.errorCount() != errorsBefore) {
            return Optional.empty();
        }
        String signature = m.getSimpleName() + type.getParameterTypes().stream().map(names::descriptor)
                .collect(Collectors.joining("", "(", ")"))
                + (returned.getKind() == TypeKind.VOID ? "V" : names.descriptor(returned));
        List<String> catchTypes = minimalCatch(type.getThrownTypes());
        return Optional.of(new Method(index, m.getSimpleName().toString(), signature, List.copyOf(params),
                result(returned), type.getThrownTypes().stream().map(TypeMirror::toString).toList(), catchTypes,
                catchTypes.contains("java.lang.Throwable")));
    }

    /** A type generated code cannot name is an error; one whose values can never be serialized, a warning. */
    private void check(TypeElement iface, ExecutableElement m, String pkg, String label, TypeMirror type) {
        if (!names.isNameableFrom(type, pkg)) {
            report(iface, m, true, label + " has type " + names.rawName(type) + ", which the generated code in"
                    + " package " + (pkg.isEmpty() ? "<unnamed>" : pkg) + " cannot name; make it accessible there");
            return;
        }
        TypeMirror t = types.erasure(type);
        while (t.getKind() == TypeKind.ARRAY) {
            t = ((ArrayType) t).getComponentType();
        }
        if (t.getKind() != TypeKind.DECLARED || types.isAssignable(t, serializable)) {
            return;
        }
        TypeElement element = CloudTypes.element(t);
        if (element.getKind().isInterface() || element.getQualifiedName().contentEquals("java.lang.Object")) {
            return;
        }
        report(iface, m, false, label + " has type " + element.getQualifiedName() + ", which does not implement"
                + " java.io.Serializable: arguments and results of a cloud are copied (call by value, thesis 4.2.2),"
                + " so an invocation carrying one fails at run time with a CloudException unless it is null or of a"
                + " serializable subclass; use a primitive, String, a cloud class, a node interface or another"
                + " serializable type");
    }

    /** On the method when the interface declares it; an inherited one on the interface, unless reported there. */
    private void report(TypeElement iface, ExecutableElement m, boolean error, String message) {
        TypeElement owner = (TypeElement) m.getEnclosingElement();
        if (owner.equals(iface)) {
            print(error, m, message);
        } else if (!(CloudTypes.isRootInterface(owner) && sourceTypes.contains(owner.getQualifiedName().toString()))) {
            print(error, iface, message + " (inherited by root interface " + iface.getQualifiedName() + " from "
                    + owner.getQualifiedName() + ")");
        }
    }

    private void print(boolean error, javax.lang.model.element.Element element, String message) {
        if (error) {
            reporter.error(element, message);
        } else {
            reporter.warning(element, message);
        }
    }

    private static Result result(TypeMirror type) {
        TypeKind kind = type.getKind();
        if (kind == TypeKind.VOID) {
            return new Result("void", "Void");
        }
        if (kind.isPrimitive()) {
            String n = kind.name().toLowerCase(Locale.ROOT);
            return new Result(n, Character.toUpperCase(n.charAt(0)) + n.substring(1));
        }
        return new Result(type.toString(), "Object");
    }

    /** RuntimeException, Error and the declared types, without subtypes of one another. */
    private List<String> minimalCatch(List<? extends TypeMirror> thrown) {
        List<TypeMirror> all = new ArrayList<>();
        ALWAYS_RETHROWN.forEach(n -> all.add(elements.getTypeElement(n).asType()));
        thrown.forEach(t -> all.add(types.erasure(t)));
        List<TypeMirror> minimal = new ArrayList<>();
        for (TypeMirror t : all) {
            if (minimal.stream().noneMatch(m -> types.isSubtype(t, m))) {
                minimal.removeIf(m -> types.isSubtype(m, t));
                minimal.add(t);
            }
        }
        return minimal.stream().map(names::rawName).toList();
    }

    private static boolean isUnresolved(TypeMirror type) {
        return switch (type.getKind()) {
            case ERROR -> true;
            case ARRAY -> isUnresolved(((ArrayType) type).getComponentType());
            case DECLARED -> ((DeclaredType) type).getTypeArguments().stream().anyMatch(CloudRootAnalyzer::isUnresolved);
            default -> false;
        };
    }
}
