package io.mobula.gmi.gen;

import io.mobula.gmi.GroupInterface;

/** Group interfaces that extend one another, and one nested in a class; compiled by the processor. */
public final class Shapes {
    private Shapes() {
    }

    /** The base group interface. */
    public interface Area extends GroupInterface {
        double area();

        /** Redeclared by {@link Solid} with a narrower result. */
        Number size();
    }

    /** Extends another group interface: its own methods first, then the inherited ones. */
    public interface Solid extends Area {
        double volume();

        @Override
        Integer size();
    }
}
