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

    private static final Color INK = new Color(0x222222);
    private static final Color GRID = new Color(0xdddddd);
    private static final Color REFERENCE = new Color(0x888888);
    private static final int LEGEND_WIDTH = 210;
    private static final int LEGEND_CHARS = 29;
    private static final int CAPTION_CHARS = 135;
    /** Average advance of a character of the 10.5 px label font, for the room rotated bar labels need. */
    private static final double LABEL_CHAR_PX = 6.0;
    private static final double LABEL_DEGREES = 35;

    private ChartPainter() {
    }

    /**
     * How a series is drawn: its system's colour ({@link Palette}); dashed when an earlier series of the chart has the
     * same colour (the same system over another transport, say), so no two lines look alike.
     */
    record Style(Color color, double width, boolean dashed, boolean bold) {
    }

    /** The style of every series of {@code chart}, in order (reference series: grey, dashed). */
    static List<Style> styles(Chart chart) {
        List<Style> out = new ArrayList<>();
        java.util.Set<Color> used = new java.util.HashSet<>();
        for (Series s : chart.series()) {
            if (s.reference()) {
                out.add(new Style(REFERENCE, 1.5, true, false));
            } else {
                Color col = Palette.of(s.name());
                out.add(new Style(col, Palette.lineWidth(s.name()), !used.add(col), Palette.isMobula(s.name())));
            }
        }
        return out;
    }

    /** The room under the plot that the category labels of a bar chart need, drawn whole at {@link #LABEL_DEGREES}. */
    static double barLabelRoom(Chart chart) {
        int longest = chart.categories().stream().mapToInt(String::length).max().orElse(0);
        return 24 + longest * LABEL_CHAR_PX * Math.sin(Math.toRadians(LABEL_DEGREES));
    }

    /** Draws {@code chart} on {@code c}, which is {@link #WIDTH} x {@link #HEIGHT}. */
    public static void paint(Chart chart, Canvas c) {
        List<String> caption = wrap(chart.caption(), CAPTION_CHARS);
        double left = 84;
        double top = 52;
        double right = WIDTH - LEGEND_WIDTH;
        double bottom = HEIGHT - 14 - 14 * caption.size() - (chart.bars() ? barLabelRoom(chart) + 20 : 56);

        c.text(left, 28, chart.title(), 16, Canvas.Anchor.START, true, INK, 0);
        for (int i = 0; i < caption.size(); i++) {
            c.text(12, HEIGHT - 12 - 14 * (caption.size() - 1 - i), caption.get(i), 10.5, Canvas.Anchor.START, false,
                    INK, 0);
        }
        c.text(22, (top + bottom) / 2, chart.y().title(), 12, Canvas.Anchor.MIDDLE, false, INK, -90);
        c.text((left + right) / 2, bottom + (chart.bars() ? barLabelRoom(chart) + 12 : 42), chart.x().title(), 12, Canvas.Anchor.MIDDLE,
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
        List<Style> styles = styles(chart);
        // Mobula's lines last, so they are drawn over the others
        List<Integer> order = new ArrayList<>();
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < chart.series().size(); i++) {
                if (styles.get(i).bold() == (pass == 1)) {
                    order.add(i);
                }
            }
        }
        for (int k : order) {
            Series s = chart.series().get(k);
            Style st = styles.get(k);
            List<Point> pts = s.points().stream().filter(p -> !chart.y().log() || p.y() > 0).toList();
            double[] px = pts.stream().mapToDouble(p -> xs.pixel(p.x())).toArray();
            double[] py = pts.stream().mapToDouble(p -> ys.pixel(p.y())).toArray();
            if (s.reference()) {
                c.polyline(px, py, st.color(), st.width(), true);
                continue;
            }
            if (pts.size() > 1) {
                c.polyline(px, py, st.color(), st.width(), st.dashed());
            }
            for (int i = 0; i < pts.size(); i++) {
                marker(c, px[i], py[i], st, pts.get(i).hollow());
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
            c.text(cx - 3, bottom + 14, chart.categories().get(g), 10.5, Canvas.Anchor.START, false, INK,
                    LABEL_DEGREES);
        }
        List<Style> styles = styles(chart);
        double base = ys.pixel(ys.low());
        for (int i = 0; i < bars.size(); i++) {
            Style st = styles.get(chart.series().indexOf(bars.get(i)));
            Color col = st.color();
            Color edge = st.bold() ? INK : col;
            for (Point p : bars.get(i).points()) {
                if (chart.y().log() && p.y() <= 0) {
                    continue;
                }
                double x0 = left + group * p.x() + group * 0.1 + bar * i;
                double py = ys.pixel(p.y());
                c.rect(x0, Math.min(py, base), bar - 1, Math.abs(base - py), p.hollow() ? Color.WHITE : col, edge);
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

    /** The legend names every series in full: a long name continues on the next lines. */
    private static void paintLegend(Chart chart, Canvas c, double x, double y) {
        List<Style> styles = styles(chart);
        double row = y;
        for (int k = 0; k < chart.series().size(); k++) {
            Series s = chart.series().get(k);
            Style st = styles.get(k);
            double cy = row + 8;
            if (s.reference()) {
                c.line(x, cy, x + 22, cy, st.color(), st.width(), true);
            } else if (chart.bars()) {
                c.rect(x + 4, cy - 6, 14, 12, st.color(), st.bold() ? INK : st.color());
            } else {
                c.line(x, cy, x + 22, cy, st.color(), st.width(), st.dashed());
                marker(c, x + 11, cy, st, false);
            }
            List<String> name = wrapLong(s.name(), LEGEND_CHARS);
            for (int i = 0; i < name.size(); i++) {
                c.text(x + 28, cy + 4 + 13 * i, name.get(i), 11, Canvas.Anchor.START, st.bold(), INK, 0);
            }
            row += 18 + 13 * (name.size() - 1);
        }
        if (chart.series().stream().flatMap(s -> s.points().stream()).anyMatch(Point::hollow)) {
            double cy = row + 14;
            if (chart.bars()) {
                c.rect(x + 4, cy - 6, 14, 12, Color.WHITE, INK);
            } else {
                marker(c, x + 11, cy, new Style(INK, 1.8, false, false), true);
            }
            c.text(x + 28, cy + 4, "open: oversubscribed", 11, Canvas.Anchor.START, false, INK, 0);
        }
    }

    private static void marker(Canvas c, double x, double y, Style st, boolean hollow) {
        c.circle(x, y, st.bold() ? 5 : 3.8, hollow ? Color.WHITE : st.color(), st.color());
    }

    /** {@link #wrap}, with a word longer than {@code width} cut into pieces of {@code width}. */
    static List<String> wrapLong(String text, int width) {
        List<String> out = new ArrayList<>();
        for (String line : wrap(text, width)) {
            for (int i = 0; i < line.length(); i += width) {
                out.add(line.substring(i, Math.min(line.length(), i + width)));
            }
        }
        return out;
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
