package io.mobula.examples.fidelity.mobula;

import java.rmi.Remote;
import java.rmi.RemoteException;
import io.mobula.rmi.server.UnicastRemoteObject;
import java.util.Objects;

/** What a client sees of the exceptions a remote method throws: class and message, as it would print them. */
public class Messages {
    public interface Thrower extends Remote {
        int helpfulNullPointer(String s) throws RemoteException;

        void explicitNullPointer() throws RemoteException;

        void requireNonNull() throws RemoteException;

        void illegalArgument() throws RemoteException;

        void remoteException() throws RemoteException;

        void error() throws RemoteException;

        void checked() throws RemoteException, Refused;

        void nestedRemote() throws RemoteException;
    }

    public static class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        public Refused(String message) {
            super(message);
        }
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

        @Override
        public void remoteException() throws RemoteException {
            throw new RemoteException("server side trouble");
        }

        @Override
        public void error() {
            throw new AssertionError("broken invariant");
        }

        @Override
        public void checked() throws Refused {
            throw new Refused("not today");
        }

        @Override
        public void nestedRemote() throws RemoteException {
            throw new java.rmi.NoSuchObjectException("gone elsewhere");
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
            if (e.getCause() != null) {
                System.out.println("  cause " + e.getCause().getClass().getName() + ": " + e.getCause().getMessage());
            }
        }
    }

    public static void main(String[] args) throws Exception {
        ThrowerImpl impl = new ThrowerImpl();
        Thrower t = (Thrower) UnicastRemoteObject.exportObject(impl, 0);
        show("helpful", () -> t.helpfulNullPointer(null));
        show("explicit", t::explicitNullPointer);
        show("requireNonNull", t::requireNonNull);
        show("illegal argument", t::illegalArgument);
        show("RemoteException", t::remoteException);
        show("Error", t::error);
        show("checked", t::checked);
        show("a RemoteException subclass", t::nestedRemote);
        UnicastRemoteObject.unexportObject(impl, true);
        System.exit(0);
    }
}
