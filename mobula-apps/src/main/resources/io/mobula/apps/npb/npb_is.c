/*
 * NPB IS (integer sort) in C with MPI, written from the NAS Parallel Benchmarks specification, as the baseline of
 * Mobula's IS versions. Usage: mpirun -np N npb_is LOG2_KEYS LOG2_MAX_KEY (classes S 16 11, W 20 16, A 23 19).
 * Keys: 2^m/4 times the sum of four numbers of the NPB generator (x_{k+1} = 5^13 x_k mod 2^46, seed 314159265),
 * each rank generating its block of the global sequence. Per iteration i = 1..10: key i := i, key i+10 := 2^m - i;
 * bucket sizes and the five test keys summed (MPI_Allreduce); buckets split into ranges of about keys/N keys; keys
 * sent to the owner of their bucket (MPI_Alltoall, MPI_Alltoallv); each rank ranks its range; the test keys' ranks
 * checked against the published ones. After the last iteration each rank sorts its keys and the order is checked
 * across ranks. Prints NPB's result block and one line "NPB-RESULT verified=V seconds=T passed=P checksum=H".
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ITERATIONS 10
#define TESTS 5
#define MASK46 ((UINT64_C(1) << 46) - 1)
#define A_MULT UINT64_C(1220703125)
#define SEED UINT64_C(314159265)

static double next_random(uint64_t *x) {
    *x = (A_MULT * *x) & MASK46;
    return (double) *x * 0x1.0p-46;
}

static uint64_t skip_random(uint64_t x, uint64_t n) {
    uint64_t pow = A_MULT;
    for (; n > 0; n >>= 1) {
        if (n & 1) {
            x = (x * pow) & MASK46;
        }
        pow = (pow * pow) & MASK46;
    }
    return x;
}

static uint64_t hash_term(int64_t position, int key) {
    uint64_t z = (uint64_t) position * UINT64_C(0x9E3779B97F4A7C15) + (uint64_t) (int64_t) key;
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "npb_is: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    return p;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int me, np;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    int log2_keys = argc > 2 ? atoi(argv[1]) : 0;
    int log2_max = argc > 2 ? atoi(argv[2]) : 0;
    char cls;
    int test_index[TESTS], test_rank[TESTS];
    if (log2_keys == 16 && log2_max == 11) {
        int ti[TESTS] = {48427, 17148, 23627, 62548, 4431}, tr[TESTS] = {0, 18, 346, 64917, 65463};
        memcpy(test_index, ti, sizeof ti), memcpy(test_rank, tr, sizeof tr), cls = 'S';
    } else if (log2_keys == 20 && log2_max == 16) {
        int ti[TESTS] = {357773, 934767, 875723, 898999, 404505};
        int tr[TESTS] = {1249, 11698, 1039987, 1043896, 1048018};
        memcpy(test_index, ti, sizeof ti), memcpy(test_rank, tr, sizeof tr), cls = 'W';
    } else if (log2_keys == 23 && log2_max == 19) {
        int ti[TESTS] = {2112377, 662041, 5336171, 3642833, 4250760};
        int tr[TESTS] = {104, 17523, 123928, 8288932, 8388264};
        memcpy(test_index, ti, sizeof ti), memcpy(test_rank, tr, sizeof tr), cls = 'A';
    } else {
        if (me == 0) {
            fprintf(stderr, "usage: mpirun -np N npb_is LOG2_KEYS LOG2_MAX_KEY; classes: S 16 11, W 20 16, A 23 19\n");
        }
        MPI_Finalize();
        return 2;
    }
    int total = 1 << log2_keys, max_key = 1 << log2_max;
    int log2_buckets = log2_max - 2 < 10 ? log2_max - 2 : 10, buckets = 1 << log2_buckets;
    int shift = log2_max - log2_buckets;
    int lo = (int) ((int64_t) me * total / np), hi = (int) ((int64_t) (me + 1) * total / np), n = hi - lo;

    int *keys = xmalloc(sizeof(int) * n);
    uint64_t x = skip_random(SEED, 4 * (uint64_t) lo);
    for (int i = 0; i < n; i++) {
        double s = next_random(&x);
        s += next_random(&x);
        s += next_random(&x);
        s += next_random(&x);
        keys[i] = (int) ((max_key / 4) * s);
    }
    int *counts = xmalloc(sizeof(int) * (buckets + TESTS)), *totals = xmalloc(sizeof(int) * (buckets + TESTS));
    int *first = xmalloc(sizeof(int) * (np + 1)), *owner = xmalloc(sizeof(int) * buckets);
    int *send_count = xmalloc(sizeof(int) * np), *send_displ = xmalloc(sizeof(int) * np);
    int *recv_count = xmalloc(sizeof(int) * np), *recv_displ = xmalloc(sizeof(int) * np);
    int *at = xmalloc(sizeof(int) * np), *sendbuf = xmalloc(sizeof(int) * n);
    int *recvbuf = NULL, *cum = NULL, received = 0, min_key = 0, range = 0;
    int64_t below = 0;
    int passed = 0;

    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int it = 1; it <= ITERATIONS; it++) {
        if (it >= lo && it < hi) keys[it - lo] = it;
        if (it + ITERATIONS >= lo && it + ITERATIONS < hi) keys[it + ITERATIONS - lo] = max_key - it;
        memset(counts, 0, sizeof(int) * (buckets + TESTS));
        for (int i = 0; i < n; i++) counts[keys[i] >> shift]++;
        for (int t = 0; t < TESTS; t++) {
            if (test_index[t] >= lo && test_index[t] < hi) counts[buckets + t] = keys[test_index[t] - lo];
        }
        MPI_Allreduce(counts, totals, buckets + TESTS, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        /* the first bucket of each rank's range: a range ends where the running total reaches its share */
        int q = 0;
        int64_t acc = 0;
        first[0] = 0;
        for (int b = 0; b < buckets; b++) {
            acc += totals[b];
            while (q < np - 1 && acc >= (int64_t) (q + 1) * total / np) first[++q] = b + 1;
        }
        while (q < np) first[++q] = buckets;
        for (q = 0; q < np; q++) {
            for (int b = first[q]; b < first[q + 1]; b++) owner[b] = q;
            send_count[q] = 0;
        }
        for (int i = 0; i < n; i++) send_count[owner[keys[i] >> shift]]++;
        for (q = 0; q < np; q++) at[q] = send_displ[q] = q == 0 ? 0 : send_displ[q - 1] + send_count[q - 1];
        for (int i = 0; i < n; i++) sendbuf[at[owner[keys[i] >> shift]]++] = keys[i];
        MPI_Alltoall(send_count, 1, MPI_INT, recv_count, 1, MPI_INT, MPI_COMM_WORLD);
        received = 0;
        for (q = 0; q < np; q++) {
            recv_displ[q] = received;
            received += recv_count[q];
        }
        free(recvbuf);
        recvbuf = xmalloc(sizeof(int) * received);
        MPI_Alltoallv(sendbuf, send_count, send_displ, MPI_INT, recvbuf, recv_count, recv_displ, MPI_INT,
                      MPI_COMM_WORLD);
        min_key = first[me] << shift;
        range = (first[me + 1] << shift) - min_key;
        free(cum);
        cum = calloc(range ? range : 1, sizeof(int));
        for (int i = 0; i < received; i++) cum[recvbuf[i] - min_key]++;
        for (int v = 1; v < range; v++) cum[v] += cum[v - 1];
        below = 0;
        for (int b = 0; b < first[me]; b++) below += totals[b];
        for (int t = 0; t < TESTS; t++) {
            int k = totals[buckets + t];
            if (k >= min_key && k < min_key + range && k > 0 && k <= total - 1) {
                int64_t rank = below + (k > min_key ? cum[k - 1 - min_key] : 0);
                int64_t expected = test_rank[t];
                switch (cls) {
                    case 'S': expected += t <= 2 ? it : -it; break;
                    case 'W': expected += t < 2 ? it - 2 : -it; break;
                    default: expected += t <= 2 ? it - 1 : -(it - 1); break;
                }
                if (rank == expected) passed++;
            }
        }
    }
    double mine = MPI_Wtime() - t0, seconds;
    MPI_Reduce(&mine, &seconds, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

    /* full verification: each key to the position its rank gives, the order checked within and across ranks */
    int *sorted = xmalloc(sizeof(int) * received);
    for (int i = received - 1; i >= 0; i--) sorted[--cum[recvbuf[i] - min_key]] = recvbuf[i];
    int bad = 0;
    uint64_t hash = 0;
    for (int i = 0; i < received; i++) {
        if (i > 0 && sorted[i - 1] > sorted[i]) bad++;
        hash += hash_term(below + i, sorted[i]);
    }
    int edge[2] = {received ? sorted[0] : max_key, received ? sorted[received - 1] : -1};
    int *edges = xmalloc(sizeof(int) * 2 * np);
    MPI_Gather(edge, 2, MPI_INT, edges, 2, MPI_INT, 0, MPI_COMM_WORLD);
    int all_passed, all_bad;
    int64_t all_keys, my_keys = received;
    uint64_t all_hash;
    MPI_Reduce(&passed, &all_passed, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&bad, &all_bad, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&my_keys, &all_keys, 1, MPI_INT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&hash, &all_hash, 1, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0) {
        int last = -1;
        for (int q = 0; q < np; q++) {
            if (edges[2 * q + 1] < 0) continue; /* a rank without keys */
            if (edges[2 * q] < last) all_bad++;
            last = edges[2 * q + 1];
        }
        if (all_bad == 0 && all_keys == total) all_passed++;
        int verified = all_passed == TESTS * ITERATIONS + 1;
        printf(" IS Benchmark Completed (C + MPI)\n");
        printf(" %-16s= %24c\n", "Class", cls);
        printf(" %-16s= %24d\n", "Size", total);
        printf(" %-16s= %24d\n", "Iterations", ITERATIONS);
        printf(" %-16s= %24.2f\n", "Time in seconds", seconds);
        printf(" %-16s= %24d\n", "Total processes", np);
        printf(" %-16s= %24.2f\n", "Mop/s total", (double) ITERATIONS * total / seconds / 1e6);
        printf(" %-16s= %24s\n", "Operation type", "keys ranked");
        printf(" %-16s= %24s\n", "Verification", verified ? "SUCCESSFUL" : "FAILED");
        printf("NPB-RESULT verified=%d seconds=%.6f passed=%d checksum=%llx\n", verified, seconds, all_passed,
               (unsigned long long) all_hash);
        fflush(stdout);
    }
    MPI_Finalize();
    return 0;
}
