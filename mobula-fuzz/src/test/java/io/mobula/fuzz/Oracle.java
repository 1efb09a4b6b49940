package io.mobula.fuzz;

import io.mobula.serial.SerialException;

/**
 * The property every harness checks: an input either decodes or fails with the decoder's documented checked
 * exception. A failure that wraps an error of the virtual machine (an allocation sized by an unchecked length, a
 * recursion not bounded by {@code maxDepth}) is a finding even though it surfaced as the documented exception.
 */
public final class Oracle {
    private Oracle() {
    }

    /**
     * Checks a documented failure: rethrows (as the finding) any {@link VirtualMachineError} in its cause chain.
     *
     * @param failure the exception the decoder threw, of the documented type
     */
    public static void expected(Exception failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof VirtualMachineError e) {
                throw new AssertionError("decoding failed with an error of the virtual machine: " + e, failure);
            }
            if (t.getCause() == t) {
                break;
            }
        }
    }

    /** Checks a failure of a decoder that is documented to throw {@link SerialException} only. */
    public static void serial(SerialException failure) {
        expected(failure);
    }
}
