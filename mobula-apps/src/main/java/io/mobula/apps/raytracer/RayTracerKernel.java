package io.mobula.apps.raytracer;

import io.mobula.apps.Kernel;
import io.mobula.apps.Sizes;
import io.mobula.apps.Version;
import java.io.Serializable;
import java.util.List;

/** RayTracer in the catalog: rank 0's part is the whole image with the reduced checksum. */
public final class RayTracerKernel implements Kernel<RayTracer.Scene, RayTracer.Image> {
    /** The one instance. */
    public static final RayTracerKernel INSTANCE = new RayTracerKernel();

    private RayTracerKernel() {
    }

    @Override
    public String name() {
        return "raytracer";
    }

    @Override
    public String title() {
        return "ray tracer, a scene of 64 spheres (Java Grande), rows to rank 0 and a checksum reduction";
    }

    @Override
    public String thesis() {
        return "thesis 5.5.2, Java Grande section 3";
    }

    /** The thesis ran Java Grande's largest RayTracer size, 500 x 500 pixels (size B); the default is larger, so that
     * rendering, not start-up, dominates on a current machine. */
    @Override
    public Sizes sizes() {
        return new Sizes(List.of("pixels per side"), new int[] {24}, new int[] {800}, new int[] {500});
    }

    @Override
    public RayTracer.Scene problem(int[] v) {
        if (v[0] < 1 || v[0] > 10_000) {
            throw new IllegalArgumentException("pixels per side must be 1..10000, not " + v[0]);
        }
        return RayTracer.scene(v[0]);
    }

    @Override
    public RayTracer.Image sequential(RayTracer.Scene scene) {
        return RayTracer.render(scene);
    }

    @Override
    public RayTracer.Image assemble(RayTracer.Scene scene, List<Serializable> parts) {
        return (RayTracer.Image) parts.get(0);
    }

    @Override
    public String compare(RayTracer.Scene scene, RayTracer.Image expected, RayTracer.Image actual) {
        if (expected.checksum() != actual.checksum()) {
            return "checksum " + actual.checksum() + ", the sequential version has " + expected.checksum();
        }
        int n = scene.size();
        for (int i = 0; i < expected.pixels().length; i++) {
            if (expected.pixels()[i] != actual.pixels()[i]) {
                return "pixel (" + i % n + ", " + i / n + ") differs";
            }
        }
        return null;
    }

    @Override
    public String checksum(RayTracer.Image image) {
        return Long.toString(image.checksum());
    }

    @Override
    public List<Version> versions() {
        return List.of(Version.of("seq", "every row in one process", RayTracerSeq.class),
                Version.of("rmi", "each rank sends its rows and checksum to rank 0 with one one-way RMI",
                        RayTracerRmi.class, RayTracerNode.class),
                Version.of("gmi", "rows to member 0 by single invocations; the checksums summed by a combined"
                        + " invocation forwarded to member 0", RayTracerGmi.class, RayTracerImage.class,
                        RayTracerMember.class),
                Version.mpj("MPJ Express (mpiJava 1.2): the checksums by an MPI Reduce, the rows to rank 0 by one"
                        + " Send per rank", RayTracerMpjRun.class));
    }
}
