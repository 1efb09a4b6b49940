package io.mobula.apps.sor;

import io.mobula.apps.KernelMain;

/** SOR, sequential: {@code java io.mobula.apps.sor.SorSeq [SIZE]}. */
public final class SorSeq {
    private SorSeq() {
    }

    public static void main(String[] args) {
        KernelMain.sequential(SorKernel.INSTANCE, args);
    }
}
