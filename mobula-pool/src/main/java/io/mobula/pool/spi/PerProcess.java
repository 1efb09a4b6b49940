package io.mobula.pool.spi;

import io.mobula.pool.Pool;
import io.mobula.pool.PoolException;
import java.rmi.RemoteException;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The one runtime a layer above the pool (GMI, RepMI) has per process, bound to one pool: a pool may be attached
 * before the first operation ({@code Group.attach}, {@code Cloud.attach}); otherwise the first operation starts the
 * runtime in the pool the environment describes ({@link Pool#joinShared()}). Once started, the runtime stays, and
 * attaching another pool fails.
 *
 * <p>Threading: {@link #get()} is one volatile read once the runtime is there; starting it and attaching are
 * serialized on this object.
 *
 * @param <R> the layer's runtime
 */
public final class PerProcess<R> {
    /** Starts a layer's runtime in a pool. */
    @FunctionalInterface
    public interface Start<R> {
        /** The runtime, working in {@code pool}. */
        R start(Pool pool) throws PoolException, RemoteException;
    }

    private final String layer;
    private final String operation;
    private final Start<R> start;
    private final Function<R, Pool> poolOf;
    private final BiFunction<String, Exception, RuntimeException> failure;
    private Pool attached;
    private volatile R instance;

    /**
     * @param layer the layer's name in messages ({@code GMI})
     * @param operation what its first operation is called in messages ({@code group operation})
     * @param start starts the runtime
     * @param poolOf the pool a runtime works in
     * @param failure the layer's exception for a runtime that cannot start (message, cause)
     */
    public PerProcess(String layer, String operation, Start<R> start, Function<R, Pool> poolOf,
            BiFunction<String, Exception, RuntimeException> failure) {
        this.layer = layer;
        this.operation = operation;
        this.start = start;
        this.poolOf = poolOf;
        this.failure = failure;
    }

    /**
     * Makes the runtime work in {@code pool}.
     *
     * @throws IllegalStateException if it already works in another pool
     */
    public synchronized void attach(Pool pool) {
        R r = instance;
        if (r != null && poolOf.apply(r) != pool) {
            throw new IllegalStateException(layer + " in this process already works in " + poolOf.apply(r)
                    + "; attach a pool before the first " + operation);
        }
        attached = pool;
    }

    /**
     * The runtime, started on first use in the attached pool, or else in the pool the environment describes.
     *
     * @throws RuntimeException the layer's exception if it cannot start
     */
    public R get() {
        R r = instance;
        return r != null ? r : startOnce();
    }

    private synchronized R startOnce() {
        if (instance == null) {
            Pool p = attached;
            try {
                if (p == null) {
                    p = Pool.joinShared();
                }
                instance = start.start(p);
            } catch (PoolException | RemoteException e) {
                throw failure.apply(layer + " cannot start in this process: " + e.getMessage(), e);
            }
        }
        return instance;
    }
}
