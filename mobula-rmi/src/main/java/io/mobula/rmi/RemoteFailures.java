package io.mobula.rmi;

import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.rmi.ServerError;
import java.rmi.ServerException;
import java.rmi.UnmarshalException;

/**
 * java.rmi's rules for what a caller sees when a call fails on the server side (thesis 2.2; java.rmi's
 * UnicastServerRef): a {@link RemoteException} the remote method threw arrives wrapped in {@link ServerException}, so
 * the caller can tell "the server's own outgoing call failed" from "the server is unreachable"; an {@link Error}
 * arrives as {@link ServerError}; anything else as thrown. Runtime errors the server reports without running the
 * method map to the exception java.rmi gives for them.
 */
final class RemoteFailures {
    private RemoteFailures() {
    }

    /** What the server sends for a throwable that left the remote method (or its result future). */
    static Throwable asThrownByServer(Throwable t) {
        if (t instanceof Error e) {
            return new ServerError("Error occurred in server thread", e);
        }
        if (t instanceof RemoteException r) {
            return new ServerException("RemoteException occurred in server thread", r);
        }
        return t;
    }

    /** The exception for a runtime error reply ({@link RmiProtocol}'s {@code ERROR_*} codes). */
    static RemoteException forError(int code, String message) {
        return switch (code) {
            case RmiProtocol.ERROR_NO_SUCH_OBJECT -> new NoSuchObjectException(message);
            case RmiProtocol.ERROR_INTERFACE_MISMATCH -> new InterfaceMismatchException(message);
            // as in java.rmi: the server's UnmarshalException, wrapped because it arose in the server
            case RmiProtocol.ERROR_UNMARSHAL_ARGUMENTS -> new ServerException("RemoteException occurred in server thread",
                    new UnmarshalException(message));
            case RmiProtocol.ERROR_MARSHAL_RESULT -> new UnmarshalException(message);
            default -> new RemoteException(message);
        };
    }
}
