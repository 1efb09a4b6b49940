package io.mobula.serial;

import java.nio.charset.StandardCharsets;

/**
 * The 64-bit layout hash sent with a type descriptor (thesis 2.4.2: the "version number" of a class
 * description). Generated serializers call {@link #of} with constant strings; the runtime fallback computes
 * the same parts by reflection, so both agree.
 *
 * <p>Parts, for each serializable class level from the top-most serializable superclass down: the binary
 * class name, then {@code name + ":" + descriptor} for every non-static, non-transient field of that level,
 * sorted by name. Records: the record name, then components in declaration order. Enums: the class name,
 * then the constant names in ordinal order.
 */
public final class Fingerprint {
    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private Fingerprint() {}

    /**
     * FNV-1a 64 over the UTF-8 bytes of the parts joined with {@code '\n'}.
     *
     * @param parts layout parts as described in the class comment
     * @return the fingerprint
     */
    public static long of(String... parts) {
        long h = FNV_OFFSET;
        for (int i = 0; i < parts.length; i++) {
            if (i > 0) {
                h = (h ^ '\n') * FNV_PRIME;
            }
            for (byte b : parts[i].getBytes(StandardCharsets.UTF_8)) {
                h = (h ^ (b & 0xff)) * FNV_PRIME;
            }
        }
        return h;
    }
}
