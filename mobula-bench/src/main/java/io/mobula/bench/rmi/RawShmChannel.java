package io.mobula.bench.rmi;

import java.io.EOFException;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import io.mobula.transport.ShmLayout;

/**
 * The raw shared-memory baseline's byte pipe: the segment layout of Mobula's shm transport ({@link ShmLayout}:
 * header page; ring 0 creator-to-opener, ring 1 back; tail and head counters on their own cache lines, published with
 * release stores and read with acquire loads), and nothing else: no framing, no doorbell, no receive thread, the
 * calling thread spins on the ring itself. src/main/c/pingpong.c implements the same layout with the same constants
 * (ShmLayoutInCTest compares them).
 */
final class RawShmChannel {
    private static final VarHandle LONG = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final VarHandle INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.nativeOrder());
    static final int CAPACITY = 1 << 20;
    private static final int HEADER = ShmLayout.HEADER_BYTES;

    private final MappedByteBuffer map;
    private final ByteBuffer outData;
    private final ByteBuffer inData;
    private final int outControl;
    private final int inControl;
    private final int mask;
    private long outTail;
    private long inHead;

    private RawShmChannel(MappedByteBuffer map, boolean creator, int capacity) {
        this.map = map;
        this.mask = capacity - 1;
        ByteBuffer ring0 = map.slice((int) ShmLayout.data(0, capacity), capacity);
        ByteBuffer ring1 = map.slice((int) ShmLayout.data(1, capacity), capacity);
        this.outData = creator ? ring0 : ring1;
        this.inData = creator ? ring1 : ring0;
        this.outControl = ShmLayout.control(creator ? 0 : 1);
        this.inControl = ShmLayout.control(creator ? 1 : 0);
    }

    static Path directory() {
        Path shm = Path.of("/dev/shm");
        return Files.isDirectory(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"));
    }

    /** A new segment; its file name goes to {@code name[0]}. */
    static RawShmChannel create(Path[] name) throws IOException {
        Path path = directory().resolve("mobula-" + ProcessHandle.current().pid() + "-raw"
                + Long.toHexString(ThreadLocalRandom.current().nextLong()));
        long size = ShmLayout.segmentBytes(CAPACITY);
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            ch.truncate(size);
            ch.write(ByteBuffer.allocate(1), size - 1);
            MappedByteBuffer map = ch.map(FileChannel.MapMode.READ_WRITE, 0, size);
            INT.set(map, ShmLayout.CAPACITY_OFFSET, CAPACITY);
            LONG.set(map, ShmLayout.CREATOR_PID_OFFSET, ProcessHandle.current().pid());
            INT.set(map, ShmLayout.VERSION_OFFSET, ShmLayout.VERSION);
            INT.setRelease(map, ShmLayout.MAGIC_OFFSET, ShmLayout.MAGIC);
            name[0] = path;
            return new RawShmChannel(map, true, CAPACITY);
        }
    }

    /** Maps the peer's segment and removes its name. */
    static RawShmChannel open(Path path) throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            MappedByteBuffer map = ch.map(FileChannel.MapMode.READ_WRITE, 0, ch.size());
            int capacity = (int) INT.get(map, ShmLayout.CAPACITY_OFFSET);
            if ((int) INT.getAcquire(map, ShmLayout.MAGIC_OFFSET) != ShmLayout.MAGIC
                    || ShmLayout.segmentBytes(capacity) != ch.size()) {
                throw new IOException("bad segment " + path);
            }
            LONG.setRelease(map, ShmLayout.OPENER_PID_OFFSET, ProcessHandle.current().pid());
            return new RawShmChannel(map, false, capacity);
        } finally {
            Files.deleteIfExists(path);
        }
    }

    /** Spins, yields after 20 us, parks briefly after 10 ms (an idle benchmark server must not burn a core). */
    private static void pause(long start) {
        long waited = System.nanoTime() - start;
        if (waited < 20_000) {
            Thread.onSpinWait();
        } else if (waited < 10_000_000) {
            Thread.yield();
        } else {
            LockSupport.parkNanos(100_000);
        }
    }

    void writeFully(ByteBuffer src) throws IOException {
        while (src.hasRemaining()) {
            long head = (long) LONG.getAcquire(map, outControl + ShmLayout.HEAD);
            int free = (int) (mask + 1 - (outTail - head));
            if (free == 0) {
                long start = System.nanoTime();
                while ((long) LONG.getAcquire(map, outControl + ShmLayout.HEAD) == head) {
                    pause(start);
                }
                continue;
            }
            int index = (int) (outTail & mask);
            int n = Math.min(Math.min(free, src.remaining()), mask + 1 - index);
            outData.put(index, src, src.position(), n);
            src.position(src.position() + n);
            outTail += n;
            LONG.setRelease(map, outControl + ShmLayout.TAIL, outTail);
        }
    }

    void readFully(ByteBuffer dst) throws IOException {
        while (dst.hasRemaining()) {
            long tail = (long) LONG.getAcquire(map, inControl + ShmLayout.TAIL);
            int available = (int) (tail - inHead);
            if (available == 0) {
                long start = System.nanoTime();
                while ((long) LONG.getAcquire(map, inControl + ShmLayout.TAIL) == inHead) {
                    pause(start);
                    if (!alive()) {
                        throw new EOFException("peer gone");
                    }
                }
                continue;
            }
            int index = (int) (inHead & mask);
            int n = Math.min(Math.min(available, dst.remaining()), mask + 1 - index);
            dst.put(dst.position(), inData, index, n);
            dst.position(dst.position() + n);
            inHead += n;
            LONG.setRelease(map, inControl + ShmLayout.HEAD, inHead);
        }
    }

    private int checks;

    /** The peer's process still runs (checked every 4096 waits, cheap enough inside the spin). */
    private boolean alive() {
        if ((++checks & 4095) != 0) {
            return true;
        }
        long pid = (long) LONG.getAcquire(map, outControl == ShmLayout.CONTROL_0 ? ShmLayout.OPENER_PID_OFFSET
                : ShmLayout.CREATOR_PID_OFFSET);
        return pid == 0 || ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }
}
