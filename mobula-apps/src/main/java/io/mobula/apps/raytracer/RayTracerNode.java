package io.mobula.apps.raytracer;

import io.mobula.rmi.OneWay;
import java.rmi.Remote;
import java.rmi.RemoteException;

/** What rank 0 offers the others in the RMI version of RayTracer. */
public interface RayTracerNode extends Remote {
    /** Rank {@code from}'s rows, one after the other, and their checksum. */
    @OneWay
    void rows(int from, int[] pixels, long checksum) throws RemoteException;
}
