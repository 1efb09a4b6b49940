package io.mobula.examples.interop;

import java.util.concurrent.atomic.AtomicInteger;

/** A counter; exported by whoever hands it out. */
public final class CounterImpl implements Counter {
    private final String name;
    private final AtomicInteger value = new AtomicInteger();

    public CounterImpl(String name) {
        this.name = name;
    }

    @Override
    public int increment() {
        return value.incrementAndGet();
    }

    @Override
    public String name() {
        return name;
    }
}
