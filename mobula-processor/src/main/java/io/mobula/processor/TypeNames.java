package io.mobula.processor;

import java.util.Collections;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/** Turns erased types into the names generated source and the fingerprint need. */
final class TypeNames {
    private final Elements elements;
    private final Types types;

    TypeNames(Elements elements, Types types) {
        this.elements = elements;
        this.types = types;
    }

    String packageOf(Element element) {
        PackageElement pkg = elements.getPackageOf(element);
        return pkg.isUnnamed() ? "" : pkg.getQualifiedName().toString();
    }

    String binaryName(TypeElement type) {
        return elements.getBinaryName(type).toString();
    }

    /** {@code Outer$Inner} for {@code p.Outer.Inner}: the part of the binary name after the package. */
    String binarySimpleName(TypeElement type) {
        String pkg = packageOf(type);
        String binary = binaryName(type);
        return pkg.isEmpty() ? binary : binary.substring(pkg.length() + 1);
    }

    /** JVM field descriptor of the erasure of {@code type}, as the runtime's {@code Class.descriptorString()}. */
    String descriptor(TypeMirror type) {
        TypeMirror erased = types.erasure(type);
        return switch (erased.getKind()) {
            case BOOLEAN -> "Z";
            case BYTE -> "B";
            case SHORT -> "S";
            case CHAR -> "C";
            case INT -> "I";
            case LONG -> "J";
            case FLOAT -> "F";
            case DOUBLE -> "D";
            case ARRAY -> "[" + descriptor(((ArrayType) erased).getComponentType());
            case DECLARED -> "L" + binaryName(asTypeElement(erased)).replace('.', '/') + ";";
            default -> throw new IllegalArgumentException("no descriptor for " + type);
        };
    }

    /** Source name of the erasure, valid before {@code .class}. */
    String rawName(TypeMirror type) {
        TypeMirror erased = types.erasure(type);
        return switch (erased.getKind()) {
            case ARRAY -> rawName(((ArrayType) erased).getComponentType()) + "[]";
            case DECLARED -> asTypeElement(erased).getQualifiedName().toString();
            default -> erased.toString();
        };
    }

    /** Like {@link #rawName} but with wildcards for type parameters, so a cast raises no raw-type warning. */
    String wildcardName(TypeMirror type) {
        TypeMirror erased = types.erasure(type);
        return switch (erased.getKind()) {
            case ARRAY -> wildcardName(((ArrayType) erased).getComponentType()) + "[]";
            case DECLARED -> {
                TypeElement element = asTypeElement(erased);
                int params = element.getTypeParameters().size();
                String name = element.getQualifiedName().toString();
                yield params == 0 || hasGenericOuterInstance(element) ? name
                        : name + "<" + String.join(", ", Collections.nCopies(params, "?")) + ">";
            }
            default -> erased.toString();
        };
    }

    /** Inner (non-static) classes of generic classes cannot be written with wildcards; they stay raw. */
    boolean hasGenericOuterInstance(TypeElement element) {
        TypeElement t = element;
        while (isInner(t)) {
            TypeElement outer = (TypeElement) t.getEnclosingElement();
            if (!outer.getTypeParameters().isEmpty()) {
                return true;
            }
            t = outer;
        }
        return false;
    }

    /** A member class that holds a reference to an instance of its enclosing class. */
    static boolean isInner(TypeElement type) {
        return type.getNestingKind() == NestingKind.MEMBER && type.getKind() == ElementKind.CLASS
                && !type.getModifiers().contains(Modifier.STATIC)
                && !type.getEnclosingElement().getKind().isInterface();
    }

    /** True when the erasure of {@code type} must be written as a raw type in generated code. */
    boolean needsRawType(TypeMirror type) {
        TypeMirror erased = types.erasure(type);
        if (erased.getKind() == TypeKind.ARRAY) {
            return needsRawType(((ArrayType) erased).getComponentType());
        }
        return erased.getKind() == TypeKind.DECLARED && hasGenericOuterInstance(asTypeElement(erased));
    }

    /**
     * Whether generated code in package {@code pkg} can name the erasure of {@code type}: every class on the
     * nesting path must be public, or non-private and in the same package; local classes never can.
     */
    boolean isNameableFrom(TypeMirror type, String pkg) {
        TypeMirror erased = types.erasure(type);
        return switch (erased.getKind()) {
            case ARRAY -> isNameableFrom(((ArrayType) erased).getComponentType(), pkg);
            case DECLARED -> isNameableFrom(asTypeElement(erased), pkg);
            default -> erased.getKind().isPrimitive();
        };
    }

    boolean isNameableFrom(TypeElement type, String pkg) {
        boolean samePackage = packageOf(type).equals(pkg);
        Element e = type;
        while (e instanceof TypeElement t) {
            NestingKind nesting = t.getNestingKind();
            if (nesting == NestingKind.LOCAL || nesting == NestingKind.ANONYMOUS) {
                return false;
            }
            boolean visible = t.getModifiers().contains(Modifier.PUBLIC)
                    || (samePackage && !t.getModifiers().contains(Modifier.PRIVATE));
            if (!visible) {
                return false;
            }
            e = t.getEnclosingElement();
        }
        return true;
    }

    /**
     * Whether the JVM lets a class of package {@code pkg} resolve the erasure of {@code type}: nameable, or a
     * member class (private in the language, package access in the class file) of that same package.
     */
    boolean isReachableFrom(TypeMirror type, String pkg) {
        TypeMirror erased = types.erasure(type);
        while (erased.getKind() == TypeKind.ARRAY) {
            erased = ((ArrayType) erased).getComponentType();
        }
        if (erased.getKind() != TypeKind.DECLARED) {
            return erased.getKind().isPrimitive();
        }
        TypeElement element = asTypeElement(erased);
        if (isNameableFrom(element, pkg)) {
            return true;
        }
        for (Element e = element; e instanceof TypeElement t; e = t.getEnclosingElement()) {
            if (t.getNestingKind() == NestingKind.LOCAL || t.getNestingKind() == NestingKind.ANONYMOUS) {
                return false;
            }
        }
        return packageOf(element).equals(pkg);
    }

    TypeElement asTypeElement(TypeMirror type) {
        return (TypeElement) ((DeclaredType) type).asElement();
    }
}
