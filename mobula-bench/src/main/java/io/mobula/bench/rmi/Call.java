package io.mobula.bench.rmi;

/** One timed remote call of a prepared case; must be cheap to invoke repeatedly (no per-call set-up). */
@FunctionalInterface
public interface Call {
    void invoke() throws Exception;
}
