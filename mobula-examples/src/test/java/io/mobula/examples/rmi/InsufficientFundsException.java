package io.mobula.examples.rmi;

import java.io.Serial;

/**
 * An application exception with state of its own and no public or (String) constructor: it reaches the client whole,
 * as with java.rmi.
 */
public class InsufficientFundsException extends Exception {
    @Serial
    private static final long serialVersionUID = 1L;
    private final String account;
    final long missing;

    InsufficientFundsException(String account, long missing, Throwable cause) {
        super("account " + account + " is short by " + missing, cause);
        this.account = account;
        this.missing = missing;
    }

    /** @return the account that could not pay */
    public String account() {
        return account;
    }
}
