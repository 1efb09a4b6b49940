package io.mobula.processor;

import io.mobula.processor.GroupModel.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * Phase two for the caller side of GMI: writes {@code p.X_MobulaGroupStub}, a group reference (thesis 5.2.1, 5.4.1).
 * Each method fills its parameter vector and calls the typed invoke helper of {@code GroupStub}, which runs the
 * method's configured forwarding and reply schemes. Exceptions the method declares, and unchecked ones, reach the
 * caller as they are; any other checked exception is wrapped in a {@code GroupException}.
 */
final class GroupStubEmitter {
    private final boolean generatedAnnotation;

    /** @param generatedAnnotation whether {@code javax.annotation.processing.Generated} is available */
    GroupStubEmitter(boolean generatedAnnotation) {
        this.generatedAnnotation = generatedAnnotation;
    }

    String emit(GroupModel model) {
        SourceWriter w = new SourceWriter();
        RemoteHeader.fileStart(w, model.sourceName(), model.packageName());
        w.javadoc("Group stub of {@link " + model.sourceName() + "}: a group reference; each method runs its"
                + " configured forwarding and reply schemes (thesis 5.4.1).");
        RemoteHeader.generated(w, generatedAnnotation, "group stub for " + model.binaryName());
        w.open("public final class " + model.stubName() + " extends io.mobula.gmi.spi.GroupStub implements "
                + model.sourceName());
        w.javadoc("Called by the GMI runtime when it makes a group reference.");
        w.open("public " + model.stubName() + "(io.mobula.gmi.spi.GroupInvoker invoker)");
        w.line("super(invoker);");
        w.close();
        for (Method m : model.methods()) {
            w.line("");
            method(model, m, w);
        }
        w.close();
        return w.toString();
    }

    private static void method(GroupModel model, Method m, SourceWriter w) {
        w.javadoc("Method " + m.index() + ": {@code " + m.description() + "}.");
        w.line("@Override");
        if (!m.params().isEmpty() && m.params().get(m.params().size() - 1).declaredType().endsWith("...")
                && m.params().get(m.params().size() - 1).unchecked()) {
            w.line("@SuppressWarnings(\"unchecked\") // varargs of a parameterized type, as the interface declares");
        }
        List<String> params = new ArrayList<>();
        List<String> args = new ArrayList<>();
        for (int i = 0; i < m.params().size(); i++) {
            params.add(m.params().get(i).declaredType() + " a" + i);
            args.add("a" + i);
        }
        String throwsClause = m.throwsClause().isEmpty() ? "" : " throws " + String.join(", ", m.throwsClause());
        w.open("public " + m.result().declaredType() + " " + m.name() + "(" + String.join(", ", params) + ")"
                + throwsClause);
        String vector = model.skeletonName() + "." + m.vectorName();
        w.line(vector + " p = new " + vector + "(" + String.join(", ", args) + ");");
        w.open("try");
        String call = m.result().invokeHelper() + "(" + m.index() + ", p);";
        w.line(m.result().isVoid() ? call : "return " + call);
        w.closeOpen("catch (" + String.join(" | ", m.catchTypes()) + " e)");
        w.line("throw e;");
        if (!m.catchesAll()) {
            w.closeOpen("catch (java.lang.Throwable t)");
            w.line("throw new io.mobula.gmi.GroupException(\"" + m.description() + " threw an undeclared \" + t, t);");
        }
        w.close();
        w.close();
    }
}
