package io.mobula.bench.rmi;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The systems the suite knows, in report order: over TCP the raw C and Java ping-pongs, java.rmi, a java.rmi
 * client calling Mobula through the bridge ({@code "java.rmi-to-mobula"}), {@code "mobula"} and {@code "mobula-tls"}
 * (TCP with TLS); over shared memory
 * the raw C and Java ring ping-pongs, {@code "mobula-shm"} and unmodified java.rmi over Mobula's socket factory
 * ({@code "java.rmi+mobula-sockets"}).
 */
public final class RmiSystems {
    private static final List<Supplier<RmiSystem>> ALL = List.of(
            RawCSystem::new,
            RawJavaSystem::new,
            JavaRmiSystem::new,
            io.mobula.bench.rmi.grpc.GrpcSystem::new,
            JrmpBridgeSystem::new,
            MobulaSystem::new,
            MobulaTlsSystem::new,
            RawCShmSystem::new,
            RawJavaShmSystem::new,
            MobulaShmSystem::new,
            MobulaSocketsRmiSystem::new);

    private RmiSystems() { }

    /** Fresh instances of every known system. */
    public static List<RmiSystem> all() {
        List<RmiSystem> out = new ArrayList<>();
        for (Supplier<RmiSystem> s : ALL) {
            out.add(s.get());
        }
        return out;
    }

    public static List<String> names() {
        return all().stream().map(RmiSystem::name).toList();
    }

    /** The named systems, in the order given. */
    public static List<RmiSystem> byNames(List<String> names) {
        List<RmiSystem> out = new ArrayList<>();
        for (String n : names) {
            String want = n.trim().toLowerCase(Locale.ROOT);
            out.add(all().stream().filter(s -> s.name().equals(want)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown system " + n + "; known: " + names())));
        }
        return out;
    }

    static JvmRmiSystem jvmSystem(String name) {
        RmiSystem s = byNames(List.of(name)).get(0);
        if (s instanceof JvmRmiSystem j) {
            return j;
        }
        throw new IllegalArgumentException(name + " is not a JVM system");
    }
}
