/*
 * Downloads, verifies and unpacks the Maven distribution for ./mvnw, with nothing but the JDK (run by the source
 * launcher: java MavenWrapperDownloader.java URL SHA256 MAVEN_HOME NAME).
 *
 * URL      the distribution zip (maven-wrapper.properties, distributionUrl)
 * SHA256   its expected SHA-256, hex (distributionSha256Sum)
 * MAVEN_HOME  where the distribution goes (~/.m2/wrapper/dists/NAME/HASH); created atomically, so a partly
 *          unpacked or unverified Maven is never left there
 * NAME     the top-level directory inside the zip (apache-maven-3.9.9)
 *
 * Exit status: 0 installed (or already installed by a concurrent run), 3 the server could not be reached (a network
 * error, reported as "mvnw: cannot reach"), 1 anything else (HTTP error, checksum mismatch, bad zip).
 * Proxies: https_proxy / http_proxy (host:port, with or without http://) are honoured, as are the JDK's
 * -Dhttps.proxyHost properties through JAVA_TOOL_OPTIONS. MVNW_USERNAME / MVNW_PASSWORD add basic authentication
 * (for a mirror given by MVNW_REPOURL).
 */

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.URI;
import java.net.URLConnection;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Locale;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

public final class MavenWrapperDownloader {
    private static final int CONNECT_TIMEOUT_MS = 30_000;
    private static final int READ_TIMEOUT_MS = 60_000;

    /** A failure with a message for the user and the exit status that goes with it. */
    private static final class Failure extends Exception {
        final int status;

        Failure(int status, String message) {
            super(message);
            this.status = status;
        }
    }

    public static void main(String[] args) {
        if (args.length != 4) {
            System.err.println("usage: java MavenWrapperDownloader.java URL SHA256 MAVEN_HOME NAME");
            System.exit(2);
        }
        try {
            install(args[0], args[1], Path.of(args[2]).toAbsolutePath().normalize(), args[3]);
        } catch (Failure f) {
            System.err.println("mvnw: " + f.getMessage());
            System.exit(f.status);
        } catch (IOException e) {
            System.err.println("mvnw: cannot install Maven in " + args[2] + ": " + e);
            System.exit(1);
        }
    }

