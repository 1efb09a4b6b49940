package io.mobula.apps;

import io.mobula.apps.asp.AspKernel;
import io.mobula.apps.fft.FftKernel;
import io.mobula.apps.leq.LeqKernel;
import io.mobula.apps.qr.QrKernel;
import io.mobula.apps.sor.SorKernel;
import io.mobula.apps.tsp.TspKernel;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Every kernel, in the order they are listed, with the thesis's 64-CPU speedups to compare against. */
public final class Catalog {
    private static final List<Kernel<?, ?>> KERNELS = List.of(SorKernel.INSTANCE, AspKernel.INSTANCE,
            TspKernel.INSTANCE, LeqKernel.INSTANCE, QrKernel.INSTANCE, FftKernel.INSTANCE);

    /**
     * The speedups on 64 CPUs the thesis reports in its text, by kernel and version: RMI is the optimized RMI version
     * (4.4.2; 5.5.2 where chapter 5 gives a figure), naive RMI and RepMI from 4.4.2, GMI from 5.5.2. Absent: given
     * only in a figure (naive TSP: "no speedup at all").
     */
    private static final Map<String, Map<String, Integer>> THESIS_64 = Map.of(
            "asp", Map.of("naive-rmi", 27, "rmi", 58, "repmi", 61),
            "tsp", Map.of("rmi", 52, "repmi", 48, "gmi", 53),
            "leq", Map.of("naive-rmi", 8, "rmi", 31, "repmi", 40, "gmi", 45),
            "qr", Map.of("naive-rmi", 24, "rmi", 37, "repmi", 40, "gmi", 47),
            "acp", Map.of("naive-rmi", 42, "rmi", 54, "repmi", 55, "gmi", 56),
            "fft", Map.of("rmi", 53, "gmi", 59));

    /** With the kernels of {@link GrandeAndNBodyKernels} and {@link MoreKernels} after them. */
    private static final List<Kernel<?, ?>> ALL = java.util.stream.Stream.of(KERNELS, GrandeAndNBodyKernels.KERNELS,
            MoreKernels.KERNELS).flatMap(List::stream).toList();

    private Catalog() {
    }

    /** All kernels. */
    public static List<Kernel<?, ?>> kernels() {
        return ALL;
    }

    /** The kernel named {@code name}. */
    public static Optional<Kernel<?, ?>> find(String name) {
        return ALL.stream().filter(k -> k.name().equals(name)).findFirst();
    }

    /** The thesis's speedup of a version on 64 CPUs, when its text gives one. */
    public static Optional<Integer> thesisSpeedup64(String kernel, String version) {
        Integer s = THESIS_64.getOrDefault(kernel, Map.of()).get(version);
        return Optional.ofNullable(s != null ? s
                : GrandeAndNBodyKernels.THESIS_64.getOrDefault(kernel, Map.of()).get(version));
    }

    /** The version {@code name} of {@code kernel}. */
    public static Optional<Version> version(Kernel<?, ?> kernel, String name) {
        return kernel.versions().stream().filter(v -> v.name().equals(name)).findFirst();
    }
}
