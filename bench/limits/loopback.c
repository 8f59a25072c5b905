// What the kernel costs a server that does nothing but send, on TCP loopback: the floor under
// the realtime workloads of bench/run.mjs. Compiled at run time by bench/lib/limits.mjs with
// the machine's gcc; prints one JSON object.
//
//   loopback pingpong SIZE COUNT   round trips of a SIZE-byte frame over one connection
//   loopback fanout N SIZE ROUNDS  one frame to each of N connections, ROUNDS times, read by a
//                                  second process with epoll: CPU of both, arrival times
//   loopback idle N                RSS growth of an epoll server holding N idle connections
//
// The two ends are two processes (as a server and its clients are), so each one's CPU is its
// own and a wake-up crosses processes. Times are CLOCK_MONOTONIC, shared by both processes.
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/** Rounds of the fan-out that are not measured: connections and caches warm up. */
#define WARM_ROUNDS 5
/** Round trips of the ping-pong that are not measured. */
#define WARM_TRIPS 200
/** What an idle server keeps per connection besides the kernel's socket: an id, its store,
 * a read position, a pointer to a pooled buffer. */
#define RECORD_BYTES 64

static void die(const char *what) {
  fprintf(stderr, "loopback: %s: %s\n", what, strerror(errno));
  exit(1);
}

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

/** User and system CPU of this process so far, in µs. */
static void cpu_us(double *user, double *sys) {
  struct rusage u;
  if (getrusage(RUSAGE_SELF, &u) != 0) die("getrusage");
  *user = u.ru_utime.tv_sec * 1e6 + u.ru_utime.tv_usec;
  *sys = u.ru_stime.tv_sec * 1e6 + u.ru_stime.tv_usec;
}

static long rss_kib(void) {
  long pages = 0, resident = 0;
  FILE *f = fopen("/proc/self/statm", "r");
  if (!f || fscanf(f, "%ld %ld", &pages, &resident) != 2) die("statm");
  fclose(f);
  return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/** A listening socket on 127.0.0.1 at a port the kernel picks; its port in *port. */
static int listener(int backlog, int *port) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) die("socket");
  struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
  socklen_t len = sizeof a;
  if (bind(fd, (struct sockaddr *)&a, len) != 0) die("bind");
  if (listen(fd, backlog) != 0) die("listen");
  if (getsockname(fd, (struct sockaddr *)&a, &len) != 0) die("getsockname");
  *port = ntohs(a.sin_port);
  return fd;
}

static int dial(int port) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) die("socket");
  struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons(port),
                          .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
  if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) die("connect");
  return fd;
}

/** Frames are small and latency-bound, as a server's deliveries are: no Nagle delay. */
static void no_delay(int fd) {
  int on = 1;
  if (setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on) != 0) die("TCP_NODELAY");
}

static void read_exact(int fd, char *buf, size_t n) {
  while (n > 0) {
    ssize_t r = read(fd, buf, n);
    if (r <= 0) die("read");
    buf += r;
    n -= (size_t)r;
  }
}

static void write_all(int fd, const char *buf, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, buf, n);
    if (w <= 0) die("write");
    buf += w;
    n -= (size_t)w;
  }
}

static void print_samples(const char *name, const double *v, long n) {
  printf("\"%s\":[", name);
  for (long i = 0; i < n; i++) printf(i ? ",%.2f" : "%.2f", v[i]);
  printf("]");
}

/** Round trips of one frame over one connection; a one-way trip is half of one. */
static void pingpong(size_t size, long count) {
  int port;
  int lfd = listener(1, &port);
  pid_t child = fork();
  if (child < 0) die("fork");
  char *buf = calloc(1, size);
  if (child == 0) {
    int fd = dial(port);
    no_delay(fd);
    for (;;) {
      ssize_t r = read(fd, buf, size);
      if (r == 0) _exit(0);
      if (r < 0) die("read");
      read_exact(fd, buf + r, size - (size_t)r);
      write_all(fd, buf, size);
    }
  }
  int fd = accept(lfd, NULL, NULL);
  if (fd < 0) die("accept");
  no_delay(fd);
  double *rtt = malloc(sizeof(double) * (size_t)count);
  for (long i = -WARM_TRIPS; i < count; i++) {
    double t = now_us();
    write_all(fd, buf, size);
    read_exact(fd, buf, size);
    if (i >= 0) rtt[i] = now_us() - t;
  }
  close(fd);
  waitpid(child, NULL, 0);
  printf("{\"size\":%zu,", size);
  print_samples("roundTripUs", rtt, count);
  printf("}\n");
}