    private static void install(String url, String sha256, Path mavenHome, String name) throws Failure, IOException {
        if (!sha256.matches("[0-9a-fA-F]{64}")) {
            throw new Failure(1, "distributionSha256Sum in .mvn/wrapper/maven-wrapper.properties must be the 64 hex"
                    + " digits of the distribution's SHA-256, not '" + sha256 + "'");
        }
        Path parent = mavenHome.getParent();
        Files.createDirectories(parent);
        Path tmp = Files.createTempDirectory(parent, ".mvnw-");
        try {
            Path zip = tmp.resolve("distribution.zip");
            System.err.println("mvnw: downloading " + url);
            String actual = download(url, zip);
            if (!actual.equalsIgnoreCase(sha256)) {
                throw new Failure(1, "SHA-256 of " + url + " is " + actual + ", but distributionSha256Sum in"
                        + " .mvn/wrapper/maven-wrapper.properties is " + sha256.toLowerCase(Locale.ROOT)
                        + "; the download was discarded. If you changed the Maven version, put the new"
                        + " distribution's SHA-256 there.");
            }
            Path unpacked = tmp.resolve("unpacked");
            unzip(zip, unpacked);
            Path top = unpacked.resolve(name);
            if (!Files.isRegularFile(top.resolve("bin").resolve("mvn"))) {
                throw new Failure(1, url + " has no " + name + "/bin/mvn: not a Maven distribution");
            }
            Files.writeString(top.resolve("mvnw.url"), url + "\n", StandardCharsets.UTF_8);
            try {
                Files.move(top, mavenHome, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
                // another ./mvnw installed it meanwhile: keep that one
                if (!Files.isRegularFile(mavenHome.resolve("bin").resolve("mvn"))) {
                    throw new Failure(1, mavenHome + " exists but holds no bin/mvn; remove it and run ./mvnw again");
                }
            }
            System.err.println("mvnw: SHA-256 verified; Maven installed in " + mavenHome);
        } finally {
            deleteTree(tmp);
        }
    }

    /** Downloads {@code url} into {@code file} and returns the SHA-256 of what was received, in hex. */
    private static String download(String url, Path file) throws Failure, IOException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw new Failure(1, "distributionUrl is not a URL: " + url);
        }
        String scheme = String.valueOf(uri.getScheme()).toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !scheme.equals("http")) {
            throw new Failure(1, "distributionUrl must be http or https: " + url);
        }
        HttpURLConnection conn;
        int status;
        try {
            Proxy proxy = proxyFor(scheme, uri.getHost());
            URLConnection c = proxy == null ? uri.toURL().openConnection() : uri.toURL().openConnection(proxy);
            conn = (HttpURLConnection) c;
            conn.setConnectTimeout(CONNECT_TIMEOUT_MS);
            conn.setReadTimeout(READ_TIMEOUT_MS);
            conn.setInstanceFollowRedirects(true);
            String user = System.getenv("MVNW_USERNAME");
            String password = System.getenv("MVNW_PASSWORD");
            if (user != null && !user.isEmpty() && password != null) {
                String token = Base64.getEncoder().encodeToString(
                        (user + ":" + password).getBytes(StandardCharsets.UTF_8));
                conn.setRequestProperty("Authorization", "Basic " + token);
            }
            status = conn.getResponseCode();
        } catch (IOException e) {
            throw new Failure(3, "cannot reach " + url + ": " + e);
        }
        if (status != HttpURLConnection.HTTP_OK) {
            conn.disconnect();
            throw new Failure(1, url + " answered HTTP " + status);
        }
        try (InputStream in = new DigestInputStream(conn.getInputStream(), sha);
             OutputStream out = Files.newOutputStream(file)) {
            in.transferTo(out);
        } catch (IOException e) {
            throw new Failure(3, "cannot reach " + url + " (download interrupted): " + e);
        } finally {
            conn.disconnect();
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /**
     * The proxy named by https_proxy / http_proxy (either case) for {@code scheme}: {@code NO_PROXY} when no_proxy
     * names the host, {@code null} (the JDK's own proxy settings) when the variable is unset.
     */
    private static Proxy proxyFor(String scheme, String host) throws Failure {
        String spec = env(scheme + "_proxy");
        if (spec == null || spec.isBlank()) {
            return null;
        }
        if (noProxy(host)) {
            return Proxy.NO_PROXY;
        }
        URI p;
        try {
            p = URI.create(spec.contains("://") ? spec : "http://" + spec);
        } catch (IllegalArgumentException e) {
            throw new Failure(1, scheme + "_proxy is not host:port: " + spec);
        }
        if (p.getHost() == null) {
            throw new Failure(1, scheme + "_proxy is not host:port: " + spec);
        }
        int port = p.getPort() > 0 ? p.getPort() : 80;
        return new Proxy(Proxy.Type.HTTP, InetSocketAddress.createUnresolved(p.getHost(), port));
    }

    private static boolean noProxy(String host) {
        String list = env("no_proxy");
        if (list == null || host == null) {
            return false;
        }
        for (String s : list.split(",")) {
            String d = s.trim().toLowerCase(Locale.ROOT);
            if (d.startsWith("*")) {
                d = d.substring(1);
            }
            if (!d.isEmpty() && (host.equalsIgnoreCase(d) || host.toLowerCase(Locale.ROOT).endsWith(
                    d.startsWith(".") ? d : "." + d))) {
                return true;
            }
        }
        return false;
    }

    private static String env(String lower) {
        String v = System.getenv(lower);
        return v != null ? v : System.getenv(lower.toUpperCase(Locale.ROOT));
    }

    /**
     * Unpacks {@code zip} into {@code dir}, refusing entries that would land outside it. Java's zip API does not
     * expose Unix modes, so the files of a {@code bin} directory without an extension (mvn, mvnDebug) are made
     * executable.
     */
    private static void unzip(Path zip, Path dir) throws Failure, IOException {
        Files.createDirectories(dir);
        try (ZipFile zf = new ZipFile(zip.toFile())) {
            var entries = zf.entries();
            while (entries.hasMoreElements()) {
                ZipEntry e = entries.nextElement();
                Path target = dir.resolve(e.getName()).normalize();
                if (!target.startsWith(dir) || target.equals(dir)) {
                    if (target.equals(dir) && e.isDirectory()) {
                        continue;
                    }
                    throw new Failure(1, "the distribution has an entry outside its directory: " + e.getName());
                }
                if (e.isDirectory()) {
                    Files.createDirectories(target);
                    continue;
                }
                Files.createDirectories(target.getParent());
                try (InputStream in = zf.getInputStream(e)) {
                    Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                }
                String file = target.getFileName().toString();
                if (target.getParent().getFileName().toString().equals("bin") && !file.contains(".")) {
                    try {
                        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
                    } catch (UnsupportedOperationException ignored) {
                        target.toFile().setExecutable(true, false);
                    }
                }
            }
        } catch (java.util.zip.ZipException e) {
            throw new Failure(1, "the download is not a readable zip: " + e.getMessage());
        }
    }

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (var walk = Files.walk(root)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // best effort: a leftover .mvnw-* directory is harmless
                }
            });
        } catch (IOException ignored) {
            // best effort
        }
    }
}
