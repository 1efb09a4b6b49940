package io.mobula.rmi.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serial;
import java.io.Serializable;
import java.io.StreamCorruptedException;
import java.rmi.Remote;
import java.rmi.ServerException;
import java.rmi.UnmarshalException;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Bytes a peer sends that are no well-formed stream fail that call with java.rmi's exceptions: the caller of a call
 * whose arguments the server cannot read gets a {@link ServerException} over an {@link UnmarshalException} "error
 * unmarshalling arguments" over a {@link StreamCorruptedException}; a caller that cannot read the result gets an
 * UnmarshalException "error unmarshalling return" over a StreamCorruptedException. The peer here is this process
 * over loopback TCP, through a value whose serializer ({@link CorruptStreamTest_Garbled_MobulaSerializer}) writes
 * a bad object tag where its reader expects an object, while {@link #garble} is set.
 */
class CorruptStreamTest {
    /** While set, {@link Garbled} values are written as corrupt bytes. */
    static volatile boolean garble;

    /** A value that travels by value (a Remote that is Serializable and not exported). */
    public static final class Garbled implements Remote, Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
    }

    @Test
    void corruptArgumentsAndResultsFailTheirCallWithStreamCorruptedException() throws Exception {
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            Registry remote = LocateRegistry.getRegistry("127.0.0.1", SharedRegistry.port());
            garble = false;
            remote.rebind("garbled", new Garbled());
            assertInstanceOf(Garbled.class, remote.lookup("garbled"), "written well, it reads back");
            garble = true;
            try {
                ServerException args = assertThrows(ServerException.class,
                        () -> remote.rebind("garbled-argument", new Garbled()));
                UnmarshalException u = assertInstanceOf(UnmarshalException.class, args.getCause());
                assertTrue(u.getMessage().startsWith("error unmarshalling arguments"), u.getMessage());
                StreamCorruptedException c = assertInstanceOf(StreamCorruptedException.class, u.getCause());
                assertTrue(c.getMessage().contains("bad object tag"), c.getMessage());

                UnmarshalException result = assertThrows(UnmarshalException.class, () -> remote.lookup("garbled"));
                assertTrue(result.getMessage().startsWith("error unmarshalling return"), result.getMessage());
                c = assertInstanceOf(StreamCorruptedException.class, result.getCause());
                assertTrue(c.getMessage().contains("bad object tag"), c.getMessage());
            } finally {
                garble = false;
            }
            // only those calls failed: the connection serves the next ones
            assertTrue(Arrays.asList(remote.list()).contains("garbled"));
            assertTrue(!Arrays.asList(remote.list()).contains("garbled-argument"));
            assertInstanceOf(Garbled.class, remote.lookup("garbled"));
            remote.unbind("garbled");
        });
    }
}
