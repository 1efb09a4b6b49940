package io.mobula.serial;

import java.io.Externalizable;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;

/** Externalizable: public no-arg constructor, then the class's own readExternal/writeExternal. */
final class FallbackExternalizable extends Fallback {
    private final MethodHandle constructor; // ()Object

    FallbackExternalizable(Class<?> c, MethodHandles.Lookup lookup) throws ReflectiveOperationException {
        super(c, Fingerprint.of(c.getName(), "externalizable"), lookup);
        constructor = lookup.findConstructor(c, MethodType.methodType(void.class))
                .asType(MethodType.methodType(Object.class));
    }

    @Override
    void writeFields(SerialWriter out, Object value) throws Throwable {
        HookOutput h = out.hookOutput();
        Object saved = h.enter(null, null);
        try {
            ((Externalizable) value).writeExternal(h);
        } finally {
            h.exit(saved);
        }
    }

    @Override
    Object readFields(SerialReader in) throws Throwable {
        Object o = (Object) constructor.invokeExact();
        in.register(o);
        HookInput h = in.hookInput();
        Object saved = h.enter(null, null);
        try {
            ((Externalizable) o).readExternal(h);
        } finally {
            h.exit(saved);
        }
        return o;
    }

    @Override
    List<String> hooks() {
        List<String> hooks = super.hooks();
        hooks.add(0, "Externalizable");
        return hooks;
    }
}
