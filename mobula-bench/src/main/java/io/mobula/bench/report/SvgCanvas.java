package io.mobula.bench.report;

import java.awt.Color;
import java.util.Locale;

/** A {@link Canvas} that writes an SVG element (for inline use in XHTML), in the SVG namespace. */
public final class SvgCanvas implements Canvas {
    private final StringBuilder sb = new StringBuilder();
    private final int width;
    private final int height;

    public SvgCanvas(int width, int height, String id, String title) {
        this.width = width;
        this.height = height;
        sb.append("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"").append(Html.escape(id)).append("\" width=\"")
                .append(width).append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(width)
                .append(' ').append(height).append("\" role=\"img\" font-family=\"DejaVu Sans, Arial, sans-serif\">")
                .append("<title>").append(Html.escape(title)).append("</title>\n");
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, Color color, double width, boolean dashed) {
        sb.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"", x1, y1, x2, y2));
        stroke(color, width, dashed);
        sb.append("/>\n");
    }

    @Override
    public void polyline(double[] xs, double[] ys, Color color, double width, boolean dashed) {
        sb.append("<polyline fill=\"none\" points=\"");
        for (int i = 0; i < xs.length; i++) {
            sb.append(String.format(Locale.ROOT, "%s%.1f,%.1f", i == 0 ? "" : " ", xs[i], ys[i]));
        }
        sb.append('"');
        stroke(color, width, dashed);
        sb.append("/>\n");
    }

    @Override
    public void rect(double x, double y, double w, double h, Color fill, Color stroke) {
        sb.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"",
                x, y, w, h, fill == null ? "none" : hex(fill)));
        if (stroke != null) {
            stroke(stroke, 1, false);
        }
        sb.append("/>\n");
    }

    @Override
    public void circle(double cx, double cy, double r, Color fill, Color stroke) {
        sb.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"", cx, cy, r,
                fill == null ? "none" : hex(fill)));
        if (stroke != null) {
            stroke(stroke, 1.5, false);
        }
        sb.append("/>\n");
    }

    @Override
    public void text(double x, double y, String text, double size, Anchor anchor, boolean bold, Color color,
            double degrees) {
        sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"%s\"", x, y, size,
                hex(color)));
        if (anchor != Anchor.START) {
            sb.append(" text-anchor=\"").append(anchor == Anchor.MIDDLE ? "middle" : "end").append('"');
        }
        if (bold) {
            sb.append(" font-weight=\"bold\"");
        }
        if (degrees != 0) {
            sb.append(String.format(Locale.ROOT, " transform=\"rotate(%.1f %.1f %.1f)\"", degrees, x, y));
        }
        sb.append('>').append(Html.escape(text)).append("</text>\n");
    }

    /** The finished SVG element. */
    public String svg() {
        return sb + "</svg>";
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    private void stroke(Color color, double width, boolean dashed) {
        sb.append(String.format(Locale.ROOT, " stroke=\"%s\" stroke-width=\"%.1f\"", hex(color), width));
        if (dashed) {
            sb.append(" stroke-dasharray=\"6 4\"");
        }
    }

    private static String hex(Color c) {
        return String.format(Locale.ROOT, "#%02x%02x%02x", c.getRed(), c.getGreen(), c.getBlue());
    }
}
