package io.mobula.bench.report;

/**
 * One data point. For a bar chart {@code x} is the index of the category.
 *
 * @param x      position on the x axis
 * @param y      value
 * @param hollow drawn as an open marker: a measurement to read with care (e.g. an oversubscribed run, more
 *               processes than cpus)
 */
public record Point(double x, double y, boolean hollow) {

    public Point {
        if (!Double.isFinite(x) || !Double.isFinite(y)) {
            throw new IllegalArgumentException("point not finite: " + x + ", " + y);
        }
    }

    public static Point of(double x, double y) {
        return new Point(x, y, false);
    }
}
