package io.mobula.rmi;

import io.mobula.serial.SerialWriter;
import java.rmi.RemoteException;

/** Where a call goes: a connection to a peer process, or the local short-cut in this JVM. */
interface CallChannel {

    /** Takes the channel's writer and starts a call message; the header is filled in by {@link #send}. */
    SerialWriter begin() throws RemoteException;

    /** Releases the writer after a failed argument write; nothing is sent. */
    void abort();

    /** Sends the call begun last and releases the writer; the reply settles {@code call} later. */
    void send(PendingCall call, boolean oneWay) throws RemoteException;

    /** Waits until {@code call} is settled or the call timeout passes. */
    void await(PendingCall call) throws RemoteException;
}
