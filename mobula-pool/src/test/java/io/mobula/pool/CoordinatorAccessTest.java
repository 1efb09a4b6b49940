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

/** Only a member speaks for its rank: a process that did not join cannot declare ranks dead or make them leave. */
class CoordinatorAccessTest {
    private static final RemoteClient RANK0 = new RemoteClient("127.0.0.1", 0x1000, "tcp");
    private static final RemoteClient RANK1 = new RemoteClient("127.0.0.1", 0x1001, "tcp");
    private static final RemoteClient STRANGER = new RemoteClient("127.0.0.1", 0x6666, "tcp");

    private PoolCoordinatorImpl coordinator;

    @BeforeEach
    void formPool() throws Exception {
        coordinator = new PoolCoordinatorImpl(Duration.ofSeconds(30));
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
    void aMembersReportStillWorks() throws Exception {
        AsClient.call(RANK0, () -> {
            coordinator.report("guarded", 0, 1, "unreachable");
            return null;
        });
        List<PoolEvent> seen = events(RANK0, 0);
        assertEquals(1, seen.size());
        assertEquals(PoolEvent.Kind.DIED, seen.get(0).kind());
        assertEquals(1, seen.get(0).rank());
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
