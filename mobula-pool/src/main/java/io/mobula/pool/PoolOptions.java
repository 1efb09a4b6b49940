package io.mobula.pool;

import java.rmi.Remote;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How to join a pool. {@link #fromEnvironment()} reads explicit settings first (system properties
 * {@code mobula.pool.rank}, {@code mobula.pool.size}, {@code mobula.pool.name}, {@code mobula.pool.server}
 * = host:port, {@code mobula.pool.bootstrap} = server|rank0, {@code mobula.pool.timeoutMs},
 * {@code mobula.pool.leaseMs}, {@code mobula.pool.phi}, {@code mobula.pool.confirmMs}), then the variables of the launcher that started the process
 * ({@link LaunchEnvironment}, plus MOBULA_POOL_NAME and MOBULA_POOL_SERVER). Without an explicit server, the
 * coordinator is at 127.0.0.1:{@value PoolServer#DEFAULT_PORT}, except for a Slurm step with
 * {@code bootstrap=rank0}, where every rank computes rank 0's address from the step's environment (one node:
 * 127.0.0.1; several: the first node of the step; the port from the step's reserved ports or its job and step ids).
 * Without a name, the pool is named after the launcher's job (Slurm job and step, the Open MPI job id
 * or PMIx namespace), else {@code "default"}.
 *
 * @param name        pool name; processes with the same name and coordinator form one pool
 * @param rank        this process's rank, 0 .. size-1
 * @param size        number of members
 * @param serverHost  host of the coordinator (a pool server, or rank 0)
 * @param serverPort  its port
 * @param rank0Hosts  whether rank 0 runs the coordinator itself (rather than a separate pool server)
 * @param joinTimeout how long {@link Pool#join} waits for the pool to complete
 * @param lease       sets the pace: a member heartbeats every quarter lease, and by default the coordinator
 *                    suspects a silent member after half a lease to a lease and confirms for one more lease
 *                    ({@link FailureDetection#forLease})
 * @param service     an exported object every member can reach through {@link Pool#service}, or null
 * @param detection   how the coordinator this process serves (rank 0 with {@code bootstrap=rank0}) tells dead
 *                    members from slow ones; null: {@link FailureDetection#forLease forLease(lease)}
 */
public record PoolOptions(String name, int rank, int size, String serverHost, int serverPort, boolean rank0Hosts,
                          Duration joinTimeout, Duration lease, Remote service, FailureDetection detection) {
    /**
     * Default lease: a member heartbeats every quarter of it; one whose process is gone is declared dead about half a
     * lease to a lease after its last heartbeat, one that hangs after two leases (a direct call fails at once).
     */
    public static final Duration DEFAULT_LEASE = Duration.ofSeconds(3);
    /** Default join timeout. */
    public static final Duration DEFAULT_JOIN_TIMEOUT = Duration.ofSeconds(60);

    public PoolOptions {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(serverHost, "serverHost");
        Objects.requireNonNull(joinTimeout, "joinTimeout");
        Objects.requireNonNull(lease, "lease");
        if (size <= 0 || rank < 0 || rank >= size) {
            throw new IllegalArgumentException("bad pool rank/size: rank " + rank + " of " + size);
        }
        if (serverPort <= 0 || serverPort > 65535) {
            throw new IllegalArgumentException("bad pool server port: " + serverPort);
        }
        if (lease.isNegative() || lease.isZero() || joinTimeout.isNegative()) {
            throw new IllegalArgumentException("bad pool timeouts: lease " + lease + ", join " + joinTimeout);
        }
        if (detection == null) {
            detection = FailureDetection.forLease(lease);
        }
    }

    /** Options with the failure detection of {@link FailureDetection#forLease forLease(lease)}. */
    public PoolOptions(String name, int rank, int size, String serverHost, int serverPort, boolean rank0Hosts,
                       Duration joinTimeout, Duration lease, Remote service) {
        this(name, rank, size, serverHost, serverPort, rank0Hosts, joinTimeout, lease, service, null);
    }

    /** Settings from system properties and the environment of this process. */
    public static PoolOptions fromEnvironment() {
        return fromEnvironment(System.getenv(), System.getProperties());
    }

    /**
     * Settings from {@code props} (explicit, win) and {@code env}.
     *
     * @throws IllegalArgumentException naming what is missing or malformed
     */
    public static PoolOptions fromEnvironment(Map<String, String> env, java.util.Properties props) {
        String r = props.getProperty("mobula.pool.rank");
        String s = props.getProperty("mobula.pool.size");
        int rank;
        int size;
        String launcher = "properties";
        if (r != null || s != null) {
            if (r == null || s == null) {
                throw new IllegalArgumentException("set both mobula.pool.rank and mobula.pool.size (got rank=" + r
                        + ", size=" + s + ")");
            }
            rank = parseInt("mobula.pool.rank", r);
            size = parseInt("mobula.pool.size", s);
        } else {
            Optional<LaunchEnvironment> le = LaunchEnvironment.detect(env);
            if (le.isEmpty()) {
                throw new IllegalArgumentException("no rank and size: start the process with ./mobula run, srun,"
                        + " mpirun, or set -Dmobula.pool.rank=R -Dmobula.pool.size=N");
            }
            rank = le.get().rank();
            size = le.get().size();
            launcher = le.get().source();
        }
        String name = props.getProperty("mobula.pool.name", env.get("MOBULA_POOL_NAME"));
        if (name == null) {
            name = jobName(env);
        }
        String bootstrap = props.getProperty("mobula.pool.bootstrap", env.getOrDefault("MOBULA_POOL_BOOTSTRAP",
                "server"));
        boolean rank0 = switch (bootstrap) {
            case "server" -> false;
            case "rank0" -> true;
            default -> throw new IllegalArgumentException("mobula.pool.bootstrap must be server or rank0, got '"
                    + bootstrap + "'");
        };
        String server = props.getProperty("mobula.pool.server", env.get("MOBULA_POOL_SERVER"));
        if (server == null) {
            server = rank0 && launcher.equals("slurm") && env.get("SLURM_JOB_ID") != null
                    ? slurmRank0Server(env) : "127.0.0.1:" + PoolServer.DEFAULT_PORT;
        }
        int colon = server.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("mobula.pool.server must be host:port, got '" + server + "'");
        }
        String host = server.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port = parseInt("the port of mobula.pool.server", server.substring(colon + 1));
        Duration timeout = Duration.ofMillis(parseInt("mobula.pool.timeoutMs",
                props.getProperty("mobula.pool.timeoutMs", Long.toString(DEFAULT_JOIN_TIMEOUT.toMillis()))));
        Duration lease = Duration.ofMillis(parseInt("mobula.pool.leaseMs",
                props.getProperty("mobula.pool.leaseMs", Long.toString(DEFAULT_LEASE.toMillis()))));
        FailureDetection detection = FailureDetection.forLease(lease);
        String phi = props.getProperty("mobula.pool.phi");
        if (phi != null) {
            try {
                detection = detection.withThreshold(Double.parseDouble(phi.strip()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("mobula.pool.phi must be a number, got '" + phi + "'");
            }
        }
        String confirm = props.getProperty("mobula.pool.confirmMs");
        if (confirm != null) {
            detection = detection.withConfirmTimeout(Duration.ofMillis(parseInt("mobula.pool.confirmMs", confirm)));
        }
        return new PoolOptions(name, rank, size, host, port, rank0, timeout, lease, null, detection);
    }

    /** First port of the range Slurm derives coordinator ports from when the step reserved none. */
    static final int SLURM_PORT_BASE = 16384;
    /** Size of that range: 16384 .. 32767, below Linux's ephemeral ports. */
    static final int SLURM_PORT_RANGE = 16384;

    /**
     * Where rank 0 serves the coordinator of a Slurm step started with {@code bootstrap=rank0}, computed alike by
     * every rank from the step's environment. Host: 127.0.0.1 when the step runs on one node, otherwise the first
     * node of SLURM_STEP_NODELIST (where Slurm's block and cyclic distributions put rank 0). Port: the first of
     * the step's reserved ports (SLURM_STEP_RESV_PORTS, {@code srun --resv-ports}) if any, otherwise one derived
     * from the job and step ids, so that steps of different jobs sharing a node do not collide.
     */
    static String slurmRank0Server(Map<String, String> env) {
        int port;
        String resv = env.get("SLURM_STEP_RESV_PORTS");
        if (resv != null && !resv.isBlank()) {
            String first = resv.strip().split("[-,]", 2)[0];
            port = parseInt("the first port of SLURM_STEP_RESV_PORTS", first);
        } else {
            long job = parseInt("SLURM_JOB_ID", env.get("SLURM_JOB_ID"));
            long step = env.get("SLURM_STEP_ID") == null ? 0 : parseInt("SLURM_STEP_ID", env.get("SLURM_STEP_ID"));
            port = SLURM_PORT_BASE + (int) Math.floorMod(job * 257 + step, (long) SLURM_PORT_RANGE);
        }
        String nodes = env.getOrDefault("SLURM_STEP_NODELIST", env.getOrDefault("SLURM_JOB_NODELIST",
                env.get("SLURM_NODELIST")));
        String count = env.getOrDefault("SLURM_STEP_NUM_NODES", env.get("SLURM_NNODES"));
        boolean oneNode = nodes == null || "1".equals(count == null ? null : count.strip())
                || (nodes.indexOf(',') < 0 && nodes.indexOf('[') < 0);
        return (oneNode ? "127.0.0.1" : firstHost(nodes)) + ":" + port;
    }

    /**
     * The first host of a Slurm host list such as {@code node[07-09,12],gpu1} ({@code node07}): the first entry,
     * with each bracketed range replaced by its first value (zero padding kept).
     *
     * @throws IllegalArgumentException when the list is empty or its brackets do not match
     */
    static String firstHost(String hostList) {
        StringBuilder b = new StringBuilder();
        String s = hostList.strip();
        int i = 0;
        while (i < s.length() && s.charAt(i) != ',') {
            char c = s.charAt(i);
            if (c == '[') {
                int close = s.indexOf(']', i);
                if (close < 0) {
                    throw new IllegalArgumentException("bad Slurm host list (unclosed '['): '" + hostList + "'");
                }
                String range = s.substring(i + 1, close);
                int end = 0;
                while (end < range.length() && range.charAt(end) != '-' && range.charAt(end) != ',') {
                    end++;
                }
                b.append(range, 0, end);
                i = close + 1;
            } else {
                b.append(c);
                i++;
            }
        }
        if (b.isEmpty()) {
            throw new IllegalArgumentException("bad Slurm host list (no first host): '" + hostList + "'");
        }
        return b.toString();
    }

    /**
     * The default pool name: the job of the launcher that started the process, so that two jobs sharing a
     * coordinator (a pool server, or the default port of a rank-0 bootstrap) never mix their ranks; "default" when
     * no launcher names the job.
     */
    private static String jobName(Map<String, String> env) {
        String slurm = env.get("SLURM_JOB_ID");
        if (slurm != null) {
            return "slurm-" + slurm + "." + env.getOrDefault("SLURM_STEP_ID", "0");
        }
        String ompi = env.get("OMPI_MCA_ess_base_jobid"); // Open MPI 4 (ORTE)
        if (ompi != null && !ompi.isBlank()) {
            return "openmpi-" + ompi.strip();
        }
        String pmix = env.get("PMIX_NAMESPACE"); // Open MPI 5 (PRRTE) and other PMIx launchers
        if (pmix != null && !pmix.isBlank()) {
            return "pmix-" + pmix.strip();
        }
        return "default";
    }

    private static int parseInt(String what, String v) {
        try {
            return Integer.parseInt(v.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be a number, got '" + v + "'");
        }
    }

    /** The same options offering {@code service} to the other members. */
    public PoolOptions withService(Remote s) {
        return new PoolOptions(name, rank, size, serverHost, serverPort, rank0Hosts, joinTimeout, lease, s, detection);
    }

    public PoolOptions withJoinTimeout(Duration d) {
        return new PoolOptions(name, rank, size, serverHost, serverPort, rank0Hosts, d, lease, service, detection);
    }

    public PoolOptions withName(String n) {
        return new PoolOptions(n, rank, size, serverHost, serverPort, rank0Hosts, joinTimeout, lease, service,
                detection);
    }

    /** The same options with failure detection {@code d} (used where this process serves the coordinator). */
    public PoolOptions withDetection(FailureDetection d) {
        return new PoolOptions(name, rank, size, serverHost, serverPort, rank0Hosts, joinTimeout, lease, service,
                Objects.requireNonNull(d, "detection"));
    }
}
