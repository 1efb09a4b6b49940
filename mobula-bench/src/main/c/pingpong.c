/*
 * Raw C ping-pong baseline of the Mobula RMI benchmark harness (io.mobula.bench.rmi.RawCSystem).
 * Same framing as io.mobula.bench.rmi.RawProtocol, big-endian:
 *   request : int reqLen, int replyLen, int cbLen, int cbReplyLen, reqLen body bytes
 *   callback: int cbLen, first cbLen body bytes          (only when cbLen >= 0)
 *   cb reply: int cbReplyLen, first cbReplyLen bytes
 *   reply   : int replyLen, first replyLen body bytes
 * Blocking TCP sockets with TCP_NODELAY on 127.0.0.1, or (roles shm-server / shm-client) the same bytes through
 * a shared-memory segment with the ring layout of Mobula's shm transport (io.mobula.bench.rmi.RawShmChannel):
 * the client creates /dev/shm/mobula-<pid>-raw<n>, sends its name over the TCP connection (int length, bytes),
 * the server maps it, removes the name and answers one byte; then every frame goes through the rings, the
 * calling thread spinning on them (then yielding, then sleeping 100 us after 10 ms idle).
 *
 *   pingpong server
 *       binds 127.0.0.1:0, prints "READY 127.0.0.1:<port>", serves until stdin reaches end of file.
 *   pingpong client <host:port> <warmAllMs,warmupCalls,warmupMs,calls,maxMs,minCalls,k> (<caseId> <reqLen> <replyLen>)...
 *       prints one "RESULT {json}" line per case (nanosecond stats), then "DONE"; exits when stdin closes.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define HEADER 16
#define MAX_BODY (64 << 20)

static void die(const char *what) {
    fprintf(stderr, "pingpong: %s: %s\n", what, strerror(errno));
    exit(1);
}

/* Exit when the parent closes our stdin or dies: no orphan outlives the harness. */
static void *watch_stdin(void *arg) {
    (void) arg;
    char buf[256];
    while (read(0, buf, sizeof buf) > 0) {
    }
    _exit(0);
    return NULL;
}

/* ---------------------------------------------------------------- shared-memory rings */

/* The segment layout of Mobula's shm transport: io.mobula.transport.ShmLayout, whose constants these must equal
 * (ShmLayoutInCTest compares every SHM_ name below with the Java field of the same name). */
#define SHM_MAGIC 0x4d53484d
#define SHM_VERSION 2
#define SHM_MAGIC_OFFSET 0
#define SHM_VERSION_OFFSET 4
#define SHM_CAPACITY_OFFSET 8
#define SHM_CREATOR_PID_OFFSET 16
#define SHM_OPENER_PID_OFFSET 24
#define SHM_CONTROL_0 1024
#define SHM_CONTROL_1 2048
#define SHM_HEADER_BYTES 4096
#define SHM_TAIL 0
#define SHM_HEAD 128
#define SHM_CAPACITY (1 << 20)

struct shm_chan {
    char *out_data, *in_data;
    int64_t *out_tail, *out_head, *in_tail, *in_head;
    int64_t *peer_pid;
    uint64_t mask;
    int64_t tail, head; /* our own counters */
};

static __thread struct shm_chan *chan; /* set: read_fully/write_fully use the rings of this thread's connection */
static int shm_mode;

static struct shm_chan *shm_attach(char *map, int creator) {
    struct shm_chan *c = calloc(1, sizeof *c);
    if (!c) die("calloc");
    uint64_t cap = (uint64_t) *(int32_t *) (map + SHM_CAPACITY_OFFSET);
    char *ring0 = map + SHM_HEADER_BYTES, *ring1 = map + SHM_HEADER_BYTES + cap;
    char *ctl0 = map + SHM_CONTROL_0, *ctl1 = map + SHM_CONTROL_1;
    c->out_data = creator ? ring0 : ring1;
    c->in_data = creator ? ring1 : ring0;
    c->out_tail = (int64_t *) ((creator ? ctl0 : ctl1) + SHM_TAIL);
    c->out_head = (int64_t *) ((creator ? ctl0 : ctl1) + SHM_HEAD);
    c->in_tail = (int64_t *) ((creator ? ctl1 : ctl0) + SHM_TAIL);
    c->in_head = (int64_t *) ((creator ? ctl1 : ctl0) + SHM_HEAD);
    c->peer_pid = (int64_t *) (map + (creator ? SHM_OPENER_PID_OFFSET : SHM_CREATOR_PID_OFFSET));
    c->mask = cap - 1;
    return c;
}

