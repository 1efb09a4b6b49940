package io.mobula.pool;

import io.mobula.transport.RateLimitedLog;
import java.lang.System.Logger.Level;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the adapter of a layer's port ({@link PoolPorts}) does with a message that fails: nothing escapes a one-way
 * message, which has nobody to answer, and one message's failure never fails its connection or the next message.
 * A message that a peer's malformed or hostile bytes made useless is {@link #refused}: one line a period at WARNING,
 * the rest counted (a peer can repeat it at will); a message the runtime could not take in {@link #failed}: logged
 * with its cause. Both are counted. Thread-safe; nothing here runs unless a message fails.
 */
public final class PortInbound {
    private final System.Logger log;
    private final RateLimitedLog refusals;
    private final LongAdder refused = new LongAdder();
    private final LongAdder failed = new LongAdder();

    /** @param log the adapter's logger */
    public PortInbound(System.Logger log) {
        this.log = Objects.requireNonNull(log, "log");
        this.refusals = new RateLimitedLog(log, Level.WARNING, RateLimitedLog.DEFAULT_PERIOD);
    }

    /** A message whose bytes do not decode or do not check was dropped, for {@code why}. */
    public void refused(String why) {
        refused.increment();
        refusals.log(why);
    }

    /** A message could not be taken in, for {@code cause}: logged at {@code level} with {@code what}. */
    public void failed(Level level, String what, Throwable cause) {
        failed.increment();
        log.log(level, what, cause);
    }

    /** Messages dropped for bytes that did not decode or check, since this process started. */
    public long refused() {
        return refused.sum();
    }

    /** Messages that could not be taken in for another reason, since this process started. */
    public long failed() {
        return failed.sum();
    }
}
