package io.mobula.bench.report;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;

/**
 * Lays out a {@link Chart} and draws it on a {@link Canvas}: title, plot area with grid, ticks and axis titles, the
 * points (joined for a line chart, bars for a bar chart), a legend at the right and the caption (machine, date,
 * load) at the bottom. The same layout is drawn to SVG and to PNG, so both show the same chart.
 */
public final class ChartPainter {
    /** Size of every chart, in pixels. */
    public static final int WIDTH = 880;
    public static final int HEIGHT = 520;

    private static final Color[] PALETTE = {
        new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0xff7f0e), new Color(0x9467bd),
        new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf), new Color(0xbcbd22), new Color(0x7f7f7f),
    };
    private static final Color INK = new Color(0x222222);
    private static final Color GRID = new Color(0xdddddd);
    private static final Color REFERENCE = new Color(0x888888);
    private static final int LEGEND_WIDTH = 210;
    private static final int CAPTION_CHARS = 135;

    private ChartPainter() {
    }

    /** The colour of the {@code i}-th (non-reference) series. */
    public static Color color(int i) {
        return PALETTE[i % PALETTE.length];
    }

    /** Draws {@code chart} on {@code c}, which is {@link #WIDTH} x {@link #HEIGHT}. */
    public static void paint(Chart chart, Canvas c) {
        List<String> caption = wrap(chart.caption(), CAPTION_CHARS);
        double left = 84;
        double top = 52;
        double right = WIDTH - LEGEND_WIDTH;
        double bottom = HEIGHT - 14 - 14 * caption.size() - (chart.bars() ? 130 : 56);

        c.text(left, 28, chart.title(), 16, Canvas.Anchor.START, true, INK, 0);
        for (int i = 0; i < caption.size(); i++) {
            c.text(12, HEIGHT - 12 - 14 * (caption.size() - 1 - i), caption.get(i), 10.5, Canvas.Anchor.START, false,
                    INK, 0);
        }
        c.text(22, (top + bottom) / 2, chart.y().title(), 12, Canvas.Anchor.MIDDLE, false, INK, -90);
        c.text((left + right) / 2, bottom + (chart.bars() ? 124 : 42), chart.x().title(), 12, Canvas.Anchor.MIDDLE,
                false, INK, 0);

        List<Point> all = new ArrayList<>();
        chart.series().forEach(s -> s.points().stream().filter(p -> !chart.y().log() || p.y() > 0).forEach(all::add));
        if (all.isEmpty()) {
            c.rect(left, top, right - left, bottom - top, null, INK);
            c.text((left + right) / 2, (top + bottom) / 2, "no data", 14, Canvas.Anchor.MIDDLE, false, INK, 0);
            return;
        }
        double yMin = all.stream().mapToDouble(Point::y).min().orElseThrow();
        double yMax = all.stream().mapToDouble(Point::y).max().orElseThrow();
        Scale ys = Scale.of(chart.y().log(), yMin, yMax, !chart.y().log(), bottom, top);
        for (double t : ys.ticks()) {
            double py = ys.pixel(t);
            c.line(left, py, right, py, GRID, 1, false);
            c.line(left - 5, py, left, py, INK, 1, false);
            c.text(left - 8, py + 4, Scale.label(t), 11, Canvas.Anchor.END, false, INK, 0);
        }
        if (chart.bars()) {
            paintBars(chart, c, ys, left, right, bottom);
        } else {
            paintLines(chart, c, ys, all, left, right, bottom);
        }
        c.line(left, top, left, bottom, INK, 1.2, false);
        c.line(left, bottom, right, bottom, INK, 1.2, false);
        paintLegend(chart, c, right + 16, top);
    }

    private static void paintLines(Chart chart, Canvas c, Scale ys, List<Point> all, double left, double right,
            double bottom) {
        double xMin = all.stream().mapToDouble(Point::x).min().orElseThrow();
        double xMax = all.stream().mapToDouble(Point::x).max().orElseThrow();
        boolean whole = all.stream().allMatch(p -> p.x() == Math.rint(p.x()));
        Scale xs = Scale.of(chart.x().log(), xMin, xMax, false, whole, left + 6, right - 6);
        for (double t : xs.ticks()) {
            double px = xs.pixel(t);
            c.line(px, bottom, px, bottom + 5, INK, 1, false);
            c.text(px, bottom + 19, Scale.label(t), 11, Canvas.Anchor.MIDDLE, false, INK, 0);
        }
        int colour = 0;
        for (Series s : chart.series()) {
            List<Point> pts = s.points().stream().filter(p -> !chart.y().log() || p.y() > 0).toList();
            double[] px = pts.stream().mapToDouble(p -> xs.pixel(p.x())).toArray();
            double[] py = pts.stream().mapToDouble(p -> ys.pixel(p.y())).toArray();
            if (s.reference()) {
                c.polyline(px, py, REFERENCE, 1.5, true);
                continue;
            }
            Color col = color(colour++);
            if (pts.size() > 1) {
                c.polyline(px, py, col, 2, false);
            }
            for (int i = 0; i < pts.size(); i++) {
                marker(c, px[i], py[i], col, pts.get(i).hollow());
            }
        }
    }

    private static void paintBars(Chart chart, Canvas c, Scale ys, double left, double right, double bottom) {
        int groups = chart.categories().size();
        double group = (right - left) / groups;
        List<Series> bars = chart.series().stream().filter(s -> !s.reference()).toList();
        double bar = group * 0.8 / Math.max(1, bars.size());
        for (int g = 0; g < groups; g++) {
            double cx = left + group * (g + 0.5);
            c.line(cx, bottom, cx, bottom + 5, INK, 1, false);
            c.text(cx + 4, bottom + 16, shorten(chart.categories().get(g), 28), 10.5, Canvas.Anchor.END, false, INK,
                    -35);
        }
        double base = ys.pixel(ys.low());
        for (int i = 0; i < bars.size(); i++) {
            Color col = color(i);
            for (Point p : bars.get(i).points()) {
                if (chart.y().log() && p.y() <= 0) {
                    continue;
                }
                double x0 = left + group * p.x() + group * 0.1 + bar * i;
                double py = ys.pixel(p.y());
                c.rect(x0, Math.min(py, base), bar - 1, Math.abs(base - py), p.hollow() ? Color.WHITE : col, col);
            }
        }
        for (Series s : chart.series()) {
            if (s.reference() && !s.points().isEmpty()) {
                double[] px = s.points().stream().mapToDouble(p -> left + group * (p.x() + 0.5)).toArray();
                double[] py = s.points().stream().mapToDouble(p -> ys.pixel(p.y())).toArray();
                if (px.length == 1) {
                    px = new double[] {left, right};
                    py = new double[] {py[0], py[0]};
                } else {
                    px[0] = left;
                    px[px.length - 1] = right;
                }
                c.polyline(px, py, REFERENCE, 1.5, true);
            }
        }
    }

    private static void paintLegend(Chart chart, Canvas c, double x, double y) {
        int colour = 0;
        double row = y;
        for (Series s : chart.series()) {
            double cy = row + 8;
            if (s.reference()) {
                c.line(x, cy, x + 22, cy, REFERENCE, 1.5, true);
            } else if (chart.bars()) {
                c.rect(x + 4, cy - 6, 14, 12, color(colour), color(colour));
                colour++;
            } else {
                Color col = color(colour++);
                c.line(x, cy, x + 22, cy, col, 2, false);
                marker(c, x + 11, cy, col, false);
            }
            c.text(x + 28, cy + 4, shorten(s.name(), 26), 11, Canvas.Anchor.START, false, INK, 0);
            row += 18;
        }
        if (chart.series().stream().flatMap(s -> s.points().stream()).anyMatch(Point::hollow)) {
            double cy = row + 14;
            if (chart.bars()) {
                c.rect(x + 4, cy - 6, 14, 12, Color.WHITE, INK);
            } else {
                marker(c, x + 11, cy, INK, true);
            }
            c.text(x + 28, cy + 4, "open: oversubscribed", 11, Canvas.Anchor.START, false, INK, 0);
        }
    }

    private static void marker(Canvas c, double x, double y, Color col, boolean hollow) {
        c.circle(x, y, 3.8, hollow ? Color.WHITE : col, col);
    }

    private static String shorten(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "\u2026";
    }

    /** Splits {@code text} at spaces into lines of at most about {@code width} characters. */
    static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(word);
        }
        if (line.length() > 0) {
            lines.add(line.toString());
        }
        return lines;
    }
}
