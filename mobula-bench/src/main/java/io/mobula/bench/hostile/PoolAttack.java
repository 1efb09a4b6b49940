package io.mobula.bench.hostile;

import io.mobula.bench.rmi.ChildProcess;
import io.mobula.bench.rmi.LaunchContext;
import io.mobula.pool.PoolCoordinator;
import io.mobula.rmi.registry.LocateRegistry;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The attacks on a live pool ({@code bench hostile}, docs/SECURITY.md "Every door": the pool coordinator, GMI's and
 * RepMI's ports). Three ranks ({@link HostileMember}) share a cluster secret of their own, rank 0 serving the
 * coordinator; they form a GMI group and hold a RepMI cloud, and check both, with a barrier, before and after the
 * attacks. Then:
 * <ul>
 *   <li>strangers, from this JVM, which does not hold the pool's secret: a connection presenting rank 1's HELLO (its VM
 *       id, read from the HELLO rank 1 sends anyone) to the coordinator and then sending a frame in place of the
 *       handshake's answer; the same to rank 1, whose GMI and RepMI ports listen there; a frame header claiming
 *       2 GiB; a 64 KiB frame; connections of random bytes; and this JVM's own Mobula runtime, whose secret is
 *       another, looking the coordinator and rank 1's registry up;</li>
 *   <li>rank 2, a member holding the secret: joining as rank 1, heartbeating, entering a barrier and leaving in rank
 *       1's name, reporting rank 1 gone; invocations of ranks 0 and 1 with a malformed header and with hostile
 *       parameters (nesting deeper than {@code maxDepth}, a declared length of 2^31 - 1, a class the ranks'
 *       filter denies, the HashSet bomb, random bytes); writes to the cloud with the same payloads, submitted to the
 *       sequencer; and 256 MiB of payloads published to rank 1's replica that no order will come for (rank 1's
 *       heap is 512 MiB, of which it may hold a quarter).</li>
 * </ul>
 * Every wait is bounded. The coordinator's threads, resident memory, descriptors and CPU time are sampled before and
 * after. The pool holds when every stranger is turned away, every act in another rank's name is refused, no rank
 * hears of a death and every rank passes the check after the attacks.
 */
final class PoolAttack {
    private static final int SIZE = 3;
    private static final long WAIT_MS = 60_000;
    /**
     * The ranks' lease: longer than the default, so that three JVMs starting on a loaded machine are not taken for
     * dead; the attacks do not depend on how fast a death is detected (a live rank must never be declared dead).
     */
    private static final long LEASE_MS = 10_000;
    /**
     * The flood of payloads without an order a member publishes to rank 1: 256 MiB, half the rank's heap; a replica
     * keeps at most a quarter of its heap of them.
     */
    private static final int FLOOD_PAYLOADS = 4096;
    private static final int FLOOD_BYTES = 64 * 1024;

    /** One attack: who made it against what, and what came of it. */
    record Outcome(String attack, String target, String result, String told) {
    }

    /** What the pool came to: the attacks, the checks, deaths heard of, and the coordinator's resources. */
    record Result(List<Outcome> outcomes, String checkBefore, String checkAfter, List<String> deaths,
                  ProcSampler.Sample coordinatorBefore, ProcSampler.Sample coordinatorAfter, long coordinatorCpuMs,
                  ProcSampler.Sample victimBefore, ProcSampler.Sample victimAfter, List<String> failures) {
        boolean held() {
            return failures.isEmpty();
        }
    }

    private PoolAttack() {
    }

