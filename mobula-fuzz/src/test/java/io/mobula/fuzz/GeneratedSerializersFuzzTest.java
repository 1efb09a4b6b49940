package io.mobula.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mobula.serial.ClassFilter;
import io.mobula.serial.SerialException;
import io.mobula.serial.Serialization;

/**
 * {@link Serialization#fromBytes} of the model in {@code io.mobula.fuzz.model} (records, a class hierarchy with
 * collections, nested and object arrays, enums, a cyclic tree, an exception), whose serializers the annotation
 * processor generated. The class filter lets only the model and {@code java.lang} / {@code java.util} through, so the
 * fuzzer spends its time in the generated code. Property as for {@link FromBytesFuzzTest}.
 */
class GeneratedSerializersFuzzTest {
    static final Serialization SERIALIZATION = Serialization.builder()
            .classFilter(ClassFilter.builder().allow("io.mobula.fuzz.model.*").allow("java.lang.*")
                    .allow("java.util.*").build())
            .build();

    @FuzzTest
    void fromBytes(byte[] input) {
        try {
            SERIALIZATION.fromBytes(input);
        } catch (SerialException e) {
            Oracle.serial(e);
        }
    }
}
