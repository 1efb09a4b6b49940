/*
 * Open MPI baseline of the GMI benchmark suite (io.mobula.bench.gmi.GmiSuite): the same cases, payloads, checks and
 * timing as the Java ranks (io.mobula.bench.gmi.GmiRank), with MPI collectives. Built at bench time with mpicc into
 * mobula-bench/target and started with mpirun; rank 0 prints one "RESULT {json}" line per case, then "DONE".
 *
 *   gmi_mpi case:elements:warmup:samples:batch ...
 *
 * What one sample is (rank 0 times it with clock_gettime(CLOCK_MONOTONIC)):
 *   broadcast      MPI_Bcast of `elements` doubles from rank 0, then every other rank sends rank 0 an empty message
 *                  (the acknowledgement); the sample ends when rank 0 has received all of them.
 *   scatter        MPI_Scatter of `elements` doubles to each rank, then the same acknowledgements.
 *   reduce-to-all  MPI_Allreduce (MPI_SUM) of `elements` doubles.
 *   gather-to-all  MPI_Allgather of `elements` doubles from each rank.
 *   broadcast-throughput      `batch` MPI_Bcasts back to back, then the acknowledgements; sample = time / batch.
 *   gather-to-all-throughput  as gather-to-all.
 * Data and checks: a broadcast array carries the operation number in its first and last element; rank i's share of
 * a scatter is filled with i; rank r contributes r + 1 + j at index j to a reduce; rank r contributes r + 1 to a
 * gather. Every rank checks what it received; a failed check fails the case (reported by rank 0).
 * Percentiles are nearest rank on the sorted samples, as io.mobula.bench.rmi.Stats computes them.
 */
#define _POSIX_C_SOURCE 200809L
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TAG_ACK 7

enum kind { BROADCAST, SCATTER, REDUCE, GATHER, BROADCAST_TP, GATHER_TP };

static const char *NAMES[] = {"broadcast", "scatter", "reduce-to-all", "gather-to-all", "broadcast-throughput",
                              "gather-to-all-throughput"};

struct spec {
    enum kind kind;
    long elements, warmup, samples, batch;
};

static int rank, size;

static int64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int parse(const char *arg, struct spec *s) {
    char name[64];
    if (sscanf(arg, "%63[^:]:%ld:%ld:%ld:%ld", name, &s->elements, &s->warmup, &s->samples, &s->batch) != 5) {
        return -1;
    }
    for (int k = 0; k <= GATHER_TP; k++) {
        if (strcmp(name, NAMES[k]) == 0) {
            s->kind = (enum kind)k;
            return s->elements >= 1 && s->warmup >= 0 && s->samples >= 1 && s->batch >= 1 ? 0 : -1;
        }
    }
    return -1;
}

static int cmp64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

static int64_t nearest_rank(const int64_t *sorted, long n, long percent) {
    long r = (percent * n + 99) / 100; /* ceil(percent / 100 * n) */
    if (r < 1) r = 1;
    if (r > n) r = n;
    return sorted[r - 1];
}