    /** Runs the pool and the attacks; prints and returns what came of them. */
    static Result run(PrintStream out, int garbage) throws Exception {
        long t0 = System.nanoTime();
        Path dir = Files.createTempDirectory("mobula-hostile-pool");
        Path secret = dir.resolve("secret");
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        Files.createFile(secret, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(secret, Base64.getEncoder().encodeToString(key));
        int port = freePort();
        List<Member> members = new ArrayList<>();
        try {
            LaunchContext ctx = LaunchContext.current();
            for (int r = 0; r < SIZE; r++) {
                members.add(new Member(r, ChildProcess.start("pool-rank-" + r, ctx.withJvmFlags(List.of(
                        // small and quick to start: three JVMs on a loaded two-core machine (the suite's CI test)
                        // 512 MiB: with 256 MiB, twice the flood of 256 MiB below drove rank 1 into a GC thrash in
                        // which it stopped heart-beating, although it holds at most a quarter of its heap of the
                        // payloads (HeldPayloadsTest); why it needs more than that under the flood is not known
                        "-Xms32m", "-Xmx512m", "-XX:ParallelGCThreads=1", "-XX:TieredStopAtLevel=1",
                        "-Dmobula.secretFile=" + secret,
                        "-Dmobula.transports=tcp",
                        "-Dmobula.pool.name=hostile", "-Dmobula.pool.rank=" + r, "-Dmobula.pool.size=" + SIZE,
                        "-Dmobula.pool.server=127.0.0.1:" + port, "-Dmobula.pool.bootstrap=rank0",
                        "-Dmobula.pool.leaseMs=" + LEASE_MS,
                        "-Dmobula.classFilter.deny=" + RefusedValue.class.getName(), "-Dmobula.pool.confirmMs=" + 3 * LEASE_MS))
                        .javaCommand(HostileMember.class.getName(), List.of()))));
            }
            for (Member m : members) {
                m.address = URI.create(m.await("READY ").split(" ")[2]);
            }
            long ready = System.nanoTime();
            Result r = attack(out, members, port, garbage);
            out.printf("  (the pool was ready after %d ms; the checks and attacks took %d ms)%n",
                    (ready - t0) / 1_000_000, (System.nanoTime() - ready) / 1_000_000);
            return r;
        } catch (Exception e) {
            StringBuilder why = new StringBuilder("the pool attack could not run: " + e.getMessage());
            for (Member m : members) {
                why.append("\nrank ").append(m.rank).append(" printed ").append(m.seen).append(m.process.stderrSuffix());
            }
            throw new IOException(why.toString(), e);
        } finally {
            for (Member m : members) {
                m.quit(); // all at once: rank 0, which serves the coordinator, leaves with the others
            }
            for (Member m : members) {
                m.close();
            }
            Files.deleteIfExists(secret);
            Files.deleteIfExists(dir);
        }
    }

    private static Result attack(PrintStream out, List<Member> members, int port, int garbage) throws Exception {
        Member rank0 = members.get(0);
        Member rank1 = members.get(1);
        Member insider = members.get(SIZE - 1);
        ProcessHandle coordinator = rank0.process.process().toHandle();
        ProcSampler sampler = new ProcSampler(coordinator.pid());
        List<String> failures = new ArrayList<>();
        String before = check(members, 1);
        if (!before.equals("ok")) {
            failures.add("the pool did not work before the attacks: " + before);
        }
        ProcSampler.Sample sampleBefore = sampler.sample();
        Duration cpuBefore = coordinator.info().totalCpuDuration().orElse(Duration.ZERO);

        List<Outcome> outcomes = new ArrayList<>();
        InetSocketAddress coord = new InetSocketAddress("127.0.0.1", port);
        InetSocketAddress member1 = new InetSocketAddress("127.0.0.1", rank1.address.getPort());
        byte[] hello1 = readHello(member1);
        long vmId = vmId(hello1);
        outcomes.add(presentHello(coord, "coordinator", hello1, vmId));
        byte[] hello0 = readHello(coord);
        outcomes.add(presentHello(member1, "rank 1", hello0, vmId(hello0)));
        outcomes.add(frame("stranger-2GiB-header", coord, "coordinator", 0x7fff_ffff, 1024));
        outcomes.add(frame("stranger-64KiB-frame", coord, "coordinator", 64 * 1024, 64 * 1024));
        outcomes.add(garbage(coord, "coordinator", garbage));
        outcomes.add(garbage(member1, "rank 1", garbage));
        outcomes.add(wrongSecret(port, "coordinator", PoolCoordinator.NAME));
        outcomes.add(wrongSecret(rank1.address.getPort(), "rank 1", "any"));

        ProcSampler victim = new ProcSampler(rank1.process.process().pid());
        ProcSampler.Sample victimBefore = victim.sample();
        for (String command : List.of("ATTACK-POOL 1", "ATTACK-GMI 0", "ATTACK-GMI 1", "ATTACK-REPMI",
                "FLOOD-REPMI 1 " + FLOOD_PAYLOADS + " " + FLOOD_BYTES)) {
            String target = command.startsWith("ATTACK-POOL") ? "coordinator"
                    : command.startsWith("ATTACK-REPMI") ? "sequencer (rank 0)" : "rank " + command.split(" ")[1];
            insider.send(command);
            for (String line = insider.await("OUTCOME ", "DONE"); !line.equals("DONE");
                    line = insider.await("OUTCOME ", "DONE")) {
                String[] w = line.substring("OUTCOME ".length()).split(" ", 3);
                outcomes.add(new Outcome("member-" + w[0], target, w[1], w.length > 2 ? w[2] : "-"));
            }
        }
        int hostileParameters = HostilePayloads.parameterAttacks(io.mobula.rmi.Rmi.serialization()).size();
        List<String> discarded = new ArrayList<>();
        for (Member v : List.of(rank0, rank1)) {
            // every invocation with hostile parameters reached the member, failed there alone, and was dropped
            v.send("AWAIT-DISCARDED " + hostileParameters);
            String line = v.await("DISCARDED ");
            if (!line.equals("DISCARDED " + hostileParameters)) {
                discarded.add("rank " + v.rank + " did not fail exactly the " + hostileParameters
                        + " invocations with hostile parameters: " + line);
            }
        }
        String after = check(members, 2);
        ProcSampler.Sample victimAfter = victim.sample();
        ProcSampler.Sample sampleAfter = sampler.sample();
        long cpuMs = coordinator.info().totalCpuDuration().orElse(Duration.ZERO).minus(cpuBefore).toMillis();

        for (Outcome o : outcomes) {
            boolean stranger = o.attack().startsWith("stranger");
            boolean sentOnly = o.result().equals("sent");
            boolean reportOnly = o.attack().contains("-report-");
            if (stranger && !(o.result().startsWith("closed") || o.result().startsWith("refused"))) {
                failures.add(o.attack() + " against " + o.target() + ": " + o.result());
            } else if (!stranger && !sentOnly && !reportOnly && !o.result().equals("refused")) {
                failures.add(o.attack() + ": " + o.result());
            } else if (!stranger && sentOnly && !o.attack().startsWith("member-gmi")
                    && !o.attack().startsWith("member-repmi")) {
                failures.add(o.attack() + ": " + o.result());
            }
        }
        if (!after.equals("ok")) {
            failures.add("the pool did not work after the attacks: " + after);
        }
        failures.addAll(discarded);
        List<String> deaths = new ArrayList<>();
        for (Member m : members) {
            for (String line : m.seen) {
                if (line.startsWith("EVENT ")) {
                    deaths.add("rank " + m.rank + " heard: " + line.substring(6));
                }
            }
        }
        failures.addAll(deaths);
        Result result = new Result(outcomes, before, after, deaths, sampleBefore, sampleAfter, cpuMs, victimBefore,
                victimAfter, failures);
        print(out, result);
        return result;
    }

    private static void print(PrintStream out, Result r) {
        out.printf("Pool of %d ranks with a secret of its own (rank 0 serves the coordinator; a GMI group and a RepMI"
                + " cloud over it):%n", SIZE);
        for (Outcome o : r.outcomes()) {
            out.printf("  %-36s %-20s %s; told: %s%n", o.attack(), o.target(), o.result(), o.told());
        }
        out.printf("  check before: %s; after: %s; deaths heard of: %s%n", r.checkBefore(), r.checkAfter(),
                r.deaths().isEmpty() ? "none" : r.deaths());
        out.printf("  coordinator: threads %d -> %d, RSS %.1f -> %.1f MiB, descriptors %d -> %d, CPU %d ms meanwhile%n",
                r.coordinatorBefore().threads(), r.coordinatorAfter().threads(),
                r.coordinatorBefore().rssKiB() / 1024.0, r.coordinatorAfter().rssKiB() / 1024.0,
                r.coordinatorBefore().descriptors(), r.coordinatorAfter().descriptors(), r.coordinatorCpuMs());
        out.printf("  rank 1 (the flood's target): RSS %.1f -> %.1f MiB%n", r.victimBefore().rssKiB() / 1024.0,
                r.victimAfter().rssKiB() / 1024.0);
        out.println("  verdict: " + (r.held() ? "the pool held" : "FAIL: " + String.join("; ", r.failures())));
    }

    /** Has every rank check the barrier, the group and the cloud ({@link HostileMember}); "ok" or why not. */
    private static String check(List<Member> members, int round) throws Exception {
        for (Member m : members) {
            m.send("CHECK " + round);
        }
        List<String> bad = new ArrayList<>();
        for (Member m : members) {
            String line = m.await("CHECK ");
            if (!line.startsWith("CHECK ok")) {
                bad.add("rank " + m.rank + ": " + line);
            }
        }
        return bad.isEmpty() ? "ok" : String.join("; ", bad);
    }

    /** The HELLO a Mobula listener sends whoever connects (a length-prefixed frame). */
    private static byte[] readHello(InetSocketAddress at) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(at, 5000);
            s.setSoTimeout(10_000);
            DataInputStream in = new DataInputStream(s.getInputStream());
            int n = in.readInt();
            if (n < 0 || n > 8192) {
                throw new IOException("a HELLO of " + n + " bytes");
            }
            return in.readNBytes(n);
        }
    }

    /** The VM id a HELLO carries: byte order, magic, version, then the id. */
    private static long vmId(byte[] hello) {
        ByteBuffer b = ByteBuffer.wrap(hello).order(hello[0] == 1 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        return b.getLong(1 + 4 + 4);
    }

    /**
     * Connects to {@code at}, answers its HELLO with {@code hello} (another process's, with that process's VM id), then
     * sends a frame of 32 bytes in place of the handshake's answer, as a stranger that read the id and has no secret.
     */
    private static Outcome presentHello(InetSocketAddress at, String target, byte[] hello, long vmId) {
        String name = "stranger-sniffed-vm-id";
        try (Socket s = new Socket()) {
            s.connect(at, 5000);
            s.setSoTimeout(10_000);
            OutputStream o = s.getOutputStream();
            o.write(ByteBuffer.allocate(4).putInt(hello.length).array());
            o.write(hello);
            o.write(ByteBuffer.allocate(4).putInt(32).array());
            o.write(new byte[32]);
            return closedOrKept(name, target, s.getInputStream(), "presented VM id " + Long.toHexString(vmId));
        } catch (IOException e) {
            return new Outcome(name, target, "refused", oneLine(e));
        }
    }

    /** One frame header announcing {@code length} bytes, then {@code body} bytes of it. */
    private static Outcome frame(String name, InetSocketAddress at, String target, int length, int body) {
        try (Socket s = new Socket()) {
            s.connect(at, 5000);
            s.setSoTimeout(10_000);
            OutputStream o = s.getOutputStream();
            o.write(ByteBuffer.allocate(4).putInt(length).array());
            try {
                o.write(new byte[body]);
            } catch (IOException closedMeanwhile) {
                return new Outcome(name, target, "closed by the server while sending", oneLine(closedMeanwhile));
            }
            return closedOrKept(name, target, s.getInputStream(), "-");
        } catch (IOException e) {
            return new Outcome(name, target, "refused", oneLine(e));
        }
    }

    /** {@code count} connections of 256 random bytes each; closed when the server closed every one. */
    private static Outcome garbage(InetSocketAddress at, String target, int count) {
        Attack a = new Attack(at);
        a.garbage(count, 256);
        long closed = a.garbageRefusedOrClosed.get();
        return new Outcome("stranger-random-bytes", target, closed == count ? "closed " + closed + " of " + count
                : "kept " + (count - closed) + " of " + count, "-");
    }

    /** This JVM's Mobula runtime, whose secret is not the pool's, looks {@code name} up in the registry at port. */
    private static Outcome wrongSecret(int port, String target, String name) {
        long t0 = System.nanoTime();
        CompletableFuture<Object> lookup = CompletableFuture.supplyAsync(() -> {
            try {
                return LocateRegistry.getRegistry("127.0.0.1", port).lookup(name);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, r -> Thread.ofPlatform().daemon().start(r));
        try {
            lookup.get(30, TimeUnit.SECONDS);
            return new Outcome("stranger-wrong-secret-lookup", target, "accepted", "-");
        } catch (ExecutionException e) {
            Throwable t = e.getCause().getCause() != null ? e.getCause().getCause() : e.getCause();
            return new Outcome("stranger-wrong-secret-lookup", target, "refused after "
                    + (System.nanoTime() - t0) / 1_000_000 + " ms", oneLine(t));
        } catch (TimeoutException | InterruptedException e) {
            return new Outcome("stranger-wrong-secret-lookup", target, "no answer within 30 s", "-");
        }
    }

    private static Outcome closedOrKept(String name, String target, InputStream in, String told) {
        long t0 = System.nanoTime();
        byte[] buf = new byte[4096];
        try {
            while (in.read(buf) >= 0) {
                // until the server closes
            }
            return new Outcome(name, target, "closed by the server after " + (System.nanoTime() - t0) / 1_000_000
                    + " ms", told);
        } catch (SocketTimeoutException kept) {
            return new Outcome(name, target, "still open after 10 s", told);
        } catch (IOException reset) {
            return new Outcome(name, target, "closed (reset) by the server after "
                    + (System.nanoTime() - t0) / 1_000_000 + " ms", told);
        }
    }

    private static String oneLine(Throwable t) {
        return (t.getClass().getSimpleName() + ": " + t.getMessage()).replace('\n', ' ');
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** A rank's process: every line it printed is kept, so the events between commands are seen. */
    private static final class Member {
        final int rank;
        final ChildProcess process;
        final List<String> seen = new ArrayList<>();
        URI address;

        Member(int rank, ChildProcess process) {
            this.rank = rank;
            this.process = process;
        }

        void send(String command) throws IOException {
            OutputStream o = process.process().getOutputStream();
            o.write((command + "\n").getBytes(StandardCharsets.UTF_8));
            o.flush();
        }

        /** The next line starting with one of {@code prefixes}, within {@link #WAIT_MS}; keeps every line read. */
        String await(String... prefixes) throws Exception {
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WAIT_MS);
            while (true) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                String line = left <= 0 ? null : process.nextLine(left);
                if (line == null) {
                    throw new IOException("rank " + rank + " ended or fell silent before " + List.of(prefixes)
                            + process.exitSuffix() + process.stderrSuffix());
                }
                seen.add(line);
                for (String p : prefixes) {
                    if (line.startsWith(p)) {
                        return line;
                    }
                }
            }
        }

        void quit() {
            try {
                send("QUIT");
            } catch (IOException e) {
                // ended already; closed either way
            }
        }

        /** Waits (bounded) for the rank to leave and exit, then makes sure it is gone. */
        void close() {
            try {
                process.process().waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            process.close();
        }
    }
}
