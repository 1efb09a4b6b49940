package io.mobula.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.rmi.AsClient;
import io.mobula.rmi.RemoteClient;
import java.rmi.AccessException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Only a member speaks for its rank: a process that did not join cannot declare ranks dead or make them leave, even
 * when it presents a member's VM id (readable by anyone who connects to the member); and a member's report is
 * confirmed before a rank is declared dead.
 */
class CoordinatorAccessTest {
    /** Ranks that joined over unauthenticated connections 1 and 2 (no cluster secret). */
    private static final RemoteClient RANK0 = new RemoteClient("127.0.0.1", 0x1000, "tcp", false, 1);
    private static final RemoteClient RANK1 = new RemoteClient("127.0.0.1", 0x1001, "tcp", false, 2);
    private static final RemoteClient STRANGER = new RemoteClient("127.0.0.1", 0x6666, "tcp", false, 3);
    /** A stranger presenting rank 0's VM id, as it read it from rank 0's HELLO, on a connection of its own. */
    private static final RemoteClient SNIFFER = new RemoteClient("127.0.0.1", 0x1000, "tcp", false, 4);
    private static final Duration LEASE = Duration.ofSeconds(4);

    private PoolCoordinatorImpl coordinator;

    /**
     * A coordinator whose knock on a suspected member learns nothing (the members' address is made up): a report
     * then stands on the silence alone.
     */
    private static PoolCoordinatorImpl coordinator() {
        return new PoolCoordinatorImpl(FailureDetection.forLease(LEASE), (m, from, timeout) -> LivenessProbe.Answer
                .UNKNOWN, REAPER);
    }

