package io.mobula.apps.tsp;

import io.mobula.apps.KernelMain;

/** TSP, sequential: {@code java io.mobula.apps.tsp.TspSeq [SIZE]}. */
public final class TspSeq {
    private TspSeq() {
    }

    public static void main(String[] args) {
        KernelMain.sequential(TspKernel.INSTANCE, args);
    }
}
