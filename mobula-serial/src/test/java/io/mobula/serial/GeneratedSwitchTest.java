package io.mobula.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.IOException;
import java.io.Serializable;
import org.junit.jupiter.api.Test;

/** {@code generatedSerializers(false)} takes the fallback for a class that has a generated serializer. */
class GeneratedSwitchTest {
    static final class Sample implements Serializable {
        int n;
        String s;
    }

    private static long fallbackUses() {
        return Serialization.fallbackClasses().getOrDefault(Sample.class, 0L);
    }

    private static Sample sample() {
        Sample x = new Sample();
        x.n = 5;
        x.s = "five";
        return x;
    }

    @Test
    void switchedOffUsesTheFallbackAndBothPathsReadEachOther() throws Exception {
        Serialization generated = Serialization.defaults();
        Serialization fallback = Serialization.builder().generatedSerializers(false).build();

        long before = fallbackUses();
        byte[] viaGenerated = generated.toBytes(sample());
        assertEquals(before, fallbackUses(), "the default uses the generated serializer");

        Sample back = (Sample) fallback.fromBytes(viaGenerated);
        assertEquals(5, back.n);
        assertEquals("five", back.s);
        assertEquals(before + 1, fallbackUses(), "switched off, the same class is read by the fallback");
        byte[] viaFallback = fallback.toBytes(sample());
        assertEquals(before + 2, fallbackUses());
        assertEquals(5, ((Sample) generated.fromBytes(viaFallback)).n);

        assertInstanceOf(GeneratedSwitchTest_Sample_MobulaSerializer.class, Registry.DEFAULT.lookup(Sample.class));
        assertSame(Builtins.forClass(String.class), new Registry(java.util.Map.of(), null, false)
                .lookup(String.class), "built-ins stay");
    }
}

/** What the annotation processor would generate for {@link GeneratedSwitchTest.Sample}. */
final class GeneratedSwitchTest_Sample_MobulaSerializer implements Serializer<GeneratedSwitchTest.Sample> {
    public GeneratedSwitchTest_Sample_MobulaSerializer() {}

    @Override
    public Class<GeneratedSwitchTest.Sample> type() {
        return GeneratedSwitchTest.Sample.class;
    }

    @Override
    public long fingerprint() {
        return Fingerprint.of(GeneratedSwitchTest.Sample.class.getName(), "n:I", "s:Ljava/lang/String;");
    }

    @Override
    public void write(SerialWriter out, GeneratedSwitchTest.Sample v) throws IOException {
        out.writeInt(v.n);
        out.writeString(v.s);
    }

    @Override
    public GeneratedSwitchTest.Sample read(SerialReader in) throws IOException {
        GeneratedSwitchTest.Sample x = new GeneratedSwitchTest.Sample();
        in.register(x);
        x.n = in.readInt();
        x.s = in.readString();
        return x;
    }
}
