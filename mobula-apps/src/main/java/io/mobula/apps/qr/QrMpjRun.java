package io.mobula.apps.qr;

import io.mobula.apps.mpj.MpjMain;

/**
 * QR with MPJ Express (the program QrMpj.java beside io.mobula.apps.mpj.MpjMain, written against the mpiJava 1.2 API):
 * {@code java io.mobula.apps.qr.QrMpjRun [--np N] [--device niodev|multicore] [SIZE]} compiles it against the
 * installed MPJ Express and runs it; {@code ./mobula speedup qr} runs it beside the Mobula versions.
 */
public final class QrMpjRun {
    private QrMpjRun() {
    }

    public static void main(String[] args) {
        MpjMain.main(QrKernel.INSTANCE, "QrMpj", args);
    }
}
