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
 * garbage connection, the 2 GiB header and every stalled connection (the last after its handshake timeout). Then the
 * JRMP bridge's attacks, and the attacks on a live pool of three JVMs (its coordinator, GMI's and RepMI's ports).
 */
class HostileSuiteSmokeTest {

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void theServerShedsTheAttackersAndKeepsServing(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("hostile.jsonl");
        assertEquals(0, HostileSuite.run(new String[] {"--seconds", "2", "--settle", "1", "--garbage", "40",
                "--stalls", "6", "--json", json.toString()}));
        List<Map<String, Object>> lines = Files.readAllLines(json).stream().map(Json::parseFlat).toList();
        assertTrue(lines.size() > 8, lines.toString());
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
        thePoolHeld(lines.subList(7, lines.size()));
    }

    /**
     * The pool's lines ({@link PoolAttack}): strangers were turned away at the handshake, a member's acts in another
     * rank's name were refused with the reason, the hostile invocations and writes were sent, and after them every
     * rank passed the check (the others failed exactly the hostile invocations, the cloud holds only the real writes),
     * nobody heard of a death, and the coordinator kept its threads and descriptors.
     */
    private static void thePoolHeld(List<Map<String, Object>> pool) {
        Map<String, Object> after = pool.get(pool.size() - 1);
        assertEquals("pool-after", after.get("phase"), after.toString());
        assertEquals("held", after.get("verdict"), after.toString());
        assertEquals("ok", after.get("check_before"), after.toString());
        assertEquals("ok", after.get("check_after"), after.toString());
        assertEquals(0.0, ((Number) after.get("deaths")).doubleValue(), after.toString());
        assertTrue(number(after, "coordinator_threads_after") <= number(after, "coordinator_threads_before") + 10,
                after.toString());
        assertTrue(number(after, "coordinator_fds_after") <= number(after, "coordinator_fds_before") + 10,
                after.toString());
        // 256 MiB of payloads without an order were published to rank 1 (heap 256 MiB): it keeps a quarter of its heap
        assertTrue(number(after, "rank1_rss_kib_after") < 512 * 1024, after.toString());
        Map<String, Integer> kinds = new java.util.TreeMap<>();
        for (Map<String, Object> o : pool.subList(0, pool.size() - 1)) {
            assertEquals("pool", o.get("phase"), o.toString());
            String attack = String.valueOf(o.get("attack"));
            String result = String.valueOf(o.get("result"));
            String told = String.valueOf(o.get("told"));
            String kind = attack.startsWith("stranger") ? "stranger" : attack.startsWith("member-pool") ? "pool"
                    : attack.startsWith("member-gmi") ? "gmi" : attack.startsWith("member-repmi") ? "repmi" : attack;
            kinds.merge(kind, 1, Integer::sum);
            switch (kind) {
                case "stranger" -> {
                    assertTrue(result.startsWith("closed") || result.startsWith("refused"), o.toString());
                    if (attack.contains("wrong-secret")) {
                        assertTrue(told.contains("handshake") && told.contains("another cluster secret"), o.toString());
                    }
                }
                case "pool" -> {
                    if (attack.contains("-report-")) {
                        assertEquals("accepted", result, "a report is taken, then confirmed: " + o);
                    } else {
                        assertEquals("refused", result, o.toString());
                        assertTrue(told.contains(attack.contains("-join-") ? "cannot join it again" : "is not rank 1"),
                                o.toString());
                    }
                }
                case "gmi", "repmi" -> assertEquals("sent", result, o.toString());
                default -> throw new AssertionError("unexpected line " + o);
            }
        }
        assertEquals(Map.of("stranger", 8, "pool", 5, "gmi", 14, "repmi", 6), kinds, pool.toString());
    }

    private static double number(Map<String, Object> line, String key) {
        return ((Number) line.get(key)).doubleValue();
    }
}
