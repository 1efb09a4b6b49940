package io.mobula.rmi;

import io.mobula.fuzz.model.Inventory;
import io.mobula.fuzz.model.Node;
import io.mobula.fuzz.model.Shape;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.List;
import java.util.Map;

/** The remote object the frame harness calls: arguments of the kinds applications send. Non-blocking, so calls run
 * on the receive thread, within the harness's own execution. */
public interface Probe extends Remote {
    @NonBlocking
    int take(String s, int[] ints, Shape shape, List<Object> any, Map<String, Node> nodes) throws RemoteException;

    @NonBlocking
    Object echo(Object o) throws RemoteException;

    @NonBlocking
    @OneWay
    void post(Inventory inventory, long stamp) throws RemoteException;
}
