package io.mobula.examples.rmi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.mobula.examples.ChildJvm;
import io.mobula.rmi.Rmi;
import io.mobula.rmi.registry.LocateRegistry;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Receiver makes right over RMI (thesis 3.3.2): the server writes the other byte order than this JVM, and every
 * primitive and array kind still arrives intact in both directions through real calls.
 */
class ByteOrderAcrossJvmsTest {

    @Test
    void everyPrimitiveAndArrayKindCrossesByteOrders() throws Exception {
        ByteOrder mine = Rmi.config().byteOrder();
        ByteOrder other = mine == ByteOrder.BIG_ENDIAN ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            try (ChildJvm server = ChildJvm.start(TestServerMain.class,
                    List.of("-Dmobula.byteOrder=" + other))) {
                assertEquals("ORDER " + other, server.awaitLine("ORDER", Duration.ofSeconds(30)));
                int port = Integer.parseInt(server.awaitLine("READY ", Duration.ofSeconds(30)).substring(6).trim());
                TestService svc = (TestService) LocateRegistry.getRegistry("127.0.0.1", port).lookup("svc");
                assertEquals(0x12345678 + 0x01020304, svc.add(0x12345678, 0x01020304));
                assertFalse(svc.not(true));
                assertEquals((byte) -0x7f, svc.negate((byte) 0x7f));
                assertEquals((short) 0x2468, svc.twice((short) 0x1234));
                assertEquals('\u1235', svc.next('\u1234'));
                assertEquals(0x0102030405060708L * 0x0102030405060708L, svc.square(0x0102030405060708L));
                assertEquals(1.0e10f / 2, svc.half(1.0e10f));
                assertEquals(1.5 + 2.5f + 3 + 4 + 5 + 6 + 'A' + 1, svc.sum(1.5, 2.5f, 3, 4, (short) 5, (byte) 6, 'A',
                        true));
                assertEquals("\u00e9\u4e2d", svc.concat("\u00e9", "\u4e2d"));
                assertArrayEquals(new int[] {0x0a0b0c0d, 2, 1}, svc.reverse(new int[] {1, 2, 0x0a0b0c0d}));
                double[] ds = {Math.PI, -0.0, Double.MIN_VALUE, 1e300};
                assertArrayEquals(new double[] {2 * Math.PI, -0.0, 2 * Double.MIN_VALUE, 2e300}, svc.scale(ds, 2));
                byte[] bytes = {1, 2, 3, (byte) 0xff};
                assertArrayEquals(bytes, svc.echoBytes(bytes));
                List<Object> arrays = new ArrayList<>(List.of(
                        new long[] {0x0102030405060708L, -1}, new short[] {0x0102, -2}, new char[] {'\u0102', 'z'},
                        new float[] {1.25e-3f, Float.NaN}, new boolean[] {true, false, true},
                        new int[][] {{0x01020304}, {}}, 0x0102030405060708L, 3.5f, (short) 0x0102, '\u0102'));
                @SuppressWarnings("unchecked")
                List<Object> back = (List<Object>) svc.echo(arrays);
                assertArrayEquals((long[]) arrays.get(0), (long[]) back.get(0));
                assertArrayEquals((short[]) arrays.get(1), (short[]) back.get(1));
                assertArrayEquals((char[]) arrays.get(2), (char[]) back.get(2));
                assertArrayEquals((float[]) arrays.get(3), (float[]) back.get(3));
                assertArrayEquals((boolean[]) arrays.get(4), (boolean[]) back.get(4));
                assertArrayEquals(((int[][]) arrays.get(5))[0], ((int[][]) back.get(5))[0]);
                assertEquals(arrays.subList(6, 10), back.subList(6, 10));
                // arrays the transport copies out of line (above the threshold), at unaligned message offsets
                for (int len : new int[] {2047, 2048, 2049, 20_000, 300_001}) {
                    int[] big = new int[len];
                    double[] bigD = new double[len];
                    long[] bigL = new long[len];
                    for (int i = 0; i < len; i++) {
                        big[i] = i * 0x01010101;
                        bigD[i] = i * Math.PI;
                        bigL[i] = i * 0x0102030405060708L;
                    }
                    int[] rev = svc.reverse(big);
                    assertEquals(big[0], rev[len - 1]);
                    assertEquals(big[len - 1], rev[0]);
                    double[] scaled = svc.scale(bigD, 2);
                    for (int i = 0; i < len; i++) {
                        assertEquals(2 * bigD[i], scaled[i]);
                    }
                    @SuppressWarnings("unchecked")
                    List<Object> echoed = (List<Object>) svc.echo(new ArrayList<>(List.of("odd", bigL, big, bigL)));
                    assertArrayEquals(bigL, (long[]) echoed.get(1));
                    assertArrayEquals(big, (int[]) echoed.get(2));
                    assertSame(echoed.get(1), echoed.get(3), "a shared array stays shared");
                }
                Node n = new Node(0x01020304);
                n.next = n;
                Node copy = svc.echoGraph(n);
                assertEquals(0x01020304, copy.value);
            }
        });
    }
}
