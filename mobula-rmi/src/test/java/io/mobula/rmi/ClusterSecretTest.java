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
}
