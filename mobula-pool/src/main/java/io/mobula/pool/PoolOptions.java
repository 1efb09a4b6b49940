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
 * {@code mobula.pool.leaseMs}), then the variables of the launcher that started the process
 * ({@link LaunchEnvironment}, plus MOBULA_POOL_NAME and MOBULA_POOL_SERVER). Without a name, the pool is named
 * after the launcher's job (Slurm job and step, the Open MPI job id or PMIx namespace), else {@code "default"}.
 *
 * @param name        pool name; processes with the same name and coordinator form one pool
 * @param rank        this process's rank, 0 .. size-1
 * @param size        number of members
 * @param serverHost  host of the coordinator (a pool server, or rank 0)
 * @param serverPort  its port
 * @param rank0Hosts  whether rank 0 runs the coordinator itself (rather than a separate pool server)
 * @param joinTimeout how long {@link Pool#join} waits for the pool to complete
 * @param lease       how long a member may miss heartbeats before the others hear it died
 * @param service     an exported object every member can reach through {@link Pool#service}, or null
 */
public record PoolOptions(String name, int rank, int size, String serverHost, int serverPort, boolean rank0Hosts,
                          Duration joinTimeout, Duration lease, Remote service) {
    /** Default lease: members hear of a dead peer within about this long (a direct call fails at once). */
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
        }
        String name = props.getProperty("mobula.pool.name", env.get("MOBULA_POOL_NAME"));
        if (name == null) {
            name = jobName(env);
        }
        String server = props.getProperty("mobula.pool.server", env.getOrDefault("MOBULA_POOL_SERVER",
                "127.0.0.1:" + PoolServer.DEFAULT_PORT));
        int colon = server.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("mobula.pool.server must be host:port, got '" + server + "'");
        }
        String host = server.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port = parseInt("the port of mobula.pool.server", server.substring(colon + 1));
        String bootstrap = props.getProperty("mobula.pool.bootstrap", env.getOrDefault("MOBULA_POOL_BOOTSTRAP",
                "server"));
        boolean rank0 = switch (bootstrap) {
            case "server" -> false;
            case "rank0" -> true;
            default -> throw new IllegalArgumentException("mobula.pool.bootstrap must be server or rank0, got '"
                    + bootstrap + "'");
        };
        Duration timeout = Duration.ofMillis(parseInt("mobula.pool.timeoutMs",
                props.getProperty("mobula.pool.timeoutMs", Long.toString(DEFAULT_JOIN_TIMEOUT.toMillis()))));
        Duration lease = Duration.ofMillis(parseInt("mobula.pool.leaseMs",
                props.getProperty("mobula.pool.leaseMs", Long.toString(DEFAULT_LEASE.toMillis()))));
        return new PoolOptions(name, rank, size, host, port, rank0, timeout, lease, null);
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
        return new PoolOptions(name, rank, size, serverHost, serverPort, rank0Hosts, joinTimeout, lease, s);
    }

    public PoolOptions withJoinTimeout(Duration d) {
        return new PoolOptions(name, rank, size, serverHost, serverPort, rank0Hosts, d, lease, service);
    }

    public PoolOptions withName(String n) {
        return new PoolOptions(n, rank, size, serverHost, serverPort, rank0Hosts, joinTimeout, lease, service);
    }
}