static inline int64_t shm_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t) ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* spin 20 us, yield until 10 ms, then sleep 100 us per round; returns -1 once the peer process is gone */
static int shm_pause(int64_t start, long *rounds) {
    int64_t waited = shm_now() - start;
    if (waited < 20000) {
        __builtin_ia32_pause();
    } else if (waited < 10000000) {
        sched_yield();
    } else {
        usleep(100);
    }
    if ((++*rounds & 4095) == 0) {
        int64_t pid = __atomic_load_n(chan->peer_pid, __ATOMIC_ACQUIRE);
        if (pid != 0 && kill((pid_t) pid, 0) < 0 && errno == ESRCH) return -1;
    }
    return 0;
}

static int shm_write(const char *p, size_t n) {
    struct shm_chan *c = chan;
    while (n > 0) {
        int64_t head = __atomic_load_n(c->out_head, __ATOMIC_ACQUIRE);
        uint64_t free_bytes = c->mask + 1 - (uint64_t) (c->tail - head);
        if (free_bytes == 0) {
            int64_t start = shm_now();
            long rounds = 0;
            while (__atomic_load_n(c->out_head, __ATOMIC_ACQUIRE) == head) {
                if (shm_pause(start, &rounds) < 0) return -1;
            }
            continue;
        }
        uint64_t index = (uint64_t) c->tail & c->mask;
        size_t k = n;
        if (k > free_bytes) k = free_bytes;
        if (k > c->mask + 1 - index) k = c->mask + 1 - index;
        memcpy(c->out_data + index, p, k);
        p += k;
        n -= k;
        c->tail += (int64_t) k;
        __atomic_store_n(c->out_tail, c->tail, __ATOMIC_RELEASE); /* bytes first, then the tail */
    }
    return 0;
}

static int shm_read(char *p, size_t n) {
    struct shm_chan *c = chan;
    while (n > 0) {
        int64_t tail = __atomic_load_n(c->in_tail, __ATOMIC_ACQUIRE);
        uint64_t avail = (uint64_t) (tail - c->head);
        if (avail == 0) {
            int64_t start = shm_now();
            long rounds = 0;
            while (__atomic_load_n(c->in_tail, __ATOMIC_ACQUIRE) == c->head) {
                if (shm_pause(start, &rounds) < 0) return -1;
            }
            continue;
        }
        uint64_t index = (uint64_t) c->head & c->mask;
        size_t k = n;
        if (k > avail) k = avail;
        if (k > c->mask + 1 - index) k = c->mask + 1 - index;
        memcpy(p, c->in_data + index, k);
        p += k;
        n -= k;
        c->head += (int64_t) k;
        __atomic_store_n(c->in_head, c->head, __ATOMIC_RELEASE); /* the space is free again */
    }
    return 0;
}

static int write_fully(int fd, const char *p, size_t n) {
    if (chan) return shm_write(p, n);
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        p += w;
        n -= (size_t) w;
    }
    return 0;
}

static int read_fully(int fd, char *p, size_t n) {
    if (chan) return shm_read(p, n);
    while (n > 0) {
        ssize_t r = read(fd, p, n);
        if (r == 0) return -1;
        if (r < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        p += r;
        n -= (size_t) r;
    }
    return 0;
}

static int32_t get_int(const char *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return (int32_t) ntohl(v);
}

static void put_int(char *p, int32_t v) {
    uint32_t n = htonl((uint32_t) v);
    memcpy(p, &n, 4);
}

static void nodelay(int fd) {
    int one = 1;
    if (setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) < 0) die("TCP_NODELAY");
}

