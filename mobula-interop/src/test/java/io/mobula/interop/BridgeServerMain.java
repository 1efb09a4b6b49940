package io.mobula.interop;

import io.mobula.rmi.Rmi;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * A Mobula server whose bridge serves plain java.rmi clients from the system properties alone
 * ({@code mobula.jrmp.port}): binds a {@link Sink} as "sink", prints {@code READY <bridge port>}, runs until "quit"
 * or the end of its input.
 */
public final class BridgeServerMain {
    private BridgeServerMain() {
    }

    /** Answers with the class of what it took. */
    static final class SinkImpl implements Sink {
        @Override
        public String take(Object value) {
            return value == null ? "null" : value.getClass().getName();
        }

        @Override
        public String ping() {
            return "pong";
        }
    }

    public static void main(String[] args) throws Exception {
        Registry registry = LocateRegistry.createRegistry(0);
        registry.rebind("sink", Rmi.export(new SinkImpl()));
        JrmpBridge bridge = JrmpBridge.current();
        System.out.println("READY " + (bridge == null ? -1 : bridge.port()));
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null && !line.equals("quit"); line = in.readLine()) {
            // nothing else to do
        }
        System.exit(0);
    }
}
