package io.mobula.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the cluster secret comes from, and what is refused. */
class ClusterSecretTest {
    private static final String TEXT = "0123456789abcdef-cluster";

    private static Path file(Path dir, String content, String mode) throws Exception {
        Path f = dir.resolve("secret");
        Files.writeString(f, content);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(mode));
        return f;
    }

    @Test
    void aFileReadableByOthersIsRefusedWithAClearMessage(@TempDir Path dir) throws Exception {
        Path f = file(dir, TEXT, "rw-r--r--");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ClusterSecret.fromFile(f));
        assertTrue(e.getMessage().contains(f + " has permissions rw-r--r--")
                && e.getMessage().contains("chmod 600"), e.getMessage());
        assertFalse(e.getMessage().contains(TEXT));
        // the same through the system property, as a program starts
        System.setProperty("mobula.secretFile", f.toString());
        try {
            IllegalStateException viaProperty = assertThrows(IllegalStateException.class,
                    RmiConfig::fromSystemProperties);
            assertEquals(e.getMessage(), viaProperty.getMessage());
        } finally {
            System.clearProperty("mobula.secretFile");
        }
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-----w-"));
        assertThrows(IllegalStateException.class, () -> ClusterSecret.fromFile(f), "writable by others");
    }

    @Test
    void aPrivateFileIsReadWithoutItsTrailingLineBreak(@TempDir Path dir) throws Exception {
        Path f = file(dir, TEXT + "\n", "rw-------");
        assertEquals(ClusterSecret.of(TEXT.getBytes(StandardCharsets.UTF_8)), ClusterSecret.fromFile(f));
        assertEquals(ClusterSecret.fromFile(f), ClusterSecret.configured(Map.of(), f.toString()));
        assertEquals(ClusterSecret.fromFile(f), ClusterSecret.configured(Map.of("MOBULA_SECRET_FILE", f.toString()),
                null));
        // the environment variable holds the same secret as the file
        assertEquals(ClusterSecret.fromFile(f), ClusterSecret.configured(Map.of("MOBULA_SECRET", TEXT), null));
        assertNotEquals(ClusterSecret.fromFile(f), ClusterSecret.of("another secret of the cluster".getBytes()));
    }

    @Test
    void missingShortOrAmbiguousSecretsAreRefused(@TempDir Path dir) throws Exception {
        assertNull(ClusterSecret.configured(Map.of(), null));
        Path missing = dir.resolve("none");
        assertTrue(assertThrows(IllegalStateException.class, () -> ClusterSecret.fromFile(missing)).getMessage()
                .contains("does not exist"));
        Path shortFile = file(dir, "short\n", "rw-------");
        assertTrue(assertThrows(IllegalStateException.class, () -> ClusterSecret.fromFile(shortFile)).getMessage()
                .contains("at least 16"));
        assertThrows(IllegalStateException.class, () -> ClusterSecret.configured(Map.of("MOBULA_SECRET", "short"),
                null));
        assertThrows(IllegalArgumentException.class, () -> ClusterSecret.of(new byte[3]));
        Path f = file(dir, TEXT, "r--------");
        assertTrue(assertThrows(IllegalStateException.class, () -> ClusterSecret.configured(
                Map.of("MOBULA_SECRET", TEXT), f.toString())).getMessage().contains("set only one"));
    }

    @Test
    void theSecretIsNeverShownAndNeverTakenFromACommandLineProperty() {
        RmiConfig c = RmiConfig.fromSystemProperties().withSecret(TEXT.getBytes(StandardCharsets.UTF_8));
        assertFalse(c.toString().contains(TEXT), c.toString());
        assertTrue(c.toString().contains("ClusterSecret[redacted]"), c.toString());
        assertEquals(c, RmiConfig.fromSystemProperties().withSecret(TEXT.getBytes(StandardCharsets.UTF_8)));
        assertNull(c.withSecret((ClusterSecret) null).secret());
        System.setProperty("mobula.secret", TEXT);
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class, RmiConfig::fromSystemProperties);
            assertTrue(e.getMessage().contains("MOBULA_SECRET") && !e.getMessage().contains(TEXT), e.getMessage());
        } finally {
            System.clearProperty("mobula.secret");
        }
    }

    private static java.util.Properties props(String... kv) {
        java.util.Properties p = new java.util.Properties();
        for (int i = 0; i < kv.length; i += 2) {
            p.setProperty(kv[i], kv[i + 1]);
        }
        return p;
    }

    @Test
    void withoutASecretTheCookieIsCreatedOwnerOnlyOnFirstUseAndSharedAfterwards(@TempDir Path home) throws Exception {
        Path cookie = home.resolve("mobula-home").resolve("cookie");
        Map<String, String> env = Map.of(ClusterSecret.COOKIE_ENV, cookie.toString());
        ClusterSecret first = ClusterSecret.resolve(env, props());
        assertTrue(first != null, "authentication is on by default");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(cookie)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(cookie.getParent())));
        assertTrue(Files.readString(cookie).trim().length() >= 32, "32 random bytes in base64");
        assertEquals(first, ClusterSecret.resolve(env, props()), "the next process reads the same cookie");
        try (var list = Files.list(cookie.getParent())) {
            assertEquals(1, list.count(), "no temporary file left behind");
        }
        // the default place is ~/.mobula/cookie (user.home given here, never the real one)
        ClusterSecret underHome = ClusterSecret.resolve(Map.of(), props("user.home", home.toString()));
        assertEquals(underHome, ClusterSecret.fromFile(home.resolve(".mobula").resolve("cookie")));
        assertNotEquals(first, underHome, "another cookie, another secret");
    }

    @Test
    void aCookieReadableByOthersIsRefused(@TempDir Path home) throws Exception {
        Path cookie = file(home, TEXT, "rw-r-----");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ClusterSecret.resolve(Map.of(), props(ClusterSecret.COOKIE_PROPERTY, cookie.toString())));
        assertTrue(e.getMessage().contains("chmod 600"), e.getMessage());
    }

    @Test
    void processesStartingAtOnceAgreeOnOneCookie(@TempDir Path home) throws Exception {
        Path cookie = home.resolve("cookie");
        java.util.List<java.util.concurrent.CompletableFuture<ClusterSecret>> all = new java.util.ArrayList<>();
        for (int i = 0; i < 8; i++) {
            all.add(java.util.concurrent.CompletableFuture.supplyAsync(
                    () -> ClusterSecret.cookie(cookie)));
        }
        ClusterSecret one = all.get(0).get();
        for (var f : all) {
            assertEquals(one, f.get());
        }
    }

    @Test
    void authenticationIsOffOnlyByChoice(@TempDir Path home) {
        Map<String, String> env = Map.of(ClusterSecret.COOKIE_ENV, home.resolve("cookie").toString());
        assertNull(ClusterSecret.resolve(env, props("mobula.auth", "none")));
        assertNull(ClusterSecret.resolve(Map.of("MOBULA_AUTH", "none"), props()));
        assertFalse(Files.exists(home.resolve("cookie")), "no cookie made when authentication is off");
        IllegalStateException both = assertThrows(IllegalStateException.class,
                () -> ClusterSecret.resolve(Map.of("MOBULA_SECRET", TEXT), props("mobula.auth", "none")));
        assertTrue(both.getMessage().contains("set only one"), both.getMessage());
        assertThrows(IllegalStateException.class, () -> ClusterSecret.resolve(env, props("mobula.auth", "off")));
        assertEquals(ClusterSecret.of(TEXT.getBytes(StandardCharsets.UTF_8)),
                ClusterSecret.resolve(Map.of("MOBULA_SECRET", TEXT), props()), "a configured secret wins");
        assertNull(RmiConfig.fromSystemProperties().withoutAuthentication().secret());
    }
}
