package io.mobula.processor;

import io.mobula.processor.GroupModel.Method;
import io.mobula.processor.GroupModel.Param;
import io.mobula.processor.GroupModel.ParamKind;
import io.mobula.processor.GroupModel.Primitive;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Phase two: writes the parameter vector of one group method (thesis 5.3.1, Figure 5.10), a class nested in the
 * skeleton that extends {@code io.mobula.gmi.ParameterVector}: a typed field per parameter (primitives are not
 * boxed), typed {@code readX}/{@code write} overrides for the primitive types it has, {@code readObject} and
 * {@code write(p, Object)} for every parameter, {@code writeSubArray} for array parameters, and
 * {@code writeTo}/{@code readFrom} for its serializer. A range of a primitive array is kept as a view (the array,
 * {@code aiOff} and {@code aiLen}) and serialized without a copy; a range of an object array is copied.
 */
final class ParameterVectorEmitter {

    void emit(Method m, SourceWriter w) {
        List<Param> params = m.params();
        String name = m.vectorName();
        w.javadoc("Parameters of {@code " + m.description() + "}.");
        w.open("public static final class " + name + " extends io.mobula.gmi.ParameterVector");
        fields(params, w);
        constructors(name, params, w);
        accessors(params, w);
        w.line("@Override");
        w.open("public int size()");
        w.line("return " + params.size() + ";");
        w.close();
        w.line("");
        w.line("@Override");
        w.open("public String method()");
        w.line("return " + SerializerEmitter.quote(m.description()) + ";");
        w.close();
        w.line("");
        parameterType(params, w);
        for (Primitive t : Primitive.values()) {
            if (params.stream().anyMatch(p -> p.kind() == ParamKind.PRIMITIVE && p.primitive() == t)) {
                readPrimitive(params, t, w);
                writePrimitive(params, t, w);
            }
        }
        if (!params.isEmpty()) {
            readObject(params, w);
            writeObject(m, w);
        }
        for (Primitive t : Primitive.values()) {
            if (params.stream().anyMatch(p -> p.kind() == ParamKind.PRIMITIVE_ARRAY && p.primitive() == t)) {
                writePrimitiveSubArray(params, t, w);
            }
        }
        if (params.stream().anyMatch(p -> p.kind() == ParamKind.OBJECT_ARRAY)) {
            writeObjectSubArray(m, w);
        }
        writeTo(params, w);
        w.line("");
        readFrom(m, w);
        w.close();
    }

    private static void fields(List<Param> params, SourceWriter w) {
        for (int i = 0; i < params.size(); i++) {
            Param p = params.get(i);
            w.line(p.fieldType() + " a" + i + ";");
            if (p.kind() == ParamKind.PRIMITIVE_ARRAY) {
                w.javadoc("Start and length of the range of {@code a" + i + "} to send; length -1: all of it.");
                w.line("int a" + i + "Off;");
                w.line("int a" + i + "Len = -1;");
            }
        }
        if (!params.isEmpty()) {
            w.line("");
        }
    }

    private static void constructors(String name, List<Param> params, SourceWriter w) {
        if (params.isEmpty()) {
            w.javadoc("No parameters.");
            w.open("public " + name + "()");
            w.close();
            w.line("");
            return;
        }
        w.javadoc("Empty, for writing by a personalizer or combiner.");
        w.open("public " + name + "()");
        w.close();
        w.line("");
        List<String> declared = new ArrayList<>();
        for (int i = 0; i < params.size(); i++) {
            declared.add(params.get(i).fieldType() + " a" + i);
        }
        w.javadoc("The caller's arguments.");
        w.open("public " + name + "(" + String.join(", ", declared) + ")");
        for (int i = 0; i < params.size(); i++) {
            w.line("this.a" + i + " = a" + i + ";");
        }
        w.line("markAllWritten();");
        w.close();
        w.line("");
    }

    /** {@code ai()}: a primitive array parameter as the member gets it, only the range if one was written. */
    private static void accessors(List<Param> params, SourceWriter w) {
        for (int i = 0; i < params.size(); i++) {
            Param p = params.get(i);
            if (p.kind() == ParamKind.PRIMITIVE_ARRAY) {
                String a = "a" + i;
                w.open(p.fieldType() + " " + a + "()");
                w.line("return " + a + "Len < 0 ? " + a + " : java.util.Arrays.copyOfRange(" + a + ", " + a + "Off, "
                        + a + "Off + " + a + "Len);");
                w.close();
                w.line("");
            }
        }
    }

