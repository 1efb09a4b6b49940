package io.mobula.transport;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The memory-mapped file behind one shared-memory connection: a header page, then one ring per direction
 * (ring 0: creator to opener, ring 1: opener to creator). The connecting side creates it, the other side maps
 * it and removes the name at once, so a file outlives the handshake only if a process dies within it; such
 * stale files are reclaimed by name ({@code mobula-<pid>-<random>}) when a later process starts.
 *
 * <p>Doorbells: the creator also listens on a Unix-domain socket named after the segment ({@code <name>.bell});
 * the opener connects to it twice while it maps the segment, once per ring, sending the segment's token and the
 * ring's number, says so in the header and removes that name too. The creator accepts the two connections (without
 * blocking) when it first needs them after the opener published its pid: in the upgrade protocol it builds its
 * connection before the peer has opened the segment. A
 * side without its doorbell (none offered, or not accepted yet) falls back to polling with timed parks
 * ({@link ShmWait}). The socket serves the ring's two sides: see {@link ShmRing}.
 *
 * The layout is {@link ShmLayout}.
 */
final class ShmSegment {

    static final int MAGIC = ShmLayout.MAGIC;
    static final int VERSION = ShmLayout.VERSION;
    private static final int HEADER = ShmLayout.HEADER_BYTES;
    private static final VarHandle LONG = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final VarHandle INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.nativeOrder());
    private static final SecureRandom RANDOM = new SecureRandom();
    static final long PID = ProcessHandle.current().pid();

    /** Where segments live: /dev/shm where present, otherwise the temporary directory. */
    static final Path DIRECTORY = directory();

    static {
        reclaimStale();
    }

    private static final int TOKEN = ShmLayout.TOKEN_OFFSET;
    private static final int BELL_OFFERED = ShmLayout.BELL_OFFERED_OFFSET;
    private static final int BELLS_CONNECTED = ShmLayout.BELLS_CONNECTED_OFFSET;
    private static final int BELL_HELLO = 9; // token i64, ring number i8
    static final String BELL_SUFFIX = ".bell";

    final Path path;
    final MappedByteBuffer map;
    final boolean creator;
    final int capacity;

    /** The doorbell ends of ring 0 and 1, once connected; guarded by this. */
    private final ShmBell[] bells = new ShmBell[2];
    /** The creator's doorbell listener until both bells are accepted; guarded by this. */
    private ServerSocketChannel bellServer;

    private ShmSegment(Path path, MappedByteBuffer map, boolean creator, int capacity) {
        this.path = path;
        this.map = map;
        this.creator = creator;
        this.capacity = capacity;
    }

    static Path bellPath(Path segment) {
        return segment.resolveSibling(segment.getFileName() + BELL_SUFFIX);
    }

    private static Path directory() {
        Path shm = Path.of("/dev/shm");
        return Files.isDirectory(shm) && Files.isWritable(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"));
    }

    /** A fresh, unused name in {@link #DIRECTORY} carrying our pid. */
    static Path freshName(String suffix) {
        byte[] r = new byte[8];
        RANDOM.nextBytes(r);
        return DIRECTORY.resolve("mobula-" + PID + "-" + HexFormat.of().formatHex(r) + suffix);
    }

    /** Creates and maps a new segment (the connecting side). */
    static ShmSegment create(int capacity) throws IOException {
        Path path = freshName("");
        long size = ShmLayout.segmentBytes(capacity);
        try (FileChannel ch = FileChannel.open(path, java.util.Set.of(StandardOpenOption.CREATE_NEW,
                StandardOpenOption.READ, StandardOpenOption.WRITE), OwnerOnly.attributes())) {
            ch.truncate(size); // a sparse file of zeros: counters and flags start at 0
            ch.write(java.nio.ByteBuffer.allocate(1), size - 1);
            MappedByteBuffer map = ch.map(FileChannel.MapMode.READ_WRITE, 0, size);
            INT.set(map, ShmLayout.CAPACITY_OFFSET, capacity);
            LONG.set(map, ShmLayout.CREATOR_PID_OFFSET, PID);
            LONG.set(map, TOKEN, RANDOM.nextLong());
            ShmSegment segment = new ShmSegment(path, map, true, capacity);
            segment.bellServer = listenForBells(path);
            INT.set(map, BELL_OFFERED, segment.bellServer != null ? 1 : 0);
            INT.set(map, ShmLayout.VERSION_OFFSET, VERSION);
            INT.setRelease(map, ShmLayout.MAGIC_OFFSET, MAGIC);
            return segment;
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(path);
            Files.deleteIfExists(bellPath(path));
            throw e;
        }
    }

    /** The creator's doorbell listener, or null if none can be made here (the rings then poll). */
    private static ServerSocketChannel listenForBells(Path segment) {
        Path p = bellPath(segment);
        try {
            ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            try {
                server.bind(UnixDomainSocketAddress.of(p), 2);
                OwnerOnly.restrict(p);
                server.configureBlocking(false);
                return server;
            } catch (IOException | RuntimeException e) {
                server.close();
                throw e;
            }
        } catch (IOException | RuntimeException e) {
            StreamConnection.LOG.log(System.Logger.Level.DEBUG, () -> "no doorbell at " + p + ": " + e);
            return null;
        }
    }

    /** The opener: connects both doorbells, before it publishes its pid (so the creator finds them queued). */
    private void connectBells() {
        if ((int) INT.get(map, BELL_OFFERED) == 0) {
            return;
        }
        long token = (long) LONG.get(map, TOKEN);
        SocketChannel[] chs = new SocketChannel[2];
        try {
            for (int ring = 0; ring < 2; ring++) {
                chs[ring] = SocketChannel.open(UnixDomainSocketAddress.of(bellPath(path)));
                ByteBuffer hello = ByteBuffer.allocate(BELL_HELLO).putLong(token).put((byte) ring).flip();
                while (hello.hasRemaining()) {
                    chs[ring].write(hello);
                }
            }
            for (int ring = 0; ring < 2; ring++) {
                bells[ring] = new ShmBell(chs[ring]);
            }
            INT.setRelease(map, BELLS_CONNECTED, 1);
        } catch (IOException | RuntimeException e) {
            StreamConnection.LOG.log(System.Logger.Level.DEBUG, () -> "doorbell of " + path + " not connected: " + e);
            for (int ring = 0; ring < 2; ring++) {
                if (bells[ring] != null) {
                    bells[ring].close();
                    bells[ring] = null;
                } else if (chs[ring] != null) {
                    try {
                        chs[ring].close();
                    } catch (IOException ignored) {
                        // nothing to add
                    }
                }
            }
        }
    }

    /**
     * This side's end of ring {@code which}'s doorbell, or null while there is none. The creator accepts the opener's
     * connections here, without blocking, once the opener has published its pid: by then it has queued both
     * connections and said so in the header, or it has none, and the creator stops listening either way.
     */
    synchronized ShmBell bell(int which) {
        ShmBell b = bells[which];
        if (b != null || bellServer == null || peerPid() == 0) {
            return b;
        }
        if ((int) INT.getAcquire(map, BELLS_CONNECTED) != 0) {
            try {
                SocketChannel ch;
                while ((ch = bellServer.accept()) != null) {
                    acceptBell(ch);
                }
            } catch (IOException e) {
                StreamConnection.LOG.log(System.Logger.Level.DEBUG, () -> "doorbell accept failed: " + e);
            }
            if (bells[0] == null || bells[1] == null) { // both or none: a lone bell would be half a handshake
                for (int ring = 0; ring < 2; ring++) {
                    if (bells[ring] != null) {
                        bells[ring].close();
                        bells[ring] = null;
                    }
                }
            }
        }
        closeBellServer();
        return bells[which];
    }

    private void acceptBell(SocketChannel ch) {
        try {
            ch.configureBlocking(false);
            ByteBuffer hello = ByteBuffer.allocate(BELL_HELLO);
            ShmTransport.readFully(ch, hello, System.nanoTime() + 1_000_000_000L);
            int ring = hello.get(8);
            if (hello.getLong(0) != (long) LONG.get(map, TOKEN) || ring < 0 || ring > 1 || bells[ring] != null) {
                throw new IOException("bad doorbell hello");
            }
            bells[ring] = new ShmBell(ch);
        } catch (IOException | RuntimeException e) {
            StreamConnection.LOG.log(System.Logger.Level.DEBUG, () -> "doorbell connection refused: " + e);
            try {
                ch.close();
            } catch (IOException ignored) {
                // nothing to add
            }
        }
    }

    private void closeBellServer() {
        if (bellServer != null) {
            try {
                bellServer.close();
            } catch (IOException ignored) {
                // closing anyway
            }
            bellServer = null;
            try {
                Files.deleteIfExists(bellPath(path));
            } catch (IOException ignored) {
                // reclaimed by pid later
            }
        }
    }

    /** Closes the doorbells (after the rings' closed flags are set: the peer's sleepers wake and read them). */
    synchronized void closeBells() {
        closeBellServer();
        for (int ring = 0; ring < 2; ring++) {
            if (bells[ring] != null) {
                bells[ring].close();
            }
        }
    }

    /** Maps a segment another process created (the accepting side) and removes its name. */
    static ShmSegment open(Path path, int maxCapacity) throws IOException {
        if (!path.getFileName().toString().startsWith("mobula-") || !path.normalize().startsWith(DIRECTORY)) {
            throw new IOException("not a Mobula shared-memory segment: " + path);
        }
        OwnerOnly.check(path);
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE,
                java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            long size = ch.size();
            if (size < HEADER + 2L * 4096) {
                throw new IOException("shared-memory segment too small: " + path);
            }
            MappedByteBuffer map = ch.map(FileChannel.MapMode.READ_WRITE, 0, size);
            int magic = (int) INT.getAcquire(map, ShmLayout.MAGIC_OFFSET);
            int capacity = (int) INT.get(map, ShmLayout.CAPACITY_OFFSET);
            if (magic != MAGIC || (int) INT.get(map, ShmLayout.VERSION_OFFSET) != VERSION) {
                throw new IOException("bad shared-memory segment header in " + path);
            }
            if (Integer.bitCount(capacity) != 1 || capacity > maxCapacity || ShmLayout.segmentBytes(capacity) != size) {
                throw new IOException("bad ring capacity " + capacity + " in " + path);
            }
            ShmSegment segment = new ShmSegment(path, map, false, capacity);
            segment.connectBells();
            LONG.setRelease(map, ShmLayout.OPENER_PID_OFFSET, PID);
            return segment;
        } finally {
            // both sides have it mapped now (or it is useless): the names can go
            Files.deleteIfExists(path);
            Files.deleteIfExists(bellPath(path));
        }
    }

    /** The ring this side writes to. */
    ShmRing out(ShmWait wait) {
        return creator ? ring(0, wait) : ring(1, wait);
    }

    /** The ring this side reads from. */
    ShmRing in(ShmWait wait) {
        return creator ? ring(1, wait) : ring(0, wait);
    }

    private ShmRing ring(int which, ShmWait wait) {
        return new ShmRing(map, ShmLayout.control(which), (int) ShmLayout.data(which, capacity), capacity, wait,
                () -> bell(which));
    }

    /** The other process's pid, 0 while unknown. */
    long peerPid() {
        return (long) LONG.getAcquire(map, creator ? ShmLayout.OPENER_PID_OFFSET : ShmLayout.CREATOR_PID_OFFSET);
    }

    /** Removes the names if they are still there (the opener normally removed them). */
    void unlink() {
        try {
            Files.deleteIfExists(path);
            Files.deleteIfExists(bellPath(path));
        } catch (IOException e) {
            StreamConnection.LOG.log(System.Logger.Level.DEBUG, () -> "cannot remove " + path + ": " + e);
        }
    }

    /** Liveness by process handle: the peer pid is gone (not usable when both ends share one process). */
    ShmRing.Liveness pidLiveness() {
        return () -> {
            long pid = peerPid();
            if (pid == 0 || pid == PID) {
                return null;
            }
            return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) ? null
                    : new IOException("peer process " + pid + " is gone");
        };
    }

    /** Removes segments and sockets named after processes that no longer run (crashed before clean-up). */
    static int reclaimStale() {
        int removed = 0;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(DIRECTORY, "mobula-*")) {
            for (Path p : ds) {
                String[] parts = p.getFileName().toString().split("-");
                if (parts.length < 3) {
                    continue;
                }
                long pid;
                try {
                    pid = Long.parseLong(parts[1]);
                } catch (NumberFormatException e) {
                    continue;
                }
                if (pid != PID && ProcessHandle.of(pid).isEmpty() && Files.deleteIfExists(p)) {
                    removed++;
                }
            }
        } catch (IOException | RuntimeException e) {
            StreamConnection.LOG.log(System.Logger.Level.DEBUG, () -> "stale segment scan failed: " + e);
        }
        return removed;
    }

    /**
     * This host's identity for "same host?" decisions: the boot id (changes per boot, shared by all processes
     * of a kernel), the host name, and the device of the segment directory (distinct /dev/shm mounts, e.g.
     * containers, cannot share segments).
     */
    static String hostId() {
        String boot;
        try {
            boot = Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).trim();
        } catch (IOException | RuntimeException e) {
            boot = "noboot";
        }
        String dev;
        try {
            dev = String.valueOf(Files.getAttribute(DIRECTORY, "unix:dev"));
        } catch (IOException | RuntimeException e) {
            dev = "0";
        }
        String host;
        try {
            host = java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "localhost";
        }
        // processes in different network namespaces (containers, or ip-netns test hosts) count as different
        // hosts, as io.mobula.pool.HostIdentity has it: they reach each other only over the network
        String net;
        try {
            net = Files.readSymbolicLink(Path.of("/proc/self/ns/net")).toString();
        } catch (IOException | RuntimeException e) {
            net = "nonet";
        }
        return host.replace('/', '_').replace(':', '_') + "/" + boot + "/" + dev + "/" + net.replace('/', '_');
    }
}
