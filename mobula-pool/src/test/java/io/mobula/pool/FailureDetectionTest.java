package io.mobula.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.rmi.AsClient;
import io.mobula.rmi.RemoteClient;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The coordinator's failure detection with short timeouts and a scripted probe: a suspected member is confirmed
 * before it is dropped. A silent member whose process is gone is declared dead as soon as it is suspected; one
 * whose process is present is kept while it heartbeats within the confirmation and declared dead when it does not;
 * a report on a live member declares nothing, one on a member whose process is gone declares it at once. Plus the
 * real probe against loopback sockets.
 */
class FailureDetectionTest {
    private static final RemoteClient RANK0 = new RemoteClient("127.0.0.1", 0x1000, "tcp", false, 1);
    private static final RemoteClient RANK1 = new RemoteClient("127.0.0.1", 0x1001, "tcp", false, 2);
    /** Suspected after 100 to 200 ms of silence, then 600 ms of confirmation. */
    private static final FailureDetection FAST = new FailureDetection(8.0, Duration.ofMillis(100),
            Duration.ofMillis(200), Duration.ofMillis(600));

    private final ScheduledExecutorService reaper = Executors.newSingleThreadScheduledExecutor();
    private final AtomicReference<LivenessProbe.Answer> answer = new AtomicReference<>(LivenessProbe.Answer.PRESENT);
    private PoolCoordinatorImpl coordinator;

    @Test
    void forLeaseTimesOutAfterHalfTheLeaseAtTheEarliest() {
        for (Duration lease : List.of(Duration.ofSeconds(6), Duration.ofSeconds(7), Duration.ofMillis(1),
                Duration.ofNanos(3), Duration.ofSeconds(1, 999_999_999), Duration.ofSeconds(Long.MAX_VALUE / 4, 1))) {
            FailureDetection d = FailureDetection.forLease(lease);
            assertEquals(lease.dividedBy(2), d.minTimeout(), lease.toString());
            assertEquals(lease, d.maxTimeout());
            assertEquals(lease, d.confirmTimeout());
        }
        assertThrows(IllegalArgumentException.class, () -> FailureDetection.forLease(Duration.ZERO));
    }

    @AfterEach
    void stop() {
        if (coordinator != null) {
            coordinator.shutdown();
        }
        reaper.shutdownNow();
    }

    /** A pool "fd" of two ranks, joined over connections 1 and 2. */
    private void form() throws Exception {
        coordinator = new PoolCoordinatorImpl(FAST, (m, from, timeout) -> answer.get(), reaper);
        CompletableFuture<List<Member>> first = CompletableFuture.supplyAsync(() -> join(RANK0, 0));
        join(RANK1, 1);
        first.get(10, TimeUnit.SECONDS);
    }

    private List<Member> join(RemoteClient as, int rank) {
        return join(as, rank, 2);
    }

    private List<Member> join(RemoteClient as, int rank, int size) {
        try {
            return AsClient.call(as, () -> coordinator.join("fd", size,
                    new Member(rank, "tcp://127.0.0.1:9", HostIdentity.local(), 100 + rank, null), 10_000));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private List<PoolEvent> beat(RemoteClient as, int rank) throws Exception {
        return AsClient.call(as, () -> coordinator.heartbeat("fd", rank, 0));
    }

    /** Rank 0 heartbeats every 20 ms until an event arrives or {@code limit} passes; the events it got. */
    private List<PoolEvent> beatUntilEvent(Duration limit) throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() - deadline < 0) {
            List<PoolEvent> ev = beat(RANK0, 0);
            if (!ev.isEmpty()) {
                return ev;
            }
            Thread.sleep(20);
        }
        return List.of();
    }

