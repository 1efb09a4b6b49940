package io.mobula.apps.tsp;

import io.mobula.apps.mpj.MpjMain;

/**
 * Tsp with MPJ Express (the program TspMpj.java beside io.mobula.apps.mpj.MpjMain, written against the mpiJava
 * 1.2 API): {@code java io.mobula.apps.tsp.TspMpjRun [--np N] [--device niodev|multicore] [SIZE]} compiles it
 * against the installed MPJ Express and runs it; {@code ./mobula speedup tsp} runs it beside the Mobula versions.
 */
public final class TspMpjRun {
    private TspMpjRun() {
    }

    public static void main(String[] args) {
        MpjMain.main(TspKernel.INSTANCE, "TspMpj", args);
    }
}
