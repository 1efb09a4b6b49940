package io.mobula.apps.leq;

import io.mobula.apps.KernelMain;

/** LEQ, sequential: {@code java io.mobula.apps.leq.LeqSeq [SIZE]}. */
public final class LeqSeq {
    private LeqSeq() {
    }

    public static void main(String[] args) {
        KernelMain.sequential(LeqKernel.INSTANCE, args);
    }
}
