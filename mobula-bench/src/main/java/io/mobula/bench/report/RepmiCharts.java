package io.mobula.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The RepMI suite ({@code bench repmi}, thesis 4.4): the cost of a local read (beside a plain field read), a
 * replicated write and, for scale, a null RMI against N, in nanoseconds (a read costs a few); every other latency
 * case (writes, broadcasts) against N per system; and write throughput in MB/s.
 */
final class RepmiCharts implements SuiteCharts {
    /** The cases of the cost chart (writes there only for Mobula; every system's writes get a chart of their own). */
    private static final Set<String> COSTS = Set.of("read", "write", "null-rmi");

    @Override
    public String suite() {
        return "repmi";
    }

    @Override
    public String description() {
        return "Replicated objects: median cost of a read (local), a write (broadcast to every replica) and a null"
                + " RMI for scale, against the number of processes N; writes beside pushing with RMIs, an RMI tree"
                + " and raw one-way broadcasts; open markers: oversubscribed (more processes than cpus).";
    }

    @Override
    public List<Chart> charts(ResultFile file) {
        String name = file.path().getFileName().toString();
        List<ResultLine> ok = Lines.where(file.measured(), l -> l.text("case") != null && l.text("system") != null);
        List<Chart> charts = new ArrayList<>();
        add(charts, ProcessCountCharts.against("repmi-read-write", "RepMI read and write costs against N",
                Lines.where(ok, l -> COSTS.contains(l.text("case"))
                        && (!l.text("case").equals("write") || l.text("system").equals("mobula-repmi"))),
                l -> l.text("case") + ": " + Lines.systemAndTransport(l), "p50_ns",
                new Axis("median time per operation", "ns", false), name));
        Map<String, List<ResultLine>> others = Lines.group(Lines.where(ok, l -> !l.text("case").equals("read")
                && !l.text("case").equals("null-rmi") && !l.text("case").contains("throughput")), l -> l.text("case"));
        for (Map.Entry<String, List<ResultLine>> e : others.entrySet()) {
            add(charts, ProcessCountCharts.against("repmi-" + Lines.slug(e.getKey()),
                    "RepMI " + e.getKey() + " against N", e.getValue(), Lines::systemAndTransport, "p50_us",
                    new Axis("median latency", "us", false), name));
        }
        Map<String, List<ResultLine>> throughput = Lines.group(Lines.where(ok, l -> l.text("case")
                .contains("throughput")), l -> l.text("array") == null ? "" : l.text("array"));
        for (Map.Entry<String, List<ResultLine>> e : throughput.entrySet()) {
            String array = e.getKey();
            add(charts, ProcessCountCharts.against("repmi-write-throughput" + (array.isEmpty() ? "" : "-"
                    + Lines.slug(array)), "RepMI write throughput against N" + (array.isEmpty() ? "" : ", " + array),
                    e.getValue(), Lines::systemAndTransport, "mb_per_s", new Axis("payload", "MB/s", false), name));
        }
        return charts;
    }

    private static void add(List<Chart> charts, Chart c) {
        if (c != null) {
            charts.add(c);
        }
    }
}