    private static void parameterType(List<Param> params, SourceWriter w) {
        w.line("@Override");
        w.open("protected String parameterType(int p)");
        if (params.isEmpty()) {
            w.line("throw mismatch(p, \"a parameter\");");
        } else {
            w.open("switch (p)");
            for (int i = 0; i < params.size(); i++) {
                w.line("case " + i + ":");
                w.line("    return " + SerializerEmitter.quote(params.get(i).description()) + ";");
            }
            defaultMismatch(w, "a parameter");
            w.close();
        }
        w.close();
        w.line("");
    }

    private static void readPrimitive(List<Param> params, Primitive t, SourceWriter w) {
        w.line("@Override");
        w.open("public " + t.keyword() + " read" + t.suffix() + "(int p)");
        w.open("switch (p)");
        for (int i : indexes(params, p -> p.kind() == ParamKind.PRIMITIVE && p.primitive() == t)) {
            w.line("case " + i + ":");
            w.line("    return a" + i + ";");
        }
        defaultMismatch(w, t.keyword());
        w.close();
        w.close();
        w.line("");
    }

    private static void writePrimitive(List<Param> params, Primitive t, SourceWriter w) {
        w.line("@Override");
        w.open("public void write(int p, " + t.keyword() + " value)");
        w.open("switch (p)");
        for (int i : indexes(params, p -> p.kind() == ParamKind.PRIMITIVE && p.primitive() == t)) {
            w.line("case " + i + ":");
            w.line("    a" + i + " = value;");
            w.line("    markWritten(" + i + ");");
            w.line("    return;");
        }
        defaultMismatch(w, t.keyword());
        w.close();
        w.close();
        w.line("");
    }

    private static void readObject(List<Param> params, SourceWriter w) {
        w.line("@Override");
        w.open("public Object readObject(int p)");
        w.open("switch (p)");
        for (int i = 0; i < params.size(); i++) {
            w.line("case " + i + ":");
            w.line("    return a" + i + (params.get(i).kind() == ParamKind.PRIMITIVE_ARRAY ? "()" : "") + ";");
        }
        defaultMismatch(w, "Object");
        w.close();
        w.close();
        w.line("");
    }

    /** A primitive parameter takes only its box; a reference one any instance of its erased type, or null. */
    private static void writeObject(Method m, SourceWriter w) {
        List<Param> params = m.params();
        w.line("@Override");
        if (m.unchecked()) {
            w.line("@SuppressWarnings(\"unchecked\") // the instance check covers the erased type");
        }
        w.open("public void write(int p, Object value)");
        w.open("switch (p)");
        for (int i = 0; i < params.size(); i++) {
            Param p = params.get(i);
            w.line("case " + i + ":");
            w.depthIn();
            if (p.kind() == ParamKind.PRIMITIVE) {
                String box = p.primitive().box();
                w.open("if (!(value instanceof " + box + "))");
                w.line("throw mismatch(p, value == null ? \"null\" : value.getClass().getTypeName());");
                w.close();
                w.line("a" + i + " = (" + box + ") value;");
            } else if (p.erasedType().equals("java.lang.Object")) {
                w.line("a" + i + " = value;");
            } else {
                w.open("if (value != null && !(value instanceof " + p.erasedType() + "))");
                w.line("throw mismatch(p, value.getClass().getTypeName());");
                w.close();
                w.line("a" + i + " = (" + p.fieldType() + ") value;");
            }
            if (p.kind() == ParamKind.PRIMITIVE_ARRAY) {
                w.line("a" + i + "Len = -1;");
            }
            w.line("markWritten(" + i + ");");
            w.line("return;");
            w.depthOut();
        }
        defaultMismatch(w, "Object");
        w.close();
        w.close();
        w.line("");
    }

    /** Keeps a view of the caller's range: it is serialized from there, without a copy. */
    private static void writePrimitiveSubArray(List<Param> params, Primitive t, SourceWriter w) {
        w.line("@Override");
        w.open("public void writeSubArray(int p, int off, int len, " + t.keyword() + "[] value)");
        w.open("switch (p)");
        for (int i : indexes(params, p -> p.kind() == ParamKind.PRIMITIVE_ARRAY && p.primitive() == t)) {
            w.line("case " + i + ":");
            w.depthIn();
            w.line("java.util.Objects.checkFromIndexSize(off, len, value.length);");
            w.line("a" + i + " = value;");
            w.line("a" + i + "Off = off;");
            w.line("a" + i + "Len = len;");
            w.line("markWritten(" + i + ");");
            w.line("return;");
            w.depthOut();
        }
        defaultMismatch(w, t.keyword() + "[]");
        w.close();
        w.close();
        w.line("");
    }

