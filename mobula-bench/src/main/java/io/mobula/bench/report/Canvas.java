package io.mobula.bench.report;

import java.awt.Color;

/**
 * The few drawing operations a chart needs, so one layout ({@link ChartPainter}) renders to SVG and to a PNG
 * alike. Coordinates are pixels, origin top left.
 */
public interface Canvas {

    /** Horizontal placement of text relative to its x. */
    enum Anchor { START, MIDDLE, END }

    /** A straight line; {@code dashed} for reference lines and grid lines. */
    void line(double x1, double y1, double x2, double y2, Color color, double width, boolean dashed);

    /** Connected line segments through the points. */
    void polyline(double[] xs, double[] ys, Color color, double width, boolean dashed);

    /** A rectangle; {@code fill} or {@code stroke} may be null for none. */
    void rect(double x, double y, double w, double h, Color fill, Color stroke);

    /** A circle; {@code fill} or {@code stroke} may be null for none. */
    void circle(double cx, double cy, double r, Color fill, Color stroke);

    /** Text with its baseline at y, rotated by {@code degrees} (clockwise, about (x, y)). */
    void text(double x, double y, String text, double size, Anchor anchor, boolean bold, Color color, double degrees);
}
