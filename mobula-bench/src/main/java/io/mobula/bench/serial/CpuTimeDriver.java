package io.mobula.bench.serial;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * Round trips of one case through one system, timed by the thread's CPU time rather than the wall clock: a
 * steadier measure than the JMH suite on a shared machine, because time spent descheduled does not count. Run
 * one JVM per system and case, and alternate JVMs of the systems being compared.
 *
 * <pre>
 *   java -cp mobula-bench.jar io.mobula.bench.serial.CpuTimeDriver media-content mobula-generated [samples] [ms]
 * </pre>
 *
 * Prints one line: case, system, the median and the minimum CPU nanoseconds per round trip over the samples
 * (default 9 samples of 500 ms of CPU time each, after 3 s of warm-up).
 */
public final class CpuTimeDriver {
    private CpuTimeDriver() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: CpuTimeDriver <case> <system> [samples] [ms per sample]");
            System.exit(2);
        }
        SerialCase serialCase = SerialCase.byId(args[0]);
        SerialSystem system = SerialSystem.byId(args[1]);
        int samples = args.length > 2 ? Integer.parseInt(args[2]) : 9;
        long sampleNanos = (args.length > 3 ? Long.parseLong(args[3]) : 500) * 1_000_000L;
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        RoundTrip rt = system.createValidated(serialCase);
        Object graph = rt.graph(serialCase);
        Object sink = null;
        long warmEnd = mx.getCurrentThreadCpuTime() + 3_000_000_000L;
        while (mx.getCurrentThreadCpuTime() < warmEnd) {
            for (int i = 0; i < 1000; i++) {
                sink = rt.roundTrip(graph);
            }
        }
        double[] ns = new double[samples];
        for (int s = 0; s < samples; s++) {
            long start = mx.getCurrentThreadCpuTime();
            long n = 0;
            long now;
            do {
                for (int i = 0; i < 1000; i++) {
                    sink = rt.roundTrip(graph);
                }
                n += 1000;
                now = mx.getCurrentThreadCpuTime();
            } while (now - start < sampleNanos);
            ns[s] = (double) (now - start) / n;
        }
        if (sink == null) {
            throw new IllegalStateException("no round trip ran");
        }
        Arrays.sort(ns);
        System.out.printf("%s %s median %.1f ns min %.1f ns%n", serialCase.id(), system.id(), ns[samples / 2], ns[0]);
    }
}
