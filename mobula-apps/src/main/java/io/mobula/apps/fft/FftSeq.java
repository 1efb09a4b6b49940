package io.mobula.apps.fft;

import io.mobula.apps.KernelMain;

/** FFT, sequential: {@code java io.mobula.apps.fft.FftSeq [SIZE]}. */
public final class FftSeq {
    private FftSeq() {
    }

    public static void main(String[] args) {
        KernelMain.sequential(FftKernel.INSTANCE, args);
    }
}
