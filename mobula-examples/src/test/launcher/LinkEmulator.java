import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A link emulator in user space: the middle "host" of a path A - M - B of network namespaces. It bridges the two veth
 * ends in M frame by frame (raw packet sockets, so A and B see one Ethernet segment) and does to each frame what the
 * kernel's netem queueing discipline would: delay it (a fixed delay plus uniform jitter), drop it, send it twice, or
 * let it overtake the delayed frames before it (reordering). Used by the fault-injection tests where the kernel has
 * no netem.
 *
 * <p>Run with the JDK's source launcher inside M, as root: {@code java --enable-native-access=ALL-UNNAMED
 * LinkEmulator.java IF_A IF_B SEED}. It prints {@code READY} once both sockets are bound, then reads commands on
 * standard input, one a line, and answers each with one line:
 * <ul>
 *   <li>{@code set delayMs=D jitterMs=J loss=P dup=P reorder=P} (any subset; probabilities 0 to 1) answers
 *       {@code OK} and the settings, for both directions;</li>
 *   <li>{@code stats} answers {@code STATS frames=N dropped=N duplicated=N reordered=N} (both directions);</li>
 *   <li>end of input stops the emulator.</li>
 * </ul>
 * Frames keep their virtio-net header (PACKET_VNET_HDR), so checksum offload and TCP segmentation offload of the veth
 * pair pass through unchanged: a frame the emulator forwards is the one the sender's kernel made, checksum and all.
 */
public final class LinkEmulator {
    private static final int AF_PACKET = 17;
    private static final int SOCK_RAW = 3;
    private static final int ETH_P_ALL = 0x0003;
    private static final int SOL_PACKET = 263;
    private static final int PACKET_VNET_HDR = 15;
    private static final int PACKET_IGNORE_OUTGOING = 23;
    private static final int BUFFER = 65536 + 1024;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final MethodHandle SOCKET = libc("socket",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
    private static final MethodHandle SETSOCKOPT = libc("setsockopt", FunctionDescriptor.of(ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
    private static final MethodHandle BIND = libc("bind", FunctionDescriptor.of(ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
    private static final MethodHandle RECV = libc("recv", FunctionDescriptor.of(ValueLayout.JAVA_LONG,
            ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT));
    private static final MethodHandle SEND = libc("send", FunctionDescriptor.of(ValueLayout.JAVA_LONG,
            ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT));
    private static final MethodHandle IF_NAMETOINDEX = libc("if_nametoindex",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));

    /** The settings, shared by both directions; replaced whole by a {@code set} command. */
    private record Settings(long delayNanos, long jitterNanos, double loss, double dup, double reorder) {
    }

    private static volatile Settings settings = new Settings(0, 0, 0, 0, 0);
    private static final AtomicLong FRAMES = new AtomicLong();
    private static final AtomicLong DROPPED = new AtomicLong();
    private static final AtomicLong DUPLICATED = new AtomicLong();
    private static final AtomicLong REORDERED = new AtomicLong();

    private LinkEmulator() {
    }

    public static void main(String[] args) throws Throwable {
        if (args.length != 3) {
            throw new IllegalArgumentException("usage: LinkEmulator IF_A IF_B SEED");
        }
        long seed = Long.parseLong(args[2]);
        int a = open(args[0]);
        int b = open(args[1]);
        start(args[0] + ">" + args[1], a, b, new SplittableRandom(seed));
        start(args[1] + ">" + args[0], b, a, new SplittableRandom(seed + 1));
        System.out.println("READY");
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            System.out.println(command(line.strip()));
            System.out.flush();
        }
        System.exit(0);
    }

    private static String command(String line) {
        if (line.equals("stats")) {
            return "STATS frames=" + FRAMES.get() + " dropped=" + DROPPED.get() + " duplicated=" + DUPLICATED.get()
                    + " reordered=" + REORDERED.get();
        }
        if (!line.startsWith("set")) {
            return "ERROR unknown command: " + line;
        }
        Map<String, String> kv = new HashMap<>();
        for (String word : line.substring(3).trim().split("\\s+")) {
            if (word.isEmpty()) {
                continue;
            }
            int eq = word.indexOf('=');
            if (eq < 0) {
                return "ERROR not key=value: " + word;
            }
            kv.put(word.substring(0, eq), word.substring(eq + 1));
        }
        Settings s = settings;
        try {
            Settings n = new Settings(
                    millis(kv.remove("delayMs"), s.delayNanos()), millis(kv.remove("jitterMs"), s.jitterNanos()),
                    probability(kv.remove("loss"), s.loss()), probability(kv.remove("dup"), s.dup()),
                    probability(kv.remove("reorder"), s.reorder()));
            if (!kv.isEmpty()) {
                return "ERROR unknown settings: " + kv.keySet();
            }
            settings = n;
            return "OK " + n;
        } catch (IllegalArgumentException e) {
            return "ERROR " + e.getMessage();
        }
    }

    private static long millis(String v, long old) {
        if (v == null) {
            return old;
        }
        double ms = Double.parseDouble(v);
        if (!(ms >= 0 && ms <= 60_000)) {
            throw new IllegalArgumentException("not a delay in ms: " + v);
        }
        return (long) (ms * 1e6);
    }

    private static double probability(String v, double old) {
        if (v == null) {
            return old;
        }
        double p = Double.parseDouble(v);
        if (!(p >= 0 && p <= 1)) {
            throw new IllegalArgumentException("not a probability: " + v);
        }
        return p;
    }

    /** A frame waiting for its time to leave. */
    private record Due(long at, long order, byte[] bytes) implements Delayed {
        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(at - System.nanoTime(), TimeUnit.NANOSECONDS);
        }

        @Override
        public int compareTo(Delayed o) {
            Due d = (Due) o;
            int c = Long.compare(at, d.at);
            return c != 0 ? c : Long.compare(order, d.order);
        }
    }

    /** Starts one direction: a thread that receives on {@code from} and one that sends on {@code to}. */
    private static void start(String name, int from, int to, SplittableRandom random) {
        DelayQueue<Due> queue = new DelayQueue<>();
        Thread receiver = new Thread(() -> receive(from, queue, random), "receive " + name);
        Thread sender = new Thread(() -> send(to, queue), "send " + name);
        receiver.setDaemon(true);
        sender.setDaemon(true);
        receiver.start();
        sender.start();
    }

    private static void receive(int fd, DelayQueue<Due> queue, SplittableRandom random) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(BUFFER);
            long order = 0;
            long lastAt = 0;
            while (true) {
                long n = (long) RECV.invokeExact(fd, buf, (long) BUFFER, 0);
                if (n <= 0) {
                    throw new IllegalStateException("recv returned " + n);
                }
                byte[] frame = buf.asSlice(0, n).toArray(ValueLayout.JAVA_BYTE);
                FRAMES.incrementAndGet();
                Settings s = settings;
                if (s.loss() > 0 && random.nextDouble() < s.loss()) {
                    DROPPED.incrementAndGet();
                    continue;
                }
                long now = System.nanoTime();
                long at = now + s.delayNanos() + (s.jitterNanos() > 0 ? random.nextLong(s.jitterNanos() + 1) : 0);
                if (s.reorder() > 0 && random.nextDouble() < s.reorder()) {
                    at = now; // overtakes every frame still delayed
                    if (lastAt > now) {
                        REORDERED.incrementAndGet();
                    }
                } else {
                    lastAt = Math.max(lastAt, at);
                }
                queue.add(new Due(at, order++, frame));
                if (s.dup() > 0 && random.nextDouble() < s.dup()) {
                    DUPLICATED.incrementAndGet();
                    queue.add(new Due(at, order++, frame));
                }
            }
        } catch (Throwable t) {
            fail("receiving", t);
        }
    }

