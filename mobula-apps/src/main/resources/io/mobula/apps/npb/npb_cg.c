/*
 * NPB CG (conjugate gradient) in C with MPI, written from the NAS Parallel Benchmarks specification, as the baseline
 * of Mobula's CG versions. Usage: mpirun -np N npb_cg NA NONZER NITER SHIFT (classes S 1400 7 15 10,
 * W 7000 8 15 12, A 14000 11 15 20). The matrix is made by the specification's makea (sprnvc, vecset, sparse; the NPB
 * generator x_{k+1} = 5^13 x_k mod 2^46, seed 314159265, one number drawn before makea; rcond 0.1); each rank keeps
 * a block of rows, and of every vector. Each of the NITER inverse power iterations runs 25 conjugate gradient steps;
 * a matrix-vector product first gathers the whole vector (MPI_Allgatherv), every dot product is a sum over the ranks
 * (MPI_Allreduce). zeta = SHIFT + 1 / (x . z) is checked against the published value (relative error <= 1e-10).
 * Prints NPB's result block and one line "NPB-RESULT verified=V seconds=T zeta=Z".
 */
#include <math.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MASK46 ((UINT64_C(1) << 46) - 1)
#define A_MULT UINT64_C(1220703125)
#define SEED UINT64_C(314159265)
#define CG_ITERATIONS 25
#define RCOND 0.1

static uint64_t x_seed;

static double next_random(void) {
    x_seed = (A_MULT * x_seed) & MASK46;
    return (double) x_seed * 0x1.0p-46;
}

static void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "npb_cg: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    return p;
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
    return x < y ? -1 : x > y;
}

/* rows lo..hi-1 of the matrix, compressed by rows; duplicates summed in the order sparse() adds them */
static void makea(int n, int nonzer, int shift, int lo, int hi, int **row_start, int **col, double **a) {
    int nn1 = 2;
    while (nn1 < n) nn1 *= 2;
    x_seed = SEED;
    next_random(); /* the main program draws one number before makea */
    int width = nonzer + 1;
    int *cols = xmalloc(sizeof(int) * (size_t) n * width), *len = xmalloc(sizeof(int) * n);
    double *vals = xmalloc(sizeof(double) * (size_t) n * width);
    for (int outer = 0; outer < n; outer++) {
        int *iv = cols + (size_t) outer * width;
        double *v = vals + (size_t) outer * width;
        int nzv = 0;
        while (nzv < nonzer) { /* sprnvc */
            double vecelt = next_random(), vecloc = next_random();
            int i = (int) (nn1 * vecloc) + 1, seen = 0;
            if (i > n) continue;
            for (int k = 0; k < nzv; k++) seen |= iv[k] == i;
            if (seen) continue;
            v[nzv] = vecelt;
            iv[nzv++] = i;
        }
        int set = 0; /* vecset: element outer+1 := 0.5 */
        for (int k = 0; k < nzv; k++) {
            if (iv[k] == outer + 1) v[k] = 0.5, set = 1;
        }
        if (!set) v[nzv] = 0.5, iv[nzv++] = outer + 1;
        for (int k = 0; k < nzv; k++) iv[k] -= 1;
        len[outer] = nzv;
    }
    size_t count = 0;
    for (int i = 0; i < n; i++) {
        for (int e = 0; e < len[i]; e++) {
            int j = cols[(size_t) i * width + e];
            if (j >= lo && j < hi) count += len[i];
        }
    }
    int bits = 1;
    while ((UINT64_C(1) << bits) <= count) bits++;
    uint64_t *order = xmalloc(sizeof(uint64_t) * count);
    double *value = xmalloc(sizeof(double) * count);
    double ratio = pow(RCOND, 1.0 / n), size = 1.0;
    size_t at = 0;
    for (int i = 0; i < n; i++) {
        for (int e = 0; e < len[i]; e++) {
            int j = cols[(size_t) i * width + e];
            if (j < lo || j >= hi) continue;
            double scale = size * vals[(size_t) i * width + e];
            for (int f = 0; f < len[i]; f++) {
                int jcol = cols[(size_t) i * width + f];
                double va = vals[(size_t) i * width + f] * scale;
                if (jcol == j && j == i) va = va + RCOND - shift;
                order[at] = (((uint64_t) (j - lo) * n + jcol) << bits) | at;
                value[at++] = va;
            }
        }
        size *= ratio;
    }
    qsort(order, count, sizeof(uint64_t), cmp_u64);
    int *rs = calloc(hi - lo + 1, sizeof(int)), *c = xmalloc(sizeof(int) * count);
    double *av = xmalloc(sizeof(double) * count);
    long nz = -1;
    uint64_t last = UINT64_MAX, mask = (UINT64_C(1) << bits) - 1;
    for (size_t k = 0; k < count; k++) {
        uint64_t cell = order[k] >> bits;
        if (cell != last) {
            nz++;
            c[nz] = (int) (cell % n);
            av[nz] = 0.0;
            rs[cell / n + 1] = (int) nz + 1;
            last = cell;
        }
        av[nz] += value[order[k] & mask];
    }
    for (int r = 1; r <= hi - lo; r++) {
        if (rs[r] < rs[r - 1]) rs[r] = rs[r - 1];
    }
    free(cols), free(len), free(vals), free(order), free(value);
    *row_start = rs, *col = c, *a = av;
}

