package io.mobula.apps;

import io.mobula.apps.acp.AcpKernel;
import io.mobula.apps.radix.RadixKernel;
import java.util.List;

/**
 * The kernels the {@link Catalog} lists last: ACP (thesis 3.5.1, 4.4.2, 5.5.2), whose 64-CPU speedups the catalog's
 * own table already holds, and Radix sort (thesis 2.5.3, 3.5.1).
 */
final class MoreKernels {
    /** The kernels, in the order they are listed. */
    static final List<Kernel<?, ?>> KERNELS = List.of(AcpKernel.INSTANCE, RadixKernel.INSTANCE);

    private MoreKernels() {
    }
}
