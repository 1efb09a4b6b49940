package io.mobula.bench.load;

import io.mobula.bench.hostile.ProcSampler;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.function.LongSupplier;

/**
 * Samples this JVM every period and prints {@code SAMPLE <heap KiB> <RSS KiB> <threads> <descriptors> [<calls>]} lines: heap
 * in use (with {@code collect}, right after a full collection: the live heap, not where the allocation happens to be
 * between two collections), resident memory ({@code VmRSS}), threads and open descriptors ({@code /proc/self}).
 */
final class ResourceSampler {
    private final PrintStream out;
    private final boolean collect;
    private final LongSupplier progress;
    private final ProcSampler proc = new ProcSampler(ProcessHandle.current().pid());

    /** @param progress calls completed so far, appended to each line (so a hung run shows), or null */
    ResourceSampler(PrintStream out, boolean collect, LongSupplier progress) {
        this.out = out;
        this.collect = collect;
        this.progress = progress;
    }

    /** Takes and prints one sample. */
    synchronized void sample() {
        if (collect) {
            System.gc();
        }
        long heapKiB = heapBytes() >> 10;
        ProcSampler.Sample s = proc.sample();
        synchronized (out) {
            out.println("SAMPLE " + heapKiB + " " + s.rssKiB() + " " + s.threads() + " " + s.descriptors()
                    + (progress == null ? "" : " " + progress.getAsLong()));
            out.flush();
        }
    }

    /**
     * With {@code collect}, the heap in use right after the collection just made (what each heap pool held when its
     * last collection ended), which the calls running meanwhile cannot inflate; otherwise the heap in use now.
     */
    private long heapBytes() {
        if (!collect) {
            Runtime rt = Runtime.getRuntime();
            return rt.totalMemory() - rt.freeMemory();
        }
        long used = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage after = pool.getType() == MemoryType.HEAP ? pool.getCollectionUsage() : null;
            if (after != null) {
                used += after.getUsed();
            }
        }
        return used;
    }

    /** Samples every {@code periodMillis} on a daemon thread until interrupted. */
    Thread start(long periodMillis) {
        return Thread.ofPlatform().daemon().name("resource-sampler").start(() -> {
            try {
                while (true) {
                    sample();
                    Thread.sleep(periodMillis);
                }
            } catch (InterruptedException e) {
                // stopped
            }
        });
    }
}
