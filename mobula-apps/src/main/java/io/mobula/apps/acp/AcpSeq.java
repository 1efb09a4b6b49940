package io.mobula.apps.acp;

import io.mobula.apps.KernelMain;

/** ACP, sequential: {@code java io.mobula.apps.acp.AcpSeq [SIZE]}. */
public final class AcpSeq {
    private AcpSeq() {
    }

    public static void main(String[] args) {
        KernelMain.sequential(AcpKernel.INSTANCE, args);
    }
}
