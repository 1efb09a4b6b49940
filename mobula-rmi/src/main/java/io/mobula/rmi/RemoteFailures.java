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

    /**
     * What java.rmi's streams would have thrown for a serialization failure {@code e}: the first
     * {@link java.io.ObjectStreamException} ({@code NotSerializableException}, {@code InvalidClassException},
     * {@code StreamCorruptedException}, ...) or {@link ClassNotFoundException} among {@code e} and its causes (Mobula's
     * serializer attaches one as the cause of its {@code SerialException}), else {@code e} itself as an Exception.
     * A class that cannot be found is reported as java.rmi's class loader reports it without a codebase to load
     * from ({@link #classNotFound}).
     */
    static Exception javaIo(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof ClassNotFoundException cnf) {
                return classNotFound(cnf);
            }
            if (c instanceof java.io.ObjectStreamException x) {
                return x;
            }
        }
        return e instanceof Exception x ? x : new io.mobula.serial.SerialException(e.toString(), e);
    }

    /** What java.rmi's class loader adds to the name of a class it cannot find (it loads none from the network). */
    static final String NO_CLASS_LOADING = " (no security manager: RMI class loader disabled)";

    /**
     * {@code e} as java.rmi's class loader throws it when the class is not there: the same exception with
     * {@link #NO_CLASS_LOADING} after the class name. Mobula never loads classes from the network either.
     */
    static ClassNotFoundException classNotFound(ClassNotFoundException e) {
        String m = e.getMessage();
        if (m == null || m.endsWith(NO_CLASS_LOADING)) {
            return e;
        }
        return new ClassNotFoundException(m + NO_CLASS_LOADING, e.getException());
    }

    /** As java.rmi reports arguments the server could not read: its UnmarshalException, in a ServerException. */
    static RemoteException argumentsUnreadable(Exception cause) {
        return new ServerException("RemoteException occurred in server thread",
                new UnmarshalException("error unmarshalling arguments", cause));
    }

    /**
     * As java.rmi reports a result (or exception) the server could not write: the caller finds the stream aborted,
     * {@code WriteAbortedException} over the writer's exception, while reading the return.
     */
    static RemoteException resultUnwritable(Exception cause) {
        return new UnmarshalException("error unmarshalling return",
                new java.io.WriteAbortedException("writing aborted", cause));
    }

    /**
     * The exception for a runtime error reply ({@link RmiProtocol}'s {@code ERROR_*} codes); {@code cause} is the
     * java.io exception the server sent with a serialization failure, or null.
     */
    static RemoteException forError(int code, String message, Throwable cause) {
        if (cause instanceof Exception x && code == RmiProtocol.ERROR_UNMARSHAL_ARGUMENTS) {
            return argumentsUnreadable(x);
        }
        if (cause instanceof Exception x && code == RmiProtocol.ERROR_MARSHAL_RESULT) {
            return resultUnwritable(x);
        }
        return forError(code, message);
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
