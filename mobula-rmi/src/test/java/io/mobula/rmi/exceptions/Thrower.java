package io.mobula.rmi.exceptions;

import java.rmi.Remote;

/** A remote interface whose one method throws the exception the test names. */
public interface Thrower extends Remote {
    /**
     * @param kind which exception to throw
     * @throws Exception always
     */
    void raise(String kind) throws Exception;
}
