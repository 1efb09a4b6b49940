package io.mobula.apps.raytracer;

import io.mobula.apps.Mailbox;
import io.mobula.gmi.GroupMember;
import io.mobula.rmi.NonBlocking;

/** A rank's member: a mailbox of rows by rank, and the checksum under key -1. */
public class RayTracerMember extends GroupMember implements RayTracerImage {
    static final long CHECKSUM = -1;
    final Mailbox parts = new Mailbox();

    @Override
    @NonBlocking // a put into the mailbox: runs where the invocation arrives, no hand-off
    public void rows(int from, int[] pixels) {
        parts.put(from, pixels);
    }

    @Override
    @NonBlocking // a put into the mailbox: runs where the invocation arrives, no hand-off
    public void checksum(long sum) {
        parts.put(CHECKSUM, sum);
    }
}
