package io.mobula.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The server side of the naive versions' waiting calls: answers when the data comes, or null after its bound. */
class LongPollTest {
    private boolean ready;

    @Test
    void answersWhenTheDataArrivesAndGivesUpAfterItsBound() throws Exception {
        long t0 = System.nanoTime();
        synchronized (this) {
            assertFalse(LongPoll.await(this, () -> ready));
        }
        long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertTrue(waited >= LongPoll.MILLIS && waited < 10 * LongPoll.MILLIS, waited + " ms");

        CompletableFuture<Boolean> answer = CompletableFuture.supplyAsync(() -> {
            synchronized (this) {
                try {
                    return LongPoll.await(this, () -> ready);
                } catch (java.rmi.RemoteException e) {
                    throw new IllegalStateException(e);
                }
            }
        });
        synchronized (this) {
            ready = true; // before or while the other thread waits: it must see it either way
            notifyAll();
        }
        assertEquals(true, answer.get(5, TimeUnit.SECONDS));
    }
}
