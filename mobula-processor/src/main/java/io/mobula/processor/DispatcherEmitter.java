package io.mobula.processor;

import io.mobula.processor.RemoteModel.Method;
import io.mobula.processor.RemoteModel.Param;
import io.mobula.processor.RemoteModel.Result;
import java.util.ArrayList;
import java.util.List;

/**
 * Phase two for the server side: writes {@code p.Iface_MobulaDispatcher} from a {@link RemoteModel}. There is
 * no skeleton object per remote object (thesis 3.3.1): one stateless dispatcher per interface decodes the
 * arguments, mirroring the stub's writes, and returns the call to make on the target it is handed.
 */
final class DispatcherEmitter {
    private final boolean generatedAnnotation;

    /** @param generatedAnnotation whether {@code javax.annotation.processing.Generated} is available */
    DispatcherEmitter(boolean generatedAnnotation) {
        this.generatedAnnotation = generatedAnnotation;
    }

    String emit(RemoteModel model) {
        SourceWriter w = new SourceWriter();
        RemoteHeader.fileStart(w, model);
        w.line("/**");
        w.line(" * Server side of {@link " + model.sourceName() + "}: decodes the arguments of a call and returns the"
                + " invocation to run (thesis 3.3.1: no skeletons).");
        w.line(" */");
        RemoteHeader.generated(w, generatedAnnotation, "dispatcher for " + model.binaryName());
        w.open("public final class " + model.dispatcherName() + " implements io.mobula.rmi.Dispatcher");
        ModuleGrant.emit(w);
        w.line("/** Hash of the method signatures in id order; the stub sends it with every call. */");
        w.line("public static final long INTERFACE_HASH = io.mobula.serial.Fingerprint.of(");
        List<String> parts = model.hashParts();
        for (int i = 0; i < parts.size(); i++) {
            w.line("        " + SerializerEmitter.quote(parts.get(i)) + (i == parts.size() - 1 ? ");" : ","));
        }
        w.line("");
        w.line("/** ONE_WAY and NON_BLOCKING bits by method id. */");
        w.line("private static final int[] FLAGS = {" + flags(model) + "};");
        w.line("");
        w.line("/** Instantiated once per interface by the RMI runtime. */");
        w.line("public " + model.dispatcherName() + "() {}");
        w.line("");
        simpleMethod(w, "public Class<?> remoteInterface()", "return " + model.sourceName() + ".class;");
        simpleMethod(w, "public long interfaceHash()", "return INTERFACE_HASH;");
        simpleMethod(w, "public int methodCount()", "return " + model.methods().size() + ";");
        simpleMethod(w, "public int methodFlags(int methodId)", "return FLAGS[methodId];");
        decode(model, w);
        w.close();
        return w.toString();
    }

    private static String flags(RemoteModel model) {
        List<String> flags = new ArrayList<>();
        for (Method m : model.methods()) {
            List<String> bits = new ArrayList<>();
            if (m.oneWay()) {
                bits.add("ONE_WAY");
            }
            if (m.nonBlocking()) {
                bits.add("NON_BLOCKING");
            }
            flags.add(bits.isEmpty() ? "0" : String.join(" | ", bits));
        }
        return String.join(", ", flags);
    }

    private static void simpleMethod(SourceWriter w, String signature, String body) {
        w.line("@Override");
        w.open(signature);
        w.line(body);
        w.close();
        w.line("");
    }

    private static void decode(RemoteModel model, SourceWriter w) {
        w.line("@Override");
        if (model.generic()) {
            // the type arguments of the target are unknown here: it is called through its raw type
            w.line("@SuppressWarnings({\"rawtypes\", \"unchecked\"})");
        } else if (model.methods().stream().anyMatch(Method::rawDecode)) {
            w.line("@SuppressWarnings({\"rawtypes\", \"unchecked\"}) // generic arguments arrive erased");
        } else if (model.methods().stream().anyMatch(Method::uncheckedDecode)) {
            w.line("@SuppressWarnings(\"unchecked\") // generic arguments arrive erased");
        }
        w.open("public io.mobula.rmi.Invocation decode(Object target, int methodId, io.mobula.serial.SerialReader in)"
                + " throws java.io.IOException");
        if (!model.methods().isEmpty()) {
            w.line(model.sourceName() + " t = (" + model.sourceName() + ") target;");
            w.open("switch (methodId)");
            for (Method m : model.methods()) {
                w.open("case " + m.id() + ":");
                w.line("// " + m.signature());
                method(m, w);
                w.close();
            }
            w.line("default:");
            w.line("    " + noMethod(model));
            w.close();
        } else {
            w.line(noMethod(model));
        }
        w.close();
    }

    private static String noMethod(RemoteModel model) {
        return "throw new io.mobula.serial.SerialException(\"no method \" + methodId + \" in " + model.sourceName()
                + "\");";
    }

    /** Reads the arguments in parameter order and returns the invocation, as Manta's unmarshal function. */
    private static void method(Method m, SourceWriter w) {
        List<String> args = new ArrayList<>();
        for (int i = 0; i < m.params().size(); i++) {
            Param p = m.params().get(i);
            w.line(p.localType() + " a" + i + " = " + read(p) + ";");
            args.add("a" + i);
        }
        String call = "t." + m.name() + "(" + String.join(", ", args) + ")";
        String body = store(m.result(), call);
        w.line("return r -> " + body + ";");
    }

    private static String read(Param p) {
        if (p.kind() != FieldKind.OBJECT) {
            return "in." + p.kind().readMethod() + "()";
        }
        String read = "in.readObject(" + p.classLiteral() + ".class)";
        return p.unchecked() ? "(" + p.localType() + ") " + read : read;
    }

    private static String store(Result r, String call) {
        return switch (r.kind()) {
            case VOID -> call; // the CallResult stays VOID
            case OBJECT -> "r.setObject(" + call + ")";
            case FUTURE -> "r.setFuture(" + call + ")";
            default -> "r.set" + r.kind().suffix() + "(" + call + ")";
        };
    }
}
