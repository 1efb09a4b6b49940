package io.mobula.bench.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.mobula.transport.ShmLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The C ping-pong's shared-memory constants are the transport's: every {@code #define SHM_<NAME>} of
 * src/main/c/pingpong.c equals the field {@code ShmLayout.<NAME>} (except the baseline's own ring size), so the C
 * baseline moves its bytes through the same layout as Mobula's rings and the Java raw baseline.
 */
class ShmLayoutInCTest {
    private static final Pattern DEFINE = Pattern.compile("^#define SHM_(\\w+) (0x[0-9a-fA-F]+|\\d+)\\s*$",
            Pattern.MULTILINE);
    /** Constants of the C program that are not part of the layout. */
    private static final Set<String> OWN = Set.of("CAPACITY");

    @Test
    void everyShmConstantOfTheCPingPongEqualsShmLayout() throws Exception {
        Path c = Path.of("src/main/c/pingpong.c");
        assertTrue(Files.isRegularFile(c), "run from the mobula-bench module: " + c.toAbsolutePath());
        Matcher m = DEFINE.matcher(Files.readString(c));
        Map<String, Long> found = new LinkedHashMap<>();
        while (m.find()) {
            String v = m.group(2);
            found.put(m.group(1), v.startsWith("0x") ? Long.parseLong(v.substring(2), 16) : Long.parseLong(v));
        }
        // the ones the C program must use to speak the layout at all
        for (String needed : new String[] {"MAGIC", "VERSION", "MAGIC_OFFSET", "CAPACITY_OFFSET",
                "CREATOR_PID_OFFSET", "OPENER_PID_OFFSET", "CONTROL_0", "CONTROL_1", "HEADER_BYTES", "TAIL", "HEAD"}) {
            assertTrue(found.containsKey(needed), "pingpong.c defines no SHM_" + needed + ": " + found);
        }
        for (Map.Entry<String, Long> e : found.entrySet()) {
            if (OWN.contains(e.getKey())) {
                continue;
            }
            long java;
            try {
                java = ((Number) ShmLayout.class.getField(e.getKey()).get(null)).longValue();
            } catch (NoSuchFieldException nsf) {
                fail("pingpong.c defines SHM_" + e.getKey() + ", which ShmLayout does not have");
                return;
            }
            assertEquals(java, e.getValue(), "SHM_" + e.getKey() + " in pingpong.c against ShmLayout."
                    + e.getKey());
        }
    }
}
