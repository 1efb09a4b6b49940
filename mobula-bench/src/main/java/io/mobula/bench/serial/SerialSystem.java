package io.mobula.bench.serial;

import io.mobula.serial.Serialization;

import java.util.List;
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
        serialCase.check(id, rt);
        if (this == MOBULA_GENERATED) {
            requireNoFallback();
        } else if (rt instanceof MobulaFallbackRoundTrip fallback) {
            fallback.requireFallback(serialCase);
        }
        return rt;
    }

    /** "Generated" must mean generated: fails if the runtime fell back to reflection for a case class. */
    static void requireNoFallback() {
        for (Class<?> c : Serialization.fallbackClasses().keySet()) {
            if (SerialCase.CLASSES.contains(c)) {
                throw new IllegalStateException(c.getName() + " took Mobula's reflective fallback; is the"
                        + " annotation processor on the benchmark's compile path?");
            }
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
