package io.mobula.repmi;

import io.mobula.rmi.OneWay;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * The remote object each process using RepMI exports: writes go to the sequencer's port ({@link #submit}), which
 * stamps them with the next sequence number and sends them to every replica's port ({@link #deliver}). One-way; the
 * payload is a standalone serialized message, so the sequencer forwards the writer's bytes unchanged.
 */
interface ReplicaPort extends Remote {
    @OneWay
    void submit(RepmiMessages.Submit header, byte[] payload) throws RemoteException;

    @OneWay
    void deliver(RepmiMessages.Deliver header, byte[] payload) throws RemoteException;

    /**
     * Flow control: replica {@code rank} has taken in every write up to {@code seq}. The sequencer holds new writes
     * back while some replica lags more than a window behind, so a fast writer cannot exhaust a slow replica's memory.
     */
    @OneWay
    void progress(int rank, long seq) throws RemoteException;

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

    /** Failover, step 2: the logged and held-back writes numbered {@code from} to {@code to} this replica has. */
    java.util.List<RepmiMessages.Entry> fetch(long from, long to) throws RemoteException;

    /** Failover, step 3: takes in the writes this replica misses; returns once they are queued. */
    void redeliver(java.util.List<RepmiMessages.Entry> entries) throws RemoteException;

    /**
     * Failover, step 4: {@code sequencer} sequences from {@code last + 1} on in {@code epoch}; writes of this process
     * that no replica received are submitted to it again.
     */
    void resume(int epoch, int sequencer, long last) throws RemoteException;
}
