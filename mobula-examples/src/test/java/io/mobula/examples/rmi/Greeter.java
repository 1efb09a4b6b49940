package io.mobula.examples.rmi;

import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;

/** A remote interface whose implementation is also Serializable: by value unless exported, as in java.rmi. */
public interface Greeter extends Remote {
    String greet() throws RemoteException;

    /** Serializable: travels by value when not exported, by reference (its stub) when exported. */
    final class Named implements Greeter, Serializable {
        private static final long serialVersionUID = 1L;
        private final String name;

        public Named(String name) {
            this.name = name;
        }

        @Override
        public String greet() {
            return "hello from " + name;
        }
    }
}
