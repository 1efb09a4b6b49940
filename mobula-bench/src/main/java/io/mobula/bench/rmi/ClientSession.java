package io.mobula.bench.rmi;

/**
 * A client's connection to a server of one {@link JvmRmiSystem}, used by one thread. The star kernel opens k of
 * them.
 */
public interface ClientSession extends AutoCloseable {

    /**
     * Builds the arguments of a case, performs the call once and checks the result (echoed object equal to the
     * argument, callback observed, ...), then returns the call to time.
     *
     * @throws Exception when the system fails the case or the validation
     */
    TimedCall prepare(BenchCase c) throws Exception;

    @Override
    void close() throws java.io.IOException;
}
