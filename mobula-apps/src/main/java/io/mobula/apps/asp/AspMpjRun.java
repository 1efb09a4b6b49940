package io.mobula.apps.asp;

import io.mobula.apps.mpj.MpjMain;

/**
 * Asp with MPJ Express (the program AspMpj.java beside io.mobula.apps.mpj.MpjMain, written against the mpiJava
 * 1.2 API): {@code java io.mobula.apps.asp.AspMpjRun [--np N] [--device niodev|multicore] [SIZE]} compiles it
 * against the installed MPJ Express and runs it; {@code ./mobula speedup asp} runs it beside the Mobula versions.
 */
public final class AspMpjRun {
    private AspMpjRun() {
    }

    public static void main(String[] args) {
        MpjMain.main(AspKernel.INSTANCE, "AspMpj", args);
    }
}
