package io.mobula.bench.report;

/** A results directory or file the report cannot use; the message names the file (and line) and why. */
public final class ReportException extends Exception {
    private static final long serialVersionUID = 1L;

    public ReportException(String message) {
        super(message);
    }

    public ReportException(String message, Throwable cause) {
        super(message, cause);
    }
}
