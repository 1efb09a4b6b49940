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
 * {@code MOBULA_SECRET}; with none of them, from the per-user cookie file ({@code ~/.mobula/cookie}, elsewhere with
 * {@code mobula.cookieFile} or {@code MOBULA_COOKIE_FILE}), which the first process that needs it creates with
 * random content and mode 600, as Erlang's {@code ~/.erlang.cookie}: every process of one user on a host, and on hosts
 * sharing the home directory, then authenticates without set-up. Only {@code mobula.auth=none} (or
 * {@code MOBULA_AUTH=none}, or {@link RmiConfig#withoutAuthentication()}) turns authentication off. There is
 * deliberately no system property holding the secret itself: a command line is visible to every user of the host.
 */
public final class ClusterSecret {
    /** The shortest secret accepted, in bytes: anything shorter could be guessed. */
    public static final int MIN_LENGTH = 16;
    /** The longest secret file read, in bytes. */
    static final int MAX_LENGTH = 64 * 1024;
    static final String FILE_PROPERTY = "mobula.secretFile";
    static final String FILE_ENV = "MOBULA_SECRET_FILE";
    static final String SECRET_ENV = "MOBULA_SECRET";
    static final String AUTH_PROPERTY = "mobula.auth";
    static final String AUTH_ENV = "MOBULA_AUTH";
    static final String COOKIE_PROPERTY = "mobula.cookieFile";
    static final String COOKIE_ENV = "MOBULA_COOKIE_FILE";
    private static final System.Logger LOG = System.getLogger(ClusterSecret.class.getName());

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

    /**
     * The secret of a process configured by {@code props} and {@code env}: with {@code mobula.auth} (or
     * {@code MOBULA_AUTH}) {@code none}, no secret (null); otherwise (the default, {@code on}) the
     * {@linkplain #configured configured} secret, else the per-user cookie ({@link #cookie}).
     *
     * @throws IllegalStateException if the setting is unknown, if {@code none} is combined with a configured secret,
     *                               or if the secret or the cookie is unusable
     */
    static ClusterSecret resolve(Map<String, String> env, java.util.Properties props) {
        String auth = props.getProperty(AUTH_PROPERTY, env.getOrDefault(AUTH_ENV, "on")).trim();
        ClusterSecret s = configured(env, props.getProperty(FILE_PROPERTY));
        switch (auth) {
            case "none" -> {
                if (s != null) {
                    throw new IllegalStateException(AUTH_PROPERTY + "=none, but a cluster secret is configured ("
                            + FILE_PROPERTY + ", " + FILE_ENV + " or " + SECRET_ENV + "): set only one");
                }
                return null;
            }
            case "on" -> {
                if (s != null) {
                    return s;
                }
                String f = props.getProperty(COOKIE_PROPERTY, env.get(COOKIE_ENV));
                return cookie(f != null && !f.isBlank() ? Path.of(f)
                        : Path.of(props.getProperty("user.home", "."), ".mobula", "cookie"));
            }
            default -> throw new IllegalStateException(AUTH_PROPERTY + " must be on (the default) or none, not '"
                    + auth + "'");
        }
    }

    /**
     * The per-user cookie in {@code file}, created first if missing: 32 random bytes in base64, written to a file of
     * mode 600 (its directory made with mode 700 if missing) and linked into place atomically, so processes starting
     * at once agree on one cookie. An existing file must be owner-only ({@link #fromFile}).
     *
     * @throws IllegalStateException if it cannot be created or read, or is readable by others
     */
    static ClusterSecret cookie(Path file) {
        if (!Files.exists(file)) {
            try {
                create(file.toAbsolutePath());
            } catch (IOException | UnsupportedOperationException e) {
                if (!Files.exists(file)) {
                    throw new IllegalStateException("cannot create the cluster cookie " + file + ": " + e
                            + " (set " + COOKIE_ENV + " to another place, " + FILE_ENV + " to a secret file, or "
                            + AUTH_PROPERTY + "=none)", e);
                }
            }
        }
        return fromFile(file);
    }

    private static void create(Path file) throws IOException {
        Path dir = file.getParent();
        boolean posix = Files.getFileStore(Files.exists(dir) ? dir : existingAncestor(dir))
                .supportsFileAttributeView(PosixFileAttributeView.class);
        if (!Files.isDirectory(dir)) {
            if (posix) {
                Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rwx------")));
            } else {
                Files.createDirectories(dir);
            }
        }
        byte[] raw = new byte[32];
        new java.security.SecureRandom().nextBytes(raw);
        byte[] text = (java.util.Base64.getEncoder().encodeToString(raw) + "\n").getBytes(StandardCharsets.US_ASCII);
        Arrays.fill(raw, (byte) 0);
        Path tmp = posix ? Files.createTempFile(dir, ".cookie-", ".tmp", PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rw-------"))) : Files.createTempFile(dir, ".cookie-", ".tmp");
        try {
            Files.write(tmp, text);
            Arrays.fill(text, (byte) 0);
            try {
                Files.createLink(file, tmp); // fails if another process was first: its cookie stands
                LOG.log(System.Logger.Level.DEBUG, "created the cluster cookie " + file + " (mode 600): processes of"
                        + " this user that share it authenticate each other (docs/SECURITY.md)");
            } catch (java.nio.file.FileAlreadyExistsException first) {
                // another process created it meanwhile
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static Path existingAncestor(Path p) {
        Path a = p;
        while (a != null && !Files.exists(a)) {
            a = a.getParent();
        }
        return a == null ? Path.of(".") : a;
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
