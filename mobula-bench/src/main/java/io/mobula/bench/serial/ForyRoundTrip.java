package io.mobula.bench.serial;

import org.apache.fory.Fory;
import org.apache.fory.logging.LoggerFactory;
import org.apache.fory.memory.MemoryBuffer;

import java.util.List;

/**
 * Apache Fory in Java (non-xlang) mode with reference tracking, required class registration and its JIT
 * serializers (the default), writing into a reused heap {@link MemoryBuffer}.
 */
final class ForyRoundTrip implements RoundTrip {
    private final Fory fory;
    private final MemoryBuffer buffer = MemoryBuffer.newHeapBuffer(4096);

    ForyRoundTrip(List<Class<?>> classes) {
        LoggerFactory.disableLogging(); // its INFO lines about generated code would interleave with our output
        fory = Fory.builder()
                .withXlang(false)
                .withRefTracking(true)
                .requireClassRegistration(true)
                .build();
        for (Class<?> c : classes) {
            fory.register(c);
        }
    }

    @Override
    public Object roundTrip(Object graph) {
        buffer.writerIndex(0);
        buffer.readerIndex(0);
        fory.serialize(buffer, graph);
        return fory.deserialize(buffer);
    }
}
