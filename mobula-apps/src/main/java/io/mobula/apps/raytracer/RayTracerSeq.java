package io.mobula.apps.raytracer;

import io.mobula.apps.KernelMain;

/** RayTracer, sequential: {@code java io.mobula.apps.raytracer.RayTracerSeq [SIZE]}. */
public final class RayTracerSeq {
    private RayTracerSeq() {
    }

    public static void main(String[] args) {
        KernelMain.sequential(RayTracerKernel.INSTANCE, args);
    }
}
