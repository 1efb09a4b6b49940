package io.mobula.bench.rmi;

import java.util.Objects;

/**
 * One measured constellation: a kernel with (for object kernels) one payload. The id, e.g.
 * {@code obj-ping-obj/tree(15)} or {@code null-call}, is what clients, tables and JSON lines use.
 */
public record BenchCase(Kernel kernel, PayloadSpec payload) {

    public BenchCase {
        Objects.requireNonNull(kernel, "kernel");
        if (kernel.takesObj() != (payload != null)) {
            throw new IllegalArgumentException(kernel.id() + (kernel.takesObj() ? " needs" : " takes no") + " payload");
        }
    }

    public static BenchCase of(Kernel kernel) {
        return new BenchCase(kernel, null);
    }

    public static BenchCase of(Kernel kernel, PayloadSpec payload) {
        return new BenchCase(kernel, payload);
    }

    public String id() {
        return payload == null ? kernel.id() : kernel.id() + "/" + payload.id();
    }

    public static BenchCase parse(String id) {
        int slash = id.indexOf('/');
        if (slash < 0) {
            return of(Kernel.byId(id));
        }
        return of(Kernel.byId(id.substring(0, slash)), PayloadSpec.parse(id.substring(slash + 1)));
    }

    /** User payload bytes of the argument (see {@link PayloadSpec#userBytes()}); primitive kernels count their args. */
    public long payloadBytes() {
        return payload == null ? kernel.primitiveArgBytes() : payload.userBytes();
    }

    /** Raw-baseline request body size: the DataOutput encoding of the argument. */
    public int rawRequestBytes() {
        return payload == null ? kernel.primitiveArgBytes() : RawEncoding.size(payload);
    }

    /** Raw-baseline reply body size. */
    public int rawReplyBytes() {
        return kernel.returnsObj() ? rawRequestBytes() : 0;
    }

    /** Raw-baseline callback body size, or -1 when the kernel does not call back. */
    public int rawCallbackBytes() {
        return kernel.callsBack() ? rawRequestBytes() : -1;
    }

    /** Raw-baseline callback reply body size (the pong's result). */
    public int rawCallbackReplyBytes() {
        return kernel.callsBack() && kernel.returnsObj() ? rawRequestBytes() : 0;
    }

    @Override
    public String toString() {
        return id();
    }
}
