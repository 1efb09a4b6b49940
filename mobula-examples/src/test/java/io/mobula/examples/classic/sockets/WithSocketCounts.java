package io.mobula.examples.classic.sockets;

import io.mobula.interop.sockets.MobulaSocketFactory;
import java.util.Arrays;

/**
 * Runs a java.rmi program unchanged ({@code WithSocketCounts <main class> <args...>}) and prints, when the JVM
 * exits, the connections the Mobula socket factory made or accepted: {@code mobula sockets: shm N tcp M}. Not part
 * of the programs; only the tests use it, to see which way the bytes went.
 */
public final class WithSocketCounts {
    private WithSocketCounts() {
    }

    public static void main(String[] args) throws Throwable {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println(MobulaSocketFactory.installed()
                .map(f -> "mobula sockets: shm " + f.counts().sharedMemory() + " tcp " + f.counts().tcp())
                .orElse("mobula sockets: not installed"))));
        Class.forName(args[0]).getMethod("main", String[].class)
                .invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
    }
}
