package io.mobula.processor;

import io.mobula.processor.CloudRootModel.Method;
import io.mobula.processor.CloudRootModel.Param;
import java.util.ArrayList;
import java.util.List;

/**
 * Phase two for the caller side of RepMI: writes {@code p.X_MobulaCloudStub}, a replication reference (thesis 4.3).
 * Each method first asks whether it runs as a read on this cloud's root class; a read runs on the local replica with
 * every reference-typed argument and result copied (call by value, thesis 4.2.2 "Preventing direct access"), and
 * when it reaches a write ({@code WriteRestart}) it runs again as one; a blocking read that cannot go on
 * ({@code ReadAbort}) throws its {@code CloudException}. A write goes through the total order with the
 * arguments in the method's parameter record, through the typed helper ({@code callInt}, ...) that {@code CloudStub}
 * inherits from {@code io.mobula.pool.spi.OperationStub}, the base of GMI's and RepMI's stubs
 * ({@link OperationStubWriter} writes what both stubs share). Exceptions the method declares, and unchecked ones,
 * reach the caller as they are; any other checked exception is wrapped in a {@code CloudException}.
 */
final class CloudStubEmitter {
    private final boolean generatedAnnotation;

    /** @param generatedAnnotation whether {@code javax.annotation.processing.Generated} is available */
    CloudStubEmitter(boolean generatedAnnotation) {
        this.generatedAnnotation = generatedAnnotation;
    }

    String emit(CloudRootModel model) {
        SourceWriter w = new SourceWriter();
        RemoteHeader.fileStart(w, model.sourceName(), model.packageName());
        w.javadoc("Replication reference of {@link " + model.sourceName() + "}: reads run on the local replica with"
                + " copied arguments and results, writes go through the total order to every replica (thesis 4.3).");
        RemoteHeader.generated(w, generatedAnnotation, "replication reference for " + model.binaryName());
        OperationStubWriter.open(w, model.stubName(), "io.mobula.repmi.spi.CloudStub", model.sourceName(),
                "Called by the RepMI runtime when it makes a replication reference.",
                "io.mobula.repmi.spi.CloudHandle", "handle", true);
        for (Method m : model.methods()) {
            w.line("");
            method(model, m, w);
        }
        w.close();
        return w.toString();
    }

    private static void method(CloudRootModel model, Method m, SourceWriter w) {
        List<String> types = new ArrayList<>();
        List<String> args = new ArrayList<>();
        List<String> copies = new ArrayList<>();
        for (int i = 0; i < m.params().size(); i++) {
            Param p = m.params().get(i);
            types.add(p.declaredType());
            args.add("a" + i);
            copies.add(p.primitive() ? "a" + i : "copy(a" + i + ")");
        }
        OperationStubWriter.openMethod(w, m.index(), m.signature(), m.uncheckedVarargs(), m.result().declaredType(),
                m.name(), types, m.throwsClause());
        read(model, m, copies, w);
        w.line("// a write: through the total order, applied on every replica");
        OperationStubWriter.call(w, "call" + m.result().helper(), m.result().isVoid(), m.index(), "new "
                + model.skeletonName() + "." + m.recordName() + "(" + String.join(", ", args) + ")", m.catchTypes(),
                m.catchesAll(), m.signature(), "io.mobula.repmi.CloudException");
        w.close();
    }

    /**
     * The read path: on the local replica's root, arguments and result copied; a WriteRestart falls through, a
     * ReadAbort (a blocking read that cannot go on) reaches the caller as its exception.
     */
    private static void read(CloudRootModel model, Method m, List<String> copies, SourceWriter w) {
        w.open("if (handle.isRead(" + m.index() + "))");
        w.line("Object mode = handle.beginRead();");
        w.open("try");
        String call = "((" + model.sourceName() + ") handle.root())." + m.name() + "(" + String.join(", ", copies)
                + ")";
        if (m.result().isVoid()) {
            w.line(call + ";");
            w.line("return;");
        } else {
            w.line("return " + (m.result().copied() ? "copy(" + call + ")" : call) + ";");
        }
        w.closeOpen("catch (io.mobula.repmi.spi.WriteRestart restart)");
        w.line("// the read reached a write: run it as one below");
        w.closeOpen("catch (io.mobula.repmi.spi.ReadAbort abort)");
        w.line("throw abort.exception(); // a blocking read timed out, or RepMI stopped here");
        w.closeOpen("finally");
        w.line("handle.endRead(mode);");
        w.close();
        w.close();
    }
}