/* ---------------------------------------------------------------- server */

static int32_t get_int(const char *p);
static void put_int(char *p, int32_t v);

/* server: map the segment whose name the client sends, remove the name, acknowledge */
static int shm_accept(int fd) {
    char lenb[4], path[4096];
    if (read_fully(fd, lenb, 4) < 0) return -1;
    int32_t len = get_int(lenb);
    if (len <= 0 || len >= (int32_t) sizeof path || read_fully(fd, path, (size_t) len) < 0) return -1;
    path[len] = 0;
    if (strncmp(path, "/dev/shm/mobula-", 16) != 0 && strstr(path, "/mobula-") == NULL) return -1;
    int sfd = open(path, O_RDWR);
    if (sfd < 0) return -1;
    struct stat st;
    if (fstat(sfd, &st) < 0) return -1;
    char *map = mmap(NULL, (size_t) st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, sfd, 0);
    close(sfd);
    unlink(path);
    if (map == MAP_FAILED) return -1;
    __atomic_store_n((int64_t *) (map + SHM_OPENER_PID_OFFSET), (int64_t) getpid(), __ATOMIC_RELEASE);
    chan = shm_attach(map, 0);
    char ack = 1;
    struct shm_chan *c = chan;
    chan = NULL; /* the acknowledgement goes over TCP */
    if (write_fully(fd, &ack, 1) < 0) return -1;
    chan = c;
    return 0;
}

static void *serve_conn(void *arg) {
    int fd = (int) (intptr_t) arg;
    if (shm_mode && shm_accept(fd) < 0) {
        close(fd);
        return NULL;
    }
    size_t cap = 64 * 1024;
    char *buf = malloc(cap);
    char *cb = malloc(cap);
    size_t cbcap = cap;
    if (!buf || !cb) die("malloc");
    for (;;) {
        if (read_fully(fd, buf, HEADER) < 0) break;
        int32_t reqLen = get_int(buf), replyLen = get_int(buf + 4);
        int32_t cbLen = get_int(buf + 8), cbReplyLen = get_int(buf + 12);
        if (reqLen < 0 || reqLen > MAX_BODY || replyLen < 0 || replyLen > reqLen) break;
        if (cbLen >= 0 && (cbLen > reqLen || cbReplyLen < 0 || cbReplyLen > cbLen)) break;
        if (cap < (size_t) HEADER + (size_t) reqLen) {
            cap = (size_t) HEADER + (size_t) reqLen;
            buf = realloc(buf, cap);
            if (!buf) die("realloc");
        }
        if (read_fully(fd, buf + HEADER, (size_t) reqLen) < 0) break;
        if (cbLen >= 0) {
            put_int(buf + 12, cbLen);
            if (write_fully(fd, buf + 12, 4 + (size_t) cbLen) < 0) break;
            if (read_fully(fd, cb, 4) < 0 || get_int(cb) != cbReplyLen) break;
            if (cbcap < (size_t) cbReplyLen) {
                cbcap = (size_t) cbReplyLen;
                cb = realloc(cb, cbcap);
                if (!cb) die("realloc");
            }
            if (read_fully(fd, cb, (size_t) cbReplyLen) < 0) break;
        }
        put_int(buf + 12, replyLen);
        if (write_fully(fd, buf + 12, 4 + (size_t) replyLen) < 0) break;
    }
    close(fd);
    free(buf);
    free(cb);
    return NULL;
}

static int run_server(void) {
    int ls = socket(AF_INET, SOCK_STREAM, 0);
    if (ls < 0) die("socket");
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = 0;
    if (bind(ls, (struct sockaddr *) &a, sizeof a) < 0) die("bind");
    if (listen(ls, 128) < 0) die("listen");
    socklen_t len = sizeof a;
    if (getsockname(ls, (struct sockaddr *) &a, &len) < 0) die("getsockname");
    printf("READY 127.0.0.1:%d\n", ntohs(a.sin_port));
    fflush(stdout);
    for (;;) {
        int fd = accept(ls, NULL, NULL);
        if (fd < 0) {
            if (errno == EINTR) continue;
            die("accept");
        }
        nodelay(fd);
        pthread_t t;
        if (pthread_create(&t, NULL, serve_conn, (void *) (intptr_t) fd) != 0) die("pthread_create");
        pthread_detach(t);
    }
    return 0;
}

