package io.mobula.processor;

import io.mobula.processor.SerialField.ReadAccess;
import io.mobula.processor.SerialField.WriteAccess;
import io.mobula.processor.SerializerModel.Component;
import io.mobula.processor.SerializerModel.Level;
import io.mobula.processor.SerializerModel.ObjectModel;
import io.mobula.processor.SerializerModel.RecordModel;
import io.mobula.processor.SerializerModel.Target;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Phase one: inspects a {@link java.io.Serializable} class and builds the immutable {@link SerializerModel}
 * its serializer is emitted from, or reports why there is none. Like Manta's compiler (thesis 3.3.2) it knows
 * the complete field layout at compile time, so the generated code needs no reflection per object.
 *
 * <p>Outcomes: a model; nothing, silently (abstract classes); nothing with a NOTE when the runtime fallback
 * must handle the class (serialization hooks, names generated code cannot reach); nothing with an ERROR on
 * the user's element for real misuse. All problems of a class are reported, not just the first.
 */
final class SerializerAnalyzer {
    /** Types whose instances are bound to the local process; no subclass can be meaningfully sent. */
    private static final Set<String> NEVER_SERIALIZABLE = Set.of("java.lang.Thread", "java.lang.ThreadGroup",
            "java.lang.ClassLoader", "java.net.Socket", "java.net.ServerSocket");

    /** Not Serializable, yet the runtime has a built-in serializer for them (io.mobula.serial.Builtins). */
    private static final Set<String> RUNTIME_BUILTINS = Set.of("java.util.Optional");

    static final String REMOTE_STUB = "io.mobula.rmi.RemoteStub";
    static final String CLOUD_STUB = "io.mobula.repmi.spi.CloudStub";

    private final Elements elements;
    private final Types types;
    private final TypeNames names;
    private final Reporter reporter;
    private final TypeMirror serializable;
    private final TypeMirror externalizable;
    private final TypeMirror remote; // null when java.rmi is not on the compile path

    SerializerAnalyzer(ProcessingEnvironment env, Reporter reporter) {
        this.elements = env.getElementUtils();
        this.types = env.getTypeUtils();
        this.names = new TypeNames(elements, types);
        this.reporter = reporter;
        this.serializable = elements.getTypeElement("java.io.Serializable").asType();
        this.externalizable = elements.getTypeElement("java.io.Externalizable").asType();
        TypeElement r = elements.getTypeElement("java.rmi.Remote");
        this.remote = r == null ? null : r.asType();
    }

    /**
     * Concrete or abstract serializable classes and records that generated code could be about. Not enums:
     * the runtime's built-in enum serializer (ordinal on the wire, no reflection per object) is what a
     * generated one would be, and the runtime resolves enums before it looks for generated serializers. Not
     * exceptions either ({@link #isThrowable}).
     */
    /** A class or record of the compilation (not local or anonymous) that is Serializable. */
    boolean isSerializableClass(TypeElement type) {
        ElementKind kind = type.getKind();
        NestingKind nesting = type.getNestingKind();
        return (kind == ElementKind.CLASS || kind == ElementKind.RECORD || kind == ElementKind.ENUM)
                && nesting != NestingKind.LOCAL && nesting != NestingKind.ANONYMOUS && isSerializable(type.asType());
    }

    boolean isCandidate(TypeElement type) {
        ElementKind kind = type.getKind();
        NestingKind nesting = type.getNestingKind();
        return (kind == ElementKind.CLASS || kind == ElementKind.RECORD)
                && nesting != NestingKind.LOCAL && nesting != NestingKind.ANONYMOUS
                && isSerializable(type.asType()) && !isRemoteStub(type) && !isThrowable(type)
                && !isGroupParameters(type) && !isCloudStub(type);
    }

    /**
     * RepMI replication references ({@code io.mobula.repmi.spi.CloudStub} subclasses) travel through
     * {@code writeReplace} as their cloud's name; a generated serializer would bypass that. Checked by name.
     */
    private boolean isCloudStub(TypeElement type) {
        for (TypeElement t = superclass(type); t != null; t = superclass(t)) {
            if (t.getQualifiedName().contentEquals(CLOUD_STUB)) {
                return true;
            }
        }
        return false;
    }

