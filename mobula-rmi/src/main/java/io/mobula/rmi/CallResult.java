package io.mobula.rmi;

import java.util.concurrent.CompletableFuture;

/**
 * Holds what a remote method returned until the runtime writes the reply. Generated dispatchers call exactly one
 * setter per invocation; primitives are kept unboxed. For generated code.
 */
public final class CallResult {
    ResultKind kind = ResultKind.VOID;
    long prim;
    Object obj;
    CompletableFuture<?> future;

    void clear() {
        kind = ResultKind.VOID;
        prim = 0;
        obj = null;
        future = null;
    }

    /** The method returned normally with no value. */
    public void setVoid() {
        kind = ResultKind.VOID;
    }

    public void setBoolean(boolean v) {
        kind = ResultKind.BOOLEAN;
        prim = v ? 1 : 0;
    }

    public void setByte(byte v) {
        kind = ResultKind.BYTE;
        prim = v;
    }

    public void setChar(char v) {
        kind = ResultKind.CHAR;
        prim = v;
    }

    public void setShort(short v) {
        kind = ResultKind.SHORT;
        prim = v;
    }

    public void setInt(int v) {
        kind = ResultKind.INT;
        prim = v;
    }

    public void setLong(long v) {
        kind = ResultKind.LONG;
        prim = v;
    }

    public void setFloat(float v) {
        kind = ResultKind.FLOAT;
        prim = Float.floatToRawIntBits(v);
    }

    public void setDouble(double v) {
        kind = ResultKind.DOUBLE;
        prim = Double.doubleToRawLongBits(v);
    }

    public void setString(String v) {
        kind = ResultKind.STRING;
        obj = v;
    }

    /** Any object result, including arrays and remote objects (which travel as stubs). */
    public void setObject(Object v) {
        kind = ResultKind.OBJECT;
        obj = v;
    }

    /**
     * An asynchronous result: the reply is sent when {@code f} completes, with its value or its exception.
     * A {@code null} future is sent as a {@code null} value.
     */
    public void setFuture(CompletableFuture<?> f) {
        if (f == null) {
            setObject(null);
            return;
        }
        kind = ResultKind.OBJECT;
        future = f;
    }
}
