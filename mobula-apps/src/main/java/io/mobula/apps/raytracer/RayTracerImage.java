package io.mobula.apps.raytracer;

import io.mobula.gmi.GroupInterface;

/** The group interface of the GMI version: rows to rank 0, and the checksum reduced at rank 0. */
public interface RayTracerImage extends GroupInterface {
    /** Rank {@code from}'s rows, one after the other (a single invocation on member 0). */
    void rows(int from, int[] pixels);

    /** The checksum; every rank invokes it with its own, and a combined invocation sums them for member 0. */
    void checksum(long sum);
}
