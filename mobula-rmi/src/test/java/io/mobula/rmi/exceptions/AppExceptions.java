package io.mobula.rmi.exceptions;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serial;
import java.rmi.RemoteException;
import java.util.List;

/** Application exceptions of the kinds the tests send: none has a public or a (String) constructor. */
final class AppExceptions {
    private AppExceptions() {
    }

    /** The task's example: only a (long) constructor, package-private, a final field. */
    static final class InsufficientFunds extends Exception {
        @Serial
        private static final long serialVersionUID = 1L;
        final long missing;

        InsufficientFunds(long missing) {
            super("missing " + missing);
            this.missing = missing;
        }
    }

    /** A private nested class with private final fields, one of them a collection. */
    private static final class Secret extends RuntimeException {
        @Serial
        private static final long serialVersionUID = 1L;
        private final int code;
        private final List<String> tags;

        private Secret(int code, List<String> tags) {
            super();
            this.code = code;
            this.tags = tags;
        }
    }

    static RuntimeException secret(int code, List<String> tags) {
        return new Secret(code, tags);
    }

    static boolean isSecret(Throwable t) {
        return t instanceof Secret;
    }

    /** writeObject/readObject hooks: the hook writes extra data and restores a transient field from it. */
    static final class Hooked extends Exception {
        @Serial
        private static final long serialVersionUID = 1L;
        private final int base;
        private transient String derived;

        Hooked(int base) {
            super("hooked " + base);
            this.base = base;
            this.derived = "derived-" + base;
        }

        String derived() {
            return derived;
        }

        int base() {
            return base;
        }

        @Serial
        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeUTF("derived-" + base);
        }

        @Serial
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            derived = in.readUTF();
        }
    }

    /** Transient fields arrive at their defaults, as in Java serialization; a subclass level adds a field. */
    static class WithTransient extends IllegalStateException {
        @Serial
        private static final long serialVersionUID = 1L;
        transient int cache = 42;
        transient Object lock = new Object();
        final String kept;

        WithTransient(String kept) {
            super("with transient");
            this.kept = kept;
        }
    }

    static final class MoreTransient extends WithTransient {
        @Serial
        private static final long serialVersionUID = 1L;
        private final double[] samples;

        MoreTransient(String kept, double... samples) {
            super(kept);
            this.samples = samples;
        }

        double[] samples() {
            return samples;
        }
    }

    /** readResolve: the reader gets the canonical instance back. */
    static final class Resolving extends Exception {
        @Serial
        private static final long serialVersionUID = 1L;
        static final Resolving CANONICAL = new Resolving(7);
        final int code;

        private Resolving(int code) {
            super("resolving " + code);
            this.code = code;
        }

        static Resolving of(int code) {
            return new Resolving(code);
        }

        @Serial
        private Object readResolve() {
            return code == CANONICAL.code ? CANONICAL : this;
        }
    }

    /** An application RemoteException: its JDK level's public {@code detail} travels, as does its own field. */
    static final class Refused extends RemoteException {
        @Serial
        private static final long serialVersionUID = 1L;
        private final String account;

        Refused(String account, Throwable why) {
            super("refused " + account, why);
            this.account = account;
        }

        String account() {
            return account;
        }
    }

    /** getMessage() decorates the detail message; the detail message travels, not the decoration. */
    static final class Decorating extends Exception {
        @Serial
        private static final long serialVersionUID = 1L;
        private final int attempt;

        Decorating(String message, int attempt) {
            super(message);
            this.attempt = attempt;
        }

        @Override
        public String getMessage() {
            return super.getMessage() + " (attempt " + attempt + ")";
        }
    }
}
