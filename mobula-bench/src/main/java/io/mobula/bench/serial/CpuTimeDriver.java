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
 *   java -cp mobula-bench.jar io.mobula.bench.serial.CpuTimeDriver media-content mobula-generated [samples] [ms] [part]
 * </pre>
 *
 * {@code part} is {@code roundtrip} (default), or for {@code mobula-generated} only {@code write} (encode the graph
 * into the streaming writer) or {@code read} (decode one encoded message from the same buffer).
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
        String part = args.length > 4 ? args[4] : "roundtrip";
        RoundTrip validated = system.createValidated(serialCase);
        Object graph = validated.graph(serialCase);
        RoundTrip rt = switch (part) {
            case "roundtrip" -> validated;
            case "write", "read" -> {
                if (system != SerialSystem.MOBULA_GENERATED) {
                    throw new IllegalArgumentException(part + " is measured for mobula-generated only");
                }
                yield half(part.equals("write"), graph);
            }
            default -> throw new IllegalArgumentException("part must be roundtrip, write or read: " + part);
        };
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
        System.out.printf("%s %s %s median %.1f ns min %.1f ns%n", serialCase.id(), system.id(), part,
                ns[samples / 2], ns[0]);
    }

    /** One half of Mobula's streaming round trip: the writer's, or the reader's on a message written once. */
    private static RoundTrip half(boolean write, Object graph) throws java.io.IOException {
        io.mobula.serial.Serialization serialization = io.mobula.serial.Serialization.defaults();
        io.mobula.serial.SerialWriter writer = serialization.newWriter();
        io.mobula.serial.SerialReader reader = serialization.newReader();
        for (int i = 0; i < 2; i++) { // the second message implies the types the first one described
            writer.beginMessage();
            writer.writeObject(graph);
            reader.beginMessage(writer.buffer());
            reader.readObject();
        }
        if (write) {
            return g -> {
                writer.beginMessage();
                writer.writeObject(g);
                return writer;
            };
        }
        java.nio.ByteBuffer message = writer.buffer();
        return g -> {
            reader.beginMessage(message.duplicate().order(message.order()));
            return reader.readObject();
        };
    }
}
