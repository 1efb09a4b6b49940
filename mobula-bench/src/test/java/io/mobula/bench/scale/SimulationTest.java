package io.mobula.bench.scale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.bench.rmi.Json;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The simulation at small N, below and at GMI's and RepMI's relay threshold (16): the counts the protocols give,
 * exactly where they are deterministic; at each size every replica also applies concurrent writes of every member in
 * the same order ({@code Simulation}, after the measurements) (docs/PERFORMANCE.md, "Scale"). Each size runs in a JVM of its own, as
 * {@code mobula bench scale} runs it: the transports' process-wide threads of this JVM were started by other tests,
 * with their context class loader, which the simulated members must not see.
 */
class SimulationTest {
    /** The committed LogGP parameters: every row predicts its latency with them. */
    private static final Path MODEL = Path.of("..", ScaleSuite.DEFAULT_COST_MODEL);

    private static List<ScaleRow> simulate(int n) throws Exception {
        ScaleSuite.Outcome o = ScaleSuite.child(n, Simulation.OPERATIONS, MODEL, "1g", 60_000, false);
        assertEquals(null, o.failure(), "the simulation of " + n + " failed");
        return o.rows().stream().map(Json::parseFlat).filter(m -> !"footprint".equals(m.get("operation")))
                .map(SimulationTest::row).toList();
    }

    private static ScaleRow row(Map<String, Object> m) {
        return new ScaleRow(num(m, "n"), (String) m.get("operation"), num(m, "ops"), lng(m, "messages"),
                lng(m, "bytes"), lng(m, "max_per_member"), ((Number) m.get("mean_per_member")).doubleValue(),
                num(m, "depth"), num(m, "depth_bound"), lng(m, "coordinator_messages"), lng(m, "coordinator_bytes"),
                lng(m, "sequencer_messages"), lng(m, "sequencer_bytes"), lng(m, "undelivered"), lng(m, "path_bytes"),
                (String) m.get("cost_model"), Stream.of("shm", "tcp").map(t -> new ScaleRow.Prediction(t,
                        dbl(m, "predicted_" + t + "_us"), dbl(m, "predicted_" + t + "_bound_us"))).toList());
    }

    private static double dbl(Map<String, Object> m, String k) {
        if (!(m.get(k) instanceof Number x)) {
            throw new AssertionError("no number " + k + " in " + m);
        }
        return x.doubleValue();
    }

    private static int num(Map<String, Object> m, String k) {
        return (int) lng(m, k);
    }

