package io.mobula.repmi.spi;

/**
 * Ends a blocking read (thesis 4.2.2, a read that waits in {@code cloudWait} on the local replica) that cannot go on:
 * its timeout passed with no write notifying it, or RepMI stopped in this process. An {@link Error}, like
 * {@link WriteRestart}, so that cloud code that catches {@code Exception} around its wait does not swallow it and
 * wait again for ever; the generated replication reference throws {@link #exception()} to the caller instead.
 */
public final class ReadAbort extends Error {
    private static final long serialVersionUID = 1L;

    private final RuntimeException exception;

    /** An abort that reaches the caller as {@code exception}. */
    public ReadAbort(RuntimeException exception) {
        super(exception.getMessage(), exception, false, false);
        this.exception = exception;
    }

    /** What the caller of the read gets. */
    public RuntimeException exception() {
        return exception;
    }
}
