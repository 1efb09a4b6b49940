package io.mobula.bench.hostile;

import io.mobula.gmi.GroupInterface;

/** The group every rank of the pool attack forms ({@link HostileMember}): one call that says who answered. */
public interface HostileGroup extends GroupInterface {
    /** {@code 1000 * the member's group rank + x}. */
    int answer(int x);
}
