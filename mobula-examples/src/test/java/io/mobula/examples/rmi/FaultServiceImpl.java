package io.mobula.examples.rmi;

import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import io.mobula.rmi.NonBlocking;
import java.rmi.RemoteException;
import org.hibernate.mobulatest.RefusedValue;

/** Server side of {@link FaultService}. */
public final class FaultServiceImpl implements FaultService {
    /** More than the default 64 MiB frame limit. */
    static final int HUGE = 70 << 20;

    /** Serializable, but its writeObject hook throws. */
    public static final class ThrowingHook implements Serializable {
        private static final long serialVersionUID = 1L;
        final String where;

        public ThrowingHook(String where) {
            this.where = where;
        }

        private void writeObject(ObjectOutputStream out) throws IOException {
            throw new IllegalStateException("writeObject of ThrowingHook failed on the " + where);
        }
    }

    /** A value no peer knew before; a test checks that its type descriptor still reaches the peer. */
    public record Fresh(String name, int n) implements Serializable {
    }

    /** Another one, for a second run. */
    public record Fresh2(long n) implements Serializable {
    }

    @Override
    public int add(int a, int b) {
        return a + b;
    }

    @Override
    public Object echo(Object o) {
        return o;
    }

    @Override
    public Object badResult(String kind) {
        return switch (kind) {
            case "hook" -> new ThrowingHook("server");
            case "not-serializable" -> new Object();
            case "refused" -> java.util.List.of(new RefusedValue(1), new Fresh2(7));
            case "huge" -> new byte[HUGE];
            default -> throw new IllegalArgumentException(kind);
        };
    }

    @Override
    public void failRemote(String message) throws RemoteException {
        throw new RemoteException(message);
    }

    @Override
    public void failError(String message) {
        throw new LinkageError(message);
    }

    @Override
    public void nap(int millis) {
        sleep(millis);
    }

    /** Wrongly marked: it makes a remote call, which cannot be made from a receive thread. */
    @Override
    @NonBlocking
    public int nested(FaultService other) throws RemoteException {
        try {
            return other.add(1, 2);
        } catch (RemoteException e) {
            // says whether RMI marked the call as never sent (Rmi.callNotSent), which a caller's retry logic and
            // Pool.lost rely on; the mark itself does not travel
            throw new RemoteException((io.mobula.rmi.Rmi.callNotSent(e) ? "never sent: " : "sent: ")
                    + e.getMessage(), e);
        }
    }

    @Override
    public String greet(Greeter greeter) throws RemoteException {
        return greeter.greet() + (greeter instanceof io.mobula.rmi.RemoteStub ? " (stub)" : " (copy)");
    }

    @Override
    public int sleep(int millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return millis;
    }
}
