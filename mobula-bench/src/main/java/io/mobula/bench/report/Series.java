package io.mobula.bench.report;

import java.util.Comparator;
import java.util.List;

/**
 * A named set of points: one line (points joined in x order) or one colour of bars.
 *
 * @param name      the legend entry
 * @param points    the points
 * @param reference a reference line (e.g. ideal speedup): dashed, grey, without markers
 */
public record Series(String name, List<Point> points, boolean reference) {

    public Series {
        points = points.stream().sorted(Comparator.comparingDouble(Point::x)).toList();
    }

    public static Series of(String name, List<Point> points) {
        return new Series(name, points, false);
    }
}
