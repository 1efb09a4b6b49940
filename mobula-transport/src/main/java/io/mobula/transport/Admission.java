package io.mobula.transport;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Counts a transport's accepted connections, in all and per remote address, against its {@link ConnectionLimits},
 * and decides who gives way when a limit is reached. A connection counts as <em>unproven</em> from its accept until
 * the layer above says its peer passed the handshake ({@link Connection#handshakeDone()}). When a newcomer would go
 * over a limit, the oldest unproven connection that holds a place under that limit is closed to make room (it is told
 * why, {@link Refusal}): so connections that never authenticate, from one process or many, cannot lock the others of
 * their host out, whoever opened them; only proven connections (peers that know the cluster secret) hold their places
 * for good. A newcomer finds no room only when every place under the limit is proven, and is then told so.
 * Thread-safe; {@link #admit} and {@link #release} pair up per accepted connection.
 */
final class Admission {

    /** The place one accepted connection holds. */
    static final class Place {
        final InetAddress peer;
        private AutoCloseable holder;
        private boolean proven;
        private boolean released;

        private Place(InetAddress peer, AutoCloseable holder) {
            this.peer = peer;
            this.holder = holder;
        }
    }

    private final ConnectionLimits limits;
    private final String transport;
    // guarded by this
    private int total;
    private final Map<InetAddress, Integer> perHost = new HashMap<>();
    /** Unproven places, oldest first. */
    private final LinkedHashSet<Place> unproven = new LinkedHashSet<>();
    private long refused;
    private long evicted;
    private final RateLimitedLog refusals = new RateLimitedLog(StreamConnection.LOG, Level.WARNING,
            RateLimitedLog.DEFAULT_PERIOD);
    private final RateLimitedLog evictions = new RateLimitedLog(StreamConnection.LOG, Level.INFO,
            RateLimitedLog.DEFAULT_PERIOD);

    Admission(ConnectionLimits limits, String transport) {
        this.limits = limits;
        this.transport = transport;
    }

    /**
     * Reserves a place for a connection accepted from {@code peer}, closing the oldest unproven connection in the way
     * if a limit is reached.
     *
     * @param holder what to close if this connection is evicted before it is proven (the accepted socket; replace it
     *               with the connection once made, {@link #hold})
     * @return the place, or a refusal: the reason to tell the peer (nothing is reserved, the refusal is counted)
     */
    Object admit(InetAddress peer, AutoCloseable holder) {
        List<Place> out = new ArrayList<>(1);
        String why = null;
        Place place = null;
        synchronized (this) {
            if (total >= limits.maxAccepted()) {
                Place v = oldestUnproven(null);
                if (v == null) {
                    why = "this process already has " + limits.maxAccepted() + " accepted connections, all of"
                            + " authenticated peers (ConnectionLimits.maxAccepted, mobula.maxAcceptedConnections)";
                } else {
                    evictLocked(v, out);
                }
            }
            if (why == null && perHost.getOrDefault(peer, 0) >= limits.maxAcceptedPerHost()) {
                Place v = oldestUnproven(peer);
                if (v == null) {
                    why = peer.getHostAddress() + " already has " + limits.maxAcceptedPerHost() + " connections to"
                            + " this process, all of authenticated peers (ConnectionLimits.maxAcceptedPerHost,"
                            + " mobula.maxAcceptedConnectionsPerHost)";
                } else {
                    evictLocked(v, out);
                }
            }
            if (why == null) {
                place = new Place(peer, holder);
                total++;
                perHost.merge(peer, 1, Integer::sum);
                unproven.add(place);
            } else {
                refused++;
            }
        }
        for (Place v : out) {
            evictions.log(transport + " closed an unauthenticated connection from " + v.peer.getHostAddress()
                    + " to make room for one from " + peer.getHostAddress() + " (ConnectionLimits; " + evicted()
                    + " so far)");
            tellAndClose(v);
        }
        if (why != null) {
            refusals.log(transport + " refused a connection from " + peer.getHostAddress() + ": " + why + " ("
                    + refused() + " refused so far)");
            return why;
        }
        return place;
    }

    /**
     * From now on {@code holder} (the connection made from the accepted socket) is what an eviction closes; if the
     * place was evicted meanwhile, it is closed at once.
     */
    void hold(Place place, AutoCloseable holder) {
        boolean gone;
        synchronized (this) {
            place.holder = holder;
            gone = place.released;
        }
        if (gone) {
            tellAndClose(place);
        }
    }

    /** The connection of {@code place} passed its handshake: it is never evicted. */
    synchronized void proven(Place place) {
        place.proven = true;
        unproven.remove(place);
    }

    /** Gives back a place {@link #admit} gave, when its connection ends; nothing if it was evicted already. */
    synchronized void release(Place place) {
        if (place.released) {
            return;
        }
        place.released = true;
        unproven.remove(place);
        total--;
        perHost.computeIfPresent(place.peer, (p, n) -> n <= 1 ? null : n - 1);
    }

    /** Connections refused so far. */
    synchronized long refused() {
        return refused;
    }

    /** Unproven connections closed to make room so far. */
    synchronized long evicted() {
        return evicted;
    }

    /** Accepted connections alive (evicted ones no longer count). */
    synchronized int accepted() {
        return total;
    }

    private Place oldestUnproven(InetAddress peer) {
        for (Iterator<Place> it = unproven.iterator(); it.hasNext(); ) {
            Place p = it.next();
            if (peer == null || p.peer.equals(peer)) {
                return p;
            }
        }
        return null;
    }

    private void evictLocked(Place v, List<Place> out) {
        release(v);
        evicted++;
        out.add(v);
    }

    private void tellAndClose(Place v) {
        AutoCloseable h;
        synchronized (this) {
            h = v.holder;
        }
        if (h instanceof Connection c) {
            try {
                c.send(Refusal.frame("closed to make room: this process is at its connection limit and this"
                        + " connection had not authenticated"));
            } catch (IOException | RuntimeException e) {
                // closing anyway
            }
        }
        try {
            h.close();
        } catch (Exception e) {
            StreamConnection.LOG.log(Level.DEBUG, () -> "closing an evicted connection: " + e);
        }
    }
}