/* ---------------------------------------------------------------- client */

static inline int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t) ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int cmp_i64(const void *x, const void *y) {
    int64_t a = *(const int64_t *) x, b = *(const int64_t *) y;
    return (a > b) - (a < b);
}

/* nearest rank, as io.mobula.bench.rmi.Stats */
static int64_t rank(const int64_t *sorted, long n, double q) {
    long r = (long) (q * (double) n);
    if ((double) r < q * (double) n) r++;
    if (r < 1) r = 1;
    if (r > n) r = n;
    return sorted[r - 1];
}

/* One call: send request, read reply. Returns 0, or -1 on a transport/framing error. */
static int call_once(int fd, const char *req, size_t reqTotal, char *rep, int32_t replyLen) {
    if (write_fully(fd, req, reqTotal) < 0) return -1;
    if (read_fully(fd, rep, 4) < 0 || get_int(rep) != replyLen) return -1;
    return read_fully(fd, rep + 4, (size_t) replyLen);
}

static void run_case(int fd, const char *id, int32_t reqLen, int32_t replyLen, long warmCalls, long warmMs,
                     long calls, long maxMs, long minCalls) {
    char *req = malloc((size_t) HEADER + (size_t) reqLen);
    char *rep = malloc(4 + (size_t) replyLen);
    int64_t *s = malloc(sizeof(int64_t) * (size_t) calls);
    if (!req || !rep || !s) die("malloc");
    put_int(req, reqLen);
    put_int(req + 4, replyLen);
    put_int(req + 8, -1);
    put_int(req + 12, 0);
    for (int32_t i = 0; i < reqLen; i++) req[HEADER + i] = (char) (i * 31 + 7);
    size_t total = (size_t) HEADER + (size_t) reqLen;

    /* validate once: the echo must equal the request body */
    if (call_once(fd, req, total, rep, replyLen) < 0 || memcmp(rep + 4, req + HEADER, (size_t) replyLen) != 0) {
        printf("RESULT {\"case\":\"%s\",\"error\":\"validation failed: reply differs or connection lost\"}\n", id);
        fflush(stdout);
        exit(1);
    }
    int64_t warmEnd = now_ns() + warmMs * 1000000LL;
    for (long i = 0; i < warmCalls; i++) {
        if (call_once(fd, req, total, rep, replyLen) < 0) die("warm-up call");
        if ((i & 7) == 7 && now_ns() > warmEnd) break;
    }
    int64_t stop = now_ns() + maxMs * 1000000LL;
    long n = 0;
    while (n < calls) {
        int64_t t0 = now_ns();
        if (call_once(fd, req, total, rep, replyLen) < 0) die("timed call");
        int64_t t1 = now_ns();
        s[n++] = t1 - t0;
        if (t1 > stop && n >= minCalls) break;
    }
    double sum = 0;
    for (long i = 0; i < n; i++) sum += (double) s[i];
    qsort(s, (size_t) n, sizeof(int64_t), cmp_i64);
    printf("RESULT {\"case\":\"%s\",\"n\":%ld,\"p50_ns\":%lld,\"p99_ns\":%lld,\"mean_ns\":%.3f,"
           "\"min_ns\":%lld,\"max_ns\":%lld}\n",
           id, n, (long long) rank(s, n, 0.50), (long long) rank(s, n, 0.99), sum / (double) n,
           (long long) s[0], (long long) s[n - 1]);
    fflush(stdout);
    free(req);
    free(rep);
    free(s);
}

