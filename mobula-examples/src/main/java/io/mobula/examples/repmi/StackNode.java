package io.mobula.examples.repmi;

import io.mobula.repmi.CloudObject;
import io.mobula.repmi.Node;

/** A node of the replicated stack. */
public class StackNode extends CloudObject implements Node {
    StackNode prev;
    int value;

    /** A node holding {@code value} above {@code prev}. */
    public StackNode(int value, StackNode prev) {
        this.value = value;
        this.prev = prev;
    }
}