    private static final java.util.concurrent.ScheduledExecutorService REAPER =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "test-pool-reaper");
                t.setDaemon(true);
                return t;
            });

    @BeforeEach
    void formPool() throws Exception {
        coordinator = coordinator();
        CompletableFuture<List<Member>> first = CompletableFuture.supplyAsync(() -> join(RANK0, 0));
        List<Member> second = join(RANK1, 1);
        assertEquals(2, second.size());
        assertEquals(2, first.get(10, TimeUnit.SECONDS).size());
    }

    @AfterEach
    void stop() {
        coordinator.shutdown();
    }

    private List<Member> join(RemoteClient as, int rank) {
        try {
            return AsClient.call(as, () -> coordinator.join("guarded", 2,
                    new Member(rank, "tcp://127.0.0.1:9", HostIdentity.local(), 100 + rank, null), 10_000));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private List<PoolEvent> events(RemoteClient as, int rank) throws Exception {
        return AsClient.call(as, () -> coordinator.heartbeat("guarded", rank, 0));
    }

    @Test
    void aStrangersReportIsRefusedAndTheRankStaysAlive() throws Exception {
        AccessException e = assertThrows(AccessException.class, () -> AsClient.call(STRANGER, () -> {
            coordinator.report("guarded", 0, 1, "I say rank 1 is dead");
            return null;
        }));
        assertTrue(e.getMessage().contains("report on rank 1 by rank 0 refused"), e.getMessage());
        assertTrue(e.getMessage().contains("is not rank 0"), e.getMessage());
        assertThrows(AccessException.class, () -> AsClient.call(STRANGER, () -> {
            coordinator.report("guarded", 7, 1, "no such reporter");
            return null;
        }));
        assertThrows(AccessException.class, () -> AsClient.call(STRANGER, () -> {
            coordinator.leave("guarded", 1);
            return null;
        }));
        assertThrows(AccessException.class, () -> events(STRANGER, 1));
        assertThrows(AccessException.class, () -> AsClient.call(STRANGER, () -> {
            coordinator.barrier("guarded", 1, 0, 100);
            return null;
        }));
        // a member cannot speak for another rank either
        assertThrows(AccessException.class, () -> AsClient.call(RANK0, () -> {
            coordinator.leave("guarded", 1);
            return null;
        }));
        assertEquals(List.of(), events(RANK1, 1), "rank 1 is alive and nothing happened");
        assertEquals(List.of(), events(RANK0, 0));
    }

    @Test
    void aStrangerPresentingAMembersVmIdIsNoMember() throws Exception {
        AccessException e = assertThrows(AccessException.class, () -> AsClient.call(SNIFFER, () -> {
            coordinator.report("guarded", 0, 1, "I say rank 1 is dead");
            return null;
        }));
        assertTrue(e.getMessage().contains("unauthenticated"), e.getMessage());
        assertThrows(AccessException.class, () -> events(SNIFFER, 0));
        assertThrows(AccessException.class, () -> AsClient.call(SNIFFER, () -> {
            coordinator.leave("guarded", 0);
            return null;
        }));
        // an authenticated caller is no member either unless its proven VM id is the one that joined authenticated
        RemoteClient provenOther = new RemoteClient("127.0.0.1", 0x7777, "tcp", true, 5);
        RemoteClient provenSame = new RemoteClient("127.0.0.1", 0x1000, "tcp", true, 6);
        assertThrows(AccessException.class, () -> events(provenOther, 0));
        assertThrows(AccessException.class, () -> events(provenSame, 0), "rank 0 joined unauthenticated");
        assertEquals(List.of(), events(RANK1, 1), "rank 1 is alive and nothing happened");
        assertEquals(List.of(), events(RANK0, 0));
    }

    @Test
    void aMemberThatJoinedAuthenticatedKeepsItsRightsOnANewAuthenticatedConnection() throws Exception {
        coordinator.shutdown();
        coordinator = coordinator();
        RemoteClient a = new RemoteClient("127.0.0.1", 0x2000, "tcp", true, 10);
        RemoteClient b = new RemoteClient("127.0.0.1", 0x2001, "tcp", true, 11);
        CompletableFuture<List<Member>> first = CompletableFuture.supplyAsync(() -> join(a, 0));
        join(b, 1);
        first.get(10, TimeUnit.SECONDS);
        RemoteClient aAgain = new RemoteClient("127.0.0.1", 0x2000, "shm", true, 12);
        assertEquals(List.of(), events(aAgain, 0));
        RemoteClient aClaimed = new RemoteClient("127.0.0.1", 0x2000, "tcp", false, 13);
        assertThrows(AccessException.class, () -> events(aClaimed, 0), "an unproven claim of the same VM id");
    }

    @Test
    void aReportOnARankThatStillHeartbeatsDeclaresNothing() throws Exception {
        CompletableFuture<Void> beats = CompletableFuture.runAsync(() -> {
            try {
                for (int i = 0; i < 20; i++) {
                    events(RANK1, 1);
                    Thread.sleep(100);
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        long t0 = System.nanoTime();
        AsClient.call(RANK0, () -> {
            coordinator.report("guarded", 0, 1, "my call to rank 1 failed");
            return null;
        });
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertTrue(ms < LEASE.toMillis() / 2 + 1_000, "the report returned once rank 1 heartbeat: " + ms + " ms");
        beats.get(10, TimeUnit.SECONDS);
        assertEquals(List.of(), events(RANK0, 0), "rank 1 heartbeats: it is not declared dead");
        assertEquals(List.of(), events(RANK1, 1));
    }

    @Test
    void aMembersReportOnASilentRankDeclaresItAheadOfItsLease() throws Exception {
        long t0 = System.nanoTime();
        AsClient.call(RANK0, () -> {
            coordinator.report("guarded", 0, 1, "unreachable");
            return null;
        });
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertTrue(ms >= LEASE.toMillis() / 2 - 50 && ms < LEASE.toMillis(),
                "confirmed by half a lease without a heartbeat, ahead of the lease: " + ms + " ms");
        List<PoolEvent> seen = events(RANK0, 0);
        assertEquals(1, seen.size());
        assertEquals(PoolEvent.Kind.DIED, seen.get(0).kind());
        assertEquals(1, seen.get(0).rank());
        PoolException told = assertThrows(PoolException.class, () -> events(RANK1, 1));
        assertTrue(told.getMessage().contains("reported unreachable by rank 0"), told.getMessage());
        AsClient.call(RANK0, () -> {
            coordinator.leave("guarded", 0);
            return null;
        });
    }

    @Test
    void directCallsInTheCoordinatorsProcessAreTrusted() throws Exception {
        coordinator.report("guarded", 0, 1, "reported in process");
        assertEquals(PoolEvent.Kind.DIED, events(RANK0, 0).get(0).kind());
    }
}
