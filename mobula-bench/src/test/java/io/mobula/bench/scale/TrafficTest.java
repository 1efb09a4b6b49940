package io.mobula.bench.scale;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mobula.transport.Connection;
import io.mobula.transport.ConnectionStats;
import io.mobula.transport.Endpoint;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The ledger's LogGP timing of messages, driven by hand as the transports drive it (a send noted by its sender, then
 * its receipt on the thread that handles it): a chain costs what {@link CostModel#chain} says, a process's sends one
 * after another what {@link CostModel#flat} says, and receipts at one process are g apart.
 */
class TrafficTest {
    private static final LogGpParameters SHM = new LogGpParameters("shm", 0, 0.2, 0.2, 0.0002, "s");
    private static final LogGpParameters TCP = new LogGpParameters("tcp", 1, 1.5, 2, 0.0004, "s");

    /** One end of a link from node {@code from} to node {@code to}: the sender's or the receiver's. */
    private static Connection end(int from, int to, boolean sender) {
        Endpoint a = Endpoint.tcp("127.0.0.1", 10_000 + 100 * from + to);
        Endpoint b = Endpoint.tcp("127.0.0.1", 20_000 + 100 * from + to);
        Endpoint local = sender ? a : b;
        Endpoint remote = sender ? b : a;
        return new Connection() {
            @Override
            public void send(ByteBuffer frame) {
            }

            @Override
            public void send(ByteBuffer header, ByteBuffer body) {
            }

            @Override
            public boolean isOpen() {
                return true;
            }

            @Override
            public Endpoint remote() {
                return remote;
            }

            @Override
            public Endpoint local() {
                return local;
            }

            @Override
            public ConnectionStats stats() {
                return null;
            }

            @Override
            public void attach(Object attachment) {
            }

            @Override
            public Object attachment() {
                return null;
            }

            @Override
            public void close() {
            }
        };
    }

    private static void message(Traffic t, int from, int to, long bytes) {
        t.node(from).sent(end(from, to, true), bytes);
        t.node(to).received(end(from, to, false), bytes);
    }

    private static double[] both(double shm, double tcp) {
        return new double[] {shm, tcp};
    }

    @Test
    void aChainCostsWhatTheModelSaysForItsMessages() throws Exception {
        Traffic t = new Traffic(4, List.of(SHM, TCP));
        Thread th = Thread.ofPlatform().start(() -> {
            message(t, 0, 1, 100);
            message(t, 1, 2, 2000);
            message(t, 2, 3, 0);
        });
        th.join(10_000);
        assertEquals(3, t.maxDepth());
        assertEquals(2100, t.pathBytes());
        double[] want = both(CostModel.chain(SHM, 100, 2000, 0), CostModel.chain(TCP, 100, 2000, 0));
        assertArrayEquals(want, t.predicted(), 1e-9);
        assertArrayEquals(want, t.predictedBound(), 1e-9);
        assertEquals(0, t.inFlight());
    }

    @Test
    void oneProcessSendingToManyPaysTheGapPerSend() throws Exception {
        Traffic t = new Traffic(6, List.of(SHM, TCP));
        Thread th = Thread.ofPlatform().start(() -> {
            for (int to = 1; to <= 5; to++) {
                t.node(0).sent(end(0, to, true), 300);
            }
        });
        th.join(10_000);
        for (int to = 1; to <= 5; to++) {
            int from = to;
            Thread r = Thread.ofPlatform().start(() -> t.node(from).received(end(0, from, false), 300));
            r.join(10_000);
        }
        assertEquals(1, t.maxDepth());
        assertArrayEquals(both(CostModel.flat(SHM, 5, 300), CostModel.flat(TCP, 5, 300)), t.predicted(), 1e-9);
    }

    @Test
    void receiptsAtOneProcessAreAGapApartAndTimingRestarts() throws Exception {
        Traffic t = new Traffic(5, List.of(SHM, TCP));
        for (int from = 1; from <= 4; from++) {
            int f = from;
            Thread s = Thread.ofPlatform().start(() -> t.node(f).sent(end(f, 0, true), 40));
            s.join(10_000);
        }
        for (int from = 1; from <= 4; from++) {
            int f = from;
            Thread r = Thread.ofPlatform().start(() -> t.node(0).received(end(f, 0, false), 40));
            r.join(10_000);
        }
        assertArrayEquals(both(SHM.message(40) + 3 * SHM.gap(), TCP.message(40) + 3 * TCP.gap()), t.predicted(),
                1e-9);
        t.restartTiming();
        assertArrayEquals(both(0, 0), t.predicted(), 0);
        assertEquals(4, t.totalFrames(), "the counts stay");
        Thread th = Thread.ofPlatform().start(() -> message(t, 3, 4, 10));
        th.join(10_000);
        assertArrayEquals(both(SHM.message(10), TCP.message(10)), t.predicted(), 1e-9);
    }
}