    private static long lng(Map<String, Object> m, String k) {
        Object v = m.get(k);
        if (!(v instanceof Number x)) {
            throw new AssertionError("no number " + k + " in " + m);
        }
        return x.longValue();
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 16})
    void countsAreWhatTheProtocolsSend(int n) throws Exception {
        Map<String, ScaleRow> rows = simulate(n).stream()
                .collect(Collectors.toMap(ScaleRow::operation, Function.identity()));
        assertEquals(List.of("pool-form", "group-form", "broadcast", "broadcast-ack", "reduce", "reduce-to-all",
                "gather-to-all", "scatter", "combined-scatter", "all-to-all", "cloud-form", "repmi-write").stream()
                .sorted().toList(),
                rows.keySet().stream().sorted().toList());
        for (ScaleRow r : rows.values()) {
            assertEquals(0, r.undelivered(), "every frame sent arrived: " + r);
        }
        int log2 = 32 - Integer.numberOfLeadingZeros(n - 1); // ceil(log2 n)
        boolean tree = n >= 16; // mobula.gmi.relayFrom's default

        // pool formation: every message of it goes through the coordinator; about 9 per member
        ScaleRow pool = rows.get("pool-form");
        assertEquals(pool.messages(), pool.coordinatorMessages(), "every frame is to or from the coordinator: " + pool);
        assertTrue(pool.coordinatorMessages() >= 9L * n && pool.coordinatorMessages() <= 10L * n, pool.toString());
        // 13 per member to form the group, 4 per member for each of the 4 combined methods it configures (publish
        // and await its participant entry); member 0 publishes the group's view and participant 0 the outcome of each
        // combined method's roll call (2 each)
        ScaleRow group = rows.get("group-form");
        assertEquals(29L * n + 2 + 4 * 2, group.coordinatorMessages(), group.toString());
        // each member awaits one view and one outcome per combined method, not every other member's entries: the
        // bytes per member stay about the same from 4 to 16 members (they grew with N, to 813 KB at N = 1024)
        assertTrue(group.coordinatorBytes() / n < 4_000 + 80L * n, "bytes per member: " + group);

        // broadcast, results discarded: one message per other member, flat below 16 members, a binomial tree above
        ScaleRow b = rows.get("broadcast");
        assertEquals(n - 1, b.messages(), b.toString());
        assertEquals(tree ? log2 : n - 1, b.maxPerMember(), "the invoker's sends: " + b);
        assertEquals(tree ? log2 : 1, b.depth(), b.toString());
        assertEquals(b.depth(), b.depthBound(), b.toString());
        assertEquals(0, b.coordinatorMessages(), "the coordinator takes no part: " + b);

        // broadcast with a reply from every member, and a binomial reduce: 2 (N - 1)
        for (String op : List.of("broadcast-ack", "reduce", "reduce-to-all", "gather-to-all")) {
            ScaleRow r = rows.get(op);
            assertEquals(2L * (n - 1), r.messages(), r.toString());
            assertEquals(0, r.coordinatorMessages(), r.toString());
            assertTrue(r.depth() <= r.depthBound(), r.toString());
        }
        assertEquals(tree ? log2 : n - 1, rows.get("broadcast-ack").maxPerMember(), "the invoker's sends, or a relay's"
                + " and its reply");
        assertEquals(tree ? log2 + 1 : 2, rows.get("broadcast-ack").depth(), "down the tree and one reply back");
        // the combined invocations' result goes from participant 0 to every other participant as a broadcast does:
        // one after another below 16 participants, along the binomial tree over the participants from 16 on, where
        // no member sends more than ceil(log2 N) (participant 0 its children; a relay its parameters up and the
        // result to its children) and the result is ceil(log2 N) hops deep
        ScaleRow r2a = rows.get("reduce-to-all");
        ScaleRow g = rows.get("gather-to-all");
        assertEquals(tree ? log2 : n - 1, r2a.maxPerMember(), "the most one member sends: " + r2a);
        assertEquals(tree ? log2 : n - 1, g.maxPerMember(), "the most one member sends: " + g);
        // reduce-to-all: the parameters up the tree, the result down it (or straight back); gather-to-all: every
        // participant's parameters straight to participant 0, the result back the same way; the depth along threads
        // is a lower bound (a woken participant starts a new chain), at least the result's own hops
        assertTrue(r2a.depth() <= r2a.depthBound() && r2a.depthBound() <= 2 * log2
                && r2a.depth() >= (tree ? log2 : 1), r2a.toString());
        assertTrue(g.depth() <= g.depthBound() && g.depthBound() <= (tree ? log2 + 1 : 2)
                && g.depth() >= (tree ? log2 : 1), g.toString());

        // personalized parts (thesis 5.2.3-5.2.4) go as a broadcast does, from 16 destinations on as MPI's binomial
        // scatter: each child of the root gets its subtree's parts in one message and relays each of its children
        // theirs, so nobody sends more than ceil(log2 N) and every part is at most ceil(log2 N) hops from the root
        ScaleRow sc = rows.get("scatter");
        assertEquals(n - 1, sc.messages(), sc.toString());
        assertEquals(tree ? log2 : n - 1, sc.maxPerMember(), "the invoker's sends: " + sc);
        assertEquals(tree ? log2 : 1, sc.depth(), sc.toString());
        assertEquals(0, sc.coordinatorMessages(), sc.toString());
        // combined scatter: every participant's vector to participant 0, then each its own element back
        ScaleRow cs = rows.get("combined-scatter");
        assertEquals(2L * (n - 1), cs.messages(), cs.toString());
        assertEquals(tree ? log2 : n - 1, cs.maxPerMember(), "the most one member sends: " + cs);
        assertTrue(cs.depth() <= cs.depthBound() && cs.depthBound() <= (tree ? log2 + 1 : 2)
                && cs.depth() >= (tree ? log2 : 1), cs.toString());
        // all-to-all with personalized results: the parameters up, the invocation down to every member, every
        // member's answer to participant 0 (a flat combine), each participant its own part: 4 (N - 1); participant 0
        // and every relay send the invocation and the parts to their children, ceil(log2 N) each
        ScaleRow a2a = rows.get("all-to-all");
        assertEquals(4L * (n - 1), a2a.messages(), a2a.toString());
        assertEquals(tree ? 2 * log2 : 2 * (n - 1), a2a.maxPerMember(), "the most one member sends: " + a2a);
        assertTrue(a2a.depth() <= a2a.depthBound(), a2a.toString());
        assertEquals(0, a2a.coordinatorMessages(), a2a.toString());

        // RepMI: per write, the payload reaches every other replica (the sequencer with the submission) and the order
        // reaches every other replica: 2 (N - 1) messages. Below 16 replicas the writer sends each the payload and the
        // sequencer each its order (N of the messages go through it: 1 submission, N - 1 orders); from 16 on
        // (mobula.repmi.relayFrom's default) the orders travel along a binomial tree rooted at the sequencer, which
        // sends ceil(log2 N) of them, and the payload along one rooted at the writer, which sends at most
        // ceil(log2 N) copies and the submission: no process sends more than 2 ceil(log2 N) per write
        ScaleRow w = rows.get("repmi-write");
        assertEquals(Simulation.WRITES, w.ops());
        assertEquals(2L * (n - 1) * w.ops(), w.messages(), w.toString());
        assertEquals((1L + (tree ? log2 : n - 1)) * w.ops(), w.sequencerMessages(), w.toString());
        assertTrue(w.maxPerMember() <= (tree ? 2L * log2 : n - 1) * w.ops(), "the most one member sends: " + w);
        assertEquals(0, w.coordinatorMessages(), w.toString());
        // the writes follow one another (each waits for its order), so their chains add up: the submission, then
        // the order, directly or down the tree (ceil(log2 N) hops). By node clocks a relay's forward also counts as
        // caused by a payload copy that reached it first, so a chain may zig-zag between the writer's payload tree
        // and the sequencer's order tree: at most ceil(log2 N) hops down each (which comes first is a matter of
        // timing)
        assertTrue(w.depth() <= w.depthBound() && w.depthBound() <= (tree ? 1 + 2 * log2 : 2) * w.ops(), "payload or"
                + " submission, then the order: " + w);
        if (tree) {
            assertEquals(1 + log2, w.depth(), "the submission, then the orders down the tree to the deepest replica: "
                    + w);
        }
        predictionsFollowTheModel(n, rows);
    }

    /**
     * The predicted latencies are LogGP's for the messages counted: a flat broadcast is one process's N - 1 sends; a
     * tree's is no more than that and no less than its longest chain; the node clocks' bound is never below the
     * threads' value; every measured operation takes some time on both transports.
     */
    private static void predictionsFollowTheModel(int n, Map<String, ScaleRow> rows) throws Exception {
        CostModel model = CostModel.read(MODEL, "m");
        ScaleRow b = rows.get("broadcast");
        // below 16 every message is the same; a relay's carry their subtree's ranks, so the root's are the longest
        assertTrue(n >= 16 || b.bytes() % b.messages() == 0, "every broadcast message has the same size: " + b);
        long m = (b.bytes() + b.messages() - 1) / b.messages();
        for (int i = 0; i < 2; i++) {
            LogGpParameters p = model.transports().get(i);
            ScaleRow.Prediction got = b.predictions().get(i);
            assertEquals(p.transport(), got.transport());
            assertEquals("results/" + MODEL.getFileName(), b.costModel());
            double flat = CostModel.flat(p, n - 1, m);
            if (n < 16) {
                assertEquals(flat, got.micros(), 0.0015, "rank 0 sends to each in turn: " + b);
                assertEquals(b.depth() * m, b.pathBytes(), b.toString());
            } else {
                // at least the longest chain's messages one after another, less than sending to each in turn
                double chain = b.depth() * p.oneWay() + b.pathBytes() * p.gapPerByte();
                assertTrue(got.micros() >= chain - 0.0015 && got.micros() < flat, "the tree: " + b);
            }
            for (ScaleRow r : rows.values()) {
                ScaleRow.Prediction q = r.predictions().get(i);
                assertTrue(q.micros() > 0 && q.boundMicros() >= q.micros() - 0.0015, r.toString());
            }
        }
    }
}
