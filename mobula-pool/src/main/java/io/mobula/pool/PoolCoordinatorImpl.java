package io.mobula.pool;

import io.mobula.rmi.RemoteClient;
import io.mobula.transport.RateLimitedLog;
import java.lang.System.Logger.Level;
import java.rmi.AccessException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The coordinator: one state per pool name, guarded by one lock. Joins wait until the
 * pool is complete; a reaper declares members dead that stop heartbeating. A lock rather than a monitor: joins
 * wait on virtual threads, which a monitor would pin to their carrier on JDK 21.
 *
 * <p>A slow member is not a dead one (docs/POOL.md, Failure detection). Each member's heartbeats feed a
 * {@link PhiAccrualDetector}; when it suspects the member's silence, the member is suspected, not dropped: the
 * coordinator knocks on the member's listener ({@link LivenessProbe}) off the lock. A refused knock (the process is
 * gone) declares the member dead at once; otherwise a heartbeat within {@link FailureDetection#confirmTimeout}
 * clears the suspicion (its long interval then makes the detector more patient with that member), and without one the
 * member is declared dead when the confirmation runs out.
 *
 * <p>Only a member speaks for its rank: join records how each rank reached the coordinator, and heartbeat, report,
 * leave, barrier and the directory are refused with {@link AccessException} unless they come from the member of the
 * rank they name (for report: the reporting rank). Rights rest on what a peer proved, never on what it claims: a call
 * is the member's if it comes over the very connection the rank joined over ({@link RemoteClient#connection()}), or,
 * when both that join and the call came over authenticated connections, from the same VM id (the cluster-secret
 * handshake covers the HELLO that names it, so a reconnecting member keeps its rights). The VM id of a process that
 * did not authenticate is readable by anyone who connects to it, so it grants nothing. A call made directly in this
 * process (not through RMI) is trusted.
 *
 * <p>A report does not declare a rank dead on the reporter's word alone: it makes the rank suspected (and knocked on)
 * and waits up to {@link #reportNanos} (the detector's minimum timeout: half a lease, two of the member's heartbeat
 * periods) for the outcome. A rank that heartbeats after the report is alive (the reporter's own call failed, which it
 * reports to its caller) and stays in the pool; one whose process is gone is declared dead at once; one whose process
 * is present stays suspected and gets the whole confirmation; one about which nothing can be learned (no heartbeat,
 * no answer to the knock) is declared dead, as before, ahead of the detector.
 *
 * <p>Two members that each report the other within {@link #MUTUAL_WINDOW_NANOS} (or ten maximum timeouts, if longer)
 * while both heartbeat cannot reach each other though both reach the coordinator: a link between them is cut. Both
 * staying would leave a pool that is not fully connected, in which a group layer waits (a RepMI replica cut off from
 * its sequencer, a GMI member from its group) until its own timeout. So the higher rank of the two is declared gone
 * at the second report: a rule every member can predict, under which RepMI's sequencer (the lowest surviving rank)
 * is never the one dropped, so the replicas that keep the order stay. The member learns it at its next heartbeat, as
 * any member declared gone does.
 */
final class PoolCoordinatorImpl implements PoolCoordinator {
    private static final System.Logger LOG = System.getLogger(PoolCoordinatorImpl.class.getName());

    /**
     * The most ranks a pool may have. A pool's state is allocated for its size when its first rank joins, so the size
     * a caller names must be bounded before anything is allocated for it.
     */
    static final int MAX_SIZE = 1 << 16;

    /** How long a report is remembered to match the named member's report of its reporter: a cut link (30 s). */
    static final long MUTUAL_WINDOW_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final Map<String, State> pools = new HashMap<>();
    private final FailureDetection detection;
    private final LivenessProbe probe;
    /** How long a suspected member whose process seems present may take to heartbeat. */
    private final long confirmNanos;
    /**
     * How long a report waits for a heartbeat of the rank it names (or an answer of the knock) before the rank is
     * declared dead: the minimum timeout (half a lease, two heartbeat periods of a member), at least 100 ms.
     */
    private final long reportNanos;
    /** How long a report is remembered for {@link #cutLink}: the larger of 30 s and ten maximum timeouts. */
    private final long mutualNanos;
    /** How often a suspected member is knocked on again while its confirmation runs. */
    private final long reprobeNanos;
    /** How long one knock may take. */
    private final int probeTimeoutMillis;
    /** Suspicions that only the confirmation saved: worth a line, but not one per member per second. */
    private final RateLimitedLog cleared = new RateLimitedLog(LOG, Level.INFO, RateLimitedLog.DEFAULT_PERIOD);
    private final ScheduledExecutorService reaper;
    private final boolean ownsReaper;
    private final ScheduledFuture<?> reaping;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();

    /** A coordinator for members with lease {@code lease} ({@link FailureDetection#forLease}). */
    PoolCoordinatorImpl(Duration lease) {
        this(FailureDetection.forLease(lease));
    }

    PoolCoordinatorImpl(FailureDetection detection) {
        this(detection, LivenessProbe.LISTENER, Executors.newSingleThreadScheduledExecutor(r -> {
            // a platform thread at the highest priority: the detector's clock must not stall behind the work of
            // the process that hosts it (rank 0 may host the coordinator)
            Thread t = new Thread(r, "mobula-pool-reaper");
            t.setDaemon(true);
            t.setPriority(Thread.MAX_PRIORITY);
            return t;
        }), true);
    }

    /**
     * A coordinator whose checks run on {@code reaper}, which it shares: {@link #shutdown} cancels only its own
     * checks; suspected members are probed with {@code probe}. For tests (those that make many coordinators: a thread
     * each would cost more than what they test; those that must not knock on anything).
     */
    PoolCoordinatorImpl(FailureDetection detection, LivenessProbe probe, ScheduledExecutorService reaper) {
        this(detection, probe, reaper, false);
    }

    private PoolCoordinatorImpl(FailureDetection detection, LivenessProbe probe, ScheduledExecutorService reaper,
                                boolean ownsReaper) {
        this.detection = detection;
        this.probe = probe;
        long min = detection.minTimeout().toNanos();
        this.confirmNanos = detection.confirmTimeout().toNanos();
        this.reportNanos = Math.max(TimeUnit.MILLISECONDS.toNanos(100), min);
        this.mutualNanos = Math.max(MUTUAL_WINDOW_NANOS, 10 * detection.maxTimeout().toNanos());
        this.reprobeNanos = Math.max(TimeUnit.MILLISECONDS.toNanos(20), min / 2);
        this.probeTimeoutMillis = (int) Math.max(20, Math.min(1_000, TimeUnit.NANOSECONDS.toMillis(min) / 2));
        this.reaper = reaper;
        this.ownsReaper = ownsReaper;
        long period = Math.max(10, TimeUnit.NANOSECONDS.toMillis(min) / 4); // an eighth of a lease by default
        this.reaping = reaper.scheduleWithFixedDelay(this::reap, period, period, TimeUnit.MILLISECONDS);
    }

    private static final class State {
        final String name;
        final int size;
        final Member[] members;
        final long[] lastSeen;
        final boolean[] gone;
        /** Per rank, the VM id of the process that joined as it (unused where {@link #joinedInProcess}). */
        final long[] vmIds;
        /** Per rank, whether it joined over an authenticated connection (its VM id is then proven). */
        final boolean[] authenticated;
        /** Per rank, the connection it joined over ({@link RemoteClient#connection()}). */
        final long[] connections;
        /** Per rank, the host it joined from (null: in this process): the only host its probe knocks on. */
        final String[] joinedFrom;
        /** Per rank, its heartbeats' intervals; made when the pool completes. */
        final PhiAccrualDetector[] detectors;
        /** Per rank, since when it is suspected (valid while {@link #suspected}). */
        final long[] suspectedAt;
        final boolean[] suspected;
        /** Per rank, the number of its suspicions so far: a probe's answer counts only for the suspicion it was for. */
        final int[] suspicions;
        /** Per rank, the answer of the last probe of its current suspicion (null: none yet). */
        final LivenessProbe.Answer[] answers;
        /** Per rank, whether a probe of its current suspicion is under way, and when the last one started. */
        final boolean[] probing;
        final long[] probedAt;
        /** Per rank, why it was declared gone (for the heartbeat that learns it), or null. */
        final String[] goneWhy;
        /** How many reports wait for a confirmation: heartbeats then wake them. */
        int confirming;
        final boolean[] joinedInProcess;
        final List<PoolEvent> events = new ArrayList<>();
        int joined;
        boolean complete;
        int generation;
        /** Per rank, the number of barriers it has entered. */
        int[] barriers;
        /**
         * Recent reports between live members: (reporter << 32 | reported rank) to when it came ({@link #cutLink}).
         * Entries older than the window are dropped at each report, and at most {@code 4 * size} are kept.
         */
        final Map<Long, Long> reports = new HashMap<>();
        /** The pool's directory ({@link #publish}). */
        final Map<String, java.io.Serializable> directory = new HashMap<>();

        State(String name, int size) {
            this.name = name;
            this.size = size;
            this.members = new Member[size];
            this.lastSeen = new long[size];
            this.gone = new boolean[size];
            this.vmIds = new long[size];
            this.authenticated = new boolean[size];
            this.connections = new long[size];
            this.joinedFrom = new String[size];
            this.detectors = new PhiAccrualDetector[size];
            this.suspectedAt = new long[size];
            this.suspected = new boolean[size];
            this.suspicions = new int[size];
            this.answers = new LivenessProbe.Answer[size];
            this.probing = new boolean[size];
            this.probedAt = new long[size];
            this.goneWhy = new String[size];
            this.joinedInProcess = new boolean[size];
            this.barriers = new int[size];
        }

        List<Integer> missing() {
            List<Integer> m = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                if (members[i] == null) {
                    m.add(i);
                }
            }
            return m;
        }
    }

    @Override
    public List<Member> join(String pool, int size, Member me, long timeoutMillis) throws PoolException {
        lock.lock();
        try {
            return joinLocked(pool, size, me, timeoutMillis);
        } finally {
            lock.unlock();
        }
    }

    private List<Member> joinLocked(String pool, int size, Member me, long timeoutMillis) throws PoolException {
        if (size <= 0 || size > MAX_SIZE) {
            throw new PoolException("pool '" + pool + "': size must be between 1 and " + MAX_SIZE + ", got " + size);
        }
        int rank = me.rank();
        if (rank < 0 || rank >= size) {
            throw new PoolException("pool '" + pool + "': rank " + rank + " out of range 0.." + (size - 1));
        }
        State s = pools.get(pool);
        if (s != null && s.complete) {
            if (allGone(s)) {
                pools.remove(pool); // an old run under the same name: start afresh
                s = null;
            } else {
                throw new PoolException("pool '" + pool + "' is already complete and running; rank " + rank
                        + " cannot join it again");
            }
        }
        if (s == null) {
            s = new State(pool, size);
            pools.put(pool, s);
        }
        if (s.size != size) {
            throw new PoolException("pool '" + pool + "': rank " + rank + " says size " + size + " but others said "
                    + s.size);
        }
        if (s.members[rank] != null) {
            throw new PoolException("pool '" + pool + "': rank " + rank + " joined twice: already "
                    + s.members[rank].describe() + ", now pid " + me.pid() + " (" + me.address() + ")");
        }
        s.members[rank] = me;
        RemoteClient client = RemoteClient.current();
        s.joinedInProcess[rank] = client == null;
        s.vmIds[rank] = client == null ? 0 : client.vmId();
        s.authenticated[rank] = client != null && client.authenticated();
        s.connections[rank] = client == null ? 0 : client.connection();
        s.joinedFrom[rank] = client == null ? null : client.host();
        s.lastSeen[rank] = System.nanoTime();
        s.joined++;
        LOG.log(Level.DEBUG, "pool {0}: {1} joined ({2}/{3})", pool, me.describe(), s.joined, size);
        if (s.joined == size) {
            s.complete = true;
            long now = System.nanoTime();
            Arrays.fill(s.lastSeen, now);
            for (int r = 0; r < size; r++) {
                s.detectors[r] = new PhiAccrualDetector(detection, now);
            }
            changed.signalAll();
            return List.of(s.members);
        }
        int generation = s.generation;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Math.max(0, timeoutMillis));
        try {
            while (!s.complete) {
                long left = deadline - System.nanoTime();
                if (left <= 0 || pools.get(pool) != s || s.generation != generation) {
                    break;
                }
                changed.awaitNanos(left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (s.complete) {
            return List.of(s.members);
        }
        // give up: withdraw so a retry (or a later run) starts clean, and tell the others waiting the same thing
        List<Integer> missing = s.missing();
        if (pools.get(pool) == s) {
            pools.remove(pool);
            s.generation++;
            changed.signalAll();
        }
        throw new PoolException("pool '" + pool + "': timed out after " + Duration.ofMillis(timeoutMillis).toMillis()
                + " ms waiting for rank" + (missing.size() == 1 ? " " : "s ") + missing + " of " + size
                + " (joined: " + s.joined + ")");
    }

    @Override
    public void barrier(String pool, int rank, int round, long timeoutMillis) throws PoolException, AccessException {
        lock.lock();
        try {
            State s = pools.get(pool);
            if (s == null || !s.complete || rank < 0 || rank >= s.size) {
                throw new PoolException("pool '" + pool + "': no running pool with rank " + rank);
            }
            checkMember(s, rank, "barrier " + round + " for rank " + rank);
            s.barriers[rank] = Math.max(s.barriers[rank], round + 1);
            changed.signalAll();
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Math.max(0, timeoutMillis));
            while (true) {
                List<Integer> waitingFor = new ArrayList<>();
                for (int r = 0; r < s.size; r++) {
                    if (s.barriers[r] <= round) {
                        if (s.gone[r]) {
                            throw new PoolException("pool '" + pool + "': rank " + r + " ("
                                    + s.members[r].describe() + ") is gone and will never reach barrier " + round);
                        }
                        waitingFor.add(r);
                    }
                }
                if (waitingFor.isEmpty()) {
                    return;
                }
                long left = deadline - System.nanoTime();
                if (left <= 0 || pools.get(pool) != s) {
                    throw new PoolException("pool '" + pool + "': timed out after " + timeoutMillis
                            + " ms in barrier " + round + " waiting for rank" + (waitingFor.size() == 1 ? " " : "s ")
                            + waitingFor);
                }
                changed.awaitNanos(left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PoolException("pool '" + pool + "': interrupted in barrier " + round);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public java.io.Serializable publish(String pool, int rank, String key, java.io.Serializable value)
            throws PoolException, AccessException {
        java.util.Objects.requireNonNull(key, "key");
        java.util.Objects.requireNonNull(value, "value");
        lock.lock();
        try {
            State s = running(pool, rank);
            checkMember(s, rank, "publish of '" + key + "' by rank " + rank);
            java.io.Serializable old = s.directory.putIfAbsent(key, value);
            if (old == null) {
                changed.signalAll();
            }
            return old;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Map<String, java.io.Serializable> await(String pool, int rank, List<String> keys, long timeoutMillis)
            throws PoolException, AccessException {
        lock.lock();
        try {
            State s = running(pool, rank);
            checkMember(s, rank, "directory look-up by rank " + rank);
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Math.max(0, timeoutMillis));
            while (true) {
                Map<String, java.io.Serializable> found = new HashMap<>();
                List<String> missing = new ArrayList<>();
                for (String k : keys) {
                    java.io.Serializable v = s.directory.get(k);
                    if (v == null) {
                        missing.add(k);
                    } else {
                        found.put(k, v);
                    }
                }
                if (missing.isEmpty()) {
                    return found;
                }
                long left = deadline - System.nanoTime();
                if (left <= 0 || pools.get(pool) != s) {
                    throw new PoolException("pool '" + pool + "': " + (timeoutMillis > 0 ? "timed out after "
                            + timeoutMillis + " ms waiting for " : "not published: ") + String.join(", ", missing));
                }
                changed.awaitNanos(left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PoolException("pool '" + pool + "': interrupted in a directory look-up");
        } finally {
            lock.unlock();
        }
    }

    private State running(String pool, int rank) throws PoolException {
        State s = pools.get(pool);
        if (s == null || !s.complete || rank < 0 || rank >= s.size) {
            throw new PoolException("pool '" + pool + "': no running pool with rank " + rank);
        }
        return s;
    }

    /**
     * Refuses {@code what} unless the caller is the process that joined as {@code rank} of {@code s}, or a direct
     * call in this process. A rank that joined directly in this process is spoken for by this process only.
     */
    private static void checkMember(State s, int rank, String what) throws AccessException {
        RemoteClient c = RemoteClient.current();
        if (c == null || rank < 0 || rank >= s.size || s.members[rank] == null) {
            return; // direct call, or the caller's request fails (or is ignored) on its own terms
        }
        boolean member;
        if (s.joinedInProcess[rank]) {
            member = "local".equals(c.transport());
        } else {
            member = (c.connection() != 0 && c.connection() == s.connections[rank])
                    || (s.authenticated[rank] && c.authenticated() && c.vmId() == s.vmIds[rank]);
        }
        if (!member) {
            throw new AccessException("pool '" + s.name + "': " + what + " refused: the caller (process "
                    + Long.toHexString(c.vmId()) + " at " + c.host() + (c.authenticated() ? "" : ", unauthenticated")
                    + ") is not rank " + rank + " of the pool, " + s.members[rank].describe()
                    + (c.authenticated() ? "" : "; without a cluster secret only the connection a rank joined over"
                    + " speaks for it"));
        }
    }

    private static boolean allGone(State s) {
        for (boolean g : s.gone) {
            if (!g) {
                return false;
            }
        }
        return true;
    }

    @Override
    public List<PoolEvent> heartbeat(String pool, int rank, int seen) throws PoolException, AccessException {
        lock.lock();
        try {
            return heartbeatLocked(pool, rank, seen);
        } finally {
            lock.unlock();
        }
    }

    private List<PoolEvent> heartbeatLocked(String pool, int rank, int seen) throws PoolException, AccessException {
        State s = pools.get(pool);
        if (s == null || !s.complete || rank < 0 || rank >= s.size) {
            throw new PoolException("pool '" + pool + "' has no running member " + rank);
        }
        checkMember(s, rank, "heartbeat of rank " + rank);
        if (s.gone[rank]) {
            throw new PoolException("pool '" + pool + "': rank " + rank + " was declared gone ("
                    + (s.goneWhy[rank] != null ? s.goneWhy[rank] : "it left") + ")");
        }
        long now = System.nanoTime();
        if (s.suspected[rank]) {
            clearSuspicion(s, rank, now);
        }
        s.lastSeen[rank] = now;
        s.detectors[rank].heartbeat(now);
        if (s.confirming > 0) {
            changed.signalAll(); // a report on this rank may be waiting for proof of life
        }
        int from = Math.max(0, Math.min(seen, s.events.size()));
        return List.copyOf(s.events.subList(from, s.events.size()));
    }

    @Override
    public void report(String pool, int reporter, int rank, String detail) throws AccessException {
        lock.lock();
        try {
            State s = pools.get(pool);
            if (s == null || !s.complete || rank < 0 || rank >= s.size || s.gone[rank]) {
                return;
            }
            if (reporter < 0 || reporter >= s.size) {
                throw new AccessException("pool '" + pool + "': report on rank " + rank + " refused: reporter "
                        + reporter + " is no rank of the pool");
            }
            checkMember(s, reporter, "report on rank " + rank + " by rank " + reporter);
            long since = System.nanoTime();
            if (reporter != rank && !s.gone[reporter] && cutLink(s, reporter, rank, detail, since)) {
                return;
            }
            if (!s.suspected[rank]) {
                suspect(s, rank, since);
            } else if (!s.probing[rank]) {
                startProbe(s, rank, since);
            }
            LivenessProbe.Answer outcome = confirmLocked(s, rank, since);
            if (outcome == LivenessProbe.Answer.PRESENT) {
                LOG.log(Level.DEBUG, "pool {0}: rank {1} reported {2} unreachable ({3}), but it heartbeats or its"
                        + " process is present: kept ({4})", pool, reporter, s.members[rank].describe(), detail,
                        s.suspected[rank] ? "suspected" : "heard from");
                return;
            }
            if (s.gone[rank] || pools.get(pool) != s) {
                return; // declared meanwhile (the detector, its knock, another report) or the pool ended
            }
            String d = s.members[rank].describe() + " unreachable from rank " + reporter + ": " + detail;
            declareGone(s, rank, d, "reported unreachable by rank " + reporter + ", no heartbeat since");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the rank stays: the detector decides
        } finally {
            lock.unlock();
        }
    }

    /**
     * Records {@code reporter}'s report on {@code rank}; if {@code rank} reported {@code reporter} within the window,
     * the link between them is cut (each failed to reach the other, and both are members that have not been declared
     * gone): declares the higher rank of the two gone and returns true.
     */
    private boolean cutLink(State s, int reporter, int rank, String detail, long now) {
        s.reports.values().removeIf(t -> now - t > mutualNanos);
        s.reports.keySet().removeIf(k -> s.gone[(int) (k >>> 32)] || s.gone[(int) (long) k]);
        long key = (long) reporter << 32 | rank;
        if (s.reports.containsKey(key) || s.reports.size() < 4 * s.size) {
            s.reports.put(key, now);
        }
        if (!s.reports.containsKey((long) rank << 32 | reporter)) {
            return false;
        }
        int victim = Math.max(rank, reporter);
        int other = Math.min(rank, reporter);
        String d = s.members[victim].describe() + " and " + s.members[other].describe() + " cannot reach each other"
                + " though both reach the coordinator (a cut link between them; each reported the other, last rank "
                + reporter + ": " + detail + "): rank " + victim + " dropped, the higher rank";
        declareGone(s, victim, d, "dropped: it and rank " + other + " cannot reach each other (a cut link)");
        return true;
    }

    /**
     * Waits (the lock released meanwhile) up to {@link #reportNanos} for a heartbeat of {@code rank} newer than
     * {@code since}, or a knock of its current suspicion that finds its process present.
     *
     * @return PRESENT if the rank heartbeated or its process is present (it stays), GONE if it was declared gone
     *     meanwhile or the pool ended, UNKNOWN if nothing was learned in time (the report stands)
     */
    private LivenessProbe.Answer confirmLocked(State s, int rank, long since) throws InterruptedException {
        long deadline = since + reportNanos;
        s.confirming++;
        try {
            while (!s.gone[rank] && pools.get(s.name) == s) {
                if (s.lastSeen[rank] - since > 0
                        || (s.suspected[rank] && s.answers[rank] == LivenessProbe.Answer.PRESENT)) {
                    return LivenessProbe.Answer.PRESENT;
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return LivenessProbe.Answer.UNKNOWN;
                }
                changed.awaitNanos(left);
            }
            return LivenessProbe.Answer.GONE;
        } finally {
            s.confirming--;
        }
    }

    /** Opens a suspicion of {@code rank} at {@code now} and knocks on it. */
    private void suspect(State s, int rank, long now) {
        s.suspected[rank] = true;
        s.suspectedAt[rank] = now;
        s.suspicions[rank]++;
        s.answers[rank] = null;
        s.probing[rank] = false;
        LOG.log(Level.DEBUG, "pool {0}: {1} suspected: no heartbeat for {2} ms (phi {3}, mean interval {4} ms)",
                s.name, s.members[rank].describe(), millis(s.detectors[rank].silence(now)),
                s.detectors[rank].phi(now), Math.round(s.detectors[rank].meanMillis()));
        startProbe(s, rank, now);
    }

    /** A heartbeat of suspected {@code rank} came at {@code now}: it is alive. */
    private void clearSuspicion(State s, int rank, long now) {
        s.suspected[rank] = false;
        long silent = millis(s.detectors[rank].silence(now));
        String m = "pool " + s.name + ": " + s.members[rank].describe() + " heartbeats again after " + silent
                + " ms of silence (suspected for " + millis(now - s.suspectedAt[rank]) + " ms): kept";
        if (silent >= detection.maxTimeout().toMillis()) {
            cleared.log(m + "; a lease this short is tight for this machine's load");
        } else {
            LOG.log(Level.DEBUG, m);
        }
    }

    /**
     * Knocks on suspected {@code rank} on a thread of its own (virtual: it only waits for the network), the lock not
     * held; the answer is recorded under the lock if the suspicion it was for is still open, and a GONE declares the
     * rank dead at once.
     */
    private void startProbe(State s, int rank, long now) {
        s.probing[rank] = true;
        s.probedAt[rank] = now;
        int suspicion = s.suspicions[rank];
        Member m = s.members[rank];
        String from = s.joinedFrom[rank];
        Thread.ofVirtual().name("mobula-pool-probe").start(() -> {
            LivenessProbe.Answer a;
            try {
                a = probe.probe(m, from, probeTimeoutMillis);
            } catch (RuntimeException e) {
                a = LivenessProbe.Answer.UNKNOWN;
            }
            lock.lock();
            try {
                if (s.suspicions[rank] != suspicion) {
                    return; // a later suspicion has its own probe
                }
                s.probing[rank] = false;
                if (!s.suspected[rank] || s.gone[rank] || pools.get(s.name) != s) {
                    return;
                }
                s.answers[rank] = a;
                if (a == LivenessProbe.Answer.GONE) {
                    long silent = millis(s.detectors[rank].silence(System.nanoTime()));
                    declareGone(s, rank, m.describe() + " died: no heartbeat for " + silent + " ms, and nothing"
                            + " listens at its address any more (its process is gone)",
                            "no heartbeat for " + silent + " ms and its process is gone");
                } else {
                    changed.signalAll(); // a report may wait for this answer
                }
            } finally {
                lock.unlock();
            }
        });
    }

    private static long millis(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }

    private void declareGone(State s, int rank, String detail, String why) {
        s.gone[rank] = true;
        s.goneWhy[rank] = why;
        LOG.log(Level.INFO, "pool {0}: {1}", s.name, detail);
        s.events.add(new PoolEvent(PoolEvent.Kind.DIED, rank, detail));
        changed.signalAll(); // barriers waiting for it fail now
        gc(s);
    }

    @Override
    public void leave(String pool, int rank) throws AccessException {
        lock.lock();
        try {
            leaveLocked(pool, rank);
        } finally {
            lock.unlock();
        }
    }

    private void leaveLocked(String pool, int rank) throws AccessException {
        State s = pools.get(pool);
        if (s == null || rank < 0 || rank >= s.size || s.gone[rank]) {
            return;
        }
        checkMember(s, rank, "leave of rank " + rank);
        if (!s.complete) {
            // leaving before the pool formed: free the rank
            if (s.members[rank] != null) {
                s.members[rank] = null;
                s.joined--;
            }
            return;
        }
        s.gone[rank] = true;
        s.events.add(new PoolEvent(PoolEvent.Kind.LEFT, rank, s.members[rank].describe() + " left"));
        changed.signalAll(); // barriers waiting for it fail now
        gc(s);
    }

    private void gc(State s) {
        if (allGone(s)) {
            pools.remove(s.name);
            changed.signalAll();
        }
    }

    private void reap() {
        lock.lock();
        try {
            reapLocked();
        } finally {
            lock.unlock();
        }
    }

    private void reapLocked() {
        long now = System.nanoTime();
        for (State s : List.copyOf(pools.values())) {
            if (!s.complete) {
                continue;
            }
            for (int r = 0; r < s.size && pools.get(s.name) == s; r++) {
                if (s.gone[r]) {
                    continue;
                }
                if (!s.suspected[r]) {
                    if (s.detectors[r].suspects(now)) {
                        suspect(s, r, now);
                    }
                } else if (now - s.suspectedAt[r] >= confirmNanos) {
                    long silent = millis(s.detectors[r].silence(now));
                    String d = s.members[r].describe() + " died: no heartbeat for " + silent + " ms (suspected after "
                            + (silent - millis(now - s.suspectedAt[r])) + " ms, not heard from in the "
                            + detection.confirmTimeout().toMillis() + " ms of confirmation; its process "
                            + (s.answers[r] == LivenessProbe.Answer.PRESENT ? "is present but silent: hung, stopped"
                            + " or cut off" : "could not be reached") + ")";
                    declareGone(s, r, d, "no heartbeat for " + silent + " ms");
                } else if (!s.probing[r] && now - s.probedAt[r] >= reprobeNanos) {
                    startProbe(s, r, now); // it may die while its confirmation runs
                }
            }
        }
    }

    /** How many members of {@code pool} have joined so far (0 if unknown); for tests. */
    int joined(String pool) {
        lock.lock();
        try {
            State s = pools.get(pool);
            return s == null ? 0 : s.joined;
        } finally {
            lock.unlock();
        }
    }

    boolean awaitEmpty(String pool, Duration timeout) throws InterruptedException {
        long left = timeout.toNanos();
        lock.lock();
        try {
            while (pools.containsKey(pool)) {
                if (left <= 0) {
                    return false;
                }
                left = changed.awaitNanos(left);
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    void shutdown() {
        reaping.cancel(false);
        if (ownsReaper) {
            reaper.shutdownNow();
        }
    }
}
