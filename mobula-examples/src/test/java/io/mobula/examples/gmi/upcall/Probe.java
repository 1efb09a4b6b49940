package io.mobula.examples.gmi.upcall;

import io.mobula.gmi.GroupInterface;

/** A group whose members record where each of their methods ran ({@link UpcallMain}). */
public interface Probe extends GroupInterface {
    /** Proven non-blocking: adds {@code k}, counts the call and stores the thread that ran it. */
    void mark(int k);

    /** Stated non-blocking on the implementation: also records whether it ran on a receive thread. */
    void markStated(int k);

    /** Proven non-blocking: how many marks arrived. */
    int peek();

    /** Proven non-blocking: keeps the array (a broadcast larger than a receive thread relays itself). */
    void keep(double[] v);

    /** Proven non-blocking: keeps this member's own part of a scatter. */
    void own(double[] v);

    /** May block: asks another member for its value, a wait for the network. */
    int nested(int other);
}
