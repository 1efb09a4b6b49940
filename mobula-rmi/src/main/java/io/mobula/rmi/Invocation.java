package io.mobula.rmi;

/**
 * One decoded remote call, ready to run: calls the target method and stores its outcome in the result.
 * Created by generated dispatchers; for generated code.
 */
@FunctionalInterface
public interface Invocation {

    /**
     * Runs the method; what it returns goes into {@code result}, what it throws propagates (any Throwable, so a
     * method declaring {@code throws Throwable} is delivered as declared).
     */
    void invoke(CallResult result) throws Throwable;
}
