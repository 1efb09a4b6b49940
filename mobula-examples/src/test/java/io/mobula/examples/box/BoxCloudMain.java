package io.mobula.examples.box;

import io.mobula.examples.repmi.Stack;
import io.mobula.examples.repmi.StackRoot;
import io.mobula.pool.Pool;
import io.mobula.repmi.Cloud;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * A rank of a RepMI cloud in a cluster in a box, kept writing through the faults {@code ClusterBoxTest} makes:
 * {@code BoxCloudMain DIR}. Every rank pushes unique values ({@code rank * 1_000_000 + i}, i = 0, 1, ... in order, so
 * a rank's returned pushes are exactly 0 .. n - 1) onto one replicated stack, a push every 20 ms. It reports to the
 * file {@code DIR/rank-R.log} (a file system every host shares; the ranks' output may not reach the launcher when a
 * link is cut) and to its output, one line each:
 * <ul>
 *   <li>{@code pushed N T}: after every 20th push that returned (T: epoch ms);</li>
 *   <li>{@code gone X T KIND: detail}: the pool declared rank X gone;</li>
 *   <li>when {@code DIR/stop} appears: {@code stopped-writing N} (N pushes returned), then, once {@code DIR/check}
 *   appears, it syncs and writes its replica's values to {@code DIR/values-R} and {@code replica N HASH};</li>
 *   <li>once {@code DIR/go} appears, {@code writing-on}, and it writes on (values
 *   {@code rank * 1_000_000 + 500_000 + j}) until a push fails, as it must once the test cuts the pool coordinator's
 *   host off;</li>
 *   <li>a push that fails, in either phase: {@code failed PHASE N T Exception: message} (N pushes of the phase had
 *   returned; the failed one's outcome is unknown), then {@code read ...}: what a read does afterwards; then it exits
 *   4 without closing the pool (whose coordinator may be unreachable).</li>
 * </ul>
 * Every wait is bounded: a rank not told to stop within 150 s, to check within 60 s after that, or to go on within 60 s
 * more, exits 1; so does one whose pushes never fail.
 */
public final class BoxCloudMain {
    private static final long PAUSE_MS = 20;
    private static Path log;

    private BoxCloudMain() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Pool pool;
        Stack s;
        int me;
        try {
            pool = Pool.join();
            me = pool.rank();
            log = dir.resolve("rank-" + me + ".log");
            Cloud.attach(pool);
            s = me == 0 ? Cloud.create(Stack.class, StackRoot.class, "box-cloud") : Cloud.lookup("box-cloud",
                    Stack.class);
            pool.addListener(e -> {
                if (e.isFailure()) {
                    line("gone " + e.rank() + " " + System.currentTimeMillis() + " " + e.kind() + ": " + e.detail());
                }
            });
            pool.barrier();
        } catch (Throwable t) {
            System.out.println("[cloud] start failed: " + t);
            System.out.flush();
            Runtime.getRuntime().halt(1);
            return;
        }
        long deadline = System.nanoTime() + 150_000_000_000L;
        int i = 0;
        while (!Files.exists(dir.resolve("stop"))) {
            if (System.nanoTime() > deadline) {
                line("never told to stop");
                Runtime.getRuntime().halt(1);
            }
            push(s, me * 1_000_000 + i, "write", i);
            if (++i % 20 == 0) {
                line("pushed " + i + " " + System.currentTimeMillis());
            }
            Thread.sleep(PAUSE_MS);
        }
        line("stopped-writing " + i);
        long checkBy = System.nanoTime() + 60_000_000_000L;
        while (!Files.exists(dir.resolve("check"))) {
            if (System.nanoTime() > checkBy) {
                line("never told to check");
                Runtime.getRuntime().halt(1);
            }
            Thread.sleep(20);
        }
        int[] values;
        try {
            s.sync();
            values = s.values();
        } catch (Throwable t) {
            failed(s, "check", 0, t);
            return;
        }
        Files.writeString(dir.resolve("values-" + me + ".tmp"),
                Arrays.stream(values).mapToObj(Integer::toString).collect(Collectors.joining(",")));
        Files.move(dir.resolve("values-" + me + ".tmp"), dir.resolve("values-" + me),
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        line("replica " + values.length + " " + Arrays.hashCode(values));
        while (!Files.exists(dir.resolve("go"))) { // until every survivor has read its replica
            if (System.nanoTime() > checkBy + 60_000_000_000L) {
                line("never told to go on");
                Runtime.getRuntime().halt(1);
            }
            Thread.sleep(20);
        }
        line("writing-on");
        for (int j = 0; ; j++) {
            if (System.nanoTime() > deadline + 60_000_000_000L) {
                line("never failed");
                Runtime.getRuntime().halt(1);
            }
            push(s, me * 1_000_000 + 500_000 + j, "coordinator", j);
            Thread.sleep(PAUSE_MS);
        }
    }

    private static void push(Stack s, int v, String phase, int returned) {
        try {
            s.push(v);
        } catch (Throwable t) {
            failed(s, phase, returned, t);
        }
    }

    private static void failed(Stack s, String phase, int returned, Throwable t) {
        line("failed " + phase + " " + returned + " " + System.currentTimeMillis() + " " + t.getClass().getSimpleName()
                + ": " + t.getMessage());
        String read;
        try {
            read = "read answered " + s.size() + " (stale state served)";
        } catch (Throwable r) {
            read = "read fails too: " + r.getMessage();
        }
        line(read);
        Runtime.getRuntime().halt(4); // the pool's coordinator may be unreachable: closing would only wait
    }

    private static synchronized void line(String text) {
        String l = text.replace('\n', ' ');
        System.out.println("[cloud] " + l);
        System.out.flush();
        try {
            Files.writeString(log, l + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            System.out.println("[cloud] cannot write " + log + ": " + e);
        }
    }
}
