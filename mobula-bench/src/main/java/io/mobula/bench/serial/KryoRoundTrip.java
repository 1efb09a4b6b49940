package io.mobula.bench.serial;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

import java.util.List;

/**
 * Kryo 5 with every class registered and reference tracking on (Mobula keeps shared references and cycles
 * too), writing class and object into a reused {@link Output} and reading through a reused {@link Input}.
 */
final class KryoRoundTrip implements RoundTrip {
    private final Kryo kryo = new Kryo();
    private final Output output = new Output(4096, -1);
    private final Input input = new Input();

    KryoRoundTrip(List<Class<?>> classes) {
        kryo.setRegistrationRequired(true);
        kryo.setReferences(true);
        for (Class<?> c : classes) {
            kryo.register(c);
        }
    }

    @Override
    public Object roundTrip(Object graph) {
        output.reset();
        kryo.writeClassAndObject(output, graph);
        input.setBuffer(output.getBuffer(), 0, output.position());
        return kryo.readClassAndObject(input);
    }
}
