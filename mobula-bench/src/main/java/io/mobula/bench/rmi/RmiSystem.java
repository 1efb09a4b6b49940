package io.mobula.bench.rmi;

import java.util.List;
import java.util.Optional;

/**
 * One system under test: an RMI implementation or a raw baseline over one transport. The harness starts its
 * server and its client as child processes (see {@link SystemRunner}) and speaks a line protocol with them:
 *
 * <ul>
 *   <li>the server prints {@code READY <token>} on stdout once it accepts calls, bound to 127.0.0.1 on an
 *       ephemeral port; the token (an address, or anything the client needs to find the server) is passed to the
 *       client unchanged; the server exits when its stdin reaches end of file;</li>
 *   <li>the client prints one {@code RESULT {json}} line per case (see {@link CaseResult#clientLine}) and
 *       {@code DONE} at the end;</li>
 *   <li>a star case runs in k client processes of their own ({@link #starCommand}), as the KaRMI paper's k client
 *       machines: each prints {@code STAR-READY} per case, gets {@code GO} on stdin when all are ready, and prints
 *       its {@code SAMPLES}; the harness merges them.</li>
 * </ul>
 *
 * Java systems extend {@link JvmRmiSystem} and only supply how to serve and how to connect; Mobula over TCP and
 * later over shared memory are added that way and listed in {@link RmiSystems}.
 */
public interface RmiSystem {

    /** Short unique name, e.g. {@code java.rmi}, {@code raw-java}, {@code raw-c}, {@code mobula}. */
    String name();

    /** The transport, e.g. {@code tcp}, {@code shm}. */
    String transport();

    /** True for raw ping-pong baselines (the physical limit), false for RMI implementations. */
    boolean isRawBaseline();

    /** Why this system cannot run here (e.g. no C compiler), or empty. May prepare it (e.g. compile). */
    Optional<String> prepare(LaunchContext ctx);

    /** Whether this system implements the case at all (the C baseline only does null calls and byte payloads). */
    boolean supports(BenchCase c);

    /** The server process command line. */
    List<String> serverCommand(LaunchContext ctx);

    /** The client process command line for the given cases (every kernel but star). */
    List<String> clientCommand(LaunchContext ctx, String serverToken, Timing timing, List<BenchCase> cases);

    /**
     * The command line of one of the k client processes of the star cases (see {@link ChildMain}'s star role), or
     * empty if the system has no star clients (then its {@link #supports} refuses star cases).
     */
    default List<String> starCommand(LaunchContext ctx, String serverToken, Timing timing, List<BenchCase> cases) {
        return List.of();
    }
}
