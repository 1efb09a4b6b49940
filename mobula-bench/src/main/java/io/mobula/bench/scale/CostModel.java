package io.mobula.bench.scale;

import io.mobula.bench.rmi.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * LogGP parameters per transport, fitted on measured round trips, and what they predict (docs/PERFORMANCE.md,
 * "Scale"; the model in full: docs/PERFORMANCE-HISTORY.md, "Scale: predicted latencies").
 *
 * <p>The fit takes the median round trip of an RMI {@code void ping(obj)} whose argument is a byte array of m bytes
 * (and no argument, m = 0), as the RMI suite measures it between two processes: a call of m bytes and a small reply,
 * 2 (L + 2o) + m G. A weighted least-squares line through those points (each weighted by 1 / its time squared, so
 * that the small calls, which fix the intercept, count as much as the large ones) gives L + 2o (half the intercept)
 * and G (the slope). Round trips between two processes cannot tell L from o, nor show g: on one host nothing is on
 * a wire, so the fit puts all of L + 2o into the two overheads (L = 0) and takes the gap to be the sender's overhead
 * (g = o), the time one process spends on each message it sends. Those two choices are assumptions, written
 * with the parameters.
 *
 * <p>Run as {@code java -cp mobula-bench.jar io.mobula.bench.scale.CostModel RMI_RESULTS OUT} it fits
 * {@code mobula-shm} (shm) and {@code mobula} (TCP) of an RMI results file and writes one line per transport.
 */
public final class CostModel {
    /** The RMI suite's system per transport whose round trips are fitted. */
    static final Map<String, String> SYSTEMS = Map.of("shm", "mobula-shm", "tcp", "mobula");
    /** The kernels fitted: a call with a byte[] (or null) argument and no result. */
    static final List<String> KERNELS = List.of("void ping(obj)", "void ping(obj), throughput");

    private final Map<String, LogGpParameters> transports;
    private final String file;

    private CostModel(Map<String, LogGpParameters> transports, String file) {
        this.transports = Map.copyOf(transports);
        this.file = file;
    }

    /** One measured round trip: a call of {@code bytes} bytes and a small reply, {@code micros} in all. */
    record RoundTrip(long bytes, double micros) {
    }

    /**
     * A fit: the parameters and how well the line follows the points.
     *
     * @param parameters       the fitted parameters
     * @param points           how many round trips were fitted
     * @param maxRelativeError the largest |measured - fitted| / measured over the points
     * @param system           the RMI suite's system fitted
     */
    record Fit(LogGpParameters parameters, int points, double maxRelativeError, String system) {

        /** The parameters' JSON line with the fit's provenance and quality. */
        String json() {
            String p = parameters.json();
            StringBuilder sb = new StringBuilder(p.substring(0, p.length() - 1));
            sb.append(",\"system\":");
            Json.quote(sb, system);
            sb.append(",\"kernel\":\"void ping(obj) with byte[m] and null arguments, p50_us\"");
            sb.append(String.format(Locale.ROOT, ",\"points\":%d,\"max_relative_error\":%.4f", points,
                    maxRelativeError));
            sb.append(",\"assumed\":\"L = 0 and g = o: round trips on one host give L + 2o and G only\"}");
            return sb.toString();
        }
    }

    /**
     * Fits LogGP parameters on round trips of one transport (see the class comment); needs two sizes at least.
     */
    static Fit fit(String transport, List<RoundTrip> points, String source, String system) {
        if (points.stream().mapToLong(RoundTrip::bytes).distinct().count() < 2) {
            throw new IllegalArgumentException("a fit of " + transport + " needs round trips of two sizes at least,"
                    + " not " + points);
        }
        // weighted least squares of micros = a + b bytes, weight 1 / micros^2
        double sw = 0;
        double sx = 0;
        double sy = 0;
        double sxx = 0;
        double sxy = 0;
        for (RoundTrip p : points) {
            if (!(p.micros() > 0)) {
                throw new IllegalArgumentException("a round trip takes some time: " + p);
            }
            double w = 1 / (p.micros() * p.micros());
            sw += w;
            sx += w * p.bytes();
            sy += w * p.micros();
            sxx += w * p.bytes() * (double) p.bytes();
            sxy += w * p.bytes() * p.micros();
        }
        double slope = (sw * sxy - sx * sy) / (sw * sxx - sx * sx);
        double intercept = (sy - slope * sx) / sw;
        if (!(intercept > 0) || slope < 0) {
            throw new IllegalArgumentException("the round trips of " + transport + " give no LogGP line (intercept "
                    + intercept + " us, slope " + slope + " us/byte): " + points);
        }
        double oneWay = intercept / 2;
        double overhead = oneWay / 2;
        LogGpParameters params = new LogGpParameters(transport, 0, overhead, overhead, slope, source);
        double worst = 0;
        for (RoundTrip p : points) {
            worst = Math.max(worst, Math.abs(p.micros() - (intercept + slope * p.bytes())) / p.micros());
        }
        return new Fit(params, points.size(), worst, system);
    }

