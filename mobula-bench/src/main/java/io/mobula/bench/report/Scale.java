package io.mobula.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Maps data values to pixels along one axis, over a "nice" domain that covers the data, and lists its ticks: powers
 * of ten on a logarithmic scale (with 2 and 5 times them when the data span less than two decades), multiples of 1,
 * 2 or 5 times a power of ten on a linear one.
 */
public final class Scale {
    private final boolean log;
    private final double lo;
    private final double hi;
    private final double pixelLo;
    private final double pixelHi;
    private final List<Double> ticks;

    private Scale(boolean log, double lo, double hi, double pixelLo, double pixelHi, List<Double> ticks) {
        this.log = log;
        this.lo = lo;
        this.hi = hi;
        this.pixelLo = pixelLo;
        this.pixelHi = pixelHi;
        this.ticks = List.copyOf(ticks);
    }

    /**
     * A scale covering {@code min..max} (data values; for a log scale both must be positive), drawn from pixel
     * {@code pixelLo} (where the lowest value goes) to {@code pixelHi}. {@code fromZero} makes a linear scale start at
     * 0 (bars, speedups).
     */
    public static Scale of(boolean log, double min, double max, boolean fromZero, double pixelLo, double pixelHi) {
        return of(log, min, max, fromZero, false, pixelLo, pixelHi);
    }

    /** As {@link #of(boolean, double, double, boolean, double, double)}; {@code integers}: linear ticks are whole. */
    public static Scale of(boolean log, double min, double max, boolean fromZero, boolean integers, double pixelLo,
            double pixelHi) {
        if (!(min <= max) || !Double.isFinite(min) || !Double.isFinite(max)) {
            throw new IllegalArgumentException("bad range " + min + ".." + max);
        }
        if (log) {
            if (min <= 0) {
                throw new IllegalArgumentException("log scale needs positive values, got " + min);
            }
            double lo = Math.pow(10, Math.floor(Math.log10(min) + 1e-9));
            double hi = Math.pow(10, Math.ceil(Math.log10(max) - 1e-9));
            if (hi <= lo) {
                hi = lo * 10;
            }
            List<Double> ticks = new ArrayList<>();
            boolean fine = hi / lo <= 100;
            for (double d = lo; d <= hi * 1.0001; d *= 10) {
                ticks.add(d);
                if (fine && d * 10 <= hi * 1.0001) {
                    ticks.add(2 * d);
                    ticks.add(5 * d);
                }
            }
            return new Scale(true, lo, hi, pixelLo, pixelHi, ticks);
        }
        double a = fromZero ? Math.min(0, min) : min;
        double b = max;
        if (a == b) {
            double pad = a == 0 ? 1 : Math.abs(a) * 0.5;
            a = fromZero && a >= 0 ? 0 : a - pad;
            b = b + pad;
        }
        double step = niceStep((b - a) / 6);
        if (integers) {
            step = Math.max(1, step);
        }
        double lo = Math.floor(a / step + 1e-9) * step;
        double hi = Math.ceil(b / step - 1e-9) * step;
        List<Double> ticks = new ArrayList<>();
        for (long i = Math.round(lo / step); i * step <= hi + step * 1e-6; i++) {
            ticks.add(Double.parseDouble(String.format(Locale.ROOT, "%.12g", i * step))); // 0.6, not 0.6000000000000001
        }
        return new Scale(false, lo, hi, pixelLo, pixelHi, ticks);
    }

    private static double niceStep(double raw) {
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        double f = raw / p;
        return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
    }

    /** The pixel of {@code value}. */
    public double pixel(double value) {
        double t = log ? (Math.log10(value) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo))
                : (value - lo) / (hi - lo);
        return pixelLo + t * (pixelHi - pixelLo);
    }

    /** The tick values, ascending. */
    public List<Double> ticks() {
        return ticks;
    }

    /** The lowest value of the domain (where bars start). */
    public double low() {
        return lo;
    }

    /** A short label: 0.5, 20, 1.5k, 2M, 1e-3 style for extremes. */
    public static String label(double v) {
        double a = Math.abs(v);
        if (a == 0) {
            return "0";
        }
        if (a >= 1e9) {
            return trim(v / 1e9) + "G";
        }
        if (a >= 1e6) {
            return trim(v / 1e6) + "M";
        }
        if (a >= 1e3) {
            return trim(v / 1e3) + "k";
        }
        if (a >= 1e-3) {
            return trim(v);
        }
        return String.format(Locale.ROOT, "%.0e", v);
    }

    private static String trim(double v) {
        String s = String.format(Locale.ROOT, "%.3f", v);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }
}
