package io.mobula.transport;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * The files of shared memory (segments, doorbell and rendezvous sockets) belong to this process's user alone: they
 * are made with mode 600, and a segment another process offers is mapped only if it has this user as owner and no
 * permission for anybody else (docs/SECURITY.md). Where the file system has no POSIX permissions, nothing is set or
 * checked.
 */
final class OwnerOnly {
    private static final Set<PosixFilePermission> MODE = EnumSet.of(PosixFilePermission.OWNER_READ,
            PosixFilePermission.OWNER_WRITE);
    private static final boolean POSIX = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    private static final boolean UNIX = FileSystems.getDefault().supportedFileAttributeViews().contains("unix");
    /** This process's user id, or -1 where it cannot be told. */
    private static final int UID = ownUid();

    private OwnerOnly() {
    }

    /** The attributes that create a file with mode 600 (none where there are no POSIX permissions). */
    static FileAttribute<?>[] attributes() {
        return POSIX ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(MODE)} : new FileAttribute<?>[0];
    }

    /** Sets mode 600 on a file made without {@link #attributes()} (a socket, which bind creates). */
    static void restrict(Path p) throws IOException {
        if (POSIX) {
            Files.setPosixFilePermissions(p, MODE);
        }
    }

    /**
     * Refuses a file another process made unless this user owns it and nobody else may use it.
     *
     * @throws IOException naming the owner or the mode when it is refused
     */
    static void check(Path p) throws IOException {
        if (UNIX && UID >= 0) {
            int owner = (Integer) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            if (owner != UID) {
                throw new IOException("refusing shared-memory file " + p + ": owned by uid " + owner + ", not by this"
                        + " process's uid " + UID);
            }
        }
        if (POSIX) {
            Set<PosixFilePermission> mode = Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS);
            if (!MODE.containsAll(mode)) {
                throw new IOException("refusing shared-memory file " + p + ": mode "
                        + PosixFilePermissions.toString(mode) + " lets others use it (expected rw-------)");
            }
        }
    }

    private static int ownUid() {
        if (!UNIX) {
            return -1;
        }
        try {
            return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid"); // the process's own user
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