    /**
     * The fits of every transport of {@link #SYSTEMS} in an RMI results file: every measured line of the system with
     * a kernel of {@link #KERNELS} and a {@code byte[]} or null argument.
     */
    static List<Fit> fitRmiResults(Path rmiResults, String source) throws IOException {
        Map<String, List<RoundTrip>> points = new LinkedHashMap<>();
        for (String l : Files.readAllLines(rmiResults, StandardCharsets.UTF_8)) {
            if (l.isBlank()) {
                continue;
            }
            Map<String, Object> m = Json.parseFlat(l);
            String payload = m.get("payload") instanceof String s ? s : "null";
            if (!"rmi".equals(m.get("suite")) || m.containsKey("error") || !KERNELS.contains(m.get("kernel"))
                    || !(payload.equals("null") || payload.startsWith("byte["))
                    || !(m.get("p50_us") instanceof Number t) || !(m.get("payload_bytes") instanceof Number b)) {
                continue;
            }
            for (Map.Entry<String, String> e : SYSTEMS.entrySet()) {
                if (e.getValue().equals(m.get("system"))) {
                    points.computeIfAbsent(e.getKey(), k -> new ArrayList<>())
                            .add(new RoundTrip(b.longValue(), t.doubleValue()));
                }
            }
        }
        List<Fit> fits = new ArrayList<>();
        for (String transport : List.of("shm", "tcp")) {
            List<RoundTrip> p = points.get(transport);
            if (p == null) {
                throw new IllegalArgumentException(rmiResults + " has no " + SYSTEMS.get(transport) + " round trips"
                        + " of " + KERNELS + " with byte[] arguments");
            }
            fits.add(fit(transport, p, source, SYSTEMS.get(transport)));
        }
        return fits;
    }

    /** Reads a cost-model file ({@link LogGpParameters#json} lines); {@code file} names it in the results. */
    static CostModel read(Path path, String file) throws IOException {
        Map<String, LogGpParameters> m = new LinkedHashMap<>();
        for (String l : Files.readAllLines(path, StandardCharsets.UTF_8)) {
            if (!l.isBlank()) {
                LogGpParameters p = LogGpParameters.parse(l);
                if (m.put(p.transport(), p) != null) {
                    throw new IllegalArgumentException(path + " gives " + p.transport() + " twice");
                }
            }
        }
        if (m.isEmpty()) {
            throw new IllegalArgumentException(path + " holds no LogGP parameters");
        }
        return new CostModel(m, file);
    }

    /** A model of the given parameters, named {@code file}. */
    static CostModel of(String file, LogGpParameters... parameters) {
        Map<String, LogGpParameters> m = new LinkedHashMap<>();
        for (LogGpParameters p : parameters) {
            m.put(p.transport(), p);
        }
        return new CostModel(m, file);
    }

    /** The parameters per transport, in a stable order (shm, tcp, then others by name). */
    List<LogGpParameters> transports() {
        return transports.values().stream().sorted((a, b) -> rank(a.transport()) - rank(b.transport()) != 0
                ? rank(a.transport()) - rank(b.transport()) : a.transport().compareTo(b.transport())).toList();
    }

    private static int rank(String t) {
        return switch (t) {
            case "shm" -> 0;
            case "tcp" -> 1;
            default -> 2;
        };
    }

    /** The file the parameters were read from, as the results name it. */
    String file() {
        return file;
    }

    /** What LogGP predicts for a chain of messages one after another, of these sizes: the sum of L + 2o + m G. */
    static double chain(LogGpParameters p, long... bytes) {
        double t = 0;
        for (long b : bytes) {
            t += p.message(b);
        }
        return t;
    }

    /**
     * What LogGP predicts for one process sending {@code k} messages of {@code bytes} each, one after another, to
     * {@code k} others: the last starts {@code (k - 1) (g + m G)} after the first and is handled L + 2o + m G later.
     */
    static double flat(LogGpParameters p, int k, long bytes) {
        if (k < 1) {
            throw new IllegalArgumentException("k >= 1, not " + k);
        }
        return (k - 1) * p.sendOccupancy(bytes) + p.message(bytes);
    }

    /** {@code CostModel RMI_RESULTS OUT}: fits the RMI results file and writes the parameters (class comment). */
    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: CostModel RMI_RESULTS.jsonl OUT.jsonl");
            System.exit(2);
        }
        Path in = Path.of(args[0]);
        List<String> lines = fitRmiResults(in, "results/" + in.getFileName()).stream().map(Fit::json).toList();
        Files.write(Path.of(args[1]), lines, StandardCharsets.UTF_8);
        lines.forEach(System.out::println);
    }
}