    /**
     * GMI's parameter vectors are Serializable so the reader accepts them, but the group generator writes their
     * serializers (which follow the vector's own layout, sub-array views included).
     */
    private boolean isGroupParameters(TypeElement type) {
        for (TypeElement t = type; t != null; t = superclass(t)) {
            if (t.getQualifiedName().contentEquals("io.mobula.gmi.ParameterVector")) {
                return true;
            }
        }
        return false;
    }

    /** A parameter record of a generated RepMI replica dispatch ({@code X_MobulaCloudSkeleton.P0_push}). */
    private boolean isCloudParameters(TypeElement type) {
        return type.getEnclosingElement() instanceof TypeElement outer
                && outer.getInterfaces().stream().anyMatch(i -> i.getKind() == TypeKind.DECLARED && names
                        .asTypeElement(i).getQualifiedName().contentEquals("io.mobula.repmi.spi.CloudSkeleton"));
    }

    /**
     * Exceptions are serialized by the runtime's exception serializer, which carries Throwable's own state through
     * its public API (its private fields are in java.base, which generated code cannot open; with {@code --release}
     * javac does not even see them) and the levels below it by reflection. A generated serializer would treat
     * Throwable as a level without fields and lose message, cause and stack trace.
     */
    private boolean isThrowable(TypeElement type) {
        for (TypeElement t = superclass(type); t != null; t = superclass(t)) {
            if (t.getQualifiedName().contentEquals("java.lang.Throwable")) {
                return true;
            }
        }
        return false;
    }

