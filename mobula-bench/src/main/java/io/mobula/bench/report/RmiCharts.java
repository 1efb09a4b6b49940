package io.mobula.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The RMI benchmark collection ({@code bench rmi}, KaRMI 6.1 and thesis 2.5.3): per kernel, median latency against
 * the size of a {@code byte[]} argument, one line per system (raw C and Java ping-pong, java.rmi, Mobula, ...; the
 * {@code -shm} systems over shared memory); the small-argument calls side by side; and the throughput kernel's MB/s.
 */
final class RmiCharts implements SuiteCharts {
    private static final List<String> SMALL_KERNELS = List.of("null-call", "ping-2int", "ping-2int-2float",
            "void-ping-obj");

    @Override
    public String suite() {
        return "rmi";
    }

    @Override
    public String description() {
        return "Remote method invocation between two processes on one machine: median latency per call (lower is"
                + " better) and payload MB/s at the median (higher is better), every system of the collection;"
                + " systems ending in -shm use shared memory, the others TCP over loopback.";
    }

    @Override
    public List<Chart> charts(ResultFile file) {
        String name = file.path().getFileName().toString();
        List<ResultLine> ok = Lines.where(file.measured(), l -> l.text("case") != null && l.text("system") != null
                && l.number("p50_us") > 0);
        List<Chart> charts = new ArrayList<>();
        Map<String, List<ResultLine>> byKernel = Lines.group(ok, RmiCharts::kernelId);
        for (Map.Entry<String, List<ResultLine>> k : byKernel.entrySet()) {
            if (k.getKey().equals("throughput")) {
                continue;
            }
            List<ResultLine> arrays = Lines.where(k.getValue(), l -> l.text("payload") != null
                    && l.text("payload").startsWith("byte[") && l.number("payload_bytes") > 0);
            if (Lines.distinct(arrays, l -> l.text("payload")).size() < 2) {
                continue;
            }
            List<Series> series = new ArrayList<>();
            Lines.group(arrays, l -> l.text("system")).forEach((system, ls) -> series.add(Series.of(system,
                    ls.stream().map(l -> Point.of(l.number("payload_bytes"), l.number("p50_us"))).toList())));
            String signature = k.getValue().get(0).text("kernel");
            charts.add(new Chart("rmi-latency-" + Lines.slug(k.getKey()),
                    "RMI latency against argument size: " + (signature == null ? k.getKey() : signature)
                            + ", byte[n]",
                    new Axis("argument size", "bytes", true), new Axis("median latency", "us", true), series,
                    List.of(), RunCaption.of(name, arrays)));
        }
        List<ResultLine> small = Lines.where(ok, l -> SMALL_KERNELS.contains(kernelId(l))
                && (l.text("payload") == null || !l.text("payload").contains("[")));
        Chart smallCalls = bars("rmi-small-calls", "RMI latency of calls with small arguments", small, "p50_us",
                new Axis("median latency", "us", true), name);
        if (smallCalls != null) {
            charts.add(smallCalls);
        }
        List<ResultLine> tp = Lines.where(ok, l -> kernelId(l).equals("throughput") && l.number("mb_per_s") > 0);
        Chart throughput = bars("rmi-throughput", "RMI throughput: void ping(obj) with large arguments", tp,
                "mb_per_s", new Axis("payload at the median", "MB/s", Lines.spans(tp, "mb_per_s", 20)), name);
        if (throughput != null) {
            charts.add(throughput);
        }
        return charts;
    }

    /** A grouped bar chart: one group per case, one bar per system. */
    private static Chart bars(String id, String title, List<ResultLine> lines, String value, Axis y, String file) {
        if (lines.isEmpty()) {
            return null;
        }
        List<String> cases = Lines.distinct(lines, l -> l.text("case"));
        List<Series> series = new ArrayList<>();
        Lines.group(lines, l -> l.text("system")).forEach((system, ls) -> series.add(Series.of(system,
                ls.stream().map(l -> Point.of(cases.indexOf(l.text("case")), l.number(value))).toList())));
        return new Chart(id, title, new Axis("case", "", false), y, series, cases, RunCaption.of(file, lines));
    }

    /** "void-ping-obj" of case "void-ping-obj/byte[50]". */
    static String kernelId(ResultLine l) {
        String c = l.text("case");
        int slash = c.indexOf('/');
        return slash < 0 ? c : c.substring(0, slash);
    }
}
