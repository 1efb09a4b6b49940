package io.mobula.processor;

import io.mobula.processor.CloudClassModel.Write;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Phase two for cloud classes: writes {@code p.C_MobulaCloudClass}, the compile-time read/write classification the
 * RepMI runtime looks up by name (thesis 4.2.2): the set of write methods, each explained in the comment above it.
 */
final class CloudClassEmitter {
    private final boolean generatedAnnotation;

    /** @param generatedAnnotation whether {@code javax.annotation.processing.Generated} is available */
    CloudClassEmitter(boolean generatedAnnotation) {
        this.generatedAnnotation = generatedAnnotation;
    }

    String emit(CloudClassModel model) {
        SourceWriter w = new SourceWriter();
        RemoteHeader.fileStart(w, model.sourceName(), model.packageName());
        w.javadoc("Read/write classification of {@link " + model.sourceName() + "} (thesis 4.2.2).");
        RemoteHeader.generated(w, generatedAnnotation, "cloud class " + model.binaryName());
        w.open("public final class " + model.className() + " implements io.mobula.repmi.spi.CloudClassInfo");
        List<Write> writes = model.writes();
        if (writes.isEmpty()) {
            w.javadoc("No write methods.");
            w.line("private static final java.util.Set<String> WRITES = java.util.Set.of();");
        } else {
            w.javadoc("Write methods: " + writes.stream().map(x -> x.signature() + " " + x.reason())
                    .collect(Collectors.joining("; ")) + ".");
            w.line("private static final java.util.Set<String> WRITES = java.util.Set.of(");
            for (int i = 0; i < writes.size(); i++) {
                w.line("        " + SerializerEmitter.quote(writes.get(i).signature())
                        + (i == writes.size() - 1 ? ");" : ","));
            }
        }
        w.line("");
        w.javadoc("Found by name by the RepMI runtime.");
        w.open("public " + model.className() + "()");
        w.close();
        w.line("");
        w.line("@Override");
        w.open("public Class<?> cloudClass()");
        w.line("return " + model.sourceName() + ".class;");
        w.close();
        w.line("");
        w.line("@Override");
        w.open("public java.util.Set<String> writeMethods()");
        w.line("return WRITES;");
        w.close();
        w.close();
        return w.toString();
    }
}
