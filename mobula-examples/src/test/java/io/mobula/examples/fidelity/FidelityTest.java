package io.mobula.examples.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.examples.classic.PortedPrograms;
import io.mobula.examples.classic.PortedPrograms.Variant;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * java.rmi behaviours that real programs and the JDK's own regression tests rely on, each shown by a program kept
 * twice: as written for java.rmi ({@code fidelity.jrmi}) and ported to Mobula by changing import lines only
 * ({@code fidelity.mobula}). Both run in child JVMs and must print exactly the same output, standard error (so
 * every log record of either runtime) included.
 */
class FidelityTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final Path JRMI = Path.of("src/test/java/io/mobula/examples/fidelity/jrmi");
    private static final Path MOBULA = Path.of("src/test/java/io/mobula/examples/fidelity/mobula");

    private static final Variant JAVA_RMI = PortedPrograms.javaRmi("io.mobula.examples.fidelity");
    private static final Variant PORTED = PortedPrograms.ported("io.mobula.examples.fidelity");

    @Test
    void theTwoCopiesDifferOnlyInImportLines() throws IOException {
        List<Path> sources = PortedPrograms.assertPortedByImportsOnly(JRMI, MOBULA);
        assertTrue(!sources.isEmpty());
    }

    /**
     * A server that extends UnicastRemoteObject, a client in another process that calls it and exits: the runtime
     * says nothing (no note on authentication, on the server class's readObject, or on the client's exit).
     */
    @Test
    void normalOperationIsSilent() throws Exception {
        String jdk = quiet(JAVA_RMI);
        assertEquals("server ready\nclient: echo hello\nclient: echo again\nserver got status\nserver done", jdk);
        assertEquals(jdk, quiet(PORTED));
    }

    private static String quiet(Variant v) throws Exception {
        String port = Integer.toString(freePort());
        try (ChildJvm server = v.start("Quiet", "server", port)) {
            server.awaitLine("server ready", LIMIT);
            String client;
            try (ChildJvm c = v.start("Quiet", "client", port)) {
                assertEquals(0, c.waitFor(LIMIT), c.output());
                client = c.output();
            }
            server.send("status");
            server.awaitLine("server got status", LIMIT);
            Thread.sleep(500); // room for a note on the client's exit, which must not come
            server.send("quit");
            assertEquals(0, server.waitFor(LIMIT), server.output());
            List<String> lines = new ArrayList<>(List.of(server.output().split("\n")));
            lines.addAll(1, List.of(client.split("\n")));
            return String.join("\n", lines);
        }
    }

    /**
     * A NullPointerException the JVM raised in a remote method reaches the client with the message Java
     * serialization carries: null, not the helpful text computed on demand; explicit messages arrive unchanged. A
     * RemoteException arrives in a ServerException, an Error in a ServerError, a checked exception as itself.
     */
    @Test
    void exceptionMessagesAsJavaSerializationCarriesThem() throws Exception {
        String jdk = run(JAVA_RMI, "Messages");
        assertTrue(jdk.contains("helpful: java.lang.NullPointerException: null"), jdk);
        assertTrue(jdk.contains("RemoteException: java.rmi.ServerException") && jdk.contains("Error: java.rmi.ServerError")
                && jdk.contains("checked: io.mobula.examples.fidelity.Messages$Refused: not today"), jdk);
        assertEquals(jdk, run(PORTED, "Messages"));
    }

    /**
     * An object whose only remote interface is Remote is exported, bound, looked up and unexported; stub equality
     * and hashing (a stub equals other stubs of its object, not the object itself).
     */
    @Test
    void anObjectThatIsOnlyARemote() throws Exception {
        String port = Integer.toString(freePort());
        String jdk = run(JAVA_RMI, "Identity", port);
        assertTrue(jdk.contains("looked up, equals the stub: true, hash too: true")
                && jdk.contains("the stub equals the object: false, the object equals the stub: false"), jdk);
        assertEquals(jdk, run(PORTED, "Identity", port));
    }

    /**
     * Several registries in one process, each on its port; one unexported, the others go on. The registry's own
     * failures (a bound name, an unbound one, a null name, no registry at the port) and registry stubs' equality.
     */
    @Test
    void severalRegistriesInOneProcess() throws Exception {
        String a = Integer.toString(freePort());
        String b = Integer.toString(freePort());
        String jdk = run(JAVA_RMI, "Registries", a, b);
        assertTrue(jdk.contains("first lists [x]\nsecond lists [y]\ny through the second: y"), jdk);
        assertTrue(jdk.contains("bind a bound name: java.rmi.AlreadyBoundException: x")
                && jdk.contains("its first call: java.rmi.ConnectException"), jdk);
        assertEquals(jdk, run(PORTED, "Registries", a, b));
    }

    /**
     * An explicit port's listener (plain or from socket factories) closes with its last object; a port another
     * socket holds fails the export.
     */
    @Test
    void anExplicitPortIsFreedByItsLastUnexport() throws Exception {
        String p = Integer.toString(freePort());
        String q = Integer.toString(freePort());
        String jdk = run(JAVA_RMI, "Ports", p, q);
        assertTrue(jdk.contains("both unexported: port free") && jdk.contains("registry unexported: port free")
                && jdk.contains("that registry unexported: port free")
                && jdk.contains("export on a taken port: java.rmi.server.ExportException"), jdk);
        assertEquals(jdk, run(PORTED, "Ports", p, q));
    }

    /** A client socket factory given to getRegistry becomes unreachable once the stub is dropped. */
    @Test
    void aClientSocketFactoryIsNotKeptAfterItsStubIsDropped() throws Exception {
        String port = Integer.toString(freePort());
        String jdk = run(JAVA_RMI, "FactoryGc", port);
        assertTrue(jdk.contains("client factory collected: true"), jdk);
        assertEquals(jdk, run(PORTED, "FactoryGc", port));
    }

    /** Through MarshalledObject an exported object becomes its stub, and stubs stay equal. */
    @Test
    void remoteObjectsThroughJavaSerialization() throws Exception {
        String jdk = run(JAVA_RMI, "Marshalled");
        assertTrue(jdk.contains("the server itself back: false, a stub: true, equals its stub: true")
                && jdk.contains("server equals stub false, stub equals server false, same hash true"), jdk);
        assertEquals(jdk, run(PORTED, "Marshalled"));
    }

    /**
     * Values that cannot be serialized or deserialized fail their call with java.rmi's wrapping and the java.io
     * exception java.rmi's stream throws; the next call works.
     */
    @Test
    void serializationFailuresAsJavaRmiReportsThem() throws Exception {
        String jdk = run(JAVA_RMI, "Marshalling");
        assertTrue(jdk.contains("java.io.NotSerializableException") && jdk.contains("still usable: returned 1"), jdk);
        assertEquals(jdk, run(PORTED, "Marshalling"));
    }

    /** The same failures between two processes: the client prints the same lines on both systems. */
    @Test
    void serializationFailuresAcrossProcesses() throws Exception {
        String jdk = acrossProcesses(JAVA_RMI);
        assertTrue(jdk.contains("java.io.InvalidClassException") && jdk.contains("still usable: returned 1"), jdk);
        assertEquals(jdk, acrossProcesses(PORTED));
    }

    private static String acrossProcesses(Variant v) throws Exception {
        String port = Integer.toString(freePort());
        try (ChildJvm server = v.start("Marshalling", "server", port)) {
            server.awaitLine("server ready", LIMIT);
            try (ChildJvm client = v.start("Marshalling", "client", port)) {
                int code = client.waitFor(LIMIT);
                return samePackage(client.output()) + (code == 0 ? "" : "\nexit " + code);
            }
        }
    }

    /**
     * A value of a class the receiving process cannot load, as an argument and as a result: the client sees the
     * ClassNotFoundException inside java.rmi's wrapping; the next call works.
     */
    @Test
    void aClassThePeerDoesNotHave() throws Exception {
        String jdk = unknownClass(JAVA_RMI);
        assertTrue(jdk.contains("java.lang.ClassNotFoundException") && jdk.contains("still usable: returned 1"), jdk);
        assertEquals(jdk, unknownClass(PORTED));
    }

    private static String unknownClass(Variant v) throws Exception {
        String port = Integer.toString(freePort());
        String classes = unknownClasses().toString();
        try (ChildJvm server = v.start("UnknownClass", "server", port, classes)) {
            server.awaitLine("server ready", LIMIT);
            try (ChildJvm client = v.start("UnknownClass", "client", port, classes)) {
                int code = client.waitFor(LIMIT);
                return samePackage(client.output()) + (code == 0 ? "" : "\nexit " + code);
            }
        }
    }

    private static Path unknownClassesDir;

    /**
     * A directory off the class path with two Serializable classes, {@code unknown.ServerOnly} and
     * {@code unknown.ClientOnly}, compiled once (with the class path's annotation processors, as a program's own
     * classes are built).
     */
    private static synchronized Path unknownClasses() throws IOException {
        if (unknownClassesDir == null) {
            Path dir = Files.createTempDirectory(Path.of("target"), "unknown-classes");
            List<String> javacArgs = new ArrayList<>(List.of("-proc:full", "-cp", System.getProperty("java.class.path"),
                    "-d", dir.toString()));
            for (String name : List.of("ServerOnly", "ClientOnly")) {
                Path source = dir.resolve(name + ".java");
                Files.writeString(source, "package unknown;\n\npublic class " + name
                        + " implements java.io.Serializable {\n    private static final long serialVersionUID = 1L;\n"
                        + "    public int x = 1;\n}\n");
                javacArgs.add(source.toString());
            }
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            assertEquals(0, javac.run(null, null, null, javacArgs.toArray(String[]::new)), "javac failed");
            unknownClassesDir = dir.toAbsolutePath();
        }
        return unknownClassesDir;
    }

    /** Naming's URL forms, good and malformed, against a registry on a given port. */
    @Test
    void namingUrlForms() throws Exception {
        String port = Integer.toString(freePort());
        String jdk = run(JAVA_RMI, "Urls", port);
        assertTrue(jdk.contains("rebind rmi://127.0.0.1:PORT/a: ok"), jdk);
        assertEquals(jdk, run(PORTED, "Urls", port));
    }

    /**
     * getClientHost names the caller inside a remote call and fails outside one; a caller in another process gets
     * its own host back (the server's getClientHost names the client's address).
     */
    @Test
    void clientHostInsideAndOutsideACall() throws Exception {
        String jdk = clientHost(JAVA_RMI);
        assertTrue(jdk.contains("inside a call: 127.0.0.1") && jdk.endsWith("from another process: 127.0.0.1"), jdk);
        assertEquals(jdk, clientHost(PORTED));
    }

    private static String clientHost(Variant v) throws Exception {
        String port = Integer.toString(freePort());
        try (ChildJvm server = v.start("ClientHost", "server", port)) {
            server.awaitLine("server ready", LIMIT);
            String client;
            try (ChildJvm c = v.start("ClientHost", "client", port)) {
                int code = c.waitFor(LIMIT);
                client = c.output() + (code == 0 ? "" : "\nexit " + code);
            }
            server.send("quit");
            assertEquals(0, server.waitFor(LIMIT), server.output());
            return samePackage(server.output() + "\n" + client);
        }
    }

    /** A stub of an unexported object fails with NoSuchObjectException; exported again, the object is new. */
    @Test
    void callsAfterUnexport() throws Exception {
        String jdk = run(JAVA_RMI, "Unexport");
        assertTrue(jdk.contains("after unexport: java.rmi.NoSuchObjectException"), jdk);
        assertEquals(jdk, run(PORTED, "Unexport"));
    }

    /**
     * Distributed garbage collection: an object implementing Unreferenced is told when its last client process is
     * gone, again after a second client came and went, and stays exported meanwhile; a third client that stays alive
     * keeps its lease (two leases pass without a notice), and once it stops renewing (its process stopped, its
     * connection open) the object is told when the lease ends (within five leases: before Mobula's peer timeout
     * would close the connection, so the lease itself must end it); running again, the client calls it as before.
     */
    @Test
    void anUnreferencedObjectIsToldWhenItsLastClientIsGone() throws Exception {
        // the two runs share nothing (own processes, own port) and spend most of their time waiting for leases
        // to run out, so Mobula's runs beside java.rmi's
        java.util.concurrent.CompletableFuture<String> ported = new java.util.concurrent.CompletableFuture<>();
        Thread portedRun = Thread.ofPlatform().name("leases-ported").start(() -> {
            try {
                ported.complete(leases(PORTED));
            } catch (Throwable t) {
                ported.completeExceptionally(t);
            }
        });
        String jdk;
        try {
            jdk = leases(JAVA_RMI);
        } finally {
            portedRun.join();
        }
        String mobula;
        try {
            mobula = ported.join();
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof Exception x) {
                throw x;
            }
            throw (Error) e.getCause();
        }
        assertEquals("server ready\nclient got 1\nafter client 1: unreferenced true, count 2\nclient got 3\n"
                + "after client 2: unreferenced true, count 4\nclient got 5\n"
                + "while client 3 lives: unreferenced false\n"
                + "after client 3 stopped renewing: unreferenced within five leases true, count 6\nclient got 7\n"
                + "still exported: true", jdk);
        assertEquals(jdk, mobula);
    }

    private static String leases(Variant v) throws Exception {
        String port = Integer.toString(freePort());
        try (ChildJvm server = v.start("Leases", "server", port)) {
            server.awaitLine("server ready", LIMIT);
            List<String> clients = new ArrayList<>();
            for (int k = 1; k <= 2; k++) {
                try (ChildJvm client = v.start("Leases", "client", port)) {
                    assertEquals(0, client.waitFor(LIMIT), client.output());
                    clients.add(client.output());
                }
                server.send("gone");
                server.awaitLine("after client " + k, LIMIT);
            }
            try (ChildJvm client = v.start("Leases", "client", port, "stay")) {
                client.awaitLine("client got", LIMIT);
                server.send("called");
                server.awaitLine("while client 3 lives", LIMIT);
                signal(client, "STOP"); // renews nothing from now on, and its connection stays open
                try {
                    server.send("stopped");
                    server.awaitLine("after client 3 stopped renewing", LIMIT);
                } finally {
                    signal(client, "CONT");
                }
                client.send("again");
                assertEquals(0, client.waitFor(LIMIT), client.output());
                clients.add(client.output());
            }
            server.send("called again");
            assertEquals(0, server.waitFor(LIMIT), server.output());
            List<String> lines = new ArrayList<>(List.of(server.output().split("\n")));
            String[] third = clients.get(2).split("\n", 2); // its first call, then its call after it ran again
            lines.add(5, third[1]);
            lines.add(3, third[0]);
            lines.add(2, clients.get(1));
            lines.add(1, clients.get(0));
            return samePackage(String.join("\n", lines));
        }
    }

    /** Sends a signal ({@code STOP}, {@code CONT}) to a child JVM. */
    private static void signal(ChildJvm child, String signal) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(child.pid())).inheritIO().start();
        assertTrue(kill.waitFor(10, java.util.concurrent.TimeUnit.SECONDS) && kill.exitValue() == 0,
                "kill -" + signal + " " + child.pid());
    }

    /**
     * Equal socket factories share a server socket and a client connection; unequal ones do not; stubs compare by
     * object.
     */
    @Test
    void socketFactoriesAndTheirEquality() throws Exception {
        String jdk = factories(JAVA_RMI);
        assertTrue(jdk.contains("server sockets for three objects, two factories: 2"), jdk);
        assertEquals(jdk, factories(PORTED));
    }

    private static String factories(Variant v) throws Exception {
        String port = Integer.toString(freePort());
        try (ChildJvm server = v.start("Factories", "server", port)) {
            server.awaitLine("server ready", LIMIT);
            String client;
            try (ChildJvm c = v.start("Factories", "client", port)) {
                int code = c.waitFor(LIMIT);
                client = c.output() + (code == 0 ? "" : "\nexit " + code);
            }
            server.send("quit");
            assertEquals(0, server.waitFor(LIMIT), server.output());
            return samePackage(server.output() + "\n" + client);
        }
    }

    /**
     * The process-wide socket factory: a registry and objects exported without factories listen on its server
     * sockets, and calls without a client factory (the registry's stub, looked-up stubs, a callback) connect on its
     * sockets, in a client and a server process alike.
     */
    @Test
    void theProcessWideSocketFactory() throws Exception {
        String jdk = globalFactory(JAVA_RMI);
        assertTrue(jdk.contains("server sockets from the global factory, ports asked: [the registry's, 0]\n"
                + "server ready\na:1 b:2\nthe client connected on sockets of the global factory: true"), jdk);
        assertEquals(jdk, globalFactory(PORTED));
    }

    private static String globalFactory(Variant v) throws Exception {
        String port = Integer.toString(freePort());
        try (ChildJvm server = ownFactory(v, "GlobalFactory", "server", port)) {
            server.awaitLine("server ready", LIMIT);
            String client;
            try (ChildJvm c = ownFactory(v, "GlobalFactory", "client", port)) {
                int code = c.waitFor(LIMIT);
                client = c.output() + (code == 0 ? "" : "\nexit " + code);
            }
            server.send("quit");
            assertEquals(0, server.waitFor(LIMIT), server.output());
            List<String> lines = new ArrayList<>(List.of(server.output().split("\n")));
            lines.addAll(2, List.of(client.split("\n")));
            return samePackage(String.join("\n", lines));
        }
    }

    /**
     * Starts a program that installs java.rmi's process-wide socket factory itself: the java.rmi copy without the
     * loopback factory the other reference runs install (java.rmi takes one per process; the program's binds to
     * loopback too).
     */
    private static ChildJvm ownFactory(Variant v, String program, String... args) throws Exception {
        if (!v.javaRmi()) {
            return v.start(program, args);
        }
        return ChildJvm.start(Class.forName(v.basePackage() + "." + v.pkg() + "." + program),
                List.of("-Djava.rmi.server.hostname=127.0.0.1"), args);
    }

    /**
     * RMISocketFactory's failure handler: asked when an accept of an exported object's listener fails (after the
     * failure is logged), true keeps the listener, false closes it.
     */
    @Test
    void theAcceptFailureHandler() throws Exception {
        String jdk = run(JAVA_RMI, "AcceptFailure");
        assertTrue(jdk.contains("answers true\nafter a failed accept: pong, a new connection: true")
                && jdk.contains("listener closed true"), jdk);
        assertEquals(jdk, run(PORTED, "AcceptFailure"));
    }

    /** Runs a single-process program on one system and returns everything it printed. */
    static String run(Variant v, String program, String... args) throws Exception {
        try (ChildJvm c = v.start(program, args)) {
            int code = c.waitFor(LIMIT);
            return samePackage(c.output()) + (code == 0 ? "" : "\nexit " + code);
        }
    }

    /** The two copies' class names, as one (the only part of the output that may tell them apart). */
    static String samePackage(String output) {
        return output.replace("io.mobula.examples.fidelity.jrmi.", "io.mobula.examples.fidelity.")
                .replace("io.mobula.examples.fidelity.mobula.", "io.mobula.examples.fidelity.");
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
