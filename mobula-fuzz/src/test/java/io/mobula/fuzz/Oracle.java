package io.mobula.fuzz;

import io.mobula.serial.SerialException;

/**
 * The property every harness checks: an input either decodes or fails with the decoder's documented checked
 * exception. A failure that wraps an error of the virtual machine (an allocation sized by an unchecked length, a
 * recursion of the decoder not bounded by {@code maxDepth}) is a finding even though it surfaced as the documented
 * exception. One stack overflow is not: a hash collection that contains itself (directly or through another
 * collection) as a key or element makes the JDK's own {@code hashCode} recurse without end while the decoder inserts
 * it, as it does under Java serialization; the decoder reports it as its documented exception (docs/WIRE.md,
 * "Limits on input").
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
            if (t instanceof StackOverflowError e && jdkRecursion(e)) {
                return;
            }
            if (t instanceof VirtualMachineError e) {
                throw new AssertionError("decoding failed with an error of the virtual machine: " + e, failure);
            }
            if (t.getCause() == t) {
                break;
            }
        }
    }

    /**
     * Whether the innermost frames of an overflowed stack are none of the decoder's: the recursion is in the values'
     * own {@code hashCode} or {@code equals} (the JDK's collections, records, the fuzzer's hooks).
     */
    private static boolean jdkRecursion(StackOverflowError e) {
        StackTraceElement[] frames = e.getStackTrace();
        if (frames.length < 256) {
            return false;
        }
        for (int i = 0; i < 256; i++) {
            String c = frames[i].getClassName();
            if (c.startsWith("io.mobula.serial.") || c.endsWith("_MobulaSerializer")) {
                return false;
            }
        }
        return true;
    }

    /** Checks a failure of a decoder that is documented to throw {@link SerialException} only. */
    public static void serial(SerialException failure) {
        expected(failure);
    }
}
