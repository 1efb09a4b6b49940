package io.mobula.examples.rmi;

import java.rmi.Remote;

/** An object with three remote interfaces ({@link Titled} covering {@link Labelled}). */
public class MultiImpl implements Welcomer, Adder, Titled {
    private final String name;

    public MultiImpl(String name) {
        this.name = name;
    }

    @Override
    public String greet(String who) {
        return "hello " + who + " from " + name;
    }

    @Override
    public Remote echo(Remote r) {
        return r;
    }

    @Override
    public int add(int a, int b) {
        return a + b;
    }

    @Override
    public boolean same(Remote a, Remote b) {
        return a.equals(b) && b.equals(a) && a.hashCode() == b.hashCode();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String title() {
        return "Dr. " + name;
    }
}
