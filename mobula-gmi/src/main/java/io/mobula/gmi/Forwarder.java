package io.mobula.gmi;

/**
 * Receives the results of a method configured with {@link ForwardReply} (thesis 5.2.4, Figure 5.9). Subclasses
 * override the {@code forward} variant for the method's result type; the others throw. The runtime calls it in the
 * invoking process once per member result (or exception), from a runtime thread, possibly from several threads at
 * once: synchronize as needed. An exception thrown here is logged and counted, never lost silently.
 */
public class Forwarder {
    /** A forwarder whose subclass overrides the variants it needs. */
    protected Forwarder() {
    }

    /** A {@code void} method completed on member {@code rank} of {@code size}. */
    public void forward(int rank, int size) {
        throw notOverridden("forward(int, int)");
    }

    /** Member {@code rank} of {@code size} threw {@code result}. */
    public void forward(int rank, int size, Exception result) {
        throw notOverridden("forward(int, int, Exception)");
    }

    /** Member {@code rank} of {@code size} returned {@code result}. */
    public void forward(int rank, int size, boolean result) {
        throw notOverridden("forward(int, int, boolean)");
    }

    /** Member {@code rank} of {@code size} returned {@code result}. */
    public void forward(int rank, int size, byte result) {
        throw notOverridden("forward(int, int, byte)");
    }

    /** Member {@code rank} of {@code size} returned {@code result}. */
    public void forward(int rank, int size, char result) {
        throw notOverridden("forward(int, int, char)");
    }

    /** Member {@code rank} of {@code size} returned {@code result}. */
    public void forward(int rank, int size, short result) {
        throw notOverridden("forward(int, int, short)");
    }

    /** Member {@code rank} of {@code size} returned {@code result}. */
    public void forward(int rank, int size, int result) {
        throw notOverridden("forward(int, int, int)");
    }

    /** Member {@code rank} of {@code size} returned {@code result}. */
    public void forward(int rank, int size, long result) {
        throw notOverridden("forward(int, int, long)");
    }

    /** Member {@code rank} of {@code size} returned {@code result}. */
    public void forward(int rank, int size, float result) {
        throw notOverridden("forward(int, int, float)");
    }

    /** Member {@code rank} of {@code size} returned {@code result}. */
    public void forward(int rank, int size, double result) {
        throw notOverridden("forward(int, int, double)");
    }

    /** Member {@code rank} of {@code size} returned {@code result}. */
    public void forward(int rank, int size, Object result) {
        throw notOverridden("forward(int, int, Object)");
    }

    private UnsupportedOperationException notOverridden(String m) {
        return new UnsupportedOperationException(getClass().getName() + " does not override " + m);
    }
}
