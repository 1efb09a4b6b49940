package io.mobula.apps.asp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.PriorityQueue;
import org.junit.jupiter.api.Test;

/** Floyd-Warshall against Dijkstra from every node, and the block ownership the parallel versions use. */
class AspTest {
    /** Dijkstra from {@code s} over the adjacency matrix (INFINITE: no edge). */
    private static int[] dijkstra(int[][] g, int s) {
        int n = g.length;
        int[] dist = new int[n];
        Arrays.fill(dist, Asp.INFINITE);
        dist[s] = 0;
        PriorityQueue<int[]> q = new PriorityQueue<>((a, b) -> Integer.compare(a[1], b[1]));
        q.add(new int[] {s, 0});
        while (!q.isEmpty()) {
            int[] e = q.poll();
            if (e[1] > dist[e[0]]) {
                continue;
            }
            for (int v = 0; v < n; v++) {
                if (g[e[0]][v] < Asp.INFINITE && e[1] + g[e[0]][v] < dist[v]) {
                    dist[v] = e[1] + g[e[0]][v];
                    q.add(new int[] {v, dist[v]});
                }
            }
        }
        return dist;
    }

    @Test
    void floydWarshallEqualsDijkstraFromEveryNode() {
        for (long seed = 1; seed <= 5; seed++) {
            int n = 10 + (int) seed * 7;
            int[][] g = Asp.graph(n, seed);
            int[][] d = AspKernel.INSTANCE.sequential(g);
            for (int s = 0; s < n; s++) {
                assertArrayEquals(dijkstra(g, s), d[s], "seed " + seed + ", source " + s);
            }
        }
    }

    @Test
    void everyRowHasOneOwnerAndOwnersAgreeWithTheBlocks() {
        for (int n : new int[] {1, 5, 48, 1000}) {
            for (int size = 1; size <= Math.min(n, 9); size++) {
                assertEquals(0, Asp.lo(n, size, 0));
                assertEquals(n, Asp.lo(n, size, size));
                for (int k = 0; k < n; k++) {
                    int r = Asp.owner(n, size, k);
                    assertEquals(true, Asp.lo(n, size, r) <= k && k < Asp.lo(n, size, r + 1), "n " + n + " k " + k);
                }
            }
        }
    }

    @Test
    void checksumSeesAOneBitChange() {
        int[][] d = AspKernel.INSTANCE.sequential(Asp.graph(20, 3));
        String before = AspKernel.INSTANCE.checksum(d);
        d[7][3] ^= 1;
        assertEquals(false, before.equals(AspKernel.INSTANCE.checksum(d)));
        assertEquals("row 7 differs", AspKernel.INSTANCE.compare(null,
                AspKernel.INSTANCE.sequential(Asp.graph(20, 3)), d));
    }
}
