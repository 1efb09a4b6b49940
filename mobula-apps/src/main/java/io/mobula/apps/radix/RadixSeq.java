package io.mobula.apps.radix;

import io.mobula.apps.KernelMain;

/** Radix sort, sequential: {@code java io.mobula.apps.radix.RadixSeq [SIZE]}. */
public final class RadixSeq {
    private RadixSeq() {
    }

    public static void main(String[] args) {
        KernelMain.sequential(RadixKernel.INSTANCE, args);
    }
}
