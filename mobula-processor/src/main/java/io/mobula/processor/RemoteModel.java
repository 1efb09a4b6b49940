package io.mobula.processor;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.TypeElement;

/**
 * Everything the stub and dispatcher emitters need for one remote interface, computed by
 * {@link RemoteAnalyzer} and immutable; the emitters never look at javax.lang.model (rmi-contract.md).
 *
 * @param element the user's interface, originating element of the generated files
 * @param packageName its package, empty for the unnamed package
 * @param sourceName its canonical name ({@code p.Outer.Hello})
 * @param binaryName its binary name ({@code p.Outer$Hello}), the first part of the interface hash
 * @param flatName {@code Outer_Hello}: generated classes are {@code flatName + "_MobulaStub"} etc.
 * @param typeParameters the interface's type parameters with bounds ({@code <T extends java.lang.Number>}),
 *     empty if it is not generic
 * @param typeArguments {@code <T>} to implement the interface with those parameters, empty if not generic
 * @param methods the remote methods in method id order
 */
record RemoteModel(TypeElement element, String packageName, String sourceName, String binaryName, String flatName,
        String typeParameters, String typeArguments, List<Method> methods) {

    String stubName() {
        return flatName + "_MobulaStub";
    }

    String dispatcherName() {
        return flatName + "_MobulaDispatcher";
    }

    String qualified(String simpleName) {
        return packageName.isEmpty() ? simpleName : packageName + "." + simpleName;
    }

    boolean generic() {
        return !typeParameters.isEmpty();
    }

    /** The parts hashed into {@code INTERFACE_HASH}: the binary name, then each method's signature by id. */
    List<String> hashParts() {
        List<String> parts = new ArrayList<>();
        parts.add(binaryName);
        methods.forEach(m -> parts.add(m.signature()));
        return List.copyOf(parts);
    }

    /**
     * One remote method.
     *
     * @param id its method id (index in the sorted order)
     * @param name its name
     * @param signature name + erased JVM method descriptor ({@code sayHello(Ljava/lang/String;I)Ljava/lang/String;})
     * @param typeParameters the method's own type parameters with bounds, or empty
     * @param params the parameters in order
     * @param result how the result comes back
     * @param throwsClause the declared exceptions as written in the stub's {@code throws} clause
     * @param catchTypes the minimal multi-catch the stub rethrows (no type is a subtype of another)
     * @param catchesAll {@code catchTypes} contains Throwable: no final {@code catch (Throwable t)}
     * @param oneWay {@code @OneWay}
     * @param nonBlocking {@code @NonBlocking} on the method or its interface
     */
    record Method(int id, String name, String signature, String typeParameters, List<Param> params, Result result,
            List<String> throwsClause, List<String> catchTypes, boolean catchesAll,
            boolean oneWay, boolean nonBlocking) {

        /** The stub casts a generic result: it needs {@code @SuppressWarnings("unchecked")}. */
        boolean uncheckedResult() {
            return result.unchecked();
        }

        /** The dispatcher casts an erased argument to a parameterized type. */
        boolean uncheckedDecode() {
            return params.stream().anyMatch(Param::unchecked);
        }

        /** The dispatcher names a raw type (an argument whose type mentions type variables). */
        boolean rawDecode() {
            return params.stream().anyMatch(Param::raw);
        }
    }

    /**
     * One parameter.
     *
     * @param kind its write/read pair: a primitive, STRING, or OBJECT (arrays travel as objects)
     * @param declaredType the type as the stub declares it ({@code java.util.List<java.lang.String>})
     * @param varargs the last parameter of a varargs method: the stub writes {@code T...}
     * @param localType the type the dispatcher declares the decoded argument as
     * @param classLiteral the erased class the dispatcher passes to {@code readObject}
     * @param unchecked the dispatcher casts the erased value to a parameterized type
     * @param raw the dispatcher names a raw type (the declared type mentions type variables)
     */
    record Param(FieldKind kind, String declaredType, boolean varargs, String localType, String classLiteral,
            boolean unchecked, boolean raw) {}

    /** How a method's result comes back: the stub's {@code invoke*} and the dispatcher's {@code set*}. */
    enum ResultKind {
        VOID, BOOLEAN, BYTE, CHAR, SHORT, INT, LONG, FLOAT, DOUBLE, STRING, OBJECT, FUTURE;

        /** {@code Boolean} for {@code invokeBoolean}/{@code setBoolean}. */
        String suffix() {
            String n = name();
            return n.charAt(0) + n.substring(1).toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * A method's result.
     *
     * @param kind how it travels
     * @param declaredType the declared return type as the stub writes it
     * @param classLiteral for OBJECT, the erasure of the return type; for FUTURE, the erasure of its type
     *     argument ({@code Object} for a type variable or wildcard)
     * @param unchecked the stub's cast to the declared type is unchecked
     */
    record Result(ResultKind kind, String declaredType, String classLiteral, boolean unchecked) {}
}
