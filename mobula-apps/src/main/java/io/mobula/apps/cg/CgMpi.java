package io.mobula.apps.cg;

import io.mobula.apps.npb.NpbMpi;

/**
 * NPB CG in C with MPI (npb_cg.c, written from the NPB specification): {@code java io.mobula.apps.cg.CgMpi [--np N]
 * [SIZE]} compiles it with Open MPI's mpicc and runs it with mpirun; {@code ./mobula speedup cg} runs it beside the
 * Java versions.
 */
public final class CgMpi {
    private CgMpi() {
    }

    public static void main(String[] args) {
        NpbMpi.main(CgKernel.INSTANCE, "npb_cg", v -> Cg.problem(v[0], v[1], v[2], v[3]).npbClass() != 'U',
                args);
    }
}
