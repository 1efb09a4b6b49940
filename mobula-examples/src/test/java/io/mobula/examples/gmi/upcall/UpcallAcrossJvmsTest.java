package io.mobula.examples.gmi.upcall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.pool.cli.MobulaRun;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Where group member methods run, across 4 processes with a relay threshold of 2 (so every broadcast travels along
 * the binomial tree 0 -> {1, 2}, 2 -> 3): methods proven or stated non-blocking run on the thread that received the
 * invocation (a platform receive thread, inside the RMI receive path); a method that may block runs where it may wait
 * for the network, and does (a nested group invocation with a reply); and rank 3 gets every broadcast through rank
 * 2's relay only, a 160 KB one too (relayed from a thread that may wait). The thread that invokes a proven method
 * and waits for its reply receives the reply itself (it drives the progress of the connections it waits on). A
 * combined invocation's result and forwarded results reach the participants along the same tree (rank 2 relays them
 * to rank 3), personalized ones too, and a scatter's parts (rank 2 gets its own and rank 3's, and relays rank 3's).
 */
class UpcallAcrossJvmsTest {
    private static final List<String> SMALL_JVM = List.of("-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
    private static final Pattern LINE = Pattern.compile("\\[upcall\\] rank (\\d+) (.*)");

    @ParameterizedTest
    @ValueSource(strings = {"shm,tcp", "tcp"})
    void nonBlockingMethodsRunOnTheReceiveThreadAndRelayTreesCarryBroadcasts(String transports) throws Exception {
        List<String> argv = new ArrayList<>(List.of("--np", "4", "--timeout", "90"));
        for (String a : SMALL_JVM) {
            argv.add("-J");
            argv.add(a);
        }
        argv.addAll(List.of("-J", "-Dmobula.transports=" + transports, "-J", "-Dmobula.gmi.timeoutMs=30000",
                "-J", "-Dmobula.gmi.relayFrom=2",
                // a poll window long enough that a loaded machine still answers within it
                "-J", "-Dmobula.pollMicros=20000", UpcallMain.class.getName()));
        try (ChildJvm run = ChildJvm.start(MobulaRun.class, SMALL_JVM, argv.toArray(String[]::new))) {
            assertEquals(0, run.waitFor(Duration.ofSeconds(120)), run.output());
            Map<Integer, Map<String, String>> ranks = new HashMap<>();
            for (String l : run.output().split("\n")) {
                Matcher m = LINE.matcher(l.substring(Math.max(0, l.indexOf("[upcall]"))));
                if (l.contains("[upcall]") && m.matches()) {
                    Map<String, String> fields = new HashMap<>();
                    for (String kv : m.group(2).trim().split(" ")) {
                        int eq = kv.indexOf('=');
                        fields.put(kv.substring(0, eq), kv.substring(eq + 1));
                    }
                    ranks.put(Integer.parseInt(m.group(1)), fields);
                }
            }
            assertEquals(4, ranks.size(), run.output());
            assertEquals("3", ranks.get(0).get("nestedOk"), "every nested call got its reply\n" + run.output());
            for (int r = 1; r < 4; r++) {
                Map<String, String> f = ranks.get(r);
                String where = "rank " + r + ": " + f + "\n" + run.output();
                assertEquals("5", f.get("marks"), where);
                assertEquals("15", f.get("sum"), where);
                assertEquals(String.valueOf(UpcallMain.BIG), f.get("kept"), where);
                assertEquals(String.valueOf(UpcallMain.BIG - 1), f.get("keptLast"), where);
                // proven non-blocking: on a receive thread, not handed to a virtual thread; rank 2 excepted, whose
                // marks may all be handed off while its relay still looks rank 3 up (see below)
                if (r != 2) {
                    assertTrue(f.get("markThread").startsWith("platform:mobula-")
                            && f.get("markThread").contains("-recv-"), where);
                }
                assertTrue(f.get("statedThread").startsWith("platform:") && f.get("statedThread").contains("-recv-"),
                        where);
                assertEquals("true", f.get("statedOnReceiveThread"), where);
                // an invocation that must send to a process this one has not reached yet (its port is looked up in
                // the pool, a wait) is handed off: rank 2 relays to rank 3, and the five marks may all arrive before
                // the first relay has found rank 3; the stated broadcast comes after them, when rank 3 is known
                assertTrue(Long.parseLong(f.get("ranOnReceiveThread")) >= (r == 2 ? 1 : UpcallMain.BROADCASTS), where);
                // may block: ran where it could wait for another member's reply, not inside the receive path
                assertFalse(f.get("nestedThread").equals("none"), where);
                assertEquals("false", f.get("nestedOnReceiveThread"), where);
            }
            // the invoking thread received replies to its single invocations itself, while it waited (not all: on a
            // loaded machine a peer may answer after the window; 26 of 60 at a load average of 13 on 2 cores)
            long taken = Long.parseLong(ranks.get(0).get("peeksTaken"));
            assertTrue(taken >= UpcallMain.PEEKS / 2, taken + " of " + 3 * UpcallMain.PEEKS + " replies taken by"
                    + " the caller\n" + run.output());
            // rank 0's own member ran the proven broadcasts on the invoking thread itself (no thread started)
            assertEquals("platform:main", ranks.get(0).get("markThread"), run.output());
            // the relay tree carried the broadcasts between processes: 0 -> {2, 1}, 2 -> 3
            // the marks, the stated mark, the large array, the scatter (each relay its subtree's parts), and the
            // combined invocations forwarded to every member
            int broadcasts = UpcallMain.BROADCASTS + 5;
            assertEquals(String.valueOf(2 * broadcasts), ranks.get(0).get("relayed"), run.output());
            assertEquals(String.valueOf(broadcasts), ranks.get(2).get("relayed"), run.output());
            assertEquals("0", ranks.get(1).get("relayed"), run.output());
            assertEquals("0", ranks.get(3).get("relayed"), run.output());
            // a combined invocation's result, and each of the 4 members' results forwarded, reached every
            // participant along the tree over the participants: rank 2 relayed each to rank 3
            for (int r = 0; r < 4; r++) {
                assertEquals(String.valueOf(UpcallMain.BROADCASTS), ranks.get(r).get("combined"), run.output());
                assertEquals("4", ranks.get(r).get("forwarded"), "rank " + r + "\n" + run.output());
                // personalized: each participant its own part, rank 3's relayed by rank 2 (1 result, 4 forwarded)
                assertEquals(String.valueOf(UpcallMain.BROADCASTS + r), ranks.get(r).get("personalized"),
                        run.output());
                assertEquals("4", ranks.get(r).get("forwardedParts"), "rank " + r + "\n" + run.output());
                assertEquals("true", ranks.get(r).get("own"), "rank " + r + "'s part of the scatter\n"
                        + run.output());
                assertEquals(r == 2 ? "10" : "0", ranks.get(r).get("resultsRelayed"), "rank " + r + "\n"
                        + run.output());
            }
            // a relay forwards the bytes it got: ranks 1 to 3 encoded only their own nested invocation (one each),
            // rank 2 although it relayed every broadcast
            for (int r = 1; r < 4; r++) {
                assertEquals("1", ranks.get(r).get("encoded"), "rank " + r + "\n" + run.output());
            }
        }
    }
}
