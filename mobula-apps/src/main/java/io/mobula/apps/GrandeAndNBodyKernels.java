package io.mobula.apps;

import io.mobula.apps.barnes.BarnesKernel;
import io.mobula.apps.lufact.LuFactKernel;
import io.mobula.apps.moldyn.MolDynKernel;
import io.mobula.apps.raytracer.RayTracerKernel;
import io.mobula.apps.water.WaterKernel;
import java.util.List;
import java.util.Map;

/**
 * The Java Grande kernels the thesis ran with GMI (5.5.2: LUFact, MolDyn, RayTracer) and the N-body kernels it ran
 * with RMI (2.5.3, 3.5.1: Water, Barnes-Hut), as the {@link Catalog} lists them after the others.
 */
final class GrandeAndNBodyKernels {
    /** The kernels, in the order they are listed. */
    static final List<Kernel<?, ?>> KERNELS = List.of(LuFactKernel.INSTANCE, MolDynKernel.INSTANCE,
            RayTracerKernel.INSTANCE, WaterKernel.INSTANCE, BarnesKernel.INSTANCE);

    /**
     * The speedups on 64 CPUs the thesis's text gives: GMI from 5.5.2, Manta RMI from 3.5.1 (Water's is given only
     * as "near perfect", RayTracer's only in a figure).
     */
    static final Map<String, Map<String, Integer>> THESIS_64 = Map.of(
            "lufact", Map.of("gmi", 38),
            "moldyn", Map.of("gmi", 47),
            "barnes", Map.of("rmi", 27));

    private GrandeAndNBodyKernels() {
    }
}