    @Test
    void aSilentMemberWhoseProcessIsGoneIsDeclaredDeadAsSoonAsItIsSuspected() throws Exception {
        answer.set(LivenessProbe.Answer.GONE);
        form();
        long t0 = System.nanoTime();
        List<PoolEvent> ev = beatUntilEvent(Duration.ofSeconds(5));
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertEquals(1, ev.size(), "rank 1 declared dead");
        assertEquals(PoolEvent.Kind.DIED, ev.get(0).kind());
        assertEquals(1, ev.get(0).rank());
        assertTrue(ev.get(0).detail().contains("died: no heartbeat for")
                && ev.get(0).detail().contains("its process is gone"), ev.get(0).detail());
        assertTrue(ms < 600, "declared on suspicion, not after the confirmation: " + ms + " ms");
    }

    @Test
    void aMemberSilentBeyondTheMaximumThatHeartbeatsWithinTheConfirmationIsKept() throws Exception {
        form();
        for (int round = 0; round < 2; round++) {
            // rank 1 stalls for 400 ms: twice the maximum timeout, less than it plus the confirmation
            long stallEnd = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(400);
            while (System.nanoTime() - stallEnd < 0) {
                assertEquals(List.of(), beat(RANK0, 0));
                Thread.sleep(20);
            }
            assertEquals(List.of(), beat(RANK1, 1), "rank 1 is still a member");
            for (int i = 0; i < 5; i++) {
                Thread.sleep(20);
                beat(RANK1, 1);
                assertEquals(List.of(), beat(RANK0, 0));
            }
        }
        // then it stops for good, present but silent: declared at most maximum + confirmation after its last beat
        long t0 = System.nanoTime();
        List<PoolEvent> ev = beatUntilEvent(Duration.ofSeconds(5));
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertEquals(1, ev.size());
        assertEquals(PoolEvent.Kind.DIED, ev.get(0).kind());
        assertTrue(ev.get(0).detail().contains("is present but silent"), ev.get(0).detail());
        assertTrue(ms >= 600 && ms < 800 + 400, "declared after the confirmation, within its bound: " + ms + " ms");
        PoolException told = assertThrows(PoolException.class, () -> beat(RANK1, 1));
        assertTrue(told.getMessage().contains("no heartbeat for"), told.getMessage());
    }

    @Test
    void aReportOnAMemberWhoseProcessIsPresentLeavesItToTheConfirmation() throws Exception {
        form();
        long t0 = System.nanoTime();
        AsClient.call(RANK0, () -> {
            coordinator.report("fd", 0, 1, "my call to rank 1 failed");
            return null;
        });
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertTrue(ms < 100, "the knock answered: the report returns at once, " + ms + " ms");
        beat(RANK1, 1); // it heartbeats: the suspicion is cleared
        Thread.sleep(150);
        beat(RANK1, 1);
        assertEquals(List.of(), beat(RANK0, 0), "rank 1 is alive: not declared dead");
        Thread.sleep(150);
        beat(RANK1, 1);
        assertEquals(List.of(), beat(RANK0, 0));
    }

    @Test
    void twoLiveMembersThatReportEachOtherLoseTheHigherRankOnATie() throws Exception {
        form(); // the knock finds both present, and both heartbeat: a cut link between them, not a death
        report(RANK0, 0, 1, "my call to rank 1 failed");
        beat(RANK1, 1);
        assertEquals(List.of(), beat(RANK0, 0), "one report on a live member declares nothing");
        report(RANK1, 1, 0, "my call to rank 0 failed");
        List<PoolEvent> ev = beat(RANK0, 0);
        assertEquals(1, ev.size(), "the second, mutual report drops one of them: " + ev);
        assertEquals(1, ev.get(0).rank(), "the higher rank on a tie");
        assertTrue(ev.get(0).detail().contains("cannot reach each other though both reach the coordinator")
                && ev.get(0).detail().contains("rank 1 dropped, the higher rank"), ev.get(0).detail());
        PoolException told = assertThrows(PoolException.class, () -> beat(RANK1, 1));
        assertTrue(told.getMessage().contains("a cut link"), told.getMessage());
    }

