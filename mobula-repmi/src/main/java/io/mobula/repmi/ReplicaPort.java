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
}
