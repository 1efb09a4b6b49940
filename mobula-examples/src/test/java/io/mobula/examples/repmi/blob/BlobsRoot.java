package io.mobula.examples.repmi.blob;

import io.mobula.repmi.CloudObject;
import java.util.Arrays;

/** The root of {@link Blobs}: a count, a digest and the last array put (so a replica holds one write's bytes). */
public class BlobsRoot extends CloudObject implements Blobs {
    private int count;
    private long digest;
    private byte[] last;
    private int syncs;

    /** An empty cloud. */
    public BlobsRoot() {
    }

    @Override
    public synchronized void put(byte[] data) {
        count++;
        digest = digest * 1_000_003L + Arrays.hashCode(data) + data.length;
        last = data;
    }

    @Override
    public synchronized int count() {
        return count;
    }

    @Override
    public synchronized long digest() {
        return digest + (last == null ? 0 : last.length);
    }

    @Override
    public synchronized void sync() {
        syncs++;
    }
}
