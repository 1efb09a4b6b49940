package io.mobula.apps.qr;

import io.mobula.apps.KernelMain;

/** QR, sequential: {@code java io.mobula.apps.qr.QrSeq [SIZE]}. */
public final class QrSeq {
    private QrSeq() {
    }

    public static void main(String[] args) {
        KernelMain.sequential(QrKernel.INSTANCE, args);
    }
}
