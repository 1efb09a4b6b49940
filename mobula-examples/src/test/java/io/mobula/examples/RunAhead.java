package io.mobula.examples;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

/**
 * The child JVMs of a test class's parameterized cases, in the order JUnit runs the cases, each case's started while
 * the case before it is checked: two runs at a time instead of one, so that one run's JVM starts and pool formation
 * use the processor the other leaves idle while it waits (such a run is mostly JVM start-up, and on a CI machine of
 * 2 cores one run alone leaves a processor idle much of the time). Only for runs that are independent of each other
 * and whose checks do not depend on timing; each case checks its own run exactly as it would have started it, every
 * run is bounded by its own timeout (say the launcher's {@code --timeout}), and {@link #close()} (from an
 * {@code @AfterAll}) ends the runs whose cases never came (a case before them failed, or a filter left them out).
 *
 * @param <K> what tells the cases apart (a main class, say); distinct per case
 */
public final class RunAhead<K> implements AutoCloseable {
    /** Starts the run of one case. */
    @FunctionalInterface
    public interface Starter<K> {
        ChildJvm start(K key) throws Exception;
    }

    private final List<K> order;
    private final Starter<K> starter;
    private final Map<K, ChildJvm> started = new HashMap<>();

    /** The runs of the cases {@code order}, in that order, each started by {@code starter}. */
    public RunAhead(List<K> order, Starter<K> starter) {
        this.order = List.copyOf(order);
        this.starter = starter;
        if (new HashSet<>(this.order).size() != this.order.size()) {
            throw new IllegalArgumentException("cases named twice: " + order);
        }
    }

    /**
     * The run of {@code key} (started now unless it was started ahead), after starting the next case's; the caller
     * closes it.
     */
    public synchronized ChildJvm take(K key) throws Exception {
        ChildJvm run = started.remove(key);
        if (run == null) {
            run = starter.start(key);
        }
        int next = order.indexOf(key) + 1;
        if (next > 0 && next < order.size() && !started.containsKey(order.get(next))) {
            try {
                started.put(order.get(next), starter.start(order.get(next)));
            } catch (Exception | Error e) {
                run.close();
                throw e;
            }
        }
        return run;
    }

    /** Ends the runs started ahead whose cases did not come. */
    @Override
    public synchronized void close() throws InterruptedException {
        for (ChildJvm run : started.values()) {
            run.close();
        }
        started.clear();
    }
}
