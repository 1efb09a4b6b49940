package io.mobula.repmi;

import io.mobula.repmi.spi.CloudSkeleton;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One cloud's replica in this process: its root, the generated dispatch of its replication interface, which of its
 * methods are reads, and the counter its writes draw deterministic hashes from.
 */
final class Replica {
    final long id;
    final String name;
    final Object root;
    final Class<?> rootInterface;
    final CloudSkeleton skeleton;
    final boolean[] reads;
    final AtomicLong hashes;

    Replica(long id, String name, Object root, Class<?> rootInterface, CloudSkeleton skeleton, boolean[] reads,
            AtomicLong hashes) {
        this.id = id;
        this.name = name;
        this.root = root;
        this.rootInterface = rootInterface;
        this.skeleton = skeleton;
        this.reads = reads;
        this.hashes = hashes;
    }
}
