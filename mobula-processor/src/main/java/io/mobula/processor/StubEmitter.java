package io.mobula.processor;

import io.mobula.processor.RemoteModel.Method;
import io.mobula.processor.RemoteModel.Param;
import io.mobula.processor.RemoteModel.Result;
import java.util.ArrayList;
import java.util.List;

/**
 * Phase two for the client side: writes {@code p.Iface_MobulaStub} from a {@link RemoteModel}. Each method
 * marshals its arguments straight into the connection's writer and waits for the reply through {@code Call};
 * like Manta's generated marshal functions (thesis 3.3.1, figure 3.4) it holds no per-call objects of its own.
 * All names are fully qualified: member types inherited from the user's interface could shadow imports.
 */
final class StubEmitter {
    private final boolean generatedAnnotation;

    /** @param generatedAnnotation whether {@code javax.annotation.processing.Generated} is available */
    StubEmitter(boolean generatedAnnotation) {
        this.generatedAnnotation = generatedAnnotation;
    }

    String emit(RemoteModel model) {
        SourceWriter w = new SourceWriter();
        RemoteHeader.fileStart(w, model);
        w.line("/**");
        w.line(" * Client stub of {@link " + model.sourceName() + "}: sends each call through its {@code RemoteRef}"
                + " (thesis 3.3.1).");
        w.line(" */");
        RemoteHeader.generated(w, generatedAnnotation, "stub for " + model.binaryName());
        w.open("public final class " + model.stubName() + model.typeParameters() + " extends io.mobula.rmi.RemoteStub"
                + " implements " + model.sourceName() + model.typeArguments());
        w.line("@java.io.Serial");
        w.line("private static final long serialVersionUID = 1L;");
        w.line("");
        ModuleGrant.emit(w);
        w.line("/** Called by the RMI runtime when a reference to a remote " + simple(model.sourceName())
                + " arrives. */");
        w.open("public " + model.stubName() + "(io.mobula.rmi.RemoteRef ref)");
        w.line("super(ref);");
        w.close();
        for (Method m : model.methods()) {
            w.line("");
            method(model, m, w);
        }
        w.close();
        return w.toString();
    }

    private static void method(RemoteModel model, Method m, SourceWriter w) {
        w.line("/** Method id " + m.id() + ": {@code " + m.signature() + "}" + (m.oneWay() ? ", one-way" : "")
                + ". */");
        w.line("@Override");
        if (m.uncheckedResult()) {
            w.line("@SuppressWarnings(\"unchecked\") // the runtime checks the erased class of the result");
        }
        List<String> params = new ArrayList<>();
        for (int i = 0; i < m.params().size(); i++) {
            params.add(m.params().get(i).declaredType() + " a" + i);
        }
        String typeParams = m.typeParameters().isEmpty() ? "" : m.typeParameters() + " ";
        String throwsClause = m.throwsClause().isEmpty() ? "" : " throws " + String.join(", ", m.throwsClause());
        w.open("public " + typeParams + m.result().declaredType() + " " + m.name() + "(" + String.join(", ", params)
                + ")" + throwsClause);
        // the call holds the connection until it is sent: try-with-resources gives it back on every Throwable
        w.open("try (io.mobula.rmi.Call call = ref.newCall(" + model.dispatcherName() + ".INTERFACE_HASH, " + m.id()
                + ", " + (m.oneWay() ? "io.mobula.rmi.Dispatcher.ONE_WAY" : "0") + "))");
        if (!m.params().isEmpty()) {
            w.open("try");
            w.line("io.mobula.serial.SerialWriter out = call.arguments();");
            for (int i = 0; i < m.params().size(); i++) {
                w.line("out." + writeMethod(m.params().get(i)) + "(a" + i + ");");
            }
            w.closeOpen("catch (java.lang.Throwable e)");
            w.line("throw call.marshalFailed(e);");
            w.close();
        }
        if (m.oneWay()) {
            // only RemoteExceptions (which every remote method declares) and unchecked ones can arise: no catch
            w.line("call.invokeOneWay();");
            w.close();
        } else {
            w.line(invoke(m.result()));
            w.closeOpen("catch (" + String.join(" | ", m.catchTypes()) + " e)");
            w.line("throw e;");
            if (!m.catchesAll()) {
                w.closeOpen("catch (java.lang.Throwable t)");
                w.line("throw io.mobula.rmi.Call.unexpected(t);");
            }
            w.close();
        }
        w.close();
    }

    /** Primitives and declared Strings have their own writes; everything else, arrays included, is an object. */
    private static String writeMethod(Param p) {
        return p.kind().writeMethod();
    }

    private static String invoke(Result r) {
        return switch (r.kind()) {
            case VOID -> "call.invokeVoid();";
            case OBJECT -> "return " + (r.unchecked() ? "(" + r.declaredType() + ") " : "")
                    + "call.invokeObject(" + r.classLiteral() + ".class);";
            case FUTURE -> "return " + (r.unchecked()
                    ? "(" + r.declaredType() + ") (java.util.concurrent.CompletableFuture<?>) " : "")
                    + "call.invokeAsync(" + r.classLiteral() + ".class);";
            default -> "return call.invoke" + r.kind().suffix() + "();";
        };
    }

    private static String simple(String qualified) {
        return qualified.substring(qualified.lastIndexOf('.') + 1);
    }
}
