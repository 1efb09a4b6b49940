package io.mobula.gmi;

/**
 * A forwarding or reply scheme, or a combination of them, that cannot work for the method it configures (thesis
 * 5.3.1); the message says what to change.
 */
public class ConfigurationException extends GroupException {
    private static final long serialVersionUID = 1L;

    /** An exception naming the invalid configuration. */
    public ConfigurationException(String message) {
        super(message);
    }

    /** An exception naming the invalid configuration, with its cause. */
    public ConfigurationException(String message, Throwable cause) {
        super(message, cause);
    }
}
