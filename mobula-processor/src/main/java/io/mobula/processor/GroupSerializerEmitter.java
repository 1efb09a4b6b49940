package io.mobula.processor;

import io.mobula.processor.GroupModel.Method;

/**
 * Phase two: writes the serializer of one parameter vector, {@code p.X_MobulaGroupSkeleton_P<i>_<name>_MobulaSerializer}
 * (top-level, since the serialization runtime finds serializers by that name). It delegates to the vector's own
 * {@code writeTo}/{@code readFrom}; the fingerprint names the vector class and the method's signature, so sender
 * and receiver compiled from different versions of the method fail clearly.
 */
final class GroupSerializerEmitter {
    private final boolean generatedAnnotation;

    /** @param generatedAnnotation whether {@code javax.annotation.processing.Generated} is available */
    GroupSerializerEmitter(boolean generatedAnnotation) {
        this.generatedAnnotation = generatedAnnotation;
    }

    String emit(GroupModel model, Method m) {
        String name = model.serializerName(m);
        String vector = model.skeletonName() + "." + m.vectorName();
        SourceWriter w = new SourceWriter();
        RemoteHeader.fileStart(w, model.sourceName(), model.packageName());
        w.javadoc("Serializer of the parameters of {@code " + m.description() + "} of {@link " + model.sourceName()
                + "}.");
        RemoteHeader.generated(w, generatedAnnotation, "parameters of " + model.binaryName() + "." + m.name());
        w.open("public final class " + name + " implements io.mobula.serial.Serializer<" + vector + ">");
        w.line("/** Layout hash of the parameter vector, computed once (it is sent with every self-contained message). */");
        w.line("private static final long FINGERPRINT = io.mobula.serial.Fingerprint.of("
                + SerializerEmitter.quote(model.vectorBinaryName(m)) + ", " + SerializerEmitter.quote(m.signature())
                + ");");
        w.line("");
        w.javadoc("The runtime finds it by name.");
        w.open("public " + name + "()");
        w.close();
        w.line("");
        w.line("@Override");
        w.open("public Class<" + vector + "> type()");
        w.line("return " + vector + ".class;");
        w.close();
        w.line("");
        w.line("@Override");
        w.open("public long fingerprint()");
        w.line("return FINGERPRINT;");
        w.close();
        w.line("");
        w.line("@Override");
        w.open("public void write(io.mobula.serial.SerialWriter out, " + vector + " value) throws java.io.IOException");
        w.line("value.writeTo(out);");
        w.close();
        w.line("");
        w.line("@Override");
        w.open("public " + vector + " read(io.mobula.serial.SerialReader in) throws java.io.IOException");
        w.line(vector + " p = new " + vector + "();");
        w.line("in.register(p);");
        w.line("p.readFrom(in);");
        w.line("return p;");
        w.close();
        w.close();
        return w.toString();
    }
}
