package io.mobula.gmi;

import io.mobula.rmi.OneWay;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * The one remote object each process using GMI exports (thesis 5.4.2: the runtime's message handling). All traffic
 * is one-way: an invocation, a member's reply to its invoker, and the parts of combined operations. The value
 * travels as bytes serialized once by the sender ({@link io.mobula.serial.Serialization#toBytes}), so a broadcast
 * sends the same bytes to every destination. Calls arrive on the RMI runtime's threads (virtual threads), so a member
 * method may block.
 */
interface GroupPort extends Remote {
    /** Runs an invocation on a member in this process; {@code parameters} is its serialized parameter vector. */
    @OneWay
    void invoke(GroupMessages.Invoke header, byte[] parameters) throws RemoteException;

    /** A member's result (or exception) for a pending invocation of this process. */
    @OneWay
    void reply(GroupMessages.Reply header, byte[] value) throws RemoteException;

    /** A part of a combined operation for a receiver in this process (see {@link GroupMessages.Part}). */
    @OneWay
    void part(GroupMessages.Part header, byte[] value) throws RemoteException;
}
