package io.mobula.bench.report;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.TreeSet;

/**
 * The line under every chart: on which machine, when and under what load its numbers were measured, taken from the
 * JSON lines the chart was drawn from ({@code host}, {@code cpus} or {@code cores}, {@code cpu}, {@code date} or
 * {@code timestamp}, {@code load}, {@code mode}). A field no line carries is said to be "not recorded".
 */
public final class RunCaption {
    private RunCaption() {
    }

    /** The caption for a chart drawn from {@code lines} of {@code file}. */
    public static String of(String fileName, Collection<ResultLine> lines) {
        String hosts = join(lines.stream().map(l -> l.text("host")).filter(Objects::nonNull).toList());
        TreeSet<Long> cpus = new TreeSet<>();
        for (ResultLine l : lines) {
            double c = Double.isNaN(l.number("cpus")) ? l.number("cores") : l.number("cpus");
            if (!Double.isNaN(c)) {
                cpus.add((long) c);
            }
        }
        String cpu = join(lines.stream().map(l -> l.text("cpu")).filter(Objects::nonNull).toList());
        TreeSet<String> dates = new TreeSet<>();
        for (ResultLine l : lines) {
            String d = l.text("date") != null ? l.text("date") : l.text("timestamp");
            if (d != null) {
                dates.add(d);
            }
        }
        double minLoad = Double.POSITIVE_INFINITY;
        double maxLoad = Double.NEGATIVE_INFINITY;
        for (ResultLine l : lines) {
            double v = l.number("load");
            if (!Double.isNaN(v)) {
                minLoad = Math.min(minLoad, v);
                maxLoad = Math.max(maxLoad, v);
            }
        }
        String modes = join(lines.stream().map(l -> l.text("mode")).filter(Objects::nonNull).toList());

        StringBuilder sb = new StringBuilder("machine: ");
        sb.append(hosts.isEmpty() ? "host not recorded" : hosts);
        if (!cpus.isEmpty()) {
            sb.append(", ").append(join(cpus.stream().map(String::valueOf).toList())).append(" cpus");
        }
        if (!cpu.isEmpty()) {
            sb.append(", ").append(cpu);
        }
        sb.append("; date: ");
        sb.append(dates.isEmpty() ? "not recorded"
                : dates.size() == 1 ? dates.first() : dates.first() + " to " + dates.last());
        sb.append("; load (1-min average): ");
        if (minLoad == Double.POSITIVE_INFINITY) {
            sb.append("not recorded");
        } else if (minLoad == maxLoad) {
            sb.append(String.format(Locale.ROOT, "%.2f", minLoad));
        } else {
            sb.append(String.format(Locale.ROOT, "%.2f to %.2f", minLoad, maxLoad));
        }
        if (!modes.isEmpty()) {
            sb.append("; mode: ").append(modes);
        }
        sb.append("; ").append(fileName);
        return sb.toString();
    }

    private static String join(List<String> values) {
        return String.join(", ", new TreeSet<>(values));
    }
}
