package io.mobula.apps.raytracer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Tiles against the whole image, the intersection against geometry, and a picture that is not trivial. */
class RayTracerTest {
    @Test
    void tilesRenderedApartInAnyOrderEqualTheWholeImage() {
        RayTracer.Scene scene = RayTracer.scene(37);
        RayTracer.Image whole = RayTracer.render(scene);
        int n = scene.size();
        int[] tiled = new int[n * n];
        long sum = 0;
        int tile = 8;
        for (int ty = (n - 1) / tile; ty >= 0; ty--) { // bottom-up, right to left, tile by tile
            for (int tx = (n - 1) / tile; tx >= 0; tx--) {
                for (int y = ty * tile; y < Math.min(n, (ty + 1) * tile); y++) {
                    for (int x = tx * tile; x < Math.min(n, (tx + 1) * tile); x++) {
                        int p = RayTracer.pixel(scene, x, y);
                        tiled[y * n + x] = p;
                        sum += (p >> 16 & 0xff) + (p >> 8 & 0xff) + (p & 0xff);
                    }
                }
            }
        }
        assertArrayEquals(whole.pixels(), tiled);
        assertEquals(whole.checksum(), sum);
    }

    @Test
    void aRayThroughTheCentreHitsAtTheDistanceLessTheRadius() {
        double[] s = {1, 2, 3, 0.5};
        double d = Math.sqrt(1 + 4 + 9 + 0.0) + 10;
        double ox = 2.5;
        // from a point on the line through the origin and the centre, 10 beyond the origin
        double ux = 1 / Math.sqrt(14);
        double uy = 2 / Math.sqrt(14);
        double uz = 3 / Math.sqrt(14);
        assertEquals(d - 0.5, RayTracer.hit(s, -10 * ux, -10 * uy, -10 * uz, ux, uy, uz), 1e-9);
        assertEquals(Double.POSITIVE_INFINITY, RayTracer.hit(s, -10 * ux, -10 * uy, -10 * uz, -ux, -uy, -uz));
        assertEquals(Double.POSITIVE_INFINITY, RayTracer.hit(s, ox, 5, 0, 0, 0, 1), "passes beside it");
        // from inside: the far side
        assertEquals(0.5, RayTracer.hit(s, 1, 2, 3, 0, 0, 1), 1e-12);
    }

    @Test
    void theImageShowsSpheresOnABlackBackground() {
        RayTracer.Image image = RayTracer.render(RayTracer.scene(60));
        Set<Integer> colours = new HashSet<>();
        int black = 0;
        for (int p : image.pixels()) {
            colours.add(p);
            black += p == 0 ? 1 : 0;
        }
        assertTrue(colours.size() > 500, colours.size() + " colours");
        assertTrue(black > 0 && black < image.pixels().length / 2, black + " background pixels");
        assertEquals(0, image.pixels()[0], "the top left corner sees nothing");
    }

    @Test
    void rowsAreDealtOutCompletely() {
        for (int n = 1; n < 20; n++) {
            for (int size = 1; size < 25; size++) {
                int total = 0;
                for (int r = 0; r < size; r++) {
                    total += RayTracer.rows(n, r, size);
                }
                assertEquals(n, total, n + " rows, " + size + " ranks");
            }
        }
    }
}
