package io.mobula.gmi;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Where messages between the participants of one operation meet their receiver: parts of a combined invocation, the
 * partial results of a binomial reduce, and the results a combined invocation's root hands out. A message may arrive
 * before its receiver waits, so either side creates the box. Keys name the group, the operation and the receiving
 * rank, so concurrent operations on one group never mix (thesis 5.2.6). Receivers wait with a bound and fail at once
 * when the runtime reports a lost process they depend on. Boxes a receiver never collected (its operation failed) are
 * swept after twice the operation timeout.
 */
final class Mailboxes {
    /** One arrived message. */
    record Letter(int from, boolean thrown, byte[] value) {
    }

    private final ConcurrentHashMap<String, Box> boxes = new ConcurrentHashMap<>();

    /** A box for up to {@code capacity} letters, one per sender rank. */
    static final class Box {
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition changed = lock.newCondition();
        final long created = System.nanoTime();
        private final java.util.HashMap<Integer, Letter> letters = new java.util.HashMap<>();
        private RuntimeException failure;

        void put(Letter l) {
            lock.lock();
            try {
                letters.putIfAbsent(l.from(), l);
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }

        /** Whether the letter from {@code from} (or a failure) is there; for a thread that receives it itself. */
        boolean arrived(int from) {
            lock.lock();
            try {
                return failure != null || letters.containsKey(from);
            } finally {
                lock.unlock();
            }
        }

        void fail(RuntimeException e) {
            lock.lock();
            try {
                if (failure == null) {
                    failure = e;
                }
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }

        /**
         * Waits for the letter from {@code from}.
         *
         * @throws GroupException after {@code timeoutNanos} (with {@code what} in the message) or on failure
         */
        Letter take(int from, long timeoutNanos, Supplier<String> what) {
            long deadline = System.nanoTime() + timeoutNanos;
            lock.lock();
            try {
                while (true) {
                    Letter l = letters.remove(from);
                    if (l != null) {
                        return l;
                    }
                    if (failure != null) {
                        throw failure;
                    }
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        throw new GroupException("timed out after " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos)
                                + " ms waiting for " + what.get());
                    }
                    changed.awaitNanos(left);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new GroupException("interrupted while waiting for " + what.get(), e);
            } finally {
                lock.unlock();
            }
        }
    }

    /** Failures of whole prefixes (broken groups): boxes made later under them fail at once. */
    private final ConcurrentHashMap<String, RuntimeException> failed = new ConcurrentHashMap<>();

    Box box(String key) {
        return boxes.computeIfAbsent(key, k -> {
            Box b = new Box();
            failed.forEach((prefix, e) -> {
                if (k.startsWith(prefix)) {
                    b.fail(e);
                }
            });
            return b;
        });
    }

    void deliver(String key, Letter l) {
        box(key).put(l);
    }

    void remove(String key) {
        boxes.remove(key);
    }

    /**
     * Fails every box whose key starts with {@code prefix}; with {@code permanent} (a broken group) boxes made later
     * under it fail too.
     */
    void failAll(String prefix, RuntimeException e, boolean permanent) {
        if (permanent) {
            failed.putIfAbsent(prefix, e);
        }
        boxes.forEach((k, b) -> {
            if (k.startsWith(prefix)) {
                b.fail(e);
            }
        });
    }

    /** Drops boxes older than {@code ageNanos}. */
    void sweep(long ageNanos) {
        long now = System.nanoTime();
        boxes.entrySet().removeIf(e -> now - e.getValue().created > ageNanos);
    }

    int size() {
        return boxes.size();
    }
}
