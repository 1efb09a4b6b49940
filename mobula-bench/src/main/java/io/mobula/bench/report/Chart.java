package io.mobula.bench.report;

import java.util.List;

/**
 * What to draw, independent of the output format: a line chart (numeric x) or, when {@code categories} is not
 * empty, a grouped bar chart with one group per category and one bar per series.
 *
 * @param id         a stable identifier: the PNG's file name and the HTML element id
 * @param title      the heading drawn above the plot
 * @param x          the x axis (ignored for the scale of a bar chart, but its label is drawn)
 * @param y          the y axis
 * @param series     the data, in legend order
 * @param categories the bar groups, or empty for a line chart
 * @param caption    machine, date and load of the measurements, drawn under the plot
 */
public record Chart(String id, String title, Axis x, Axis y, List<Series> series, List<String> categories,
        String caption) {

    public Chart {
        if (!id.matches("[a-z0-9][a-z0-9-]*")) {
            throw new IllegalArgumentException("chart id must be lower-case letters, digits and '-': " + id);
        }
        series = List.copyOf(series);
        categories = List.copyOf(categories);
    }

    /** Whether this is a bar chart. */
    public boolean bars() {
        return !categories.isEmpty();
    }

    /** Whether there is at least one point to draw. */
    public boolean hasData() {
        return series.stream().anyMatch(s -> !s.reference() && !s.points().isEmpty());
    }
}
