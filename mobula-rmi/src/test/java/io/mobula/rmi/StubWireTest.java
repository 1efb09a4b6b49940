package io.mobula.rmi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.rmi.registry.Registry;
import io.mobula.rmi.registry.Registry_MobulaDispatcher;
import io.mobula.serial.SerialException;
import io.mobula.serial.SerialReader;
import io.mobula.serial.SerialWriter;
import io.mobula.serial.Serialization;
import io.mobula.transport.Endpoint;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.rmi.Remote;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every stub travels as io.mobula.rmi.RemoteStub with its reference; a reader without the interfaces keeps the
 * reference and writes it back unchanged.
 */
class StubWireTest {
    private static final Serialization SER = RmiRuntime.get().serialization;
    private static final List<Endpoint> AT = List.of(Endpoint.parse("tcp://127.0.0.1:1"));

    private static RemoteRef ref(List<String> names, long... hashes) {
        return new RemoteRef(0x5eed_0001L, 4242, AT, names, hashes, null, null);
    }

    private static String text(byte[] b) {
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    @Test
    void aGeneratedStubIsNamedRemoteStubOnTheWire() throws Exception {
        Remote stub = StubFactory.forInterface(Registry.class)
                .newStub(ref(List.of(Registry.class.getName()), Registry_MobulaDispatcher.INTERFACE_HASH));
        byte[] bytes = SER.toBytes(stub);
        assertTrue(text(bytes).contains("io.mobula.rmi.RemoteStub"));
        assertFalse(text(bytes).contains("_MobulaStub"), "the generated class is not named");
        Object back = SER.fromBytes(bytes);
        assertInstanceOf(Registry.class, back);
        assertEquals(stub, back);
    }

    @Test
    void unknownInterfacesGiveAnUnresolvedStubThatWritesBackIdentically() throws Exception {
        Remote forged = new UnresolvedStub(ref(List.of("com.example.Missing", "com.example.AlsoMissing"), 1, 2));
        byte[] bytes = SER.toBytes(forged);
        Object back = SER.fromBytes(bytes);
        assertInstanceOf(UnresolvedStub.class, back);
        assertEquals(forged, back);
        assertTrue(back.toString().contains("com.example.Missing+com.example.AlsoMissing"), back.toString());
        assertArrayEquals(bytes, SER.toBytes(back));
    }

    @Test
    void theLoadableInterfacesMakeTheStubAndTheOthersStayInTheReference() throws Exception {
        RemoteRef r = ref(List.of("com.example.Missing", Registry.class.getName()), 7,
                Registry_MobulaDispatcher.INTERFACE_HASH);
        byte[] bytes = SER.toBytes(new UnresolvedStub(r));
        Object back = SER.fromBytes(bytes);
        assertInstanceOf(Registry.class, back, "the one interface this process has");
        assertEquals(List.of("com.example.Missing", Registry.class.getName()), Stubs.refOf(back).interfaceNames);
        assertArrayEquals(bytes, SER.toBytes(back), "written back with both names");
    }

    @Test
    void aNameThatIsNoRemoteInterfaceIsRefused() throws Exception {
        byte[] bytes = SER.toBytes(new UnresolvedStub(ref(List.of("java.lang.String"), 1)));
        SerialException e = assertThrows(SerialException.class, () -> SER.fromBytes(bytes));
        assertTrue(e.getMessage().contains("java.lang.String"), e.getMessage());
        assertTrue(e.getMessage().contains("not a remote interface"), e.getMessage());
        // a name the class filter refuses is not even loaded: the reference stays unresolved
        byte[] denied = SER.toBytes(new UnresolvedStub(ref(List.of("java.lang.Runtime"), 1)));
        assertInstanceOf(UnresolvedStub.class, SER.fromBytes(denied));
    }

    @Test
    void anUnresolvedStubWhereAnInterfaceIsExpectedIsAClearError() throws Exception {
        SerialWriter w = SER.newWriter();
        w.beginMessage();
        w.writeObject(new UnresolvedStub(ref(List.of("com.example.Missing"), 1)));
        ByteBuffer buf = w.buffer();
        SerialReader r = SER.newReader();
        r.beginMessage(buf.duplicate().order(buf.order()));
        SerialException e = assertThrows(SerialException.class, () -> r.readObject(Registry.class));
        assertTrue(e.getMessage().contains("expected " + Registry.class.getName()), e.getMessage());
        assertTrue(e.getMessage().contains(UnresolvedStub.class.getName()), e.getMessage());
    }

    @Test
    void aMalformedReferenceIsRefused() throws Exception {
        // too many interfaces: write a reference by hand with the stub serializer's layout
        SerialWriter w = SER.newWriter();
        w.beginMessage();
        w.writeObject(new UnresolvedStub(ref(List.of("com.example.Missing"), 1)));
        ByteBuffer buf = w.buffer();
        byte[] b = new byte[buf.remaining()];
        buf.duplicate().get(b);
        // the body ends: count, name (1-byte length + bytes), 8-byte hash, null client socket factory (1 byte)
        int at = b.length - 1 - 8 - "com.example.Missing".length() - 1 - 1;
        assertEquals(1, b[at], "interface count found");
        b[at] = 65; // one over the limit (0, an object that is only a Remote, is allowed)
        SerialReader r = SER.newReader();
        r.beginMessage(ByteBuffer.wrap(b).order(buf.order()));
        SerialException e = assertThrows(SerialException.class, r::readObject);
        assertTrue(e.getMessage().contains("65 interfaces"), e.getMessage());
    }
}
