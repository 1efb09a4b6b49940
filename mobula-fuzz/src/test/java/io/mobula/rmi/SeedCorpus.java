package io.mobula.rmi;

import io.mobula.fuzz.model.Color;
import io.mobula.fuzz.model.Node;
import io.mobula.fuzz.model.Point;
import io.mobula.fuzz.model.Samples;
import io.mobula.fuzz.model.Shape;
import io.mobula.serial.SerialWriter;
import io.mobula.serial.Serialization;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.Remote;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.UUID;

/**
 * Writes the seed inputs of the harnesses: real encodings made by Mobula's writers, so the fuzzer starts past the
 * magic numbers, headers and type descriptors. Run once when a harness or the wire format changes:
 * {@code java -cp <test class path> io.mobula.rmi.SeedCorpus mobula-fuzz/src/test/resources}; the files it writes
 * are named {@code seed-*} and are checked in.
 */
public final class SeedCorpus {
    private final Path root;

    private SeedCorpus(Path root) {
        this.root = root;
    }

    public static void main(String[] args) throws Exception {
        new SeedCorpus(Path.of(args[0])).writeAll();
        System.exit(0); // the RMI runtime's listener is not a daemon
    }

    private void write(String harness, String method, String name, byte[] bytes) throws IOException {
        Path dir = root.resolve(harness.replace('.', '/') + "Inputs").resolve(method);
        Files.createDirectories(dir);
        Files.write(dir.resolve("seed-" + name), bytes);
    }

    private void writeAll() throws Exception {
        List<Object> values = new ArrayList<>(Samples.graphs());
        values.add("text");
        values.add(List.of(1, 2L, 3.0f, 'c', (byte) 4, (short) 5, true));
        values.add(new HashMap<>(Map.of("k", new int[] {1, 2}, "l", new long[] {3}, "s", new String[] {"a", null})));
        values.add(new TreeSet<>(List.of("x", "y")));
        values.add(new LinkedHashMap<>(Map.of(UUID.nameUUIDFromBytes(new byte[1]), Optional.of(LocalDate.of(2024, 2,
                29)))));
        values.add(new Object[] {BigInteger.TEN.pow(30), new BigDecimal("1.25"), Duration.ofSeconds(3)});
        values.add(EnumSet.allOf(Color.class));
        values.add(new IllegalArgumentException("bad", new java.io.IOException("io")));

        Serialization defaults = Serialization.defaults();
        int i = 0;
        for (Object v : values) {
            write("io.mobula.fuzz.FromBytesFuzzTest", "fromBytes", "value" + i++, defaults.toBytes(v));
        }
        i = 0;
        for (Object v : Samples.graphs()) {
            write("io.mobula.fuzz.GeneratedSerializersFuzzTest", "fromBytes", "model" + i++,
                    defaults.toBytes(v));
        }
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            SerialWriter w = Serialization.builder().byteOrder(order).build().newPeerWriter();
            ByteArrayOutputStream stream = new ByteArrayOutputStream();
            for (Object v : List.of(Samples.graphs().get(1), Samples.graphs().get(3), Samples.graphs().get(1), "x")) {
                w.beginMessage();
                w.writeObject(v);
                boolean defs = w.endMessage();
                byte[] m = bytes(w.buffer());
                stream.write((defs ? 1 : 0) | (order == ByteOrder.LITTLE_ENDIAN ? 2 : 0));
                stream.write(m.length >>> 8);
                stream.write(m.length);
                stream.write(m);
            }
            write("io.mobula.fuzz.PeerStreamFuzzTest", "messages", order.toString().toLowerCase(),
                    stream.toByteArray());
        }

        // RMI: call frames to the probe after an honest handshake, and the handshake frames themselves
        Serialization rmi = FuzzRuntime.serialization();
        ByteOrder order = rmi.byteOrder();
        int le = order == ByteOrder.LITTLE_ENDIAN ? 4 : 0;
        SerialWriter w = rmi.newPeerWriter();
        Shape shape = (Shape) Samples.graphs().get(1);
        ByteArrayOutputStream calls = new ByteArrayOutputStream();
        calls.write(RmiFrameFuzzTest.MODE_AUTHENTICATED | le);
        // take(String, int[], Shape, List<Object>, Map<String, Node>) is method 2 (methods sorted by name)
        w.beginMessage();
        w.writeString("hello");
        w.writeObject(new int[] {1, 2, 3});
        w.writeObject(shape);
        w.writeObject(new ArrayList<>(List.of("a", 1, new Point(1, 2))));
        w.writeObject(new HashMap<>(Map.of("n", new Node("n").add(new Node("m")))));
        frame(calls, 1, header(order, RmiProtocol.CALL, w.endMessage(), 1, 2), w.buffer());
        w.beginMessage(); // echo(Object), method 0
        w.writeObject(Samples.graphs().get(3));
        frame(calls, 1, header(order, RmiProtocol.CALL, w.endMessage(), 2, 0), w.buffer());
        w.beginMessage(); // post(Inventory, long), method 1, one-way
        w.writeObject(Samples.graphs().get(3));
        w.writeLong(77);
        ByteBuffer post = header(order, RmiProtocol.CALL, w.endMessage(), 0, 1);
        post.put(RmiHeader.FLAGS_OFFSET, (byte) (post.get(RmiHeader.FLAGS_OFFSET) | RmiProtocol.FLAG_ONE_WAY));
        frame(calls, 1, post, w.buffer());
        frame(calls, 0, header(order, RmiProtocol.PING, false, 0, 0), ByteBuffer.allocate(0));
        frame(calls, 0, header(order, RmiProtocol.DGC_DIRTY, false, 0, 0), ByteBuffer.allocate(0));
        w.beginMessage();
        w.writeString("segment");
        frame(calls, 0, header(order, RmiProtocol.UPGRADE, false, 0, 0), w.buffer());
        w.beginMessage();
        w.writeObject(new IllegalStateException("late"));
        frame(calls, 0, header(order, RmiProtocol.REPLY_THROWN, w.endMessage(), 9, 0), w.buffer());
        write("io.mobula.rmi.RmiFrameFuzzTest", "frames", "calls", calls.toByteArray());

        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        raw.write(RmiFrameFuzzTest.MODE_RAW);
        frame(raw, 0, ByteBuffer.wrap(RmiFrameFuzzTest.hello(ByteOrder.BIG_ENDIAN)), ByteBuffer.allocate(0));
        frame(raw, 0, AuthHandshake.authFrame(new byte[AuthHandshake.MAC_LENGTH]), ByteBuffer.allocate(0));
        write("io.mobula.rmi.RmiFrameFuzzTest", "frames", "raw-handshake", raw.toByteArray());
        ByteArrayOutputStream wrongAnswer = new ByteArrayOutputStream();
        wrongAnswer.write(RmiFrameFuzzTest.MODE_HELLO);
        frame(wrongAnswer, 0, AuthHandshake.authFrame(new byte[AuthHandshake.MAC_LENGTH]), ByteBuffer.allocate(0));
        write("io.mobula.rmi.RmiFrameFuzzTest", "frames", "wrong-answer", wrongAnswer.toByteArray());

