package io.mobula.bench.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.bench.rmi.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A small hostile load on a real server JVM: the ordinary client's calls never fail, and the server closes every
 * garbage connection, the 2 GiB header and every stalled connection (the last after its handshake timeout).
 */
class HostileSuiteSmokeTest {

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void theServerShedsTheAttackersAndKeepsServing(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("hostile.jsonl");
        assertEquals(0, HostileSuite.run(new String[] {"--seconds", "2", "--settle", "1", "--garbage", "40",
                "--stalls", "6", "--json", json.toString()}));
        List<Map<String, Object>> lines = Files.readAllLines(json).stream().map(Json::parseFlat).toList();
        assertEquals(7, lines.size(), lines.toString());
        for (Map<String, Object> phase : lines.subList(0, 3)) {
            assertEquals(0.0, ((Number) phase.get("errors")).doubleValue(), "no ordinary call failed: " + phase);
            assertTrue(((Number) phase.get("calls")).longValue() > 0, "the client kept calling: " + phase);
        }
        Map<String, Object> attackers = lines.get(3);
        assertEquals(attackers.get("garbage_opened"), attackers.get("garbage_closed"), attackers.toString());
        assertEquals(40.0, ((Number) attackers.get("garbage_opened")).doubleValue(), attackers.toString());
        assertTrue(String.valueOf(attackers.get("huge_header")).startsWith("closed")
                || String.valueOf(attackers.get("huge_header")).startsWith("reset"), attackers.toString());
        assertEquals(6.0, ((Number) attackers.get("stalls_closed")).doubleValue(), attackers.toString());
        assertEquals(0.0, ((Number) attackers.get("stalls_open")).doubleValue(), attackers.toString());
        List<String> reasons = List.of("not one this process trusts", "maxHashWork", "maxHashWork");
        for (int i = 0; i < 3; i++) {
            Map<String, Object> bridge = lines.get(4 + i);
            assertEquals("refused", bridge.get("result"), "the JRMP bridge refused the attack: " + bridge);
            assertTrue(String.valueOf(bridge.get("told")).contains(reasons.get(i)),
                    "the client was told why: " + bridge);
            assertEquals(Boolean.TRUE, bridge.get("answered_after"), "and answered afterwards: " + bridge);
        }
        assertTrue(((Number) lines.get(6).get("server_cpu_ms_after")).doubleValue() < 1000,
                "no hashing left running on the bridge's server: " + lines.get(6));
    }
}
