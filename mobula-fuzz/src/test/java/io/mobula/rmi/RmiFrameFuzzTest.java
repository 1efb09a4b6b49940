package io.mobula.rmi;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mobula.fuzz.model.Inventory;
import io.mobula.fuzz.model.Node;
import io.mobula.fuzz.model.Shape;
import io.mobula.transport.Endpoint;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.rmi.RemoteException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Frames from a hostile peer, fed to a {@link PeerConnection} of the real runtime through an in-memory connection,
 * as the transport's receive thread delivers them: the HELLO, the AUTH answers of the cluster handshake, then (after
 * an honest handshake the harness performs) the 32-byte frame header, calls with their arguments and type-descriptor
 * trailers, replies, DGC, upgrade and heartbeat frames. Property: {@code onFrame} never throws (a bad frame is
 * answered or closes the connection), and no call fails because decoding ran out of memory.
 *
 * <p>Input: byte 0 selects the mode (bits 0-1: 0 and 3 every frame from the input, 1 an honest HELLO and AUTH first,
 * 2 an honest HELLO first; bit 2: that HELLO announces little endian, else big endian); then frames, each
 * {@code kind (1), length (2, big endian), bytes}. Kind bit 0 aims a frame of at least a header at the exported
 * {@link Probe}: its object id and interface hash are overwritten (in the announced order).
 *
 * <p>Every input gets a connection of its own and, in modes 1 and 2, a handshake of its own, so that no input sees
 * state an earlier one left. Profiled under the fuzzer (2026-11-23), opening, authenticating and closing the
 * connection took under a tenth of an input's time; checking the class names of the type-descriptor trailers against
 * the class filter took about half (the fuzzer's comparison hooks on each pattern), and emptying the pending-call table
 * on close another eighth, both since made cheaper in the runtime itself.
 */
class RmiFrameFuzzTest {
    static final int MODE_RAW = 0;
    static final int MODE_AUTHENTICATED = 1;
    static final int MODE_HELLO = 2;
    static final long PEER_VM = 0x5eedL;
    static final byte[] PEER_NONCE = new byte[AuthHandshake.NONCE_LENGTH];
    private static final int MAX_FRAMES = 64;
    private static final String OUT_OF_MEMORY_WORDS = ": out of memory while decoding";
    private static final Pattern OUT_OF_MEMORY = Pattern.compile("#[0-9]+" + OUT_OF_MEMORY_WORDS);

    static final RmiRuntime RUNTIME = FuzzRuntime.get();
    static final ProbeImpl PROBE = new ProbeImpl();
    static final long PROBE_ID;
    static final long PROBE_HASH = Probe_MobulaDispatcher.INTERFACE_HASH;

    static {
        Arrays.fill(PEER_NONCE, (byte) 7);
        try {
            Rmi.export(PROBE);
        } catch (RemoteException e) {
            throw new ExceptionInInitializerError(e);
        }
        PROBE_ID = RUNTIME.exports.forTarget(PROBE).objectId;
    }

    static final class ProbeImpl implements Probe {
        @Override
        public int take(String s, int[] ints, Shape shape, List<Object> any, Map<String, Node> nodes) {
            return (s == null ? 0 : s.length()) + (ints == null ? 0 : ints.length) + (any == null ? 0 : any.size())
                    + (nodes == null ? 0 : nodes.size()) + (shape == null ? 0 : 1);
        }

        @Override
        public Object echo(Object o) {
            return o;
        }

        @Override
        public void post(Inventory inventory, long stamp) {
        }
    }

    @FuzzTest
    void frames(byte[] input) throws Exception {
        if (input.length == 0) {
            return;
        }
        FakeConnection c = new FakeConnection(Endpoint.tcp("192.0.2.7", 40000));
        RUNTIME.onOpen(c); // the runtime sends its HELLO
        try {
            int mode = input[0] & 3;
            ByteOrder order = (input[0] & 4) != 0 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
            if (mode == MODE_AUTHENTICATED || mode == MODE_HELLO) {
                byte[] hello = hello(order);
                deliver(c, hello);
                if (mode == MODE_AUTHENTICATED) {
                    byte[] serverHello = c.sent().get(0);
                    byte[] nonceA = Arrays.copyOfRange(serverHello, serverHello.length - AuthHandshake.NONCE_LENGTH,
                            serverHello.length);
                    byte[] answer = AuthHandshake.answer(RUNTIME.config.secret().key(), AuthHandshake.ROLE_CONNECTING, PEER_NONCE,
                            nonceA, hello, serverHello);
                    ByteBuffer auth = AuthHandshake.authFrame(answer);
                    deliver(c, Arrays.copyOfRange(auth.array(), auth.position(), auth.limit()));
                    PeerConnection p = (PeerConnection) c.attachment();
                    if (!p.ready()) {
                        throw new AssertionError("the honest handshake of the harness failed");
                    }
                }
            }
            ByteBuffer in = ByteBuffer.wrap(input, 1, input.length - 1);
            for (int n = 0; n < MAX_FRAMES && in.remaining() >= 3 && c.isOpen(); n++) {
                int kind = in.get() & 0xff;
                int len = Math.min(in.getShort() & 0xffff, in.remaining());
                byte[] frame = new byte[len];
                in.get(frame);
                if ((kind & 1) != 0 && len >= RmiHeader.LENGTH) {
                    ByteBuffer.wrap(frame).order(order).putLong(RmiHeader.OBJECT_ID_OFFSET, PROBE_ID)
                            .putLong(RmiHeader.INTERFACE_HASH_OFFSET, PROBE_HASH);
                }
                deliver(c, frame);
            }
            for (byte[] f : c.sent()) {
                // the runtime's own words for a decoder that ran out of memory (SerialReader.wrap), right after the
                // method it names: text of the input (a class name in another message) cannot stand there
                String text = new String(f, StandardCharsets.ISO_8859_1);
                // the regular expression only where its words are: matching one costs more than the frame did
                if (text.contains(OUT_OF_MEMORY_WORDS) && OUT_OF_MEMORY.matcher(text).find()) {
                    throw new AssertionError("a frame made the runtime answer: " + text.substring(RmiHeader.LENGTH));
                }
            }
        } finally {
            c.close();
            RUNTIME.onClose(c, null); // as the transport reports a closed connection
        }
    }

    /** Delivers one frame as the transport does: a view of a larger buffer, position after a length prefix. */
    private static void deliver(FakeConnection c, byte[] frame) {
        ByteBuffer b = ByteBuffer.allocate(frame.length + 8);
        b.position(4).put(frame).flip().position(4);
        RUNTIME.onFrame(c, b);
    }

    /** An honest HELLO of a peer with the cluster secret: no endpoints, a fixed nonce. */
    static byte[] hello(ByteOrder order) {
        ByteBuffer b = ByteBuffer.allocate(1 + 4 + 4 + 8 + 1 + 1 + PEER_NONCE.length).order(order);
        b.put((byte) (order == ByteOrder.BIG_ENDIAN ? 1 : 0)).putInt(RmiProtocol.MAGIC).putInt(RmiProtocol.VERSION)
                .putLong(PEER_VM).put((byte) 0).put(AuthHandshake.MODE_HMAC_SHA256).put(PEER_NONCE);
        return b.array();
    }
}
