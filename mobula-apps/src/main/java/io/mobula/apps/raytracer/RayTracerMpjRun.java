package io.mobula.apps.raytracer;

import io.mobula.apps.mpj.MpjMain;

/**
 * RayTracer with MPJ Express (the program RayTracerMpj.java beside io.mobula.apps.mpj.MpjMain, written against the
 * mpiJava 1.2 API): {@code java io.mobula.apps.raytracer.RayTracerMpjRun [--np N] [--device niodev|multicore] [SIZE]}
 * compiles it against the installed MPJ Express and runs it; {@code ./mobula speedup raytracer} runs it beside the
 * Mobula versions.
 */
public final class RayTracerMpjRun {
    private RayTracerMpjRun() {
    }

    public static void main(String[] args) {
        MpjMain.main(RayTracerKernel.INSTANCE, "RayTracerMpj", args);
    }
}
