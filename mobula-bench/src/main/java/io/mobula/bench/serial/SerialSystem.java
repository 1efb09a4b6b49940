package io.mobula.bench.serial;

import io.mobula.serial.Serialization;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/** The serialization systems compared by the suite, in table column order. */
public enum SerialSystem {
    MOBULA_GENERATED("mobula-generated", classes -> new MobulaRoundTrip(Serialization.defaults())),
    MOBULA_FALLBACK("mobula-fallback", classes -> new MobulaFallbackRoundTrip()),
    FORY("fory", ForyRoundTrip::new),
    KRYO("kryo", KryoRoundTrip::new),
    JDK("jdk", classes -> new JdkRoundTrip());

    /** The system every other one is compared with. */
    public static final String BASELINE = MOBULA_GENERATED.id;

    private final String id;
    private final Function<List<Class<?>>, RoundTrip> factory;

    SerialSystem(String id, Function<List<Class<?>>, RoundTrip> factory) {
        this.id = id;
        this.factory = factory;
    }

    /** The name used on the command line, in tables and in JSON. */
    public String id() {
        return id;
    }

    /** A new, unchecked instance set up for every class of {@link SerialCase#CLASSES}. */
    public RoundTrip create() {
        return factory.apply(SerialCase.CLASSES);
    }

    /**
     * A new instance that has already round-tripped {@code serialCase} correctly twice (the second time with
     * the state the first one left, e.g. persistent type tables). A broken serializer fails here rather than
     * produce a fast number.
     */
    public RoundTrip createValidated(SerialCase serialCase) throws Exception {
        RoundTrip rt = create();
        Map<Class<?>, Long> before = Serialization.fallbackClasses();
        serialCase.check(id, rt);
        Map<Class<?>, Long> after = Serialization.fallbackClasses();
        if (this == MOBULA_GENERATED) {
            requireNoFallback(before, after);
        } else if (this == MOBULA_FALLBACK) {
            requireFallback(serialCase.create().getClass(), before, after);
        }
        return rt;
    }

    /** "Generated" must mean generated: fails if a case class went through the reflective fallback. */
    static void requireNoFallback(Map<Class<?>, Long> before, Map<Class<?>, Long> after) {
        for (Class<?> c : SerialCase.CLASSES) {
            if (!Objects.equals(before.get(c), after.get(c))) {
                throw new IllegalStateException(c.getName() + " took Mobula's reflective fallback; is the"
                        + " annotation processor on the benchmark's compile path?");
            }
        }
    }

    /** Fails unless the case's root class (when it is a case class, not an array) went through the fallback. */
    static void requireFallback(Class<?> root, Map<Class<?>, Long> before, Map<Class<?>, Long> after) {
        boolean caseClass = !root.isArray() && SerialCase.CLASSES.contains(root);
        if (caseClass && Objects.equals(before.get(root), after.get(root))) {
            throw new IllegalStateException(root.getName() + " did not take Mobula's reflective fallback");
        }
    }

    public static SerialSystem byId(String id) {
        for (SerialSystem s : values()) {
            if (s.id.equals(id)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown serial system: " + id);
    }
}
