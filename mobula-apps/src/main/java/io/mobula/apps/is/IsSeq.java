package io.mobula.apps.is;

import io.mobula.apps.KernelMain;

/** NPB IS, sequential: {@code java io.mobula.apps.is.IsSeq [SIZE]} (SIZE: S, W, A or log2 keys,log2 max key). */
public final class IsSeq {
    private IsSeq() {
    }

    public static void main(String[] args) {
        KernelMain.sequential(IsKernel.INSTANCE, args);
    }
}
