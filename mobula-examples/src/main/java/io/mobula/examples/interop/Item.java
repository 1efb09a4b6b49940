package io.mobula.examples.interop;

import java.io.Serializable;
import java.util.List;

/** A by-value object. */
public final class Item implements Serializable {
    private static final long serialVersionUID = 1L;
    private final String name;
    private final long cents;
    private final List<String> tags;

    public Item(String name, long cents, List<String> tags) {
        this.name = name;
        this.cents = cents;
        this.tags = List.copyOf(tags);
    }

    public String name() {
        return name;
    }

    public long cents() {
        return cents;
    }

    public List<String> tags() {
        return tags;
    }

    @Override
    public String toString() {
        return name + "@" + cents + tags;
    }
}
