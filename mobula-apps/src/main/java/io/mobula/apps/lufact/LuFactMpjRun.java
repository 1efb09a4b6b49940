package io.mobula.apps.lufact;

import io.mobula.apps.mpj.MpjMain;

/**
 * LuFact with MPJ Express (the program LuFactMpj.java beside io.mobula.apps.mpj.MpjMain, written against the mpiJava
 * 1.2 API): {@code java io.mobula.apps.lufact.LuFactMpjRun [--np N] [--device niodev|multicore] [SIZE]} compiles it
 * against the installed MPJ Express and runs it; {@code ./mobula speedup lufact} runs it beside the Mobula versions.
 */
public final class LuFactMpjRun {
    private LuFactMpjRun() {
    }

    public static void main(String[] args) {
        MpjMain.main(LuFactKernel.INSTANCE, "LuFactMpj", args);
    }
}
