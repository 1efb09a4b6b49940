package io.mobula.repmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A process joining the replicas costs the sequencer one message per replica no more (docs/REPMI.md, "Joining"): the
 * replicas there get the JOIN's order alone, which travels along the relay tree, and only the joiner gets the JOIN
 * with its payload (then its snapshot).
 */
class JoinOrderTest {
    // the stand-ins take pool ranks 45 and 46, which no other test of this JVM uses (they end marked lost)
    private static final int MEMBER = 45;
    private static final int JOINER = 46;

    @BeforeAll
    static void pool() throws Exception {
        TestPool.get();
    }

    /** Stands in for a replica: records each message it is sent ("order 12", "deliver 12", "install"). */
    private static ReplicaPort recording(List<String> got) {
        return (ReplicaPort) java.lang.reflect.Proxy.newProxyInstance(JoinOrderTest.class.getClassLoader(),
                new Class<?>[] {ReplicaPort.class}, (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "order", "deliver" -> got.add(method.getName() + " "
                                + ((RepmiMessages.Deliver) args[0]).seq());
                        case "install" -> got.add("install");
                        default -> {
                        }
                    }
                    return null;
                });
    }

    @Test
    void theReplicasGetAJoinsOrderAloneAndTheJoinerItsPayload() throws Exception {
        RepmiRuntime rt = RepmiRuntime.get();
        List<String> member = Collections.synchronizedList(new ArrayList<>());
        List<String> joiner = Collections.synchronizedList(new ArrayList<>());
        rt.usePort(MEMBER, recording(member));
        rt.usePort(JOINER, recording(joiner));
        long last = rt.sequencer.lastSequenced();
        rt.sequencer.restart(last, List.of(rt.pool.rank(), MEMBER));
        try {
            rt.sequencer.onSubmit(new RepmiMessages.Submit(JOINER, 1, 0, 0, RepmiMessages.JOIN, new long[0]),
                    rt.encode(null, () -> "a JOIN"));
            assertEquals(List.of("order " + (last + 1)), member, "the replica there: the order alone");
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (joiner.size() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(5); // the snapshot leaves when this process's replica runs the JOIN, in its turn
            }
            assertEquals(List.of("deliver " + (last + 1), "install"), joiner,
                    "the joiner: its JOIN with the payload, then the snapshot");
            assertTrue(rt.delivery.memberRanks().length >= 2, "the joiner is a member here");
        } finally {
            rt.failover.markLost(MEMBER);
            rt.failover.markLost(JOINER);
            rt.sequencer.restart(rt.sequencer.lastSequenced(), List.of(rt.pool.rank()));
            rt.forgetPort(MEMBER);
            rt.forgetPort(JOINER);
        }
    }
}