    /** An object array's range is copied into an array of the parameter's type. */
    private static void writeObjectSubArray(Method m, SourceWriter w) {
        List<Param> params = m.params();
        w.line("@Override");
        if (params.stream().anyMatch(p -> p.kind() == ParamKind.OBJECT_ARRAY && p.unchecked())) {
            w.line("@SuppressWarnings(\"unchecked\") // the instance check covers the erased type");
        }
        w.open("public void writeSubArray(int p, int off, int len, Object[] value)");
        w.open("switch (p)");
        for (int i : indexes(params, p -> p.kind() == ParamKind.OBJECT_ARRAY)) {
            Param p = params.get(i);
            w.line("case " + i + ":");
            w.depthIn();
            w.open("if (!(value instanceof " + p.erasedType() + "))");
            w.line("throw mismatch(p, value == null ? \"null\" : value.getClass().getTypeName());");
            w.close();
            w.line("java.util.Objects.checkFromIndexSize(off, len, value.length);");
            w.line("a" + i + " = " + (p.unchecked() ? "(" + p.fieldType() + ") " : "")
                    + "java.util.Arrays.copyOfRange(value, off, off + len, " + p.erasedType() + ".class);");
            w.line("markWritten(" + i + ");");
            w.line("return;");
            w.depthOut();
        }
        defaultMismatch(w, "Object[]");
        w.close();
        w.close();
        w.line("");
    }

    private static void writeTo(List<Param> params, SourceWriter w) {
        w.line("@Override");
        if (params.isEmpty()) {
            w.open("public void writeTo(io.mobula.serial.SerialWriter out)");
            w.close();
            return;
        }
        w.open("public void writeTo(io.mobula.serial.SerialWriter out) throws java.io.IOException");
        for (int i = 0; i < params.size(); i++) {
            Param p = params.get(i);
            String a = "a" + i;
            switch (p.kind()) {
                case PRIMITIVE -> w.line("out.write" + p.primitive().suffix() + "(" + a + ");");
                case PRIMITIVE_ARRAY -> {
                    String write = "out.write" + p.primitive().suffix() + "Array(";
                    w.open("if (" + a + "Len < 0)");
                    w.line(write + a + ");");
                    w.closeOpen("else");
                    w.line(write + a + ", " + a + "Off, " + a + "Len);");
                    w.close();
                }
                case OBJECT_ARRAY, OBJECT -> w.line("out.writeObject(" + a + ");");
            }
        }
        w.close();
    }

    private static void readFrom(Method m, SourceWriter w) {
        List<Param> params = m.params();
        w.line("@Override");
        if (params.isEmpty()) {
            w.open("public void readFrom(io.mobula.serial.SerialReader in)");
            w.close();
            return;
        }
        if (m.unchecked()) {
            w.line("@SuppressWarnings(\"unchecked\") // the reader checks the erased type");
        }
        w.open("public void readFrom(io.mobula.serial.SerialReader in) throws java.io.IOException");
        for (int i = 0; i < params.size(); i++) {
            Param p = params.get(i);
            String a = "a" + i;
            switch (p.kind()) {
                case PRIMITIVE -> w.line(a + " = in.read" + p.primitive().suffix() + "();");
                case PRIMITIVE_ARRAY -> {
                    w.line(a + " = in.readObject(" + p.erasedType() + ".class);");
                    w.line(a + "Len = -1;");
                }
                case OBJECT_ARRAY, OBJECT -> w.line(a + " = " + (p.unchecked() ? "(" + p.fieldType() + ") " : "")
                        + "in.readObject(" + p.erasedType() + ".class);");
            }
        }
        w.line("markAllWritten();");
        w.close();
    }

    private static void defaultMismatch(SourceWriter w, String asked) {
        w.line("default:");
        w.line("    throw mismatch(p, " + SerializerEmitter.quote(asked) + ");");
    }

    private static List<Integer> indexes(List<Param> params, Predicate<Param> which) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < params.size(); i++) {
            if (which.test(params.get(i))) {
                out.add(i);
            }
        }
        return out;
    }
}
