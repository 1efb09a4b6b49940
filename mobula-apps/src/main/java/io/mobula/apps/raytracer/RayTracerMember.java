package io.mobula.apps.raytracer;

import io.mobula.apps.Mailbox;
import io.mobula.gmi.GroupMember;

/** A rank's member: a mailbox of rows by rank, and the checksum under key -1. */
public class RayTracerMember extends GroupMember implements RayTracerImage {
    static final long CHECKSUM = -1;
    final Mailbox parts = new Mailbox();

    @Override
    public void rows(int from, int[] pixels) {
        parts.put(from, pixels);
    }

    @Override
    public void checksum(long sum) {
        parts.put(CHECKSUM, sum);
    }
}
