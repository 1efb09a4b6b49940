package io.mobula.rmi;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The shared secret of a cluster: every connection between two processes that hold it starts with a mutual
 * challenge-response proving that both know it, before anything is deserialized or dispatched (docs/SECURITY.md).
 * The bytes never leave the process and never appear in {@link #toString()} or a log.
 *
 * <p>{@link RmiConfig#fromSystemProperties()} takes it from the file named by the system property
 * {@code mobula.secretFile} or the environment variable {@code MOBULA_SECRET_FILE}, or from the environment variable
 * {@code MOBULA_SECRET}. There is deliberately no system property holding the secret itself: a command line is
 * visible to every user of the host.
 */
public final class ClusterSecret {
    /** The shortest secret accepted, in bytes: anything shorter could be guessed. */
    public static final int MIN_LENGTH = 16;
    /** The longest secret file read, in bytes. */
    static final int MAX_LENGTH = 64 * 1024;
    static final String FILE_PROPERTY = "mobula.secretFile";
    static final String FILE_ENV = "MOBULA_SECRET_FILE";
    static final String SECRET_ENV = "MOBULA_SECRET";

    private static final Set<PosixFilePermission> SHARED = EnumSet.of(PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE);

    private final byte[] key;

    private ClusterSecret(byte[] key) {
        this.key = key;
    }

    /**
     * A secret of the given bytes (copied).
     *
     * @throws IllegalArgumentException if it is shorter than {@link #MIN_LENGTH} bytes
     */
    public static ClusterSecret of(byte[] secret) {
        if (secret.length < MIN_LENGTH) {
            throw new IllegalArgumentException("a cluster secret needs at least " + MIN_LENGTH + " bytes, not "
                    + secret.length + " (make one with: head -c 32 /dev/urandom | base64)");
        }
        return new ClusterSecret(secret.clone());
    }

    /**
     * The secret held in {@code file}: its bytes without trailing line breaks. On a file system with POSIX permissions
     * the file must not be readable or writable by group or others (mode 600 or 400).
     *
     * @throws IllegalStateException naming the file and what is wrong with it (missing, unreadable, shared with
     *                               other users, empty or too short, too large)
     */
    public static ClusterSecret fromFile(Path file) {
        try {
            PosixFileAttributeView posix = Files.getFileAttributeView(file, PosixFileAttributeView.class);
            if (posix != null) {
                Set<PosixFilePermission> perms = posix.readAttributes().permissions();
                if (perms.stream().anyMatch(SHARED::contains)) {
                    throw new IllegalStateException("cluster secret file " + file + " has permissions "
                            + PosixFilePermissions.toString(perms) + ": it must not be readable or writable by group"
                            + " or others (chmod 600 " + file + ")");
                }
            }
            if (Files.size(file) > MAX_LENGTH) {
                throw new IllegalStateException("cluster secret file " + file + " is larger than " + MAX_LENGTH
                        + " bytes");
            }
            byte[] b = Files.readAllBytes(file);
            int n = b.length;
            while (n > 0 && (b[n - 1] == '\n' || b[n - 1] == '\r')) {
                n--;
            }
            byte[] key = Arrays.copyOf(b, n);
            Arrays.fill(b, (byte) 0);
            if (n < MIN_LENGTH) {
                Arrays.fill(key, (byte) 0);
                throw new IllegalStateException("cluster secret file " + file + " holds " + n + " bytes; a cluster"
                        + " secret needs at least " + MIN_LENGTH + " (make one with: head -c 32 /dev/urandom | base64"
                        + " > " + file + ")");
            }
            return new ClusterSecret(key);
        } catch (NoSuchFileException e) {
            throw new IllegalStateException("cluster secret file " + file + " does not exist", e);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read cluster secret file " + file + ": " + e, e);
        }
    }

    /**
     * The secret this process is configured with: the file named by {@code mobula.secretFile} (system property) or
     * {@code MOBULA_SECRET_FILE}, else {@code MOBULA_SECRET}; null when none is set.
     *
     * @throws IllegalStateException if the file is unusable ({@link #fromFile}), if both a file and
     *                               {@code MOBULA_SECRET} are given, or if the secret is too short
     */
    static ClusterSecret configured(Map<String, String> env, String fileProperty) {
        String file = fileProperty != null && !fileProperty.isBlank() ? fileProperty : env.get(FILE_ENV);
        String inline = env.get(SECRET_ENV);
        if (file != null && !file.isBlank()) {
            if (inline != null) {
                throw new IllegalStateException("both a cluster secret file (" + file + ") and " + SECRET_ENV
                        + " are set; set only one");
            }
            return fromFile(Path.of(file));
        }
        if (inline == null) {
            return null;
        }
        byte[] b = inline.getBytes(StandardCharsets.UTF_8);
        if (b.length < MIN_LENGTH) {
            throw new IllegalStateException(SECRET_ENV + " holds " + b.length + " bytes; a cluster secret needs at"
                    + " least " + MIN_LENGTH + " (make one with: head -c 32 /dev/urandom | base64)");
        }
        return new ClusterSecret(b);
    }

    /** The key bytes (not a copy: callers in this package only read them). */
    byte[] key() {
        return key;
    }

    /** Equal secrets hold the same bytes; compared in constant time. */
    @Override
    public boolean equals(Object o) {
        return o instanceof ClusterSecret s && MessageDigest.isEqual(key, s.key);
    }

    @Override
    public int hashCode() {
        return ClusterSecret.class.hashCode(); // nothing derived from the key
    }

    /** Never the secret. */
    @Override
    public String toString() {
        return "ClusterSecret[redacted]";
    }
}
