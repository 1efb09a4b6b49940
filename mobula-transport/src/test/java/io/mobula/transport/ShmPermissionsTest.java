package io.mobula.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;

/** Shared-memory files are this user's alone, and a segment that is not is refused. */
class ShmPermissionsTest {

    private static void assumePosix() {
        assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"), "no POSIX permissions");
    }

    private static void cleanUp(ShmSegment s) throws IOException {
        s.closeBells();
        Files.deleteIfExists(s.path);
        Files.deleteIfExists(ShmSegment.bellPath(s.path));
    }

    @Test
    void segmentsAndTheirDoorbellsAreMadeOwnerOnly() throws Exception {
        assumePosix();
        ShmSegment s = ShmSegment.create(4096);
        try {
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(s.path)));
            Path bell = ShmSegment.bellPath(s.path);
            if (Files.exists(bell)) {
                assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(bell)));
            }
            ShmSegment.open(s.path, 1 << 30).closeBells(); // our own, so it maps
        } finally {
            cleanUp(s);
        }
    }

    @Test
    void aSegmentOthersMayUseIsRefused() throws Exception {
        assumePosix();
        ShmSegment s = ShmSegment.create(4096);
        try {
            Files.setPosixFilePermissions(s.path, PosixFilePermissions.fromString("rw-rw-r--"));
            IOException e = assertThrows(IOException.class, () -> ShmSegment.open(s.path, 1 << 30));
            assertTrue(e.getMessage().contains("rw-rw-r--"), e.getMessage());
            assertTrue(Files.exists(s.path), "a refused file is left alone");
        } finally {
            cleanUp(s);
        }
    }

    @Test
    void aSegmentOfAnotherUserIsRefused() throws Exception {
        assumePosix();
        assumeTrue("root".equals(System.getProperty("user.name")), "only root can give a file away");
        ShmSegment s = ShmSegment.create(4096);
        try {
            Files.setAttribute(s.path, "unix:uid", 65534);
            IOException e = assertThrows(IOException.class, () -> ShmSegment.open(s.path, 1 << 30));
            assertTrue(e.getMessage().contains("owned by uid 65534"), e.getMessage());
        } finally {
            cleanUp(s);
        }
    }

    @Test
    void rendezvousSocketsAreOwnerOnly() throws Exception {
        assumePosix();
        try (Transport t = Transports.create("shm");
             Listener l = t.listen(Endpoint.shm(""), new Recorder())) {
            Path sock = Path.of(l.endpoint().path());
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(sock)));
        }
    }
}
