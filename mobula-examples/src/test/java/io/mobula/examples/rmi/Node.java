package io.mobula.examples.rmi;

import java.io.Serializable;

/** A graph node: cycles and shared references must survive a call. */
public class Node implements Serializable {
    private static final long serialVersionUID = 1L;
    public int value;
    public Node next;
    public Node other;

    public Node(int value) {
        this.value = value;
    }
}
