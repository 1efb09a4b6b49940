package io.mobula.processor;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.TypeElement;

/**
 * Everything the RepMI emitters need for one root interface (thesis 4.2.1, 4.3), computed by
 * {@link CloudRootAnalyzer} and immutable; the emitters never look at javax.lang.model.
 *
 * @param element the user's interface, originating element of the generated files
 * @param packageName its package, empty for the unnamed package
 * @param sourceName its canonical name ({@code p.Outer.Stack})
 * @param binaryName its binary name ({@code p.Outer$Stack}), the first part of the interface hash
 * @param flatName {@code Outer_Stack}: generated classes are {@code flatName + "_MobulaCloudStub"} etc.
 * @param methods the methods by index: the interface's own in declaration order, then inherited ones
 */
record CloudRootModel(TypeElement element, String packageName, String sourceName, String binaryName,
        String flatName, List<Method> methods) {

    String stubName() {
        return flatName + "_MobulaCloudStub";
    }

    String skeletonName() {
        return flatName + "_MobulaCloudSkeleton";
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
     * One method of the root interface.
     *
     * @param index its index in the generated tables
     * @param name its name
     * @param signature name + erased JVM method descriptor ({@code push(I)V}), as the runtime names it
     * @param params the parameters in order
     * @param result its result
     * @param throwsClause the declared exceptions as the stub's {@code throws} clause writes them
     * @param catchTypes the minimal multi-catch the stub rethrows (no type is a subtype of another)
     * @param catchesAll {@code catchTypes} contains Throwable: no final {@code catch (Throwable t)}
     */
    record Method(int index, String name, String signature, List<Param> params, Result result,
            List<String> throwsClause, List<String> catchTypes, boolean catchesAll) {

        /** The simple name of its parameter record, nested in the skeleton: {@code P0_push}. */
        String recordName() {
            return "P" + index + "_" + name;
        }

        /** The last parameter is a varargs array of a parameterized type (heap pollution warning). */
        boolean uncheckedVarargs() {
            return !params.isEmpty() && params.get(params.size() - 1).declaredType().endsWith("...")
                    && params.get(params.size() - 1).parameterized();
        }
    }

    /**
     * One parameter.
     *
     * @param declaredType the type as the stub declares it ({@code java.lang.String...} for varargs)
     * @param componentType the type of the record component (an array for varargs)
     * @param primitive a primitive travels by value already; anything else is copied for a read
     * @param parameterized the type has type arguments
     */
    record Param(String declaredType, String componentType, boolean primitive, boolean parameterized) {
    }

    /**
     * A method's result.
     *
     * @param declaredType the declared return type as the stub writes it ({@code void}, {@code int}, ...)
     * @param helper the typed helper's suffix ({@code callInt} of {@code io.mobula.pool.spi.OperationStub}):
     *     {@code Void}, {@code Int}, ..., {@code Object}
     */
    record Result(String declaredType, String helper) {

        boolean isVoid() {
            return helper.equals("Void");
        }

        /** A reference result of a read is copied so no reference out of the cloud escapes. */
        boolean copied() {
            return helper.equals("Object");
        }
    }
}
