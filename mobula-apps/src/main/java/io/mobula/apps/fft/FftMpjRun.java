package io.mobula.apps.fft;

import io.mobula.apps.mpj.MpjMain;

/**
 * FFT with MPJ Express (the program FftMpj.java beside io.mobula.apps.mpj.MpjMain, written against the mpiJava 1.2
 * API): {@code java io.mobula.apps.fft.FftMpjRun [--np N] [--device niodev|multicore] [SIZE]} compiles it against the
 * installed MPJ Express and runs it; {@code ./mobula speedup fft} runs it beside the Mobula versions.
 */
public final class FftMpjRun {
    private FftMpjRun() {
    }

    public static void main(String[] args) {
        MpjMain.main(FftKernel.INSTANCE, "FftMpj", args);
    }
}