static int run_client(int argc, char **argv) {
    if (argc < 4 || (argc - 4) % 3 != 0) {
        fprintf(stderr, "usage: pingpong client host:port timing (id reqLen replyLen)...\n");
        return 2;
    }
    char host[256];
    const char *colon = strrchr(argv[2], ':');
    if (!colon || (size_t) (colon - argv[2]) >= sizeof host) {
        fprintf(stderr, "bad address %s\n", argv[2]);
        return 2;
    }
    memcpy(host, argv[2], (size_t) (colon - argv[2]));
    host[colon - argv[2]] = 0;
    /* the global warm-up (first field) is for JIT compilers, k for star: neither applies here */
    long warmAll, warmCalls, warmMs, calls, maxMs, minCalls, k;
    if (sscanf(argv[3], "%ld,%ld,%ld,%ld,%ld,%ld,%ld", &warmAll, &warmCalls, &warmMs, &calls, &maxMs, &minCalls,
               &k) != 7
        || calls < 1) {
        fprintf(stderr, "bad timing %s\n", argv[3]);
        return 2;
    }
    (void) warmAll;
    (void) k;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) die("socket");
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t) atoi(colon + 1));
    if (inet_pton(AF_INET, host, &a.sin_addr) != 1) {
        fprintf(stderr, "bad host %s\n", host);
        return 2;
    }
    if (connect(fd, (struct sockaddr *) &a, sizeof a) < 0) die("connect");
    nodelay(fd);
    if (shm_mode) {
        char path[256];
        snprintf(path, sizeof path, "/dev/shm/mobula-%d-rawc%lx", (int) getpid(), (long) shm_now());
        int sfd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
        if (sfd < 0) die("create segment");
        size_t size = SHM_HEADER_BYTES + 2 * (size_t) SHM_CAPACITY;
        if (ftruncate(sfd, (off_t) size) < 0) die("ftruncate");
        char *map = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, sfd, 0);
        close(sfd);
        if (map == MAP_FAILED) die("mmap");
        *(int32_t *) (map + SHM_CAPACITY_OFFSET) = SHM_CAPACITY;
        *(int64_t *) (map + SHM_CREATOR_PID_OFFSET) = (int64_t) getpid();
        *(int32_t *) (map + SHM_VERSION_OFFSET) = SHM_VERSION;
        __atomic_store_n((int32_t *) (map + SHM_MAGIC_OFFSET), SHM_MAGIC, __ATOMIC_RELEASE);
        char msg[4 + 256];
        int32_t len = (int32_t) strlen(path);
        put_int(msg, len);
        memcpy(msg + 4, path, (size_t) len);
        char ack;
        if (write_fully(fd, msg, 4 + (size_t) len) < 0 || read_fully(fd, &ack, 1) < 0 || ack != 1) {
            unlink(path);
            die("shm handshake");
        }
        chan = shm_attach(map, 1);
    }
    for (int i = 4; i < argc; i += 3) {
        long reqLen = atol(argv[i + 1]), replyLen = atol(argv[i + 2]);
        if (reqLen < 0 || reqLen > MAX_BODY || replyLen < 0 || replyLen > reqLen) {
            fprintf(stderr, "bad sizes for %s\n", argv[i]);
            return 2;
        }
        run_case(fd, argv[i], (int32_t) reqLen, (int32_t) replyLen, warmCalls, warmMs, calls, maxMs, minCalls);
    }
    printf("DONE\n");
    fflush(stdout);
    close(fd);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: pingpong server | pingpong client host:port timing (id reqLen replyLen)...\n");
        return 2;
    }
    pthread_t w;
    if (pthread_create(&w, NULL, watch_stdin, NULL) != 0) die("pthread_create");
    pthread_detach(w);
    if (strcmp(argv[1], "server") == 0) return run_server();
    if (strcmp(argv[1], "client") == 0) return run_client(argc, argv);
    shm_mode = 1;
    if (strcmp(argv[1], "shm-server") == 0) return run_server();
    if (strcmp(argv[1], "shm-client") == 0) return run_client(argc, argv);
    fprintf(stderr, "unknown role %s\n", argv[1]);
    return 2;
}
