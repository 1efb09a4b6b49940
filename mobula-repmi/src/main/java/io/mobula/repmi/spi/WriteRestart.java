package io.mobula.repmi.spi;

/**
 * Thrown inside a method running as a read when it reaches something only a write may do (thesis 4.2.2, Figure 4.9):
 * the generated replication reference catches it and runs the invocation again as a write. Nothing the read did has
 * changed the cloud. An {@link Error}, so cloud code that catches {@code Exception} does not swallow it.
 */
public final class WriteRestart extends Error {
    private static final long serialVersionUID = 1L;

    /** A restart naming what the read reached. */
    public WriteRestart(String what) {
        super(what, null, false, false);
    }
}