/** What the reading process hands back to the sending one. */
struct shared {
  volatile double t0;  // when the sender began the current round
  double user, sys;    // the reader's CPU over the measured rounds
  double samples[];    // each delivery's arrival after its round's start, then each round's last
};

/**
 * The sender writes one SIZE-byte frame to each of N connections, then waits until the reader
 * has all of them before the next round (one edit's fan-out at a time, as W1's one edit to all
 * sockets). The reader waits in epoll_wait and reads whatever is ready, as a client library
 * or a server's reading side does.
 */
static void fanout(int n, size_t size, int rounds) {
  long deliveries = (long)n * rounds;
  size_t bytes = sizeof(struct shared) + sizeof(double) * (size_t)(deliveries + rounds);
  struct shared *sh = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (sh == MAP_FAILED) die("mmap");
  int done[2];
  if (pipe(done) != 0) die("pipe");
  int port;
  int lfd = listener(n, &port);
  pid_t child = fork();
  if (child < 0) die("fork");
  if (child == 0) {
    int ep = epoll_create1(0);
    if (ep < 0) die("epoll_create1");
    long *got = calloc((size_t)n, sizeof(long));
    int *fds = malloc(sizeof(int) * (size_t)n);
    for (int i = 0; i < n; i++) {
      fds[i] = dial(port);
      no_delay(fds[i]);
      struct epoll_event ev = {.events = EPOLLIN, .data.u32 = (uint32_t)i};
      if (epoll_ctl(ep, EPOLL_CTL_ADD, fds[i], &ev) != 0) die("epoll_ctl");
    }
    static char buf[65536];
    struct epoll_event evs[1024];
    long total = (long)n * (rounds + WARM_ROUNDS), seen = 0;
    double user0 = 0, sys0 = 0;
    while (seen < total) {
      int k = epoll_wait(ep, evs, 1024, -1);
      if (k < 0 && errno == EINTR) continue;
      if (k < 0) die("epoll_wait");
      for (int e = 0; e < k; e++) {
        int i = (int)evs[e].data.u32;
        ssize_t r = read(fds[i], buf, sizeof buf);
        if (r <= 0) die("read");
        got[i] += r;
        // A frame counts when its last byte is in (frames may arrive in parts).
        while (got[i] >= (long)size) {
          got[i] -= (long)size;
          long round = seen / n - WARM_ROUNDS;
          double at = now_us() - sh->t0;
          if (round >= 0) sh->samples[seen - (long)n * WARM_ROUNDS] = at;
          seen++;
          if (seen % n == 0) {
            if (round >= 0) sh->samples[deliveries + round] = at;
            if (round == -1) cpu_us(&user0, &sys0);
            if (write(done[1], "r", 1) != 1) die("write");
          }
        }
      }
    }
    double user1, sys1;
    cpu_us(&user1, &sys1);
    sh->user = user1 - user0;
    sh->sys = sys1 - sys0;
    _exit(0);
  }
  int *fds = malloc(sizeof(int) * (size_t)n);
  for (int i = 0; i < n; i++) {
    fds[i] = accept(lfd, NULL, NULL);
    if (fds[i] < 0) die("accept");
    no_delay(fds[i]);
  }
  char *frame = calloc(1, size);
  char r;
  double user0 = 0, sys0 = 0;
  for (int round = -WARM_ROUNDS; round < rounds; round++) {
    if (round == 0) cpu_us(&user0, &sys0);
    sh->t0 = now_us();
    for (int i = 0; i < n; i++) write_all(fds[i], frame, size);
    if (read(done[0], &r, 1) != 1) die("read");
  }
  double user1, sys1;
  cpu_us(&user1, &sys1);
  if (waitpid(child, NULL, 0) < 0) die("waitpid");
  printf("{\"sockets\":%d,\"size\":%zu,\"deliveries\":%ld,", n, size, deliveries);
  printf("\"senderUserUs\":%.0f,\"senderSysUs\":%.0f,", user1 - user0, sys1 - sys0);
  printf("\"readerUserUs\":%.0f,\"readerSysUs\":%.0f,", sh->user, sh->sys);
  print_samples("arrivalUs", sh->samples, deliveries);
  printf(",");
  print_samples("lastArrivalUs", sh->samples + deliveries, rounds);
  printf("}\n");
}

