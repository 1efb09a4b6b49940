package io.mobula.apps;

import io.mobula.apps.acp.AcpKernel;
import io.mobula.apps.cg.CgKernel;
import io.mobula.apps.is.IsKernel;
import io.mobula.apps.radix.RadixKernel;
import java.util.List;

/**
 * The kernels the {@link Catalog} lists last: ACP (thesis 3.5.1, 4.4.2, 5.5.2), whose 64-CPU speedups the catalog's
 * own table already holds, Radix sort (thesis 2.5.3, 3.5.1), and two kernels of the NAS Parallel Benchmarks beyond
 * the thesis, IS and CG, with C + MPI versions beside the Mobula ones.
 */
final class MoreKernels {
    /** The kernels, in the order they are listed. */
    static final List<Kernel<?, ?>> KERNELS = List.of(AcpKernel.INSTANCE, RadixKernel.INSTANCE,
            IsKernel.INSTANCE, CgKernel.INSTANCE);

    private MoreKernels() {
    }
}
