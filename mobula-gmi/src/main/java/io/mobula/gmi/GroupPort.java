package io.mobula.gmi;

import io.mobula.rmi.OneWay;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * The one remote object each process using GMI exports (thesis 5.4.2: the runtime's message handling). All traffic
 * is one-way: an invocation, a member's reply to its invoker, and the parts of combined operations. The value
 * travels as bytes serialized once by the sender ({@link io.mobula.serial.Serialization#toBytes}), so a broadcast
 * sends the same bytes to every destination. Calls arrive on the thread that received them ({@link GroupPortAdapter}
 * is {@code @NonBlocking}); what may block moves on from there.
 */
interface GroupPort extends Remote {
    /**
     * Runs an invocation on member {@code rank} in this process. {@code header} is the invocation's
     * {@link GroupMessages.Invoke} in its fixed layout ({@link InvokeHeader}) and {@code parameters} its serialized
     * parameter vector: the invoker encodes both once per invocation and every destination, and every relay down a
     * broadcast tree, gets the same two arrays; only {@code rank} is written per destination (the header's own rank
     * names the first destination and is replaced by {@code rank} on arrival). The parameters come last, so a large
     * vector leaves beside the small per-destination part.
     */
    @OneWay
    void invoke(int rank, byte[] header, byte[] parameters) throws RemoteException;

    /** A member's result (or exception) for a pending invocation of this process. */
    @OneWay
    void reply(GroupMessages.Reply header, byte[] value) throws RemoteException;

    /** A part of a combined operation for a receiver in this process (see {@link GroupMessages.Part}). */
    @OneWay
    void part(GroupMessages.Part header, byte[] value) throws RemoteException;
}
