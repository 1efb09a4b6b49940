package io.mobula.apps.asp;

import io.mobula.apps.KernelMain;

/** ASP, sequential: {@code java io.mobula.apps.asp.AspSeq [SIZE]}. */
public final class AspSeq {
    private AspSeq() {
    }

    public static void main(String[] args) {
        KernelMain.sequential(AspKernel.INSTANCE, args);
    }
}
