package io.mobula.serial;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;

/** Records: components in declaration order, rebuilt through the canonical constructor (never allocated blank). */
final class FallbackRecord extends Fallback {
    private final Component[] components;
    private final MethodHandle canonical; // (Object[])Object

    FallbackRecord(Class<?> c, MethodHandles.Lookup lookup) throws ReflectiveOperationException {
        super(c, fingerprint(c), lookup);
        RecordComponent[] rc = c.getRecordComponents();
        components = new Component[rc.length];
        Class<?>[] types = new Class<?>[rc.length];
        for (int i = 0; i < rc.length; i++) {
            types[i] = rc[i].getType();
            components[i] = new Component(rc[i].getType(), WireFormat.listElement(rc[i].getType(), rc[i].getGenericType()),
                    lookup.unreflect(rc[i].getAccessor()).asType(MethodType.methodType(Object.class, Object.class)));
        }
        canonical = lookup.findConstructor(c, MethodType.methodType(void.class, types))
                .asSpreader(Object[].class, rc.length)
                .asType(MethodType.methodType(Object.class, Object[].class));
    }

    static long fingerprint(Class<?> c) {
        RecordComponent[] rc = c.getRecordComponents();
        String[] parts = new String[rc.length + 1];
        parts[0] = c.getName();
        for (int i = 0; i < rc.length; i++) {
            parts[i + 1] = rc[i].getName() + ":" + rc[i].getType().descriptorString();
        }
        return Fingerprint.of(parts);
    }

    @Override
    void writeFields(SerialWriter out, Object value) throws Throwable {
        for (Component c : components) {
            Object v = (Object) c.accessor.invokeExact(value);
            Values.write(out, c.type, c.element, v);
        }
    }

    @Override
    Object readFields(SerialReader in) throws Throwable {
        Object[] args = new Object[components.length];
        for (int i = 0; i < args.length; i++) {
            args[i] = Values.read(in, components[i].type, components[i].element);
        }
        return (Object) canonical.invokeExact(args);
    }

    private record Component(Class<?> type, Class<?> element, MethodHandle accessor) {}
}
