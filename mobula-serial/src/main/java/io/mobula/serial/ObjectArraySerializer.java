package io.mobula.serial;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Arrays with a reference component type ({@code Object[]}, {@code String[]}, {@code Foo[]},
 * {@code int[][]} ...): length, then each element as an object. Allocation goes through a method handle
 * obtained once, not through java.lang.reflect.Array per array.
 */
final class ObjectArraySerializer<A> implements Serializer<A> {
    private final Class<A> type;
    private final Class<?> component;
    private final MethodHandle allocate; // (int)Object[]
    private final long fingerprint;

    ObjectArraySerializer(Class<A> type) {
        if (!type.isArray() || type.getComponentType().isPrimitive()) {
            throw new IllegalArgumentException(type.getName());
        }
        this.type = type;
        this.component = type.getComponentType();
        this.allocate = MethodHandles.arrayConstructor(type)
                .asType(MethodType.methodType(Object[].class, int.class));
        this.fingerprint = Fingerprint.of(type.getName());
    }

    @Override
    public Class<A> type() {
        return type;
    }

    @Override
    public long fingerprint() {
        return fingerprint;
    }

    @Override
    public void write(SerialWriter out, A value) throws IOException {
        Object[] a = (Object[]) value;
        out.writeVarInt(a.length);
        Class<?> c = component;
        if (WireFormat.impliedType(c)) {
            for (Object o : a) {
                out.writeFinal(o, c);
            }
        } else {
            for (Object o : a) {
                out.writeObject(o);
            }
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public A read(SerialReader in) throws IOException {
        int n = in.readLength(1);
        Object[] a;
        try {
            a = (Object[]) allocate.invokeExact(n);
        } catch (Throwable t) {
            throw SerialReader.wrap(t);
        }
        in.register(a);
        Class<?> c = component;
        if (c == Object.class) {
            for (int i = 0; i < n; i++) {
                a[i] = in.readObject();
            }
        } else {
            for (int i = 0; i < n; i++) {
                a[i] = in.readObject(c);
            }
        }
        return (A) a;
    }
}
