package io.mobula.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The GMI suite ({@code bench gmi}, thesis 5.5.1): for every collective, the median latency against N, Mobula GMI
 * beside the RMI loop and Open MPI per transport; for the throughput cases MB/s against N.
 */
final class GmiCharts implements SuiteCharts {

    @Override
    public String suite() {
        return "gmi";
    }

    @Override
    public String description() {
        return "Group method invocation: median time of one collective operation (latency cases) or payload MB/s"
                + " (throughput cases) against the number of processes N, Mobula GMI beside a loop of RMIs and"
                + " Open MPI; open markers: oversubscribed (more processes than cpus).";
    }

    @Override
    public List<Chart> charts(ResultFile file) {
        String name = file.path().getFileName().toString();
        List<Chart> charts = new ArrayList<>();
        for (Map.Entry<String, List<ResultLine>> e : Lines.group(file.measured(), l -> l.text("case")).entrySet()) {
            String c = e.getKey();
            boolean throughput = c.endsWith("throughput");
            Chart chart = throughput
                    ? ProcessCountCharts.against("gmi-" + Lines.slug(c), "GMI " + c + ": MB/s against N",
                            e.getValue(), Lines::systemAndTransport, "mb_per_s", new Axis("payload", "MB/s", false),
                            name)
                    : ProcessCountCharts.against("gmi-" + Lines.slug(c), "GMI " + c + ": latency against N",
                            e.getValue(), Lines::systemAndTransport, "p50_us",
                            new Axis("median latency", "us", false), name);
            if (chart != null) {
                charts.add(chart);
            }
        }
        return charts;
    }
}
