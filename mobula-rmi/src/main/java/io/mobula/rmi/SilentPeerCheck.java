package io.mobula.rmi;

import io.mobula.transport.Endpoint;
import io.mobula.transport.ListenerKnock;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/**
 * Tells a slow peer from a gone one when a connection has been silent for the peer timeout (docs/JAVA_RMI.md, "A
 * silent peer"). A peer that sent nothing, not even an answer to a ping, for {@link RmiConfig#peerTimeout()} is
 * knocked on at its advertised {@code tcp://} listener ({@link ListenerKnock}), off the timer thread:
 * <ul>
 *   <li>refused: its process is gone; the connection closes at once, saying so;</li>
 *   <li>no answer within the knock timeout, or no listener to knock on: nothing is known (a dead host, a cut link);
 *       the connection closes, as it always did at the peer timeout;</li>
 *   <li>accepted: the process is there, only slow (a loaded host, a long pause, a JVM starting among many); it gets
 *       half a peer timeout more, once per silence, and the connection closes at one and a half peer timeouts of
 *       silence if it still sent nothing (a stopped or hung process).</li>
 * </ul>
 * Silence is counted in this process's own running time: a process that did not get to run (its timer ticked late
 * on a loaded host, a long pause) may have its peer's frames sitting unread in its socket, so that time is left out
 * ({@code silentNanos}), up to {@link #WALL_FACTOR} peer timeouts of wall-clock time. Any frame from the peer ends
 * the silence ({@link #heard}). A killed peer is not waited for at all: the kernel closes its sockets and the
 * connection ends on that, whatever this check says. Every wait is bounded by {@link #WALL_FACTOR} peer timeouts
 * plus a heartbeat tick. Timer thread for {@link #verdict}, any thread for the knock's answer.
 */
final class SilentPeerCheck {
    /** How long a knock may wait for the peer's kernel: a quarter of the peer timeout, at most a second. */
    static int knockTimeoutMillis(long peerTimeoutNanos) {
        return (int) Math.max(1, Math.min(1000, peerTimeoutNanos / 4_000_000));
    }

    /**
     * The most wall-clock time a silent peer is waited for, in peer timeouts, however late this process's own timer
     * ran (silence is otherwise counted in this process's running time).
     */
    static final int WALL_FACTOR = 5;

    /** What the timer does with the connection now. */
    record Verdict(boolean close, String reason) {
        static final Verdict KEEP = new Verdict(false, null);
    }

    private final BiFunction<Endpoint, Integer, ListenerKnock.Answer> knock;
    /** The silence a knock was started for (counts silences), or -1. */
    private long knockedIn = -1;
    private volatile long silences; // written by the timer thread only
    private volatile ListenerKnock.Answer answer;
    private volatile Endpoint knockedAt;

    SilentPeerCheck(BiFunction<Endpoint, Integer, ListenerKnock.Answer> knock) {
        this.knock = knock;
    }

    /** A frame came from the peer: the silence, and what was learned during it, are over. Timer thread. */
    void heard() {
        silences++;
        answer = null;
    }

    /** The answer to the knock of the current silence, if one came ({@code null} otherwise). */
    ListenerKnock.Answer answer() {
        return answer;
    }

    /**
     * One look at a peer silent for {@code silentNanos}; starts the knock (through {@code start}, which runs the
     * runnable on another thread) on the first look past the peer timeout.
     *
     * @param endpoints the peer's advertised endpoints, from its HELLO
     */
    Verdict verdict(long silentNanos, long wallNanos, long peerTimeoutNanos, List<Endpoint> endpoints,
                    Consumer<Runnable> start) {
        if (peerTimeoutNanos <= 0) {
            return Verdict.KEEP;
        }
        String silence = "peer sent nothing for " + wallNanos / 1_000_000 + " ms, not even a heartbeat (peer timeout "
                + peerTimeoutNanos / 1_000_000 + " ms" + (wallNanos - silentNanos >= 1_000_000_000L
                ? "; " + (wallNanos - silentNanos) / 1_000_000 + " ms of it this process did not run" : "") + ")";
        if (wallNanos >= WALL_FACTOR * peerTimeoutNanos) {
            return new Verdict(true, silence + "; " + WALL_FACTOR + " peer timeouts is the most waited in any case");
        }
        if (silentNanos < peerTimeoutNanos) {
            return Verdict.KEEP;
        }
        if (knockedIn != silences) {
            Endpoint at = endpoints.stream().filter(e -> "tcp".equals(e.transport()) && e.hasHost()).findFirst()
                    .orElse(null);
            if (at == null) {
                return new Verdict(true, silence);
            }
            knockedIn = silences;
            knockedAt = at;
            long silenceNow = silences;
            int timeout = knockTimeoutMillis(peerTimeoutNanos);
            start.accept(() -> {
                ListenerKnock.Answer a = knock.apply(at, timeout);
                if (silenceNow == silences) {
                    answer = a;
                }
            });
            return Verdict.KEEP;
        }
        ListenerKnock.Answer a = answer;
        if (a == ListenerKnock.Answer.GONE) {
            return new Verdict(true, silence + " and nothing listens at " + knockedAt
                    + " any more (its process is gone)");
        }
        if (a == ListenerKnock.Answer.UNKNOWN) {
            return new Verdict(true, silence + " and its listener at " + knockedAt + " does not answer");
        }
        if (silentNanos >= peerTimeoutNanos + peerTimeoutNanos / 2) {
            return new Verdict(true, silence + (a == ListenerKnock.Answer.PRESENT
                    ? "; its listener at " + knockedAt + " accepts connections, but a present process that stays"
                    + " silent is given half a peer timeout more at most (stopped or hung)"
                    : "; knocking on its listener at " + knockedAt + " gave no answer in time"));
        }
        return Verdict.KEEP; // the knock's answer is pending, or the process is present: slow, not dead
    }
}