static void multiply(int rows, const int *rs, const int *col, const double *a, const double *v, double *y) {
    for (int j = 0; j < rows; j++) {
        double sum = 0.0;
        for (int k = rs[j]; k < rs[j + 1]; k++) sum += a[k] * v[col[k]];
        y[j] = sum;
    }
}

static double dot(int n, const double *u, const double *v) {
    double s = 0.0;
    for (int j = 0; j < n; j++) s += u[j] * v[j];
    return s;
}

static double sum_all(double v) {
    double s;
    MPI_Allreduce(&v, &s, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    return s;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int me, np;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    int na = argc > 4 ? atoi(argv[1]) : 0, nonzer = argc > 4 ? atoi(argv[2]) : 0;
    int niter = argc > 4 ? atoi(argv[3]) : 0, shift = argc > 4 ? atoi(argv[4]) : 0;
    char cls;
    double zeta_verify;
    if (na == 1400 && nonzer == 7 && niter == 15 && shift == 10) {
        cls = 'S', zeta_verify = 8.5971775078648;
    } else if (na == 7000 && nonzer == 8 && niter == 15 && shift == 12) {
        cls = 'W', zeta_verify = 10.362595087124;
    } else if (na == 14000 && nonzer == 11 && niter == 15 && shift == 20) {
        cls = 'A', zeta_verify = 17.130235054029;
    } else {
        if (me == 0) {
            fprintf(stderr, "usage: mpirun -np N npb_cg NA NONZER NITER SHIFT; classes: S 1400 7 15 10,"
                            " W 7000 8 15 12, A 14000 11 15 20\n");
        }
        MPI_Finalize();
        return 2;
    }
    int *counts = xmalloc(sizeof(int) * np), *displs = xmalloc(sizeof(int) * np);
    for (int r = 0; r < np; r++) {
        displs[r] = (int) ((int64_t) r * na / np);
        counts[r] = (int) ((int64_t) (r + 1) * na / np) - displs[r];
    }
    int lo = displs[me], n = counts[me];
    int *rs, *col;
    double *a;
    makea(na, nonzer, shift, lo, lo + n, &rs, &col, &a);
    double *x = xmalloc(sizeof(double) * n), *z = xmalloc(sizeof(double) * n), *r = xmalloc(sizeof(double) * n);
    double *p = xmalloc(sizeof(double) * n), *q = xmalloc(sizeof(double) * n), *whole = xmalloc(sizeof(double) * na);
    for (int j = 0; j < n; j++) x[j] = 1.0;
    double zeta = 0.0, rnorm = 0.0;

    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int it = 1; it <= niter; it++) {
        for (int j = 0; j < n; j++) z[j] = 0.0, r[j] = x[j], p[j] = x[j];
        double rho = sum_all(dot(n, r, r));
        for (int cgit = 1; cgit <= CG_ITERATIONS; cgit++) {
            MPI_Allgatherv(p, n, MPI_DOUBLE, whole, counts, displs, MPI_DOUBLE, MPI_COMM_WORLD);
            multiply(n, rs, col, a, whole, q);
            double alpha = rho / sum_all(dot(n, p, q)), rho0 = rho;
            for (int j = 0; j < n; j++) z[j] += alpha * p[j], r[j] -= alpha * q[j];
            rho = sum_all(dot(n, r, r));
            double beta = rho / rho0;
            for (int j = 0; j < n; j++) p[j] = r[j] + beta * p[j];
        }
        MPI_Allgatherv(z, n, MPI_DOUBLE, whole, counts, displs, MPI_DOUBLE, MPI_COMM_WORLD);
        multiply(n, rs, col, a, whole, r);
        double local[3] = {0.0, dot(n, x, z), dot(n, z, z)}, norms[3];
        for (int j = 0; j < n; j++) local[0] += (x[j] - r[j]) * (x[j] - r[j]);
        MPI_Allreduce(local, norms, 3, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        rnorm = sqrt(norms[0]);
        zeta = shift + 1.0 / norms[1];
        double norm = 1.0 / sqrt(norms[2]);
        for (int j = 0; j < n; j++) x[j] = norm * z[j];
    }
    double mine = MPI_Wtime() - t0, seconds;
    MPI_Reduce(&mine, &seconds, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (me == 0) {
        double err = fabs(zeta - zeta_verify) / zeta_verify;
        int verified = err <= 1.0e-10;
        double nz = (double) nonzer * (nonzer + 1);
        printf(" CG Benchmark Completed (C + MPI)\n");
        printf(" %-16s= %24c\n", "Class", cls);
        printf(" %-16s= %24d\n", "Size", na);
        printf(" %-16s= %24d\n", "Iterations", niter);
        printf(" %-16s= %24.2f\n", "Time in seconds", seconds);
        printf(" %-16s= %24d\n", "Total processes", np);
        printf(" %-16s= %24.2f\n", "Mop/s total",
               2.0 * niter * na * (3.0 + nz + 25.0 * (5.0 + nz) + 3.0) / seconds / 1e6);
        printf(" %-16s= %24s\n", "Operation type", "floating point");
        printf(" %-16s= %24s\n", "Verification", verified ? "SUCCESSFUL" : "FAILED");
        printf(" Zeta = %20.13e, residual norm = %20.13e\n", zeta, rnorm);
        printf("NPB-RESULT verified=%d seconds=%.6f zeta=%.13f\n", verified, seconds, zeta);
        fflush(stdout);
    }
    MPI_Finalize();
    return 0;
}
