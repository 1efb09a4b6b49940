package io.mobula.bench.rmi;

/**
 * The kernels of the KaRMI benchmark collection (KaRMI 6.1 a and b), plus the thesis's RMI throughput
 * benchmark (thesis 2.5.3: the round trip of an RMI with a 100 KB array or a tree of 1023 objects as
 * its parameter, payload bytes per second).
 */
public enum Kernel {
    NULL_CALL("null-call", "void ping()", false, false, false),
    PING_2INT("ping-2int", "void ping(int,int)", false, false, false),
    PING_2INT_2FLOAT("ping-2int-2float", "void ping(int,int,float,float)", false, false, false),
    VOID_PING_OBJ("void-ping-obj", "void ping(obj)", true, false, false),
    OBJ_PING_OBJ("obj-ping-obj", "obj ping(obj)", true, true, false),
    /** The server calls {@code pong(obj)} back on a callback object the client exported, then both return. */
    VOID_PINGPONG_OBJ("void-pingpong-obj", "void pingpong(obj)", true, false, true),
    OBJ_PINGPONG_OBJ("obj-pingpong-obj", "obj pingpong(obj)", true, true, true),
    /** k clients wait at a barrier, then call one server together. */
    STAR("star", "obj star(obj), k clients", true, true, false),
    /** Thesis throughput: {@code void ping(obj)} with large payloads, MB/s of payload. */
    THROUGHPUT("throughput", "void ping(obj), throughput", true, false, false);

    private final String id;
    private final String signature;
    private final boolean takesObj;
    private final boolean returnsObj;
    private final boolean callsBack;

    Kernel(String id, String signature, boolean takesObj, boolean returnsObj, boolean callsBack) {
        this.id = id;
        this.signature = signature;
        this.takesObj = takesObj;
        this.returnsObj = returnsObj;
        this.callsBack = callsBack;
    }

    public String id() {
        return id;
    }

    public String signature() {
        return signature;
    }

    public boolean takesObj() {
        return takesObj;
    }

    public boolean returnsObj() {
        return returnsObj;
    }

    public boolean callsBack() {
        return callsBack;
    }

    /** Raw request body bytes for the primitive-argument kernels. */
    int primitiveArgBytes() {
        return switch (this) {
            case PING_2INT -> 8;
            case PING_2INT_2FLOAT -> 16;
            default -> 0;
        };
    }

    public static Kernel byId(String id) {
        for (Kernel k : values()) {
            if (k.id.equals(id)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown kernel " + id);
    }
}
