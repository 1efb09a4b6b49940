package io.mobula.repmi;

import java.util.concurrent.TimeUnit;

/**
 * Sends raw writes to the sequencer's {@link ReplicaPort}, and payloads without writes to other replicas, as a replica that does not follow RepMI's protocol could
 * ({@code bench hostile}, io.mobula.bench.hostile.HostileMember). It lives in RepMI's package because the port and its
 * messages are package-private: an attacker holding the cluster secret speaks them all the same, as
 * {@code ReplicaPortFuzzTest} does in-process. Not part of RepMI: nothing in the runtime uses it.
 */
public final class HostileReplicaPeer {
    private HostileReplicaPeer() {
    }

    /**
     * Submits {@code payload} to the current sequencer as a write of method {@code method} on cloud {@code cloud},
     * in this process's name with call id {@code call}; the sequencer sends the payload to every replica with its
     * order (no replica holds it from the writer).
     *
     * @throws java.rmi.RemoteException when the message could not be sent
     */
    public static void submit(String cloud, int method, long call, byte[] payload)
            throws java.rmi.RemoteException, InterruptedException {
        RepmiRuntime rt = RepmiRuntime.get();
        Replica replica = rt.byName(cloud);
        if (replica == null) {
            throw new IllegalStateException("no cloud '" + cloud + "' in this process");
        }
        int sequencer = (int) rt.failover.awaitSequencer(System.nanoTime() + TimeUnit.SECONDS.toNanos(10));
        rt.port(sequencer).submit(new RepmiMessages.Submit(rt.pool.rank(), call, 0, replica.id, method,
                new long[0]), payload);
    }

    /**
     * Publishes {@code payload} to the replica of pool rank {@code poolRank} as write {@code call} of writer
     * {@code origin} on cloud {@code cloud}, without ever submitting it: no order will come for it.
     *
     * @throws java.rmi.RemoteException when the message could not be sent
     */
    public static void publish(int poolRank, String cloud, int origin, long call, byte[] payload)
            throws java.rmi.RemoteException {
        RepmiRuntime rt = RepmiRuntime.get();
        Replica replica = rt.byName(cloud);
        if (replica == null) {
            throw new IllegalStateException("no cloud '" + cloud + "' in this process");
        }
        rt.port(poolRank).publish(new RepmiMessages.Submit(origin, call, 0, replica.id, 0, new long[0]), payload, null);
    }
}
