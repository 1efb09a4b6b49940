package io.mobula.processor;

import io.mobula.processor.GroupModel.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * Phase two for the caller side of GMI: writes {@code p.X_MobulaGroupStub}, a group reference (thesis 5.2.1, 5.4.1).
 * Each method fills its parameter vector and calls the typed helper ({@code callInt}, ...) that {@code GroupStub}
 * inherits from {@code io.mobula.pool.spi.OperationStub}, the base of GMI's and RepMI's stubs; the group's invoker
 * runs the method's configured forwarding and reply schemes. Exceptions the method declares, and unchecked ones,
 * reach the caller as they are; any other checked exception is wrapped in a {@code GroupException}
 * ({@link OperationStubWriter} writes what both stubs share).
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
        OperationStubWriter.open(w, model.stubName(), "io.mobula.gmi.spi.GroupStub", model.sourceName(),
                "Called by the GMI runtime when it makes a group reference.", "io.mobula.gmi.spi.GroupInvoker",
                "invoker", false);
        for (Method m : model.methods()) {
            w.line("");
            method(model, m, w);
        }
        w.close();
        return w.toString();
    }

    private static void method(GroupModel model, Method m, SourceWriter w) {
        List<String> types = new ArrayList<>();
        List<String> args = new ArrayList<>();
        for (int i = 0; i < m.params().size(); i++) {
            types.add(m.params().get(i).declaredType());
            args.add("a" + i);
        }
        boolean uncheckedVarargs = !m.params().isEmpty()
                && m.params().get(m.params().size() - 1).declaredType().endsWith("...")
                && m.params().get(m.params().size() - 1).unchecked();
        OperationStubWriter.openMethod(w, m.index(), m.description(), uncheckedVarargs, m.result().declaredType(),
                m.name(), types, m.throwsClause());
        String vector = model.skeletonName() + "." + m.vectorName();
        w.line(vector + " p = new " + vector + "(" + String.join(", ", args) + ");");
        OperationStubWriter.call(w, m.result().helper(), m.result().isVoid(), m.index(), "p", m.catchTypes(),
                m.catchesAll(), m.description(), "io.mobula.gmi.GroupException");
        w.close();
    }
}
