package io.mobula.apps.leq;

import io.mobula.apps.mpj.MpjMain;

/**
 * Leq with MPJ Express (the program LeqMpj.java beside io.mobula.apps.mpj.MpjMain, written against the mpiJava
 * 1.2 API): {@code java io.mobula.apps.leq.LeqMpjRun [--np N] [--device niodev|multicore] [SIZE]} compiles it
 * against the installed MPJ Express and runs it; {@code ./mobula speedup leq} runs it beside the Mobula versions.
 */
public final class LeqMpjRun {
    private LeqMpjRun() {
    }

    public static void main(String[] args) {
        MpjMain.main(LeqKernel.INSTANCE, "LeqMpj", args);
    }
}
