package io.mobula.apps.raytracer;

import java.io.Serializable;

/**
 * A ray tracer rendering a scene of 64 spheres (the Java Grande RayTracer kernel; thesis 5.5.2): rays from the eye
 * through each pixel, Phong shading from two point lights with shadow rays, and mirror reflections up to
 * {@link #DEPTH} bounces. A pixel depends on nothing but its coordinates, so rows rendered anywhere, in any order,
 * give the same bits; the checksum is the sum of every pixel's red, green and blue values. The parallel versions
 * deal the rows out cyclically, each rank sums the checksum of its rows, a reduction combines the checksums, and the
 * rows go to rank 0 as one message per rank.
 */
public final class RayTracer {
    /** The most reflections followed from one eye ray. */
    public static final int DEPTH = 3;
    private static final double EPS = 1e-9;
    private static final double AMBIENT = 0.1;
    private static final double[][] LIGHTS = {{10, 12, 15, 0.8}, {-12, 6, 8, 0.4}}; // x, y, z, intensity
    private static final double[] EYE = {4, 5, 15};
    private static final double[] LOOK_AT = {0, 0, 0};
    private static final double HALF_VIEW = Math.tan(Math.toRadians(21));

    private RayTracer() {
    }

    /**
     * The scene: 64 spheres on a 4 x 4 x 4 grid, and the image's size.
     *
     * @param size the width and height in pixels
     * @param spheres per sphere: centre x, y, z, radius, red, green, blue, reflectivity
     */
    public record Scene(int size, double[][] spheres) {
    }

    /**
     * A rendered image.
     *
     * @param size the width and height in pixels
     * @param pixels 0xRRGGBB per pixel, row by row
     * @param checksum the sum of the red, green and blue values of every pixel
     */
    public record Image(int size, int[] pixels, long checksum) implements Serializable {
    }

