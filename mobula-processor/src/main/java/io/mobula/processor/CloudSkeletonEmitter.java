package io.mobula.processor;

import io.mobula.processor.CloudRootModel.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * Phase two for the replica side of RepMI: writes {@code p.X_MobulaCloudSkeleton} (thesis 4.3), which names the
 * methods (name and JVM descriptor, by index), hashes them, and applies a write to a replica's root; a write's
 * arguments travel as the method's nested parameter record, which the serializer generator gives a serializer in
 * the next round. Stateless: the runtime makes one per interface.
 */
final class CloudSkeletonEmitter {
    private final boolean generatedAnnotation;

    /** @param generatedAnnotation whether {@code javax.annotation.processing.Generated} is available */
    CloudSkeletonEmitter(boolean generatedAnnotation) {
        this.generatedAnnotation = generatedAnnotation;
    }

    String emit(CloudRootModel model) {
        SourceWriter w = new SourceWriter();
        RemoteHeader.fileStart(w, model.sourceName(), model.packageName());
        w.javadoc("Replica side of {@link " + model.sourceName() + "}: applies a write, whose parameters arrive as a"
                + " record, to the local replica's root (thesis 4.3).");
        RemoteHeader.generated(w, generatedAnnotation, "replica dispatch for " + model.binaryName());
        w.open("public final class " + model.skeletonName() + " implements io.mobula.repmi.spi.CloudSkeleton");
        w.javadoc("Hash of the method signatures in index order.");
        w.line("public static final long INTERFACE_HASH = io.mobula.serial.Fingerprint.of(");
        list(model.hashParts(), w);
        w.line("");
        List<String> signatures = model.methods().stream().map(Method::signature).toList();
        if (signatures.isEmpty()) {
            w.line("private static final java.util.List<String> METHODS = java.util.List.of();");
        } else {
            w.line("private static final java.util.List<String> METHODS = java.util.List.of(");
            list(signatures, w);
        }
        w.line("");
        w.javadoc("Instantiated once per interface by the RepMI runtime.");
        w.open("public " + model.skeletonName() + "()");
        w.close();
        w.line("");
        simpleMethod(w, "public Class<?> rootInterface()", "return " + model.sourceName() + ".class;");
        simpleMethod(w, "public long interfaceHash()", "return INTERFACE_HASH;");
        simpleMethod(w, "public java.util.List<String> methods()", "return METHODS;");
        invoke(model, w);
        for (Method m : model.methods()) {
            w.line("");
            parameterRecord(m, w);
        }
        w.close();
        return w.toString();
    }

    private static void list(List<String> items, SourceWriter w) {
        for (int i = 0; i < items.size(); i++) {
            w.line("        " + SerializerEmitter.quote(items.get(i)) + (i == items.size() - 1 ? ");" : ","));
        }
    }

    private static void simpleMethod(SourceWriter w, String header, String body) {
        w.line("@Override");
        w.open(header);
        w.line(body);
        w.close();
        w.line("");
    }

    private static void invoke(CloudRootModel model, SourceWriter w) {
        w.line("@Override");
        w.open("public Object invoke(Object root, int method, Object parameters) throws Throwable");
        w.line(model.sourceName() + " t = (" + model.sourceName() + ") root;");
        w.open("switch (method)");
        for (Method m : model.methods()) {
            List<String> args = new ArrayList<>();
            for (int i = 0; i < m.params().size(); i++) {
                args.add("p.a" + i + "()");
            }
            String call = "t." + m.name() + "(" + String.join(", ", args) + ")";
            if (m.params().isEmpty()) {
                w.line("case " + m.index() + ":");
                w.depthIn();
                body(m, call, w);
                w.depthOut();
            } else {
                w.open("case " + m.index() + ":");
                w.line(m.recordName() + " p = (" + m.recordName() + ") parameters;");
                body(m, call, w);
                w.close();
            }
        }
        w.line("default:");
        w.line("    throw new IllegalArgumentException(\"no method \" + method + \" in " + model.sourceName() + "\");");
        w.close();
        w.close();
    }

    private static void body(Method m, String call, SourceWriter w) {
        if (m.result().isVoid()) {
            w.line(call + ";");
            w.line("return null;");
        } else {
            w.line("return " + call + ";");
        }
    }

    private static void parameterRecord(Method m, SourceWriter w) {
        List<String> components = new ArrayList<>();
        for (int i = 0; i < m.params().size(); i++) {
            components.add(m.params().get(i).componentType() + " a" + i);
        }
        w.javadoc("Parameters of {@code " + m.signature() + "}.");
        w.open("public record " + m.recordName() + "(" + String.join(", ", components)
                + ") implements java.io.Serializable");
        w.close();
    }
}
