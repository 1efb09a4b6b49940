package io.mobula.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.IOException;
import java.io.Serializable;
import java.lang.invoke.MethodHandle;
import org.junit.jupiter.api.Test;

/** A hand-written serializer following the processor's naming contract is found and used, not the fallback. */
class GeneratedLookupTest {
    static final class Gen implements Serializable {
        int value;
        Gen self;
    }

    @Test
    void generatedSerializerIsPreferred() throws Exception {
        assertEquals("io.mobula.serial.GeneratedLookupTest_Gen_MobulaSerializer", Registry.generatedName(Gen.class));
        assertInstanceOf(GeneratedLookupTest_Gen_MobulaSerializer.class, Registry.DEFAULT.lookup(Gen.class));
        Gen g = new Gen();
        g.value = 12;
        g.self = g;
        Gen back = RoundTripTest.rt(g);
        assertEquals(12, back.value);
        assertSame(back, back.self);
        assertFalse(Serialization.fallbackClasses().containsKey(Gen.class));
    }
}

/** What the annotation processor would generate for {@link GeneratedLookupTest.Gen}. */
final class GeneratedLookupTest_Gen_MobulaSerializer implements Serializer<GeneratedLookupTest.Gen> {
    private static final MethodHandle NEW;

    static {
        try {
            NEW = Instantiator.forSerialization(GeneratedLookupTest.Gen.class);
        } catch (SerialException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public GeneratedLookupTest_Gen_MobulaSerializer() {}

    @Override
    public Class<GeneratedLookupTest.Gen> type() {
        return GeneratedLookupTest.Gen.class;
    }

    @Override
    public long fingerprint() {
        return Fingerprint.of("io.mobula.serial.GeneratedLookupTest$Gen", "self:Lio/mobula/serial/GeneratedLookupTest$Gen;",
                "value:I");
    }

    @Override
    public void write(SerialWriter out, GeneratedLookupTest.Gen v) throws IOException {
        out.writeObject(v.self);
        out.writeInt(v.value);
    }

    @Override
    public GeneratedLookupTest.Gen read(SerialReader in) throws IOException {
        GeneratedLookupTest.Gen g;
        try {
            g = (GeneratedLookupTest.Gen) (Object) NEW.invokeExact();
        } catch (Throwable t) {
            throw new SerialException("allocation failed", t);
        }
        in.register(g);
        g.self = in.readObject(GeneratedLookupTest.Gen.class);
        g.value = in.readInt();
        return g;
    }
}
