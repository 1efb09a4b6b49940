package io.mobula.rmi;

import io.mobula.serial.SerialReader;
import io.mobula.serial.SerialWriter;
import java.io.IOException;

/**
 * How a result travels. Primitive results are never boxed on either side (KaRMI's per-return-type
 * {@code XApplicationCall}, KaRMI paper 4.2).
 */
enum ResultKind {
    VOID, BOOLEAN, BYTE, CHAR, SHORT, INT, LONG, FLOAT, DOUBLE, STRING, OBJECT;

    void write(SerialWriter out, long prim, Object obj) throws IOException {
        switch (this) {
            case VOID -> { }
            case BOOLEAN -> out.writeBoolean(prim != 0);
            case BYTE -> out.writeByte((byte) prim);
            case CHAR -> out.writeChar((char) prim);
            case SHORT -> out.writeShort((short) prim);
            case INT -> out.writeInt((int) prim);
            case LONG -> out.writeLong(prim);
            case FLOAT -> out.writeFloat(Float.intBitsToFloat((int) prim));
            case DOUBLE -> out.writeDouble(Double.longBitsToDouble(prim));
            case STRING -> out.writeString((String) obj);
            case OBJECT -> out.writeObject(obj);
        }
    }

    /** Reads into {@code call}; OBJECT results are checked against the expected type. */
    void read(SerialReader in, PendingCall call) throws IOException {
        switch (this) {
            case VOID -> { }
            case BOOLEAN -> call.primitiveResult(in.readBoolean() ? 1 : 0);
            case BYTE -> call.primitiveResult(in.readByte());
            case CHAR -> call.primitiveResult(in.readChar());
            case SHORT -> call.primitiveResult(in.readShort());
            case INT -> call.primitiveResult(in.readInt());
            case LONG -> call.primitiveResult(in.readLong());
            case FLOAT -> call.primitiveResult(Float.floatToRawIntBits(in.readFloat()));
            case DOUBLE -> call.primitiveResult(Double.doubleToRawLongBits(in.readDouble()));
            case STRING -> call.objectResult(in.readString());
            case OBJECT -> call.objectResult(in.readObject(call.expected));
        }
    }
}
