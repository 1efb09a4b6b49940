package io.mobula.serial;

/**
 * Test-only window into the runtime's package-private reflective fallback, so the processor's tests can
 * compare the fingerprint it generates with the one the fallback computes for the same class.
 */
public final class FallbackProbe {
    private FallbackProbe() {}

    public static long fallbackFingerprint(Class<?> type) throws SerialException {
        return Fallback.create(type).fingerprint();
    }
}