    private static void send(int fd, DelayQueue<Due> queue) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(BUFFER);
            while (true) {
                Due d = queue.take();
                MemorySegment.copy(d.bytes(), 0, buf, ValueLayout.JAVA_BYTE, 0, d.bytes().length);
                long n = (long) SEND.invokeExact(fd, buf, (long) d.bytes().length, 0);
                if (n < 0) {
                    // a link that is down refuses the frame: the emulated link lost it
                    DROPPED.incrementAndGet();
                }
            }
        } catch (Throwable t) {
            fail("sending", t);
        }
    }

    private static void fail(String what, Throwable t) {
        System.out.println("ERROR " + what + ": " + t);
        System.out.flush();
        System.exit(1);
    }

    /** A raw packet socket bound to {@code ifName}, carrying virtio-net headers, not seeing its own frames. */
    private static int open(String ifName) throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            int index = (int) IF_NAMETOINDEX.invokeExact(arena.allocateFrom(ifName));
            if (index == 0) {
                throw new IllegalStateException("no interface " + ifName);
            }
            int fd = (int) SOCKET.invokeExact(AF_PACKET, SOCK_RAW, (int) Short.reverseBytes((short) ETH_P_ALL) & 0xffff);
            if (fd < 0) {
                throw new IllegalStateException("cannot open a packet socket (needs root)");
            }
            MemorySegment one = arena.allocate(ValueLayout.JAVA_INT);
            one.set(ValueLayout.JAVA_INT, 0, 1);
            check((int) SETSOCKOPT.invokeExact(fd, SOL_PACKET, PACKET_VNET_HDR, one, 4), "PACKET_VNET_HDR");
            check((int) SETSOCKOPT.invokeExact(fd, SOL_PACKET, PACKET_IGNORE_OUTGOING, one, 4),
                    "PACKET_IGNORE_OUTGOING");
            // struct sockaddr_ll: family (2), protocol (2, network order), ifindex (4), hatype (2), pkttype (1),
            // halen (1), addr (8)
            MemorySegment sll = arena.allocate(20);
            sll.set(ValueLayout.JAVA_SHORT, 0, (short) AF_PACKET);
            sll.set(ValueLayout.JAVA_SHORT.withOrder(ByteOrder.BIG_ENDIAN), 2, (short) ETH_P_ALL);
            sll.set(ValueLayout.JAVA_INT, 4, index);
            check((int) BIND.invokeExact(fd, sll, 20), "bind to " + ifName);
            return fd;
        }
    }

    private static void check(int rc, String what) {
        if (rc != 0) {
            throw new IllegalStateException(what + " failed");
        }
    }

    private static MethodHandle libc(String name, FunctionDescriptor d) {
        return LINKER.downcallHandle(LINKER.defaultLookup().find(name).orElseThrow(), d);
    }
}
