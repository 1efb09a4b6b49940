package io.mobula.apps.qr;

import io.mobula.rmi.OneWay;
import java.rmi.RemoteException;

/** What a QR rank offers the others in the RMI version: the reduce tree and the H broadcast tree. */
public interface QrNode extends QrReduce {
    /** H of step {@code j}, broadcast from rank {@code root}; the receiver forwards it to its children. */
    @OneWay
    void putH(int j, int root, double[] h) throws RemoteException;
}
