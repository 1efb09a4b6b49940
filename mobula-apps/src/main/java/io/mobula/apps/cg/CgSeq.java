package io.mobula.apps.cg;

import io.mobula.apps.KernelMain;

/** NPB CG, sequential: {@code java io.mobula.apps.cg.CgSeq [SIZE]} (SIZE: S, W, A or na,nonzer,niter,shift). */
public final class CgSeq {
    private CgSeq() {
    }

    public static void main(String[] args) {
        KernelMain.sequential(CgKernel.INSTANCE, args);
    }
}
