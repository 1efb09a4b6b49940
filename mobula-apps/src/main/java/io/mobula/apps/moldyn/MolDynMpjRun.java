package io.mobula.apps.moldyn;

import io.mobula.apps.mpj.MpjMain;

/**
 * MolDyn with MPJ Express (the program MolDynMpj.java beside io.mobula.apps.mpj.MpjMain, written against the mpiJava
 * 1.2 API): {@code java io.mobula.apps.moldyn.MolDynMpjRun [--np N] [--device niodev|multicore] [SIZE]} compiles it
 * against the installed MPJ Express and runs it; {@code ./mobula speedup moldyn} runs it beside the Mobula versions.
 */
public final class MolDynMpjRun {
    private MolDynMpjRun() {
    }

    public static void main(String[] args) {
        MpjMain.main(MolDynKernel.INSTANCE, "MolDynMpj", args);
    }
}
