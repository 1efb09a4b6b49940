package io.mobula.bench.load;

/** The application exception {@link SoakService#fail} throws; the client checks it carries its argument. */
public final class SoakFault extends Exception {
    private static final long serialVersionUID = 1L;

    private final long value;

    public SoakFault(long value) {
        super("fault " + value);
        this.value = value;
    }

    /** The argument of the failing call. */
    public long value() {
        return value;
    }
}
