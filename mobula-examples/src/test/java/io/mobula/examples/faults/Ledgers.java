package io.mobula.examples.faults;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.mobula.examples.ChildJvm;
import io.mobula.examples.Netns;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link LedgerServerMain} on one host and a {@link LedgerClientMain} on another that found it, as the link fault
 * tests run them: TCP only, a heartbeat every 0.5 s and a peer timeout of 4 s. Closing stops both.
 */
record Ledgers(ChildJvm server, ChildJvm client) implements AutoCloseable {
    private static final List<String> JVM = List.of("-Xmx96m", "-XX:TieredStopAtLevel=1",
            "-Dmobula.transports=tcp", "-Dmobula.heartbeatMs=500", "-Dmobula.peerTimeoutMs=4000");

    /** Starts the server in namespace {@code a} at {@code addressA}, then the client in {@code b}, connected. */
    static Ledgers start(String a, String addressA, String b, String addressB) throws Exception {
        ChildJvm server = ChildJvm.startWrapped(Netns.Pair.exec(a), LedgerServerMain.class, jvm(addressA));
        try {
            String port = server.awaitLine("READY ", LedgerCalls.WAIT).substring(6).trim();
            ChildJvm client = ChildJvm.startWrapped(Netns.Pair.exec(b), LedgerClientMain.class, jvm(addressB),
                    addressA, port);
            Ledgers l = new Ledgers(server, client);
            try {
                assertNotNull(client.awaitLine("CONNECTED", LedgerCalls.WAIT), client.output());
                return l;
            } catch (RuntimeException | Error e) {
                l.close();
                throw e;
            }
        } catch (RuntimeException | Error | InterruptedException e) {
            server.close();
            throw e;
        }
    }

    private static List<String> jvm(String host) {
        List<String> args = new ArrayList<>(JVM);
        args.add("-Dmobula.host=" + host);
        return args;
    }

    @Override
    public void close() throws InterruptedException {
        try {
            client.close();
        } finally {
            server.close();
        }
    }
}
