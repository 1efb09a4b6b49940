package io.mobula.serial;

import java.nio.ByteOrder;

/** Settings shared by the writers and readers of one {@link Serialization}. */
record Config(ClassFilter filter, int maxDepth, int maxArrayLength, ByteOrder order, ClassLoader loader,
        Registry registry, boolean trustedOnly, long maxHashWork) {
}
