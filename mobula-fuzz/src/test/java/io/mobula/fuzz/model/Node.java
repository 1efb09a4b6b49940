package io.mobula.fuzz.model;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A class that forms cycles: a node refers to its parent, its children and an index of them. */
public class Node implements Serializable {
    private static final long serialVersionUID = 1L;

    String label;
    Node parent;
    List<Node> children = new ArrayList<>();
    Map<String, Node> index = new HashMap<>();

    public Node() {
    }

    public Node(String label) {
        this.label = label;
    }

    /** Adds {@code child} under this node (a cycle: the child refers back to its parent). */
    public Node add(Node child) {
        child.parent = this;
        children.add(child);
        index.put(child.label, child);
        return this;
    }
}
