package io.mobula.processor;

import io.mobula.processor.GroupModel.Method;
import io.mobula.processor.GroupModel.Param;
import io.mobula.processor.GroupModel.ParamKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Phase two for the member side of GMI: writes {@code p.X_MobulaGroupSkeleton} (thesis 5.4.1), which describes the
 * methods, makes their parameter vectors (nested, one per method, from {@link ParameterVectorEmitter}) and applies
 * an invocation to a member. Stateless: the runtime makes one per interface.
 */
final class GroupSkeletonEmitter {
    private final boolean generatedAnnotation;
    private final ParameterVectorEmitter vectors = new ParameterVectorEmitter();

    /** @param generatedAnnotation whether {@code javax.annotation.processing.Generated} is available */
    GroupSkeletonEmitter(boolean generatedAnnotation) {
        this.generatedAnnotation = generatedAnnotation;
    }

    String emit(GroupModel model) {
        SourceWriter w = new SourceWriter();
        RemoteHeader.fileStart(w, model.sourceName(), model.packageName());
        w.javadoc("Member side of {@link " + model.sourceName() + "}: describes its methods, makes their parameter"
                + " vectors and applies an invocation to a member (thesis 5.4.1).");
        RemoteHeader.generated(w, generatedAnnotation, "group skeleton for " + model.binaryName());
        w.open("public final class " + model.skeletonName() + " implements io.mobula.gmi.spi.GroupSkeleton");
        w.javadoc("Hash of the method signatures in index order.");
        w.line("public static final long INTERFACE_HASH = io.mobula.serial.Fingerprint.of(");
        List<String> parts = model.hashParts();
        for (int i = 0; i < parts.size(); i++) {
            w.line("        " + SerializerEmitter.quote(parts.get(i)) + (i == parts.size() - 1 ? ");" : ","));
        }
        w.line("");
        methodTable(model, w);
        w.line("");
        w.javadoc("Instantiated once per interface by the GMI runtime.");
        w.open("public " + model.skeletonName() + "()");
        w.close();
        w.line("");
        simpleMethod(w, "public Class<?> groupInterface()", "return " + model.sourceName() + ".class;");
        simpleMethod(w, "public long interfaceHash()", "return INTERFACE_HASH;");
        simpleMethod(w, "public java.util.List<io.mobula.gmi.spi.GroupMethodInfo> methods()", "return METHODS;");
        newParameters(model, w);
        w.line("");
        invoke(model, w);
        for (Method m : model.methods()) {
            w.line("");
            vectors.emit(m, w);
        }
        w.close();
        return w.toString();
    }

    private static void methodTable(GroupModel model, SourceWriter w) {
        String head = "private static final java.util.List<io.mobula.gmi.spi.GroupMethodInfo> METHODS = java.util.List.of(";
        if (model.methods().isEmpty()) {
            w.line(head + ");");
            return;
        }
        w.line(head);
        List<Method> methods = model.methods();
        for (int i = 0; i < methods.size(); i++) {
            Method m = methods.get(i);
            w.line("        new io.mobula.gmi.spi.GroupMethodInfo(" + m.index() + ", " + SerializerEmitter.quote(m.name())
                    + ", " + SerializerEmitter.quote(m.description()) + ", io.mobula.gmi.spi.ResultType."
                    + m.result().type() + ")" + (i == methods.size() - 1 ? ");" : ","));
        }
    }

    private static void simpleMethod(SourceWriter w, String header, String body) {
        w.line("@Override");
        w.open(header);
        w.line(body);
        w.close();
        w.line("");
    }

    private static void newParameters(GroupModel model, SourceWriter w) {
        w.line("@Override");
        w.open("public io.mobula.gmi.ParameterVector newParameters(int method)");
        w.open("switch (method)");
        for (Method m : model.methods()) {
            w.line("case " + m.index() + ":");
            w.line("    return new " + m.vectorName() + "();");
        }
        w.line("default:");
        w.line("    throw new IllegalArgumentException(\"no method \" + method + \" in " + model.sourceName() + "\");");
        w.close();
        w.close();
    }

    private static void invoke(GroupModel model, SourceWriter w) {
        w.line("@Override");
        w.open("public Object invoke(Object member, int method, io.mobula.gmi.ParameterVector parameters)"
                + " throws Throwable");
        w.line(model.sourceName() + " t = (" + model.sourceName() + ") member;");
        w.open("switch (method)");
        for (Method m : model.methods()) {
            w.open("case " + m.index() + ":");
            List<String> args = new ArrayList<>();
            if (!m.params().isEmpty()) {
                w.line(m.vectorName() + " p = (" + m.vectorName() + ") parameters;");
                for (int i = 0; i < m.params().size(); i++) {
                    Param p = m.params().get(i);
                    // a primitive array may be a range of a caller's array: the member gets exactly that range
                    args.add(p.kind() == ParamKind.PRIMITIVE_ARRAY ? "p.a" + i + "()" : "p.a" + i);
                }
            }
            String call = "t." + m.name() + "(" + String.join(", ", args) + ")";
            if (m.result().isVoid()) {
                w.line(call + ";");
                w.line("return null;");
            } else {
                w.line("return " + call + ";");
            }
            w.close();
        }
        w.line("default:");
        w.line("    throw new IllegalArgumentException(\"no method \" + method + \" in " + model.sourceName() + "\");");
        w.close();
        w.close();
    }
}
