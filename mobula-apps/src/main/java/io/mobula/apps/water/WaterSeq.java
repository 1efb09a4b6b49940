package io.mobula.apps.water;

import io.mobula.apps.KernelMain;

/** Water, sequential: {@code java io.mobula.apps.water.WaterSeq [SIZE]}. */
public final class WaterSeq {
    private WaterSeq() {
    }

    public static void main(String[] args) {
        KernelMain.sequential(WaterKernel.INSTANCE, args);
    }
}
