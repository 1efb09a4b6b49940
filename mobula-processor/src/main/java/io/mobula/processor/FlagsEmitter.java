package io.mobula.processor;

import io.mobula.processor.FlagsModel.MethodFlag;
import java.util.List;

/**
 * Writes {@code p.Impl_MobulaFlags} (remote objects) or {@code p.Impl_MobulaGroupFlags} (group members) from a
 * {@link FlagsModel}: one NON_BLOCKING bit per proven method.
 */
final class FlagsEmitter {
    private final boolean generatedAnnotation;
    /** Who reads the class and when, for its constructor's comment. */
    private final String readBy;

    /** @param readBy who reads the class and when: {@code "the RMI runtime when an object of the class is exported"} */
    FlagsEmitter(boolean generatedAnnotation, String readBy) {
        this.generatedAnnotation = generatedAnnotation;
        this.readBy = readBy;
    }

    String emit(FlagsModel model) {
        SourceWriter w = new SourceWriter();
        RemoteHeader.fileStart(w, model.sourceName(), model.packageName());
        w.line("/**");
        w.line(" * Methods of {@link " + model.sourceName() + "} proven not to block, so they may run on the receive"
                + " thread (thesis 3.3.1: MAY_BLOCK analysis).");
        w.line(" */");
        RemoteHeader.generated(w, generatedAnnotation, "implementation flags for " + model.sourceName());
        w.open("public final class " + model.flagsName() + " implements io.mobula.rmi.ImplementationFlags");
        w.line("/** Looked up by name by " + readBy + ". */");
        w.line("public " + model.flagsName() + "() {}");
        w.line("");
        List<MethodFlag> methods = model.methods();
        for (MethodFlag m : methods) {
            if (m.nonBlocking()) {
                w.line("// " + m.signature() + ": proven non-blocking (" + m.reason() + ")");
            }
        }
        w.line("private static final int[] FLAGS = {" + String.join(", ", methods.stream()
                .map(m -> m.nonBlocking() ? "io.mobula.rmi.Dispatcher.NON_BLOCKING" : "0").toList()) + "};");
        w.line("private static final String[] IMPLEMENTATIONS = {" + String.join(", ", methods.stream()
                .map(m -> m.nonBlocking() ? "\"" + m.implementation() + "\"" : "null").toList()) + "};");
        w.line("");
        w.line("@Override");
        w.open("public Class<?> remoteInterface()");
        w.line("return " + model.remoteInterface() + ".class;");
        w.close();
        w.line("");
        w.line("@Override");
        w.open("public int methodFlags(int methodId)");
        w.line("return FLAGS[methodId];");
        w.close();
        w.line("");
        w.line("@Override");
        w.open("public String implementation(int methodId)");
        w.line("return IMPLEMENTATIONS[methodId];");
        w.close();
        w.close();
        return w.toString();
    }
}
