package io.mobula.rmi;

import java.util.concurrent.Executor;
import java.util.concurrent.Executors;

/**
 * Completes futures of asynchronous calls on virtual threads, never on a receive thread: a dependent stage
 * that makes a blocking remote call must not stall the connection that would deliver its reply.
 */
final class AsyncCompletion {
    private static final Executor EXECUTOR = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("mobula-async-", 0).factory());

    private AsyncCompletion() {
    }

    static void complete(PendingCall call) {
        EXECUTOR.execute(() -> {
            if (call.failure() != null) {
                call.future.completeExceptionally(call.failure());
            } else if (call.thrown() != null) {
                call.future.completeExceptionally(call.thrown());
            } else {
                call.future.complete(call.objectResult());
            }
        });
    }

    static void run(Runnable r) {
        EXECUTOR.execute(r);
    }
}
