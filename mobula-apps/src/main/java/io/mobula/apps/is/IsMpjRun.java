package io.mobula.apps.is;

import io.mobula.apps.mpj.MpjMain;

/**
 * Is with MPJ Express (the program IsMpj.java beside io.mobula.apps.mpj.MpjMain, written against the mpiJava 1.2
 * API): {@code java io.mobula.apps.is.IsMpjRun [--np N] [--device niodev|multicore] [SIZE]} compiles it against
 * the installed MPJ Express and runs it; {@code ./mobula speedup is} runs it beside the Mobula versions.
 */
public final class IsMpjRun {
    private IsMpjRun() {
    }

    public static void main(String[] args) {
        MpjMain.main(IsKernel.INSTANCE, "IsMpj", args);
    }
}
