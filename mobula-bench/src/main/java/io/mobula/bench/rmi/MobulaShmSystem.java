package io.mobula.bench.rmi;

/**
 * Mobula RMI over shared memory: as {@link MobulaSystem}, but both sides offer shm first
 * ({@code mobula.transports=shm}), so the TCP connection is upgraded to shared-memory rings and every call goes
 * through them; the client checks that before it measures.
 */
public final class MobulaShmSystem extends MobulaSystem {

    @Override
    public String name() {
        return "mobula-shm";
    }

    @Override
    public String transport() {
        return "shm";
    }
}