    /** The 64 spheres, with an image of {@code size} x {@code size} pixels. */
    public static Scene scene(int size) {
        double[][] s = new double[64][];
        int at = 0;
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                for (int k = 0; k < 4; k++) {
                    s[at++] = new double[] {(i - 1.5) * 3, (j - 1.5) * 3, (k - 1.5) * 3, 0.8 + 0.1 * ((i + j + k) % 3),
                        (i + 1) / 4.0, (j + 1) / 4.0, (k + 1) / 4.0, (i + j + k) % 2 == 0 ? 0.4 : 0.1};
                }
            }
        }
        return new Scene(size, s);
    }

    /** The distance along the ray (o, unit d) to sphere {@code s}, or infinity when it misses. */
    static double hit(double[] s, double ox, double oy, double oz, double dx, double dy, double dz) {
        double cx = s[0] - ox;
        double cy = s[1] - oy;
        double cz = s[2] - oz;
        double b = cx * dx + cy * dy + cz * dz;
        double disc = b * b - (cx * cx + cy * cy + cz * cz) + s[3] * s[3];
        if (disc < 0) {
            return Double.POSITIVE_INFINITY;
        }
        double root = Math.sqrt(disc);
        double t = b - root;
        if (t > EPS) {
            return t;
        }
        t = b + root;
        return t > EPS ? t : Double.POSITIVE_INFINITY;
    }

    /** The colour (r, g, b added into {@code out}, times {@code weight}) seen along the ray (o, unit d). */
    static void trace(Scene scene, double ox, double oy, double oz, double dx, double dy, double dz, int depth,
                      double weight, double[] out) {
        double best = Double.POSITIVE_INFINITY;
        double[] s = null;
        for (double[] c : scene.spheres()) {
            double t = hit(c, ox, oy, oz, dx, dy, dz);
            if (t < best) {
                best = t;
                s = c;
            }
        }
        if (s == null) {
            return; // the background is black
        }
        double px = ox + best * dx;
        double py = oy + best * dy;
        double pz = oz + best * dz;
        double nx = (px - s[0]) / s[3];
        double ny = (py - s[1]) / s[3];
        double nz = (pz - s[2]) / s[3];
        double light = AMBIENT;
        double specular = 0;
        for (double[] l : LIGHTS) {
            double lx = l[0] - px;
            double ly = l[1] - py;
            double lz = l[2] - pz;
            double dist = Math.sqrt(lx * lx + ly * ly + lz * lz);
            lx /= dist;
            ly /= dist;
            lz /= dist;
            double cos = nx * lx + ny * ly + nz * lz;
            if (cos <= 0 || shadowed(scene, px, py, pz, lx, ly, lz, dist)) {
                continue;
            }
            light += 0.7 * cos * l[3];
            // the light's reflection against the direction back to the eye
            double rx = 2 * cos * nx - lx;
            double ry = 2 * cos * ny - ly;
            double rz = 2 * cos * nz - lz;
            double spec = -(rx * dx + ry * dy + rz * dz);
            if (spec > 0) {
                specular += 0.3 * Math.pow(spec, 15) * l[3];
            }
        }
        double own = weight * (1 - s[7]);
        out[0] += own * (light * s[4] + specular);
        out[1] += own * (light * s[5] + specular);
        out[2] += own * (light * s[6] + specular);
        if (depth < DEPTH && s[7] > 0) {
            double dn = dx * nx + dy * ny + dz * nz;
            trace(scene, px, py, pz, dx - 2 * dn * nx, dy - 2 * dn * ny, dz - 2 * dn * nz, depth + 1,
                    weight * s[7], out);
        }
    }

    private static boolean shadowed(Scene scene, double px, double py, double pz, double lx, double ly, double lz,
                                    double dist) {
        for (double[] c : scene.spheres()) {
            if (hit(c, px, py, pz, lx, ly, lz) < dist) {
                return true;
            }
        }
        return false;
    }

    /** Pixel (x, y) as 0xRRGGBB; y = 0 is the top row. */
    public static int pixel(Scene scene, int x, int y) {
        // the camera: w back towards the eye, u to the right, v up
        double wx = EYE[0] - LOOK_AT[0];
        double wy = EYE[1] - LOOK_AT[1];
        double wz = EYE[2] - LOOK_AT[2];
        double wl = Math.sqrt(wx * wx + wy * wy + wz * wz);
        wx /= wl;
        wy /= wl;
        wz /= wl;
        double ux = wz; // up (0, 1, 0) x w
        double uz = -wx;
        double ul = Math.sqrt(ux * ux + uz * uz);
        ux /= ul;
        uz /= ul;
        double vx = wy * uz; // w x u
        double vy = wz * ux - wx * uz;
        double vz = -wy * ux;
        int n = scene.size();
        double a = (2 * (x + 0.5) / n - 1) * HALF_VIEW;
        double b = (1 - 2 * (y + 0.5) / n) * HALF_VIEW;
        double dx = a * ux + b * vx - wx;
        double dy = b * vy - wy;
        double dz = a * uz + b * vz - wz;
        double dl = Math.sqrt(dx * dx + dy * dy + dz * dz);
        double[] c = new double[3];
        trace(scene, EYE[0], EYE[1], EYE[2], dx / dl, dy / dl, dz / dl, 0, 1, c);
        return channel(c[0]) << 16 | channel(c[1]) << 8 | channel(c[2]);
    }

    private static int channel(double v) {
        return (int) (Math.min(1, Math.max(0, v)) * 255 + 0.5);
    }

    /** Renders row {@code y} into {@code out} at {@code at}; returns the row's checksum. */
    public static long renderRow(Scene scene, int y, int[] out, int at) {
        long sum = 0;
        for (int x = 0; x < scene.size(); x++) {
            int p = pixel(scene, x, y);
            out[at + x] = p;
            sum += (p >> 16 & 0xff) + (p >> 8 & 0xff) + (p & 0xff);
        }
        return sum;
    }

    /** The sequential kernel: every row in order. */
    public static Image render(Scene scene) {
        int n = scene.size();
        int[] pixels = new int[n * n];
        long sum = 0;
        for (int y = 0; y < n; y++) {
            sum += renderRow(scene, y, pixels, y * n);
        }
        return new Image(n, pixels, sum);
    }

    /** The rows of {@code rank} of {@code size}: {@code rank}, {@code rank + size}, ... */
    public static int rows(int n, int rank, int size) {
        return rank < n ? (n - rank + size - 1) / size : 0;
    }
}
