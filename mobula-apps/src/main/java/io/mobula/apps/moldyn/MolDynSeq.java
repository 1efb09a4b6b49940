package io.mobula.apps.moldyn;

import io.mobula.apps.KernelMain;

/** MolDyn, sequential: {@code java io.mobula.apps.moldyn.MolDynSeq [SIZE]}. */
public final class MolDynSeq {
    private MolDynSeq() {
    }

    public static void main(String[] args) {
        KernelMain.sequential(MolDynKernel.INSTANCE, args);
    }
}
