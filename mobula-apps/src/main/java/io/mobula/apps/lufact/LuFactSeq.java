package io.mobula.apps.lufact;

import io.mobula.apps.KernelMain;

/** LUFact, sequential: {@code java io.mobula.apps.lufact.LuFactSeq [SIZE]}. */
public final class LuFactSeq {
    private LuFactSeq() {
    }

    public static void main(String[] args) {
        KernelMain.sequential(LuFactKernel.INSTANCE, args);
    }
}
