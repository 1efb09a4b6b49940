package io.mobula.repmi;

/**
 * Marks the classes and interfaces of a cloud's node objects (thesis 4.2.1): objects reachable from a root, replicated
 * with it, and only ever reached through it. Node classes extend {@link CloudObject}; a type may not be both a
 * {@link Root} and a {@code Node}.
 */
public interface Node {
}
