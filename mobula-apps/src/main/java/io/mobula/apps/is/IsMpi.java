package io.mobula.apps.is;

import io.mobula.apps.npb.NpbMpi;

/**
 * NPB IS in C with MPI (npb_is.c, written from the NPB specification): {@code java io.mobula.apps.is.IsMpi [--np N]
 * [SIZE]} compiles it with Open MPI's mpicc and runs it with mpirun; {@code ./mobula speedup is} runs it beside the
 * Java versions.
 */
public final class IsMpi {
    private IsMpi() {
    }

    public static void main(String[] args) {
        NpbMpi.main(IsKernel.INSTANCE, "npb_is", v -> Is.problem(v[0], v[1]).npbClass() != 'U', args);
    }
}