    @Test
    void ofTwoMembersThatCannotReachEachOtherTheHigherRankGoesHoweverManyReportedTheLower() throws Exception {
        // rank 0 is cut off from ranks 1 and 2, all three reach the coordinator: 1 and 2 report 0, then 0 reports 1.
        // The rule is the rank alone, which every member can predict (RepMI's sequencer, the lowest rank, stays)
        coordinator = new PoolCoordinatorImpl(FAST, (m, from, timeout) -> answer.get(), reaper);
        RemoteClient rank2 = new RemoteClient("127.0.0.1", 0x1002, "tcp", false, 3);
        java.util.concurrent.Executor threads = r -> Thread.ofPlatform().start(r);
        CompletableFuture<List<Member>> a = CompletableFuture.supplyAsync(() -> join(RANK0, 0, 3), threads);
        CompletableFuture<List<Member>> b = CompletableFuture.supplyAsync(() -> join(RANK1, 1, 3), threads);
        join(rank2, 2, 3);
        a.get(10, TimeUnit.SECONDS);
        b.get(10, TimeUnit.SECONDS);
        report(RANK1, 1, 0, "unreachable");
        report(rank2, 2, 0, "unreachable");
        report(RANK0, 0, 1, "unreachable");
        List<PoolEvent> ev = beat(RANK0, 0);
        assertEquals(1, ev.size(), ev.toString());
        assertEquals(1, ev.get(0).rank(), "rank 1, the higher of the pair that reported each other");
        report(RANK0, 0, 2, "unreachable"); // the second pair: rank 2 goes too, rank 0 stays alone with the coordinator
        ev = beat(RANK0, 0);
        assertEquals(2, ev.size(), ev.toString());
        assertEquals(2, ev.get(1).rank());
    }

    private void report(RemoteClient as, int reporter, int rank, String detail) throws Exception {
        AsClient.call(as, () -> {
            coordinator.report("fd", reporter, rank, detail);
            return null;
        });
    }

    @Test
    void aReportOnAMemberWhoseProcessIsGoneDeclaresItAtOnce() throws Exception {
        answer.set(LivenessProbe.Answer.GONE);
        form();
        beat(RANK1, 1);
        long t0 = System.nanoTime();
        AsClient.call(RANK0, () -> {
            coordinator.report("fd", 0, 1, "connection reset");
            return null;
        });
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        List<PoolEvent> ev = beat(RANK0, 0);
        assertEquals(1, ev.size(), "declared before the report returned");
        assertTrue(ev.get(0).detail().contains("its process is gone"), ev.get(0).detail());
        assertTrue(ms < 100, "the knock answered at once: " + ms + " ms");
    }

    @Test
    void theListenerProbeTellsAGoneProcessFromAPresentOne() throws Exception {
        HostIdentity here = HostIdentity.local();
        int closedPort;
        try (ServerSocket listening = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Member present = new Member(0, "tcp://127.0.0.1:" + listening.getLocalPort(), here, 1, null);
            assertEquals(LivenessProbe.Answer.PRESENT, LivenessProbe.LISTENER.probe(present, "127.0.0.1", 1_000));
            assertEquals(LivenessProbe.Answer.PRESENT, LivenessProbe.LISTENER.probe(present, null, 1_000),
                    "a member that joined in this process");
            assertEquals(LivenessProbe.Answer.UNKNOWN, LivenessProbe.LISTENER.probe(present, "127.0.0.2", 1_000),
                    "only the host the member joined from is knocked on");
            closedPort = listening.getLocalPort();
        }
        Member gone = new Member(0, "tcp://127.0.0.1:" + closedPort, here, 1, null);
        assertEquals(LivenessProbe.Answer.GONE, LivenessProbe.LISTENER.probe(gone, "127.0.0.1", 1_000));
        for (String address : List.of("tls://127.0.0.1:" + closedPort, "shm://x", "local://y", "not an address")) {
            assertEquals(LivenessProbe.Answer.UNKNOWN,
                    LivenessProbe.LISTENER.probe(new Member(0, address, here, 1, null), "127.0.0.1", 1_000), address);
        }
    }
}
