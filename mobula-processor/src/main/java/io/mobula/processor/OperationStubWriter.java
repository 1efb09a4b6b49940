package io.mobula.processor;

import java.util.List;

/**
 * What the group stub ({@link GroupStubEmitter}) and the replication reference ({@link CloudStubEmitter}) write alike:
 * both extend their layer's base of {@code io.mobula.pool.spi.OperationStub}, take the runtime's side of the reference
 * in their constructor, and run each method through a typed helper of that base ({@code callInt(index, arguments)}),
 * rethrowing what the method declares and unchecked exceptions as they are and wrapping any other checked exception
 * in the layer's exception.
 */
final class OperationStubWriter {
    private OperationStubWriter() {
    }

    /**
     * Opens the stub class and writes its constructor.
     *
     * @param base        the layer's base class, e.g. {@code io.mobula.gmi.spi.GroupStub}
     * @param constructor the constructor's javadoc
     * @param handleType  the type of the runtime's side the constructor takes
     * @param handle      the constructor parameter's name
     * @param serialVersion whether the class declares a {@code serialVersionUID} (a serializable base)
     */
    static void open(SourceWriter w, String stubName, String base, String sourceName, String constructor,
            String handleType, String handle, boolean serialVersion) {
        w.open("public final class " + stubName + " extends " + base + " implements " + sourceName);
        if (serialVersion) {
            w.line("@java.io.Serial");
            w.line("private static final long serialVersionUID = 1L;");
            w.line("");
        }
        w.javadoc(constructor);
        w.open("public " + stubName + "(" + handleType + " " + handle + ")");
        w.line("super(" + handle + ");");
        w.close();
    }

    /**
     * Opens method {@code index} of the stub: its javadoc, {@code @Override}, and its header with parameters
     * {@code a0}, {@code a1}, ...
     *
     * @param uncheckedVarargs the last parameter is varargs of a parameterized type
     */
    static void openMethod(SourceWriter w, int index, String description, boolean uncheckedVarargs, String resultType,
            String name, List<String> parameterTypes, List<String> throwsClause) {
        w.javadoc("Method " + index + ": {@code " + description + "}.");
        w.line("@Override");
        if (uncheckedVarargs) {
            w.line("@SuppressWarnings(\"unchecked\") // varargs of a parameterized type, as the interface declares");
        }
        StringBuilder params = new StringBuilder();
        for (int i = 0; i < parameterTypes.size(); i++) {
            params.append(i == 0 ? "" : ", ").append(parameterTypes.get(i)).append(" a").append(i);
        }
        String throwsPart = throwsClause.isEmpty() ? "" : " throws " + String.join(", ", throwsClause);
        w.open("public " + resultType + " " + name + "(" + params + ")" + throwsPart);
    }

    /**
     * Writes the call of the typed helper: {@code try { [return] helper(index, arguments); }}, rethrowing
     * {@code catchTypes} and wrapping anything else (unless {@code catchesAll}) in {@code exception}.
     *
     * @param helper    {@code callInt}, {@code callVoid}, ...
     * @param arguments the expression of the method's gathered arguments
     */
    static void call(SourceWriter w, String helper, boolean isVoid, int index, String arguments,
            List<String> catchTypes, boolean catchesAll, String description, String exception) {
        w.open("try");
        String call = helper + "(" + index + ", " + arguments + ");";
        w.line(isVoid ? call : "return " + call);
        w.closeOpen("catch (" + String.join(" | ", catchTypes) + " e)");
        w.line("throw e;");
        if (!catchesAll) {
            w.closeOpen("catch (java.lang.Throwable t)");
            w.line("throw new " + exception + "(\"" + description + " threw an undeclared \" + t, t);");
        }
        w.close();
    }
}
