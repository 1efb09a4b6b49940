package io.mobula.repmi;

import io.mobula.rmi.OneWay;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * The remote object each process using RepMI exports (thesis 4.3). A writer sends its write's payload once to every
 * replica: to the sequencer's port ({@link #submit}), which gives it the next sequence number, and to the other
 * replicas' ({@link #publish}), which hold it (from {@link OrderRelay#relayFrom} replicas on, along a tree rooted at the
 * writer); the sequencer then broadcasts only the small order ({@link #order}), or the order with the payload
 * ({@link #deliver}) to a replica the writer did not send it to (one that joined meanwhile). One-way; the payload is a
 * standalone serialized message, so the same bytes go to every destination.
 */
interface ReplicaPort extends Remote {
    /** To the sequencer: a write to order, whose payload this replica holds too. */
    @OneWay
    void submit(RepmiMessages.Submit header, byte[] payload) throws RemoteException;

    /**
     * To a replica other than the sequencer: a write's payload, held until its order arrives. {@code relay} is this
     * replica's range of the writer's tree and the replicas in it ({@link RelaySubtree}), to which it forwards the
     * payload first ({@link OrderRelay}); null when it forwards to nobody. The header's {@code to} is empty: only the
     * sequencer reads it.
     */
    @OneWay
    void publish(RepmiMessages.Submit header, byte[] payload, int[] relay) throws RemoteException;

    /**
     * From the sequencer, or a relay above this replica in the sequencer's tree ({@link OrderRelay}): the place of a
     * write whose payload this replica received from the writer (or that needs none, a JOIN). {@code relay} is this
     * replica's range of the tree and the replicas in it ({@link RelaySubtree}), to which it forwards the order; null
     * when it forwards to nobody.
     */
    @OneWay
    void order(RepmiMessages.Deliver header, int[] relay) throws RemoteException;

    /** From the sequencer (or a new sequencer's fail-over): a write's place with its payload. */
    @OneWay
    void deliver(RepmiMessages.Deliver header, byte[] payload) throws RemoteException;

    /**
     * Flow control: replica {@code rank} has taken in every write up to {@code seq}, and can hold {@code budget}
     * payload bytes of writes it has not taken in (its {@code mobula.repmi.windowBytes}). The sequencer holds new writes
     * back while some replica lags more than a window of writes, or more than its byte budget, behind, so a fast writer
     * cannot exhaust a slow replica's memory.
     */
    @OneWay
    void progress(int rank, long seq, long budget) throws RemoteException;

    /**
     * A joining process receives the state at its JOIN's place in the order ({@link RepmiMessages.Snapshot}, as
     * {@link SnapshotCodec} bytes), in {@code parts} parts of at most {@link Joins#SNAPSHOT_PART} bytes.
     */
    @OneWay
    void install(int part, int parts, byte[] bytes) throws RemoteException;

    /** A joining process is refused as a replica, for {@code reason}: its join fails at once. */
    @OneWay
    void joinRefused(String reason) throws RemoteException;

    /**
     * Failover, step 1: fences off deliveries of epochs before {@code epoch} and reports this replica's highest
     * contiguously received sequence number and the highest it holds back.
     */
    long[] status(int epoch) throws RemoteException;

    /**
     * To the sequencer, from a replica that lacks orders (a gap in the numbers, or a relay above it died): the ordered
     * writes numbered {@code from} to {@code to} (the last one sequenced at most), with their payloads. {@code lost}
     * is a process the replica learned is gone (the sequencer routes no later order through it), or -1.
     */
    java.util.List<RepmiMessages.Entry> orders(long from, long to, int lost) throws RemoteException;

    /** Failover, step 2: the logged and held-back writes numbered {@code from} to {@code to} this replica has. */
    java.util.List<RepmiMessages.Entry> fetch(long from, long to) throws RemoteException;

    /**
     * Failover, step 2 for an ordered write whose payload no survivor logged with it: the payload of write {@code
     * call} of {@code origin} if this replica holds it, else null.
     */
    byte[] payload(int origin, long call) throws RemoteException;

    /** Failover, step 3: takes in the writes this replica misses; returns once they are queued. */
    void redeliver(java.util.List<RepmiMessages.Entry> entries) throws RemoteException;

    /**
     * Failover, step 4: {@code sequencer} sequences from {@code last + 1} on in {@code epoch}; writes of this process
     * that no replica received are submitted to it again.
     */
    void resume(int epoch, int sequencer, long last) throws RemoteException;
}
