package io.mobula.processor;

import java.util.HashSet;
import java.util.Set;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Recognises RepMI's types (thesis 4.2.1) by name, so the processor needs no mobula-repmi on its class path: root
 * interfaces (extending {@code io.mobula.repmi.Root}), node types ({@code io.mobula.repmi.Node}), cloud classes
 * (extending {@code io.mobula.repmi.CloudObject}), and the values a cloud may hold.
 */
final class CloudTypes {
    static final String ROOT = "io.mobula.repmi.Root";
    static final String NODE = "io.mobula.repmi.Node";
    static final String CLOUD_OBJECT = "io.mobula.repmi.CloudObject";
    static final String REMOTE = "java.rmi.Remote";
    /** Marks a cloud method that must be a read (a compile error if the classification finds a write). */
    static final String READ = "io.mobula.repmi.Read";
    /**
     * The notifying methods of CloudObject: calling one makes a method a write (thesis 4.2.2). Waiting does not
     * ({@link #CLOUD_WAIT}): a method that only waits is a read, a blocking read on the local replica.
     */
    static final Set<String> CLOUD_NOTIFY = Set.of("cloudNotify", "cloudNotifyAll");
    /** CloudObject's wait: in a write scheduled deterministically, in a read a wait on the local replica. */
    static final String CLOUD_WAIT = "cloudWait";

    private CloudTypes() {
    }

    /** An interface extending Root, directly or not; Root itself is none. */
    static boolean isRootInterface(TypeElement type) {
        return type.getKind() == ElementKind.INTERFACE && !type.getQualifiedName().contentEquals(ROOT)
                && isSubtypeNamed(type, ROOT);
    }

    /** An interface extending Node, or Node itself. */
    static boolean isNodeInterface(TypeElement type) {
        return type.getKind() == ElementKind.INTERFACE && isSubtypeNamed(type, NODE);
    }

    /** A class extending CloudObject, directly or not (CloudObject itself is none). */
    static boolean isCloudClass(TypeElement type) {
        if (type.getKind() != ElementKind.CLASS || type.getQualifiedName().contentEquals(CLOUD_OBJECT)) {
            return false;
        }
        for (TypeElement t = superclass(type); t != null; t = superclass(t)) {
            if (t.getQualifiedName().contentEquals(CLOUD_OBJECT)) {
                return true;
            }
        }
        return false;
    }

    /** A cloud class, or CloudObject itself. */
    static boolean isCloudObject(TypeElement type) {
        return type.getQualifiedName().contentEquals(CLOUD_OBJECT) || isCloudClass(type);
    }

    /** A generated replication reference: its superclass chain reaches {@code io.mobula.repmi.spi.CloudStub}. */
    static boolean isCloudStub(TypeElement type) {
        for (TypeElement t = type; t != null; t = superclass(t)) {
            if (t.getQualifiedName().contentEquals(SerializerAnalyzer.CLOUD_STUB)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code type} is, extends or implements the type named {@code name}, directly or not. */
    static boolean isSubtypeNamed(TypeElement type, String name) {
        return isSubtypeNamed(type, name, new HashSet<>());
    }

    private static boolean isSubtypeNamed(TypeElement type, String name, Set<TypeElement> seen) {
        if (type == null || !seen.add(type)) {
            return false;
        }
        if (type.getQualifiedName().contentEquals(name)) {
            return true;
        }
        if (isSubtypeNamed(superclass(type), name, seen)) {
            return true;
        }
        for (TypeMirror i : type.getInterfaces()) {
            if (i.getKind() == TypeKind.DECLARED && isSubtypeNamed(element(i), name, seen)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a supertype is not resolved yet (it may be generated in a later round). */
    static boolean hasUnresolvedSupertypes(TypeElement type) {
        if (type.getSuperclass().getKind() == TypeKind.ERROR) {
            return true;
        }
        for (TypeMirror i : type.getInterfaces()) {
            if (i.getKind() == TypeKind.ERROR) {
                return true;
            }
        }
        TypeElement s = superclass(type);
        if (s != null && hasUnresolvedSupertypes(s)) {
            return true;
        }
        for (TypeMirror i : type.getInterfaces()) {
            if (hasUnresolvedSupertypes(element(i))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Why a variable of this type may not be in a cloud, or null if it may: a cloud holds primitives, strings,
     * cloud objects, node interfaces and arrays of these (thesis 4.2.1), never a remote or replication reference.
     * An unresolved type is accepted (javac reports it).
     */
    static String disallowed(TypeMirror type) {
        TypeMirror t = type;
        while (t.getKind() == TypeKind.ARRAY) {
            t = ((ArrayType) t).getComponentType();
        }
        if (t.getKind().isPrimitive() || t.getKind() == TypeKind.ERROR) {
            return null;
        }
        if (t.getKind() != TypeKind.DECLARED) {
            return "a " + t.getKind().toString().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')
                    + " is not a type a cloud may hold";
        }
        TypeElement e = element(t);
        if (isSubtypeNamed(e, REMOTE) || e.getKind() == ElementKind.INTERFACE && isSubtypeNamed(e, ROOT)) {
            return "no remote or replication references inside clouds: invoking one from a replicated method would"
                    + " run it once per replica (the nested invocation problem, thesis 4.2.1)";
        }
        if (e.getQualifiedName().contentEquals("java.lang.String") || isCloudObject(e) || isNodeInterface(e)) {
            return null;
        }
        return "a cloud holds only primitives, java.lang.String, classes extending " + CLOUD_OBJECT
                + ", interfaces extending " + NODE + " and arrays of these, so that every replica holds a copy of"
                + " everything its methods reach";
    }

    static TypeElement superclass(TypeElement type) {
        TypeMirror s = type.getSuperclass();
        return s.getKind() == TypeKind.DECLARED ? element(s) : null;
    }

    static TypeElement element(TypeMirror type) {
        return (TypeElement) ((DeclaredType) type).asElement();
    }
}
