package io.mobula.examples.setup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The set-up the README promises: on a machine with a JDK and no Maven, {@code ./mvnw} fetches a verified Maven and
 * {@code ./mobula} builds with it. One test runs a fresh clone with {@code mvn} removed from the PATH against the
 * real Maven Central (skipped, with the reason, only when Central cannot be reached); the other serves distributions
 * from 127.0.0.1 to check the download itself: the SHA-256 check, the install location, and that only the JDK is
 * needed (no curl, wget or unzip on the PATH).
 */
class MavenWrapperTest {
    private static final Path ROOT = findRoot();
    private static final Path JDK_BIN = Path.of(System.getProperty("java.home"), "bin");

    private Path tmp;

    @BeforeEach
    void setUp() throws IOException {
        Assumptions.assumeTrue(Files.isExecutable(JDK_BIN.resolve("javac")),
                "the test JVM is not a JDK (no javac in " + JDK_BIN + ")");
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/usr/bin")), "no /usr/bin: not a Unix machine");
        tmp = Files.createTempDirectory("mobula-mvnw-");
    }

    @AfterEach
    void tearDown() throws IOException {
        if (tmp != null) {
            assertNoProcessUnder(tmp);
            deleteTree(tmp);
        }
    }

    @Test
    void freshCloneBuildsWithTheWrapperWhenMavenIsNotOnThePath() throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(ROOT.resolve(".git")) || Files.isRegularFile(ROOT.resolve(".git")),
                ROOT + " is not a git checkout, so there is nothing to clone");
        Path tools = toolsWithout(tmp.resolve("tools"), Set.of());
        Assumptions.assumeTrue(Files.exists(tools.resolve("git")), "git is not installed");
        Map<String, String> env = baseEnv(tools);

        Path clone = tmp.resolve("clone");
        Result cloned = run(List.of("git", "clone", "-q", ROOT.toString(), clone.toString()), tmp, env, 120);
        assertEquals(0, cloned.status, cloned.output);
        // the launcher files as they are now, committed or not, so the test checks what is being changed
        for (String f : List.of("mvnw", "mobula", ".mvn/wrapper/maven-wrapper.properties",
                ".mvn/wrapper/MavenWrapperDownloader.java")) {
            Files.copy(ROOT.resolve(f), clone.resolve(f), StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.COPY_ATTRIBUTES);
        }
        Result which = run(List.of("sh", "-c", "command -v mvn"), clone, env, 30);
        assertTrue(which.status != 0, "mvn is still on the test PATH: " + which.output);

        Result version = run(List.of("./mvnw", "-v"), clone, env, 300);
        if (version.status != 0 && version.output.contains("mvnw: cannot reach")) {
            Assumptions.abort("Maven Central is unreachable, so ./mvnw cannot fetch Maven: " + version.output.strip());
        }
        assertEquals(0, version.status, version.output);
        String expected = distributionVersion(clone.resolve(".mvn/wrapper/maven-wrapper.properties"));
        assertTrue(version.output.contains("Apache Maven " + expected), version.output);
        String home = System.getenv().getOrDefault("MAVEN_USER_HOME",
                Path.of(System.getProperty("user.home"), ".m2").toString());
        assertTrue(version.output.contains("Maven home: " + Path.of(home, "wrapper", "dists")), version.output);

        Result help = run(List.of("./mobula", "help"), clone, env, 60);
        assertEquals(0, help.status, help.output);
        assertTrue(help.output.contains("usage: ./mobula"), help.output);

        // builds mobula-serial, -transport and -rmi with the wrapper's Maven (there is no other on the PATH; help
        // answers before looking for one), then runs the registry's --help
        Result registry = run(List.of("./mobula", "registry", "--help"), clone, env, 300);
        assertEquals(0, registry.status, registry.output);
        assertTrue(registry.output.contains("usage: mobula registry"), registry.output);
        assertTrue(Files.isRegularFile(
                clone.resolve("mobula-rmi/target/classes/io/mobula/rmi/registry/RegistryMain.class")),
                "./mobula registry did not build mobula-rmi in the clone");
    }

    @Test
    void downloadsWithOnlyTheJdkAndInstallsOnlyAVerifiedDistribution() throws Exception {
        byte[] good = zip(Map.of(
                "apache-maven-9.9.9/bin/mvn", "#!/bin/sh\necho \"fake maven $*\"\n",
                "apache-maven-9.9.9/bin/m2.conf", "main is org.apache.maven.cli.MavenCli from plexus.core\n",
                "apache-maven-9.9.9/conf/settings.xml", "<settings/>\n"));
        byte[] escaping = zip(Map.of(
                "apache-maven-9.9.8/bin/mvn", "#!/bin/sh\necho fake\n",
                "apache-maven-9.9.8/../../../escaped", "outside\n"));
        AtomicInteger requests = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            requests.incrementAndGet();
            String path = exchange.getRequestURI().getPath();
            byte[] body = path.endsWith("/apache-maven-9.9.9-bin.zip") ? good
                    : path.endsWith("/apache-maven-9.9.8-bin.zip") ? escaping : null;
            if (body == null) {
                exchange.sendResponseHeaders(404, -1);
            } else {
                exchange.sendResponseHeaders(200, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
            exchange.close();
        });
        server.start();
        try {
            // no mvn, curl, wget or unzip: the JDK does the download, the check and the unzip
            Path tools = toolsWithout(tmp.resolve("tools"), Set.of("curl", "wget", "unzip", "tar", "sha256sum"));
            Map<String, String> env = baseEnv(tools);
            Path userHome = tmp.resolve("m2");
            env.put("MAVEN_USER_HOME", userHome.toString());
            Path project = tmp.resolve("project");
            Files.createDirectories(project.resolve(".mvn/wrapper"));
            Files.copy(ROOT.resolve("mvnw"), project.resolve("mvnw"), StandardCopyOption.COPY_ATTRIBUTES);
            Files.copy(ROOT.resolve(".mvn/wrapper/MavenWrapperDownloader.java"),
                    project.resolve(".mvn/wrapper/MavenWrapperDownloader.java"));
            Path props = project.resolve(".mvn/wrapper/maven-wrapper.properties");
            String base = "http://127.0.0.1:" + server.getAddress().getPort() + "/maven2/org/apache/maven/apache-maven/";
            String url = base + "9.9.9/apache-maven-9.9.9-bin.zip";
            Path dists = userHome.resolve("wrapper/dists/apache-maven-9.9.9");
            Path installed = dists.resolve(Integer.toHexString(url.hashCode())); // the official wrapper's layout

            // no checksum configured: refused before any download
            Files.writeString(props, "distributionUrl=" + url + "\n");
            Result unchecked = run(List.of("./mvnw", "-v"), project, env, 60);
            assertEquals(1, unchecked.status, unchecked.output);
            assertTrue(unchecked.output.contains("no distributionSha256Sum"), unchecked.output);
            assertEquals(0, requests.get());

            // a checksum that does not match: downloaded, refused, nothing installed or left behind
            String wrong = sha256("something else".getBytes(StandardCharsets.UTF_8));
            Files.writeString(props, "distributionUrl=" + url + "\ndistributionSha256Sum=" + wrong + "\n");
            Result mismatch = run(List.of("./mvnw", "-v"), project, env, 120);
            assertEquals(1, mismatch.status, mismatch.output);
            assertTrue(mismatch.output.contains("SHA-256 of " + url + " is " + sha256(good)), mismatch.output);
            assertFalse(mismatch.output.contains("fake maven"), mismatch.output);
            assertEquals(1, requests.get());
            assertFalse(Files.exists(installed), "an unverified distribution was installed");
            assertEquals(List.of(), list(dists), "the refused download left files behind");

            // the right checksum (comments, blanks and CRLF in the file are fine): installed and run
            Files.writeString(props, "# Maven\r\ndistributionUrl=" + url + "\r\n\r\ndistributionSha256Sum = "
                    + sha256(good).toUpperCase() + "\r\n");
            Result ok = run(List.of("./mvnw", "-v"), project, env, 120);
            assertEquals(0, ok.status, ok.output);
            assertTrue(ok.output.contains("fake maven -v"), ok.output);
            assertTrue(ok.output.contains("SHA-256 verified"), ok.output);
            assertEquals(2, requests.get());
            assertTrue(Files.isExecutable(installed.resolve("bin/mvn")), "bin/mvn is not executable");
            assertEquals(List.of(installed), list(dists));

            // installed once: the next run does not download
            Result again = run(List.of("./mvnw", "package", "-q"), project, env, 60);
            assertEquals(0, again.status, again.output);
            assertEquals("fake maven package -q", again.output.strip());
            assertEquals(2, requests.get());

            // HTTP errors and a zip whose entries escape its directory are refused
            String missing = base + "9.9.7/apache-maven-9.9.7-bin.zip";
            Files.writeString(props, "distributionUrl=" + missing + "\ndistributionSha256Sum=" + wrong + "\n");
            Result notFound = run(List.of("./mvnw", "-v"), project, env, 120);
            assertEquals(1, notFound.status, notFound.output);
            assertTrue(notFound.output.contains("answered HTTP 404"), notFound.output);
            Files.writeString(props, "distributionUrl=" + base + "9.9.8/apache-maven-9.9.8-bin.zip\n"
                    + "distributionSha256Sum=" + sha256(escaping) + "\n");
            Result escaped = run(List.of("./mvnw", "-v"), project, env, 120);
            assertEquals(1, escaped.status, escaped.output);
            assertTrue(escaped.output.contains("entry outside its directory"), escaped.output);
            try (Stream<Path> all = Files.walk(tmp)) {
                assertEquals(List.of(), all.filter(p -> p.getFileName().toString().equals("escaped")).toList());
            }

            // a server that cannot be reached is reported as such (the fresh-clone test skips on it)
            int closedPort;
            try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
                closedPort = s.getLocalPort();
            }
            Files.writeString(props, "distributionUrl=http://127.0.0.1:" + closedPort
                    + "/maven2/org/apache/maven/apache-maven/9.9.6/apache-maven-9.9.6-bin.zip\n"
                    + "distributionSha256Sum=" + wrong + "\n");
            Result unreachable = run(List.of("./mvnw", "-v"), project, env, 120);
            assertEquals(3, unreachable.status, unreachable.output);
            assertTrue(unreachable.output.contains("mvnw: cannot reach"), unreachable.output);
        } finally {
            server.stop(0);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------

    private record Result(int status, String output) {
    }

    /** Runs {@code cmd} in {@code dir} with exactly {@code env}, stderr merged, killed after {@code seconds}. */
    private Result run(List<String> cmd, Path dir, Map<String, String> env, long seconds) throws Exception {
        Path out = Files.createTempFile(tmp, "out-", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(out.toFile()).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        pb.environment().clear();
        pb.environment().putAll(env);
        Process p = pb.start();
        try {
            if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                throw new AssertionError(String.join(" ", cmd) + " did not finish within " + seconds + " s:\n"
                        + Files.readString(out));
            }
            return new Result(p.exitValue(), Files.readString(out));
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** The environment of a fresh machine: HOME, the JDK's bin and the system tools, and any proxy settings. */
    private static Map<String, String> baseEnv(Path tools) {
        Map<String, String> env = new HashMap<>();
        env.put("HOME", System.getProperty("user.home"));
        env.put("PATH", JDK_BIN + ":" + tools);
        env.put("LANG", "C.UTF-8");
        for (String k : List.of("MAVEN_USER_HOME", "https_proxy", "HTTPS_PROXY", "http_proxy", "HTTP_PROXY",
                "no_proxy", "NO_PROXY", "TMPDIR")) {
            String v = System.getenv(k);
            if (v != null) {
                env.put(k, v);
            }
        }
        return env;
    }

    /** A directory of links to everything in /usr/bin and /bin except Maven and {@code excluded}. */
    private static Path toolsWithout(Path dir, Set<String> excluded) throws IOException {
        Files.createDirectories(dir);
        for (String d : List.of("/usr/bin", "/bin")) {
            try (Stream<Path> files = Files.list(Path.of(d))) {
                for (Path f : files.toList()) {
                    String name = f.getFileName().toString();
                    if (name.startsWith("mvn") || excluded.contains(name) || Files.exists(dir.resolve(name),
                            java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                        continue;
                    }
                    Files.createSymbolicLink(dir.resolve(name), f);
                }
            }
        }
        return dir;
    }

    private static String distributionVersion(Path props) throws IOException {
        for (String line : Files.readAllLines(props)) {
            var m = java.util.regex.Pattern.compile("^distributionUrl=.*/apache-maven-([^/]+)-bin\\.zip\\s*$")
                    .matcher(line);
            if (m.matches()) {
                return m.group(1);
            }
        }
        throw new AssertionError("no distributionUrl in " + props);
    }

    private static byte[] zip(Map<String, String> files) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(bytes)) {
            for (var e : files.entrySet()) {
                z.putNextEntry(new ZipEntry(e.getKey()));
                z.write(e.getValue().getBytes(StandardCharsets.UTF_8));
                z.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    private static String sha256(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    private static List<Path> list(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }

    private static void assertNoProcessUnder(Path dir) {
        List<String> left = new ArrayList<>();
        ProcessHandle.current().descendants().forEach(h -> h.info().commandLine()
                .filter(c -> c.contains(dir.toString())).ifPresent(c -> {
                    left.add(h.pid() + " " + c);
                    h.destroyForcibly();
                }));
        assertEquals(List.of(), left, "processes left behind");
    }

    private static Path findRoot() {
        Path p = Path.of("").toAbsolutePath();
        for (Path d = p; d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("mvnw")) && Files.isRegularFile(d.resolve("mobula"))) {
                return d;
            }
        }
        throw new IllegalStateException("no mvnw and mobula above " + p);
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