/**
 * An epoll server accepts N connections and keeps a small record for each; its resident
 * memory before and after. The kernel's memory for the sockets is not in a process's RSS.
 */
static void idle(int n) {
  int ready[2], leave[2];
  if (pipe(ready) != 0 || pipe(leave) != 0) die("pipe");
  int port;
  int lfd = listener(4096, &port);
  pid_t child = fork();
  if (child < 0) die("fork");
  if (child == 0) {
    for (int i = 0; i < n; i++) dial(port);
    if (write(ready[1], "r", 1) != 1) die("write");
    char c;
    if (read(leave[0], &c, 1) < 0) die("read");
    _exit(0);
  }
  // Accepts until the queue is empty, then waits in epoll_wait, as an event loop does.
  if (fcntl(lfd, F_SETFL, O_NONBLOCK) != 0) die("fcntl");
  int ep = epoll_create1(0);
  if (ep < 0) die("epoll_create1");
  struct epoll_event ev = {.events = EPOLLIN, .data.ptr = NULL};
  if (epoll_ctl(ep, EPOLL_CTL_ADD, lfd, &ev) != 0) die("epoll_ctl");
  struct epoll_event evs[256];
  long before = rss_kib();
  int held = 0;
  while (held < n) {
    int k = epoll_wait(ep, evs, 256, -1);
    if (k < 0 && errno == EINTR) continue;
    if (k < 0) die("epoll_wait");
    for (int e = 0; e < k; e++) {
      if (evs[e].data.ptr != NULL) continue;
      for (;;) {
        int fd = accept4(lfd, NULL, NULL, SOCK_NONBLOCK);
        if (fd < 0) break;
        char *record = malloc(RECORD_BYTES);
        if (!record) die("malloc");
        memset(record, 1, RECORD_BYTES);
        struct epoll_event c = {.events = EPOLLIN, .data.ptr = record};
        if (epoll_ctl(ep, EPOLL_CTL_ADD, fd, &c) != 0) die("epoll_ctl");
        held++;
      }
    }
  }
  char c;
  if (read(ready[0], &c, 1) != 1) die("read");
  long after = rss_kib();
  if (write(leave[1], "l", 1) != 1) die("write");
  waitpid(child, NULL, 0);
  printf("{\"sockets\":%d,\"recordBytes\":%d,\"rssBeforeKiB\":%ld,\"rssAfterKiB\":%ld}\n",
         n, RECORD_BYTES, before, after);
}

int main(int argc, char **argv) {
  if (argc == 4 && strcmp(argv[1], "pingpong") == 0) {
    pingpong((size_t)atol(argv[2]), atol(argv[3]));
  } else if (argc == 5 && strcmp(argv[1], "fanout") == 0) {
    fanout(atoi(argv[2]), (size_t)atol(argv[3]), atoi(argv[4]));
  } else if (argc == 3 && strcmp(argv[1], "idle") == 0) {
    idle(atoi(argv[2]));
  } else {
    fprintf(stderr, "usage: loopback pingpong SIZE COUNT | fanout N SIZE ROUNDS | idle N\n");
    return 2;
  }
  return 0;
}
