package io.mobula.bench.report;

/**
 * One axis of a chart.
 *
 * @param label what is plotted, e.g. "median latency"
 * @param unit  its unit, e.g. "us" or "bytes"; empty for a plain count
 * @param log   logarithmic (base 10) instead of linear
 */
public record Axis(String label, String unit, boolean log) {

    /** "label (unit)". */
    public String title() {
        return unit.isEmpty() ? label : label + " (" + unit + ")";
    }
}