        // the registry: bind(String, Remote) 0, list() 1, lookup(String) 2, rebind 3, unbind(String) 4
        Remote exported = new RmiFrameFuzzTest.ProbeImpl();
        Rmi.export(exported);
        for (int m = 0; m < 5; m++) {
            w.beginMessage();
            if (m != 1) {
                w.writeString(m == 2 ? "bound" : "name" + m);
            }
            if (m == 0 || m == 3) {
                w.writeObject(exported);
            }
            call("io.mobula.rmi.registry.RegistryFuzzTest", "registry" + m, m, le, w);
        }

        // the pool coordinator: await 0, barrier 1, heartbeat 2, join 3, leave 4, publish 5, report 6
        Object member = Class.forName("io.mobula.pool.Member").getConstructors()[0].newInstance(0,
                "tcp://192.0.2.7:1", Class.forName("io.mobula.pool.HostIdentity").getConstructors()[0]
                        .newInstance("h", "", ""), 3L, null);
        String pool = "io.mobula.pool.PoolCoordinatorFuzzTest";
        w.beginMessage();
        w.writeString("team");
        w.writeInt(0);
        w.writeObject(new ArrayList<>(List.of("k")));
        w.writeLong(0);
        call(pool, "await", 0, le, w);
        w.beginMessage();
        w.writeString("team");
        w.writeInt(0);
        w.writeInt(0);
        w.writeLong(10);
        call(pool, "barrier", 1, le, w);
        w.beginMessage();
        w.writeString("team");
        w.writeInt(0);
        w.writeInt(0);
        call(pool, "heartbeat", 2, le, w);
        w.beginMessage();
        w.writeString("new");
        w.writeInt(2);
        w.writeObject(member);
        w.writeLong(100);
        call(pool, "join", 3, le, w);
        w.beginMessage();
        w.writeString("team");
        w.writeInt(0);
        call(pool, "leave", 4, le, w);
        w.beginMessage();
        w.writeString("team");
        w.writeInt(0);
        w.writeString("key");
        w.writeObject(new ArrayList<>(List.of("value", 1)));
        call(pool, "publish", 5, le, w);
        w.beginMessage();
        w.writeString("team");
        w.writeInt(0);
        w.writeInt(0);
        w.writeString("unreachable");
        call(pool, "report", 6, le, w);

        io.mobula.gmi.GmiSeeds.write(this::call, w, rmi, le);
    }

    /** Writes the argument bytes in {@code w} as a call input: method id, flags, arguments. */
    void call(String harness, String name, int method, int le, SerialWriter w) throws IOException {
        boolean defs = w.endMessage();
        byte[] args = bytes(w.buffer());
        byte[] in = new byte[args.length + 2];
        in[0] = (byte) method;
        in[1] = (byte) ((defs ? 2 : 0) | le);
        System.arraycopy(args, 0, in, 2, args.length);
        write(harness, "call", name, in);
    }


    private static ByteBuffer header(ByteOrder order, byte type, boolean defs, int callId, int method) {
        ByteBuffer h = ByteBuffer.allocate(RmiHeader.LENGTH).order(order);
        return RmiHeader.write(h, 0, type, defs ? RmiProtocol.FLAG_TYPE_DEFS : 0, callId, 0, 0, method, 0);
    }

    private static void frame(ByteArrayOutputStream out, int kind, ByteBuffer header, ByteBuffer body) {
        byte[] h = bytes(header);
        byte[] b = bytes(body);
        int len = h.length + b.length;
        out.write(kind);
        out.write(len >>> 8);
        out.write(len);
        out.writeBytes(h);
        out.writeBytes(b);
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.get(b.position(), out);
        return out;
    }
}
