package io.mobula.apps.cg;

import io.mobula.apps.mpj.MpjMain;

/**
 * Cg with MPJ Express (the program CgMpj.java beside io.mobula.apps.mpj.MpjMain, written against the mpiJava 1.2
 * API): {@code java io.mobula.apps.cg.CgMpjRun [--np N] [--device niodev|multicore] [SIZE]} compiles it against
 * the installed MPJ Express and runs it; {@code ./mobula speedup cg} runs it beside the Mobula versions.
 */
public final class CgMpjRun {
    private CgMpjRun() {
    }

    public static void main(String[] args) {
        MpjMain.main(CgKernel.INSTANCE, "CgMpj", args);
    }
}
