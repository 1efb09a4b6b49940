package io.mobula.apps.acp;

import io.mobula.apps.mpj.MpjMain;

/**
 * ACP with MPJ Express (the program AcpMpj.java beside io.mobula.apps.mpj.MpjMain, written against the mpiJava
 * 1.2 API): {@code java io.mobula.apps.acp.AcpMpjRun [--np N] [--device niodev|multicore] [SIZE]} compiles it
 * against the installed MPJ Express and runs it; {@code ./mobula speedup acp} runs it beside the Mobula versions.
 */
public final class AcpMpjRun {
    private AcpMpjRun() {
    }

    public static void main(String[] args) {
        MpjMain.main(AcpKernel.INSTANCE, "AcpMpj", args);
    }
}
