package io.mobula.examples.fidelity.jrmi;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.UnicastRemoteObject;
import java.util.Objects;

/** What a client sees of the exceptions a remote method throws: class and message, as it would print them. */
public class Messages {
    public interface Thrower extends Remote {
        int helpfulNullPointer(String s) throws RemoteException;

        void explicitNullPointer() throws RemoteException;

        void requireNonNull() throws RemoteException;

        void illegalArgument() throws RemoteException;
    }

    static class ThrowerImpl implements Thrower {
        @Override
        public int helpfulNullPointer(String s) {
            return s.length();
        }

        @Override
        public void explicitNullPointer() {
            throw new NullPointerException("explicit text");
        }

        @Override
        public void requireNonNull() {
            Objects.requireNonNull(null);
        }

        @Override
        public void illegalArgument() {
            throw new IllegalArgumentException("bad value");
        }
    }

    interface Call {
        void run() throws Exception;
    }

    static void show(String what, Call call) {
        try {
            call.run();
            System.out.println(what + ": returned");
        } catch (Exception e) {
            System.out.println(what + ": " + e.getClass().getName() + ": " + e.getMessage());
        }
    }

    public static void main(String[] args) throws Exception {
        ThrowerImpl impl = new ThrowerImpl();
        Thrower t = (Thrower) UnicastRemoteObject.exportObject(impl, 0);
        show("helpful", () -> t.helpfulNullPointer(null));
        show("explicit", t::explicitNullPointer);
        show("requireNonNull", t::requireNonNull);
        show("illegal argument", t::illegalArgument);
        UnicastRemoteObject.unexportObject(impl, true);
        System.exit(0);
    }
}