static void acks(void) {
    if (rank == 0) {
        for (int k = 1; k < size; k++) {
            MPI_Recv(NULL, 0, MPI_BYTE, MPI_ANY_SOURCE, TAG_ACK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
    } else {
        MPI_Send(NULL, 0, MPI_BYTE, 0, TAG_ACK, MPI_COMM_WORLD);
    }
}

/* Runs one case; returns the number of failed checks at this rank (the first is described in err). */
static long run(const struct spec *s, int64_t *samples, char *err, size_t errlen) {
    long len = s->elements, bad = 0;
    int tp = s->kind == BROADCAST_TP;
    long batch = tp ? s->batch : 1;
    double *buf = calloc((size_t)(len * size), sizeof(double));
    double *mine = calloc((size_t)len, sizeof(double));
    double *out = calloc((size_t)(len * size), sizeof(double));
    if (!buf || !mine || !out) {
        snprintf(err, errlen, "rank %d: out of memory", rank);
        return 1;
    }
    if (s->kind == SCATTER && rank == 0) {
        for (long r = 0; r < size; r++)
            for (long j = 0; j < len; j++) buf[r * len + j] = (double)r;
    }
    for (long j = 0; j < len; j++) mine[j] = s->kind == REDUCE ? rank + 1 + j : rank + 1;
    MPI_Barrier(MPI_COMM_WORLD);
    for (long i = -s->warmup; i < s->samples; i++) {
        int64_t t0 = now_ns();
        switch (s->kind) {
        case BROADCAST:
        case BROADCAST_TP:
            for (long k = 0; k < batch; k++) {
                if (rank == 0 && s->kind == BROADCAST) {
                    buf[0] = (double)i;
                    buf[len - 1] = (double)i;
                }
                MPI_Bcast(buf, (int)len, MPI_DOUBLE, 0, MPI_COMM_WORLD);
                if (rank != 0 && buf[0] != buf[len - 1] && bad++ == 0) {
                    snprintf(err, errlen, "rank %d received wrong data: first %g, last %g", rank, buf[0],
                             buf[len - 1]);
                }
            }
            acks();
            break;
        case SCATTER:
            MPI_Scatter(buf, (int)len, MPI_DOUBLE, out, (int)len, MPI_DOUBLE, 0, MPI_COMM_WORLD);
            if ((out[0] != rank || out[len - 1] != rank) && bad++ == 0) {
                snprintf(err, errlen, "rank %d received wrong data: first %g, last %g", rank, out[0], out[len - 1]);
            }
            acks();
            break;
        case REDUCE: {
            MPI_Allreduce(mine, out, (int)len, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
            double base = size * (size + 1) / 2.0;
            if ((out[0] != base || out[len - 1] != base + (double)size * (len - 1)) && bad++ == 0) {
                snprintf(err, errlen, "rank %d: wrong reduce result (first %g, expected %g)", rank, out[0], base);
            }
            break;
        }
        case GATHER:
        case GATHER_TP:
            MPI_Allgather(mine, (int)len, MPI_DOUBLE, out, (int)len, MPI_DOUBLE, MPI_COMM_WORLD);
            for (long r = 0; r < size; r++) {
                if ((out[r * len] != r + 1 || out[r * len + len - 1] != r + 1) && bad++ == 0) {
                    snprintf(err, errlen, "rank %d: block %ld of the gather holds %g", rank, r, out[r * len]);
                }
            }
            break;
        }
        int64_t t = (now_ns() - t0) / batch;
        if (i >= 0) samples[i] = t;
    }
    free(buf);
    free(mine);
    free(out);
    return bad;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc < 2) {
        if (rank == 0) fprintf(stderr, "usage: gmi_mpi case:elements:warmup:samples:batch ...\n");
        MPI_Finalize();
        return 2;
    }
    for (int a = 1; a < argc; a++) {
        struct spec s;
        if (parse(argv[a], &s) != 0) {
            if (rank == 0) fprintf(stderr, "gmi_mpi: bad case spec '%s'\n", argv[a]);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
        int64_t *samples = calloc((size_t)s.samples, sizeof(int64_t));
        char err[256] = "";
        long bad = run(&s, samples, err, sizeof err);
        /* the lowest rank with a failed check tells rank 0 what failed */
        int failed_rank = bad > 0 ? rank : size, who;
        MPI_Allreduce(&failed_rank, &who, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        if (who < size && who != 0) {
            if (rank == who) MPI_Send(err, (int)sizeof err, MPI_CHAR, 0, TAG_ACK + 1, MPI_COMM_WORLD);
            if (rank == 0) MPI_Recv(err, (int)sizeof err, MPI_CHAR, who, TAG_ACK + 1, MPI_COMM_WORLD,
                                    MPI_STATUS_IGNORE);
        }
        if (rank == 0) {
            if (who < size) {
                printf("RESULT {\"case\":\"%s\",\"error\":\"%s\"}\n", NAMES[s.kind], err);
            } else {
                qsort(samples, (size_t)s.samples, sizeof(int64_t), cmp64);
                double sum = 0;
                for (long k = 0; k < s.samples; k++) sum += (double)samples[k];
                long parts = s.kind == SCATTER || s.kind == GATHER || s.kind == GATHER_TP ? size : 1;
                printf("RESULT {\"case\":\"%s\",\"samples\":%ld,\"p50_ns\":%lld,\"p99_ns\":%lld,\"mean_ns\":%.3f,"
                       "\"min_ns\":%lld,\"max_ns\":%lld,\"elements\":%ld,\"payload_bytes\":%ld}\n",
                       NAMES[s.kind], s.samples, (long long)nearest_rank(samples, s.samples, 50),
                       (long long)nearest_rank(samples, s.samples, 99), sum / s.samples, (long long)samples[0],
                       (long long)samples[s.samples - 1], s.elements, 8 * s.elements * parts);
            }
            fflush(stdout);
        }
        free(samples);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        printf("DONE\n");
        fflush(stdout);
    }
    MPI_Finalize();
    return 0;
}
