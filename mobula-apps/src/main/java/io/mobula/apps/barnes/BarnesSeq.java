package io.mobula.apps.barnes;

import io.mobula.apps.KernelMain;

/** Barnes-Hut, sequential: {@code java io.mobula.apps.barnes.BarnesSeq [SIZE]}. */
public final class BarnesSeq {
    private BarnesSeq() {
    }

    public static void main(String[] args) {
        KernelMain.sequential(BarnesKernel.INSTANCE, args);
    }
}
