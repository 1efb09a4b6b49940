package io.mobula.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.lang.model.element.TypeElement;

/**
 * Everything the GMI emitters need for one group interface (thesis 5.3.1), computed by {@link GroupAnalyzer} and
 * immutable; the emitters never look at javax.lang.model.
 *
 * @param element the user's interface, originating element of the generated files
 * @param packageName its package, empty for the unnamed package
 * @param sourceName its canonical name ({@code p.Outer.Bin})
 * @param binaryName its binary name ({@code p.Outer$Bin}), the first part of the interface hash
 * @param flatName {@code Outer_Bin}: generated classes are {@code flatName + "_MobulaGroupStub"} etc.
 * @param methods the group methods by index: the interface's own in declaration order, then inherited ones
 */
record GroupModel(TypeElement element, String packageName, String sourceName, String binaryName, String flatName,
        List<Method> methods) {

    /** A parameter vector records which parameters are written in one {@code long}. */
    static final int MAX_PARAMETERS = 64;

    String stubName() {
        return flatName + "_MobulaGroupStub";
    }

    String skeletonName() {
        return flatName + "_MobulaGroupSkeleton";
    }

    String methodsName() {
        return flatName + "_GroupMethods";
    }

    /** The top-level serializer of a method's parameter vector, by the serialization runtime's naming contract. */
    String serializerName(Method m) {
        return skeletonName() + "_" + m.vectorName() + "_MobulaSerializer";
    }

    /** The binary name of a method's parameter vector class, as its serializer's fingerprint names it. */
    String vectorBinaryName(Method m) {
        return qualified(skeletonName()) + "$" + m.vectorName();
    }

    String qualified(String simpleName) {
        return packageName.isEmpty() ? simpleName : packageName + "." + simpleName;
    }

    /** The parts hashed into {@code INTERFACE_HASH}: the binary name, then each method's signature by index. */
    List<String> hashParts() {
        List<String> parts = new ArrayList<>();
        parts.add(binaryName);
        methods.forEach(m -> parts.add(m.signature()));
        return List.copyOf(parts);
    }

    /**
     * One group method.
     *
     * @param index its index in the generated tables
     * @param name its name
     * @param description as {@code findMethod} takes it: {@code "int add(int,int)"}
     * @param signature name + erased JVM method descriptor ({@code add(II)I}), its part of the interface hash
     * @param constantName its {@code GroupMethodId} constant in {@code X_GroupMethods} ({@code ADD})
     * @param params the parameters in order
     * @param result its result
     * @param throwsClause the declared exceptions as the stub's {@code throws} clause writes them
     * @param catchTypes the minimal multi-catch the stub rethrows (no type is a subtype of another)
     * @param catchesAll {@code catchTypes} contains Throwable: no final {@code catch (Throwable t)}
     */
    record Method(int index, String name, String description, String signature, String constantName,
            List<Param> params, Result result, List<String> throwsClause, List<String> catchTypes,
            boolean catchesAll) {

        /** The simple name of its parameter vector, nested in the skeleton: {@code P2_add}. */
        String vectorName() {
            return "P" + index + "_" + name;
        }

        /** Some parameter is of a parameterized type: assigning an erased value to its field is unchecked. */
        boolean unchecked() {
            return params.stream().anyMatch(Param::unchecked);
        }
    }

    /** How a parameter is stored, written and read. */
    enum ParamKind {
        /** A primitive: a typed field, {@code readX/write(p, x)}, {@code writeX/readX} on the wire. */
        PRIMITIVE,
        /** An array of primitives: a field plus a range, so {@code writeSubArray} keeps a view without a copy. */
        PRIMITIVE_ARRAY,
        /** An array whose components are objects: {@code writeSubArray} stores a copy of the range. */
        OBJECT_ARRAY,
        /** Any other reference. */
        OBJECT
    }

    /** The Java primitives with the names generated code needs. */
    enum Primitive {
        BOOLEAN("Boolean"), BYTE("Byte"), CHAR("Character"), SHORT("Short"), INT("Integer"), LONG("Long"),
        FLOAT("Float"), DOUBLE("Double");

        private final String box;

        Primitive(String box) {
            this.box = box;
        }

        /** {@code int}. */
        String keyword() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** {@code Integer}, a java.lang class. */
        String box() {
            return box;
        }

        /** {@code Int}, as in {@code readInt} and {@code writeInt}. */
        String suffix() {
            return name().charAt(0) + name().substring(1).toLowerCase(Locale.ROOT);
        }
    }

    /**
     * One parameter.
     *
     * @param kind how it is stored and travels
     * @param primitive the primitive type, or the component type of a primitive array; null otherwise
     * @param declaredType the type as the stub declares it ({@code java.lang.String...} for varargs)
     * @param fieldType the type of the vector's field ({@code java.util.List<java.lang.String>}, arrays for varargs)
     * @param erasedType the erasure, valid before {@code .class} and after {@code instanceof}
     * @param description the type as in the method's description ({@code double[]}, {@code Map.Entry})
     * @param unchecked {@code fieldType} is parameterized, so assigning the erased value to it is unchecked
     */
    record Param(ParamKind kind, Primitive primitive, String declaredType, String fieldType, String erasedType,
            String description, boolean unchecked) {

        boolean isArray() {
            return kind == ParamKind.PRIMITIVE_ARRAY || kind == ParamKind.OBJECT_ARRAY;
        }
    }

    /**
     * A method's result.
     *
     * @param type the {@code io.mobula.gmi.spi.ResultType} constant, which also names the stub's typed helper
     *     ({@code INT} -> {@code callInt}, of {@code io.mobula.pool.spi.OperationStub})
     * @param declaredType the declared return type as the stub writes it
     */
    record Result(String type, String declaredType) {

        /** {@code callInt}, {@code callObject}, {@code callVoid}: the typed helpers every generated stub shares. */
        String helper() {
            return "call" + type.charAt(0) + type.substring(1).toLowerCase(Locale.ROOT);
        }

        boolean isVoid() {
            return type.equals("VOID");
        }
    }
}
