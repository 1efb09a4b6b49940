package io.mobula.bench.rmi;

import java.util.concurrent.atomic.AtomicLong;

/** Client-side callback: echoes, and counts pongs so that validation sees the server really called back. */
public final class BenchCallbackImpl implements BenchCallback {
    private final AtomicLong pongs = new AtomicLong();
    private volatile Object last;

    @Override
    public void voidPong(Object o) {
        last = o;
        pongs.incrementAndGet();
    }

    @Override
    public Object pong(Object o) {
        last = o;
        pongs.incrementAndGet();
        return o;
    }

    long pongs() {
        return pongs.get();
    }

    Object last() {
        return last;
    }
}
