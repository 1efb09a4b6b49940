package io.mobula.bench.rmi;

/**
 * One timed remote call of a prepared case; must be cheap to invoke repeatedly (no per-call set-up). Named apart
 * from {@code io.mobula.rmi.Call}, which a Mobula system in this package will also see.
 */
@FunctionalInterface
public interface TimedCall {
    void invoke() throws Exception;
}
