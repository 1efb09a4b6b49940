package io.mobula.bench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;

/** A {@link Canvas} that draws into an image with Java2D (headless), for the PNG files. */
public final class ImageCanvas implements Canvas {
    private final BufferedImage image;
    private final Graphics2D g;

    /** A white canvas of the given size. */
    public ImageCanvas(int width, int height) {
        image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, Color color, double width, boolean dashed) {
        g.setColor(color);
        g.setStroke(stroke(width, dashed));
        g.draw(new Line2D.Double(x1, y1, x2, y2));
    }

    @Override
    public void polyline(double[] xs, double[] ys, Color color, double width, boolean dashed) {
        if (xs.length == 0) {
            return;
        }
        Path2D.Double p = new Path2D.Double();
        p.moveTo(xs[0], ys[0]);
        for (int i = 1; i < xs.length; i++) {
            p.lineTo(xs[i], ys[i]);
        }
        g.setColor(color);
        g.setStroke(stroke(width, dashed));
        g.draw(p);
    }

    @Override
    public void rect(double x, double y, double w, double h, Color fill, Color stroke) {
        Rectangle2D.Double r = new Rectangle2D.Double(x, y, w, h);
        if (fill != null) {
            g.setColor(fill);
            g.fill(r);
        }
        if (stroke != null) {
            g.setColor(stroke);
            g.setStroke(stroke(1, false));
            g.draw(r);
        }
    }

    @Override
    public void circle(double cx, double cy, double r, Color fill, Color stroke) {
        Ellipse2D.Double e = new Ellipse2D.Double(cx - r, cy - r, 2 * r, 2 * r);
        if (fill != null) {
            g.setColor(fill);
            g.fill(e);
        }
        if (stroke != null) {
            g.setColor(stroke);
            g.setStroke(stroke(1.5, false));
            g.draw(e);
        }
    }

    @Override
    public void text(double x, double y, String text, double size, Anchor anchor, boolean bold, Color color,
            double degrees) {
        Font font = new Font(Font.SANS_SERIF, bold ? Font.BOLD : Font.PLAIN, 1).deriveFont((float) size);
        g.setFont(font);
        g.setColor(color);
        double w = g.getFontMetrics().getStringBounds(text, g).getWidth();
        double dx = switch (anchor) {
            case START -> 0;
            case MIDDLE -> -w / 2;
            case END -> -w;
        };
        AffineTransform saved = g.getTransform();
        if (degrees != 0) {
            g.rotate(Math.toRadians(degrees), x, y);
        }
        g.drawString(text, (float) (x + dx), (float) y);
        g.setTransform(saved);
    }

    /** The image drawn so far; call {@link #dispose()} when done drawing. */
    public BufferedImage image() {
        return image;
    }

    /** Releases the graphics context. */
    public void dispose() {
        g.dispose();
    }

    private static BasicStroke stroke(double width, boolean dashed) {
        return dashed ? new BasicStroke((float) width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10,
                new float[] {6, 4}, 0) : new BasicStroke((float) width, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    }
}
