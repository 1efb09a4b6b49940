package io.mobula.transport;

import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts a transport's accepted connections, in all and per remote address, against its {@link ConnectionLimits}.
 * Thread-safe; {@link #admit} and {@link #release} pair up per accepted connection.
 */
final class Admission {

    private final ConnectionLimits limits;
    private final String transport;
    private final AtomicInteger total = new AtomicInteger();
    /** Accepted connections alive per remote address; an address with none has no entry. */
    private final ConcurrentHashMap<InetAddress, Integer> perHost = new ConcurrentHashMap<>();
    private final AtomicLong refused = new AtomicLong();
    private final RateLimitedLog refusals = new RateLimitedLog(StreamConnection.LOG, Level.WARNING,
            RateLimitedLog.DEFAULT_PERIOD);

    Admission(ConnectionLimits limits, String transport) {
        this.limits = limits;
        this.transport = transport;
    }

    /**
     * Reserves a place for a connection accepted from {@code peer}.
     *
     * @return whether it may stay; if not, nothing is reserved and the refusal is counted
     */
    boolean admit(InetAddress peer) {
        if (total.incrementAndGet() > limits.maxAccepted()) {
            total.decrementAndGet();
            refuse(peer, "this process already has " + limits.maxAccepted() + " accepted connections");
            return false;
        }
        boolean[] room = {false};
        perHost.compute(peer, (p, n) -> {
            int now = n == null ? 0 : n;
            if (now >= limits.maxAcceptedPerHost()) {
                return n;
            }
            room[0] = true;
            return now + 1;
        });
        if (!room[0]) {
            total.decrementAndGet();
            refuse(peer, peer.getHostAddress() + " already has " + limits.maxAcceptedPerHost() + " connections");
            return false;
        }
        return true;
    }

    /** Gives back the place of a connection {@link #admit} let in, when it ends. */
    void release(InetAddress peer) {
        perHost.computeIfPresent(peer, (p, n) -> n <= 1 ? null : n - 1);
        total.decrementAndGet();
    }

    /** Connections refused so far. */
    long refused() {
        return refused.get();
    }

    /** Accepted connections alive. */
    int accepted() {
        return total.get();
    }

    private void refuse(InetAddress peer, String why) {
        long n = refused.incrementAndGet();
        refusals.log(transport + " refused a connection from " + peer.getHostAddress() + ": " + why
                + " (ConnectionLimits; " + n + " refused so far)");
    }
}
