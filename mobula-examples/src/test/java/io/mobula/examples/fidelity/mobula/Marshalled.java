package io.mobula.examples.fidelity.mobula;

import java.rmi.MarshalledObject;
import java.rmi.Remote;
import java.rmi.RemoteException;
import io.mobula.rmi.server.RemoteObject;
import io.mobula.rmi.server.UnicastRemoteObject;

/** Remote objects and stubs through MarshalledObject (Java serialization). */
public class Marshalled {
    public interface Echo extends Remote {
        String echo(String s) throws RemoteException;
    }

    public interface Other extends Remote {
        int number() throws RemoteException;
    }

    static class Server extends UnicastRemoteObject implements Echo {
        Server() throws RemoteException {
        }

        @Override
        public String echo(String s) {
            return "echo " + s;
        }
    }

    static class Plain implements Echo, Other {
        @Override
        public String echo(String s) {
            return "plain " + s;
        }

        @Override
        public int number() {
            return 42;
        }
    }

    public static void main(String[] args) throws Exception {
        Server server = new Server();
        Remote stub = RemoteObject.toStub(server);
        Object back = new MarshalledObject<Object>(server).get();
        System.out.println("exported server: the server itself back: " + (back == server) + ", a stub: "
                + (back instanceof Echo && !(back instanceof Server)) + ", equals its stub: " + back.equals(stub)
                + ", same hash: " + (back.hashCode() == stub.hashCode()) + ", calls: " + ((Echo) back).echo("a"));
        System.out.println("the server and its stub: server equals stub " + server.equals(stub)
                + ", stub equals server " + stub.equals(server) + ", same hash " + (server.hashCode() == stub.hashCode())
                + ", stub equals null " + stub.equals(null));
        Object again = new MarshalledObject<Object>(stub).get();
        System.out.println("its stub: equals: " + again.equals(stub) + ", same hash: "
                + (again.hashCode() == stub.hashCode()) + ", calls: " + ((Echo) again).echo("b"));
        MarshalledObject<Object> m1 = new MarshalledObject<>(stub);
        MarshalledObject<Object> m2 = new MarshalledObject<>(again);
        System.out.println("two MarshalledObjects of equal stubs are equal: " + m1.equals(m2));

        Plain plain = new Plain();
        Remote both = UnicastRemoteObject.exportObject(plain, 0);
        Object bothBack = new MarshalledObject<Object>(both).get();
        System.out.println("a stub of two interfaces: equals: " + bothBack.equals(both) + ", calls: "
                + ((Echo) bothBack).echo("c") + " " + ((Other) bothBack).number());
        UnicastRemoteObject.unexportObject(plain, true);
        UnicastRemoteObject.unexportObject(server, true);
        try {
            ((Echo) back).echo("d");
        } catch (RemoteException e) {
            System.out.println("after unexport: " + e.getClass().getName());
        }
        System.exit(0);
    }
}
