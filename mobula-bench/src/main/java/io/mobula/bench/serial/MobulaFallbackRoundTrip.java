package io.mobula.bench.serial;

import io.mobula.serial.Serialization;

import java.io.IOException;

/**
 * Mobula's reflective fallback: the same streaming round trip as {@link MobulaRoundTrip}, with the generated
 * serializers switched off ({@code generatedSerializers(false)}), so the case classes take the path of a class
 * compiled without the annotation processor.
 */
final class MobulaFallbackRoundTrip implements RoundTrip {
    private final MobulaRoundTrip streams =
            new MobulaRoundTrip(Serialization.builder().generatedSerializers(false).build());

    @Override
    public Object roundTrip(Object graph) throws IOException {
        return streams.roundTrip(graph);
    }
}