    /**
     * RMI stubs travel as references, serialized by the RMI runtime (rmi-contract.md). Checked by name, so
     * the processor needs no mobula-rmi on its class path.
     */
    private boolean isRemoteStub(TypeElement type) {
        for (TypeElement t = superclass(type); t != null; t = superclass(t)) {
            if (t.getQualifiedName().contentEquals(REMOTE_STUB)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a type the layout depends on is not resolved yet (missing, or still to be generated by another
     * processor in a later round): analysis waits, and javac reports it if it never appears.
     */
    boolean isIncomplete(TypeElement type) {
        for (TypeElement t = type; t != null; t = superclass(t)) {
            if (t.getSuperclass().getKind() == TypeKind.ERROR) {
                return true;
            }
            for (VariableElement f : ElementFilter.fieldsIn(t.getEnclosedElements())) {
                TypeMirror erased = types.erasure(f.asType());
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

    /** Builds the model for a complete candidate, or reports why there is none. */
    Optional<SerializerModel> analyze(TypeElement type) {
        if (type.getKind() == ElementKind.CLASS && type.getModifiers().contains(Modifier.ABSTRACT)) {
            return Optional.empty(); // only concrete classes are ever on the wire
        }
        if (TypeNames.isInner(type)) {
            // Java serialization accepts it (the enclosing instance is written along, if it is serializable)
            reporter.warning(type, "serializable inner class " + type.getQualifiedName()
                    + " captures an instance of its enclosing class " + enclosingName(type)
                    + ", which is serialized along with it (and sending it fails if " + enclosingName(type)
                    + " is not serializable); no serializer is generated, the runtime fallback handles it."
                    + " Declare it 'static' (a static nested class) if it does not need the enclosing instance");
            return Optional.empty();
        }
        String pkg = names.packageOf(type);
        boolean hidden = !names.isNameableFrom(type, pkg);
        if (hidden && type.getKind() != ElementKind.CLASS) {
            String kind = type.getKind().toString().toLowerCase(Locale.ROOT);
            reporter.note(type, "Mobula: " + type.getQualifiedName() + " is private (or nested in a private"
                    + " class), so no serializer is generated for this " + kind
                    + "; the runtime fallback serializes it. Make it package-private to get a generated one.");
            return Optional.empty();
        }
        Optional<String> hook = serializationHook(type);
        if (hook.isPresent() && remote != null && types.isAssignable(type.asType(), remote)) {
            reporter.note(type, "Mobula: " + type.getQualifiedName() + " is a remote object: once exported it"
                    + " travels as its stub, as in java.rmi. It " + hook.get() + ", so no serializer is generated"
                    + " for the rare instance sent unexported, by value; the runtime fallback serializes that one"
                    + " and honours the hook.");
            return Optional.empty();
        }
        if (hook.isPresent()) {
            reporter.note(type, "Mobula: " + type.getQualifiedName() + " " + hook.get()
                    + ", so no serializer is generated; the runtime fallback serializes it and honours"
                    + " the hook.");
            return Optional.empty();
        }
        Target target = new Target(type, pkg, type.getQualifiedName().toString(), names.binaryName(type),
                names.binarySimpleName(type).replace('$', '_') + "_MobulaSerializer",
                usesRawTypes(type), hidden);
        int errorsBefore = reporter.errorCount();
        Optional<SerializerModel> model = type.getKind() == ElementKind.RECORD ? recordModel(target)
                : objectModel(target);
        return reporter.errorCount() == errorsBefore ? model : Optional.empty();
    }

    /** A generic class, or a generic serializable superclass whose fields are reached through a cast. */
    private boolean usesRawTypes(TypeElement type) {
        if (type.getKind() != ElementKind.CLASS) {
            return !type.getTypeParameters().isEmpty();
        }
        return serializableLevels(type).stream().anyMatch(t -> !t.getTypeParameters().isEmpty());
    }

    private static String enclosingName(TypeElement type) {
        return ((TypeElement) type.getEnclosingElement()).getQualifiedName().toString();
    }

    private Optional<SerializerModel> recordModel(Target target) {
        List<Component> components = new ArrayList<>();
        boolean reachable = true;
        for (RecordComponentElement component : target.element().getRecordComponents()) {
            checkSerializableType(component, component.asType(), target);
            // the canonical constructor call needs every component type by name
            reachable &= checkNameable(component, component.asType(), target, false);
            ValueType type = valueType(component.asType(), target.packageName());
            // a record's serializer declares no class constants, so a private element class is left to the fallback
            reachable &= type.element() == null || !type.element().hidden();
            components.add(new Component(component.getSimpleName().toString(), type));
        }
        return reachable ? Optional.of(new RecordModel(target, List.copyOf(components))) : Optional.empty();
    }

    private Optional<SerializerModel> objectModel(Target target) {
        TypeElement type = target.element();
        checkNonSerializableSuperclass(type);
        List<TypeElement> chain = serializableLevels(type);
        Map<String, Integer> nameCounts = new HashMap<>();
        chain.forEach(level -> instanceFields(level)
                .forEach(f -> nameCounts.merge(f.getSimpleName().toString(), 1, Integer::sum)));
        List<Level> levels = new ArrayList<>();
        boolean reachable = true;
        for (TypeElement level : chain) {
            if (level != type && !names.isNameableFrom(level, target.packageName())) {
                reporter.note(type, "Mobula: superclass " + level.getQualifiedName() + " of "
                        + type.getQualifiedName() + " cannot be named from package " + target.packageName()
                        + ", so no serializer is generated; the runtime fallback serializes it.");
                return Optional.empty();
            }
            List<SerialField> fields = new ArrayList<>();
            for (VariableElement field : instanceFields(level)) {
                checkSerializableType(field, field.asType(), target);
                reachable &= checkNameable(field, field.asType(), target, true);
                TypeMirror element = impliedElement(field.asType());
                if (element != null) { // writeList names the element class too
                    reachable &= checkNameable(field, element, target, true);
                }
                Optional<SerialField> serialField = serialField(field, level, target,
                        nameCounts.get(field.getSimpleName().toString()) > 1);
                if (serialField.isEmpty()) {
                    return Optional.empty();
                }
                fields.add(serialField.get());
            }
            levels.add(new Level(names.binaryName(level), List.copyOf(fields)));
        }
        return reachable ? Optional.of(new ObjectModel(target, List.copyOf(levels))) : Optional.empty();
    }

    /** Serializable class levels, top-most serializable superclass first (contract.md field order). */
    private List<TypeElement> serializableLevels(TypeElement type) {
        List<TypeElement> chain = new ArrayList<>();
        for (TypeElement t = type; t != null && isSerializable(t.asType()); t = superclass(t)) {
            chain.add(0, t);
        }
        return chain;
    }

    /** Non-static, non-transient fields of one level, sorted by name (contract.md). */
    private static List<VariableElement> instanceFields(TypeElement level) {
        return ElementFilter.fieldsIn(level.getEnclosedElements()).stream()
                .filter(f -> !f.getModifiers().contains(Modifier.STATIC)
                        && !f.getModifiers().contains(Modifier.TRANSIENT))
                .sorted(Comparator.comparing(f -> f.getSimpleName().toString()))
                .toList();
    }

    private Optional<SerialField> serialField(VariableElement field, TypeElement owner, Target target,
            boolean shadowed) {
        Set<Modifier> mods = field.getModifiers();
        String ownerPkg = names.packageOf(owner);
        ValueType valueType = valueType(field.asType(), target.packageName());
        // value.f needs the object typed as its class and the field's type nameable
        boolean visible = !mods.contains(Modifier.PRIVATE)
                && (ownerPkg.equals(target.packageName()) || mods.contains(Modifier.PUBLIC))
                && !(target.hidden() && owner.equals(target.element())) && !valueType.hidden();
        boolean isFinal = mods.contains(Modifier.FINAL);
        ReadAccess read = visible ? ReadAccess.DIRECT : ReadAccess.VAR_HANDLE;
        WriteAccess write = isFinal ? WriteAccess.SETTER : visible ? WriteAccess.DIRECT : WriteAccess.VAR_HANDLE;
        if ((read != ReadAccess.DIRECT || write != WriteAccess.DIRECT) && isInJdkModule(owner)) {
            reporter.note(target.element(), "Mobula: field " + field.getSimpleName() + " of "
                    + owner.getQualifiedName() + " lives in a JDK module that generated code cannot open,"
                    + " so no serializer is generated for " + target.sourceName()
                    + "; the runtime fallback serializes it.");
            return Optional.empty();
        }
        String name = field.getSimpleName().toString();
        String stem = shadowed ? owner.getSimpleName() + "_" + name : name;
        return Optional.of(new SerialField(name, owner.getQualifiedName().toString(),
                owner.equals(target.element()), valueType, read, write, stem));
    }

    private boolean isInJdkModule(TypeElement owner) {
        String module = elements.getModuleOf(owner).getQualifiedName().toString();
        return module.startsWith("java.") || module.startsWith("jdk.");
    }

    ValueType valueType(TypeMirror declared, String pkg) {
        TypeMirror erased = types.erasure(declared);
        FieldKind kind = switch (erased.getKind()) {
            case BOOLEAN -> FieldKind.BOOLEAN;
            case BYTE -> FieldKind.BYTE;
            case SHORT -> FieldKind.SHORT;
            case CHAR -> FieldKind.CHAR;
            case INT -> FieldKind.INT;
            case LONG -> FieldKind.LONG;
            case FLOAT -> FieldKind.FLOAT;
            case DOUBLE -> FieldKind.DOUBLE;
            case ARRAY -> primitiveArrayKind(((ArrayType) erased).getComponentType().getKind());
            default -> names.rawName(erased).equals("java.lang.String") ? FieldKind.STRING
                    : impliedType(erased) ? FieldKind.FINAL : FieldKind.OBJECT;
        };
        // Parameterized types and type variables: the erased value needs an unchecked conversion.
        boolean generic = !types.isSameType(declared, erased) || names.needsRawType(erased);
        if (!names.isNameableFrom(erased, pkg)) {
            return new ValueType(kind, "Object", "Object", names.descriptor(erased), false,
                    names.descriptor(erased).startsWith("[") ? names.descriptor(erased).replace('/', '.')
                            : names.binaryName(names.asTypeElement(erased)));
        }
        ValueType element = kind == FieldKind.OBJECT ? listElement(declared, pkg) : null;
        return new ValueType(element == null ? kind : FieldKind.LIST, names.rawName(erased),
                names.wildcardName(erased), names.descriptor(erased), generic, null, element);
    }

    /** The collections whose declared element type {@link #listElement} may imply. */
    private static final Set<String> LIST_TYPES = Set.of("java.util.List", "java.util.Collection",
            "java.util.ArrayList");

    /**
     * The element type of {@code List<E>}, {@code Collection<E>} or {@code ArrayList<E>} when E is String or a final
     * class named without type arguments (the runtime's {@code WireFormat.listElement} rule: there E must be a
     * {@code Class}), so generated code and the fallback write the same bytes; else null.
     */
    private ValueType listElement(TypeMirror declared, String pkg) {
        TypeMirror e = impliedElement(declared);
        return e == null ? null : valueType(e, pkg);
    }

    /** The element type {@link #listElement} implies, as a type; null if none. */
    private TypeMirror impliedElement(TypeMirror declared) {
        if (declared.getKind() != TypeKind.DECLARED) {
            return null;
        }
        DeclaredType type = (DeclaredType) declared;
        if (!LIST_TYPES.contains(names.rawName(types.erasure(declared))) || type.getTypeArguments().size() != 1) {
            return null;
        }
        TypeMirror e = type.getTypeArguments().get(0);
        if (e.getKind() != TypeKind.DECLARED || !types.isSameType(e, types.erasure(e))) {
            return null; // a wildcard, type variable, array, or a type with (its outer class's) type arguments
        }
        return names.rawName(e).equals("java.lang.String") || impliedType(e) ? e : null;
    }

    /**
     * A final class (records and enums without constant bodies are final too): the runtime's
     * {@code WireFormat.impliedType} rule, so generated code and the fallback write the same bytes.
     */
    private static boolean impliedType(TypeMirror erased) {
        return erased.getKind() == TypeKind.DECLARED
                && ((DeclaredType) erased).asElement().getModifiers().contains(Modifier.FINAL);
    }

    private static FieldKind primitiveArrayKind(TypeKind component) {
        return switch (component) {
            case BOOLEAN -> FieldKind.BOOLEAN_ARRAY;
            case BYTE -> FieldKind.BYTE_ARRAY;
            case SHORT -> FieldKind.SHORT_ARRAY;
            case CHAR -> FieldKind.CHAR_ARRAY;
            case INT -> FieldKind.INT_ARRAY;
            case LONG -> FieldKind.LONG_ARRAY;
            case FLOAT -> FieldKind.FLOAT_ARRAY;
            case DOUBLE -> FieldKind.DOUBLE_ARRAY;
            default -> FieldKind.OBJECT;
        };
    }

    /**
     * A field whose type can never hold a serializable value, or may hold a non-serializable subclass, is a
     * warning: as in Java serialization, sending fails only when the field is not null (or holds such a value).
     */
    private void checkSerializableType(Element field, TypeMirror declared, Target target) {
        TypeMirror erased = types.erasure(declared);
        boolean array = false;
        while (erased.getKind() == TypeKind.ARRAY) {
            erased = ((ArrayType) erased).getComponentType();
            array = true;
        }
        if (erased.getKind() != TypeKind.DECLARED || isSerializable(erased)) {
            return;
        }
        TypeElement type = names.asTypeElement(erased);
        if (type.getKind().isInterface() || type.getQualifiedName().contentEquals("java.lang.Object")
                || RUNTIME_BUILTINS.contains(type.getQualifiedName().toString())) {
            return; // a serializable implementation or subclass may be stored there
        }
        if (isCloudParameters(target.element())) {
            return; // the RepMI generator warned on the user's method already
        }
        String what = (field.getKind() == ElementKind.RECORD_COMPONENT ? "component '" : "field '")
                + field.getSimpleName() + "' of serializable class " + target.sourceName();
        boolean never = isNeverSerializableClass(type);
        if (never && !array) {
            String fix = field.getKind() == ElementKind.RECORD_COMPONENT
                    ? "change its type or make " + type.getQualifiedName() + " implement java.io.Serializable"
                    : "mark the field 'transient' (and restore it after deserialization) or change its type";
            reporter.warning(field, what + " has type " + type.getQualifiedName()
                    + ", which can never be serialized (it does not implement java.io.Serializable"
                    + (type.getModifiers().contains(Modifier.FINAL) ? " and is final" : "") + "), so sending an"
                    + " object fails unless the " + (field.getKind() == ElementKind.RECORD_COMPONENT ? "component"
                    : "field") + " is null; " + fix);
        } else if (never) {
            reporter.warning(field, what + " is an array of " + type.getQualifiedName()
                    + ", which can never be serialized; only arrays holding nothing but nulls can be sent");
        } else {
            reporter.warning(field, what + " has type " + type.getQualifiedName()
                    + ", which does not implement java.io.Serializable; only values of serializable"
                    + " subclasses can be sent. Mark it 'transient' if it is not part of the object's state.");
        }
    }

    /**
     * Whether no value declared as {@code declared} can ever be serialized: a non-serializable class that is
     * final (or a record) or bound to the process. Interfaces, Object, arrays and runtime built-ins may hold
     * serializable values. RMI parameters and results use the same notion (rmi-contract.md).
     */
    boolean isNeverSerializable(TypeMirror declared) {
        TypeMirror erased = types.erasure(declared);
        if (erased.getKind() != TypeKind.DECLARED || isSerializable(erased)) {
            return false;
        }
        TypeElement type = names.asTypeElement(erased);
        return !type.getKind().isInterface() && !type.getQualifiedName().contentEquals("java.lang.Object")
                && !RUNTIME_BUILTINS.contains(type.getQualifiedName().toString()) && isNeverSerializableClass(type);
    }

    private static boolean isNeverSerializableClass(TypeElement nonSerializable) {
        return nonSerializable.getModifiers().contains(Modifier.FINAL) || nonSerializable.getKind() == ElementKind.RECORD
                || NEVER_SERIALIZABLE.contains(nonSerializable.getQualifiedName().toString());
    }

    /**
     * Generated code must name the field's type (class literal, cast) or, for a field reached through
     * handles, at least resolve it at class initialization: a private nested class of the same package is
     * accessible to the JVM though not to the language.
     */
    private boolean checkNameable(Element field, TypeMirror declared, Target target, boolean hiddenOk) {
        if (names.isNameableFrom(declared, target.packageName())
                || hiddenOk && names.isReachableFrom(declared, target.packageName())) {
            return true;
        }
        reporter.note(target.element(), "Mobula: the type of " + field.getSimpleName() + " ("
                + names.rawName(declared) + ") cannot be named from package " + target.packageName()
                + ", so no serializer is generated for " + target.sourceName()
                + "; the runtime fallback serializes it.");
        return false;
    }

    /**
     * Java serialization runs the no-arg constructor of the first non-serializable superclass; without an
     * accessible one instances are written but can never be read back (java.io.InvalidClassException "no valid
     * constructor"). A warning: the serializer is generated, and only reading fails, in the same way.
     */
    private void checkNonSerializableSuperclass(TypeElement type) {
        TypeElement s = superclass(type);
        while (s != null && isSerializable(s.asType())) {
            s = superclass(s);
        }
        if (s == null) {
            return;
        }
        boolean samePackage = names.packageOf(s).equals(names.packageOf(type));
        boolean ok = ElementFilter.constructorsIn(s.getEnclosedElements()).stream()
                .anyMatch(c -> c.getParameters().isEmpty()
                        && (c.getModifiers().contains(Modifier.PUBLIC) || c.getModifiers().contains(Modifier.PROTECTED)
                                || samePackage && !c.getModifiers().contains(Modifier.PRIVATE)));
        if (!ok) {
            reporter.warning(type, "serializable class " + type.getQualifiedName()
                    + " can never be deserialized: its first non-serializable superclass " + s.getQualifiedName()
                    + " has no no-arg constructor accessible to it, so instances can be sent but reading one fails"
                    + " (java.io.InvalidClassException: no valid constructor); add one to " + s.getSimpleName()
                    + " or make " + s.getSimpleName() + " implement java.io.Serializable");
        }
    }

    /**
     * Describes the first custom serialization hook of {@code type} or its superclasses: such classes keep
     * their own wire format, which only the runtime fallback reproduces.
     */
    private Optional<String> serializationHook(TypeElement type) {
        if (types.isAssignable(type.asType(), externalizable)) {
            return Optional.of("implements java.io.Externalizable");
        }
        boolean record = type.getKind() == ElementKind.RECORD;
        for (TypeElement t = type; t != null; t = superclass(t)) {
            String where = t == type ? "declares " : "has a superclass " + t.getQualifiedName() + " that declares ";
            for (ExecutableElement m : ElementFilter.methodsIn(t.getEnclosedElements())) {
                String name = m.getSimpleName().toString();
                boolean priv = m.getModifiers().contains(Modifier.PRIVATE);
                if ((name.equals("writeReplace") || name.equals("readResolve")) && m.getParameters().isEmpty()
                        && !m.getModifiers().contains(Modifier.STATIC) && (t == type || !priv)) {
                    return Optional.of(where + name + "()");
                }
            }
            if (record || !isSerializable(t.asType())) {
                continue; // Java ignores writeObject/readObject on records and non-serializable levels
            }
            for (ExecutableElement m : ElementFilter.methodsIn(t.getEnclosedElements())) {
                Optional<String> hook = privateHook(m, t == type);
                if (hook.isPresent()) {
                    return Optional.of(where + hook.get());
                }
            }
            for (VariableElement f : ElementFilter.fieldsIn(t.getEnclosedElements())) {
                if (f.getSimpleName().contentEquals("serialPersistentFields")
                        && f.getModifiers().contains(Modifier.STATIC)) {
                    return Optional.of(where + "serialPersistentFields");
                }
            }
        }
        return Optional.empty();
    }

    /** writeObject/readObject/readObjectNoData with Java's exact signature; near misses get a warning. */
    private Optional<String> privateHook(ExecutableElement m, boolean own) {
        String name = m.getSimpleName().toString();
        String param = switch (name) {
            case "writeObject" -> "java.io.ObjectOutputStream";
            case "readObject" -> "java.io.ObjectInputStream";
            case "readObjectNoData" -> "";
            default -> null;
        };
        if (param == null) {
            return Optional.empty();
        }
        List<? extends VariableElement> params = m.getParameters();
        boolean shape = param.isEmpty() ? params.isEmpty()
                : params.size() == 1 && names.rawName(params.get(0).asType()).equals(param);
        if (!shape) {
            return Optional.empty(); // an unrelated overload
        }
        boolean exact = m.getModifiers().contains(Modifier.PRIVATE) && !m.getModifiers().contains(Modifier.STATIC)
                && m.getReturnType().getKind() == TypeKind.VOID;
        if (!exact) {
            if (own) {
                reporter.warning(m, name + "(" + param + ") is not a serialization hook because it is not"
                        + " 'private void' and non-static; Java serialization and Mobula ignore it");
            }
            return Optional.empty();
        }
        return Optional.of(name + "(" + (param.isEmpty() ? "" : param.substring(param.lastIndexOf('.') + 1)) + ")");
    }

    private boolean isSerializable(TypeMirror type) {
        return types.isAssignable(types.erasure(type), serializable);
    }

    private TypeElement superclass(TypeElement type) {
        TypeMirror s = type.getSuperclass();
        return s.getKind() == TypeKind.DECLARED ? names.asTypeElement(s) : null;
    }
}
