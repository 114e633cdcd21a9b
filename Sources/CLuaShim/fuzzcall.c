/* The sandbox fuzzer's isolated call: see fuzzcall.h. */
#include "fuzzcall.h"
#include "shim.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double rs_now(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void rs_write_all(int fd, const void *buf, size_t len) {
    const char *p = (const char *)buf;
    while (len > 0) {
        ssize_t n = write(fd, p, len);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        p += n;
        len -= (size_t)n;
    }
}

/* The child: runs the call and reports. Only async-signal-safe calls besides Lua and malloc
   (glibc's malloc is usable after fork: it re-initialises its locks in the child). */
static void rs_fuzz_child(lua_State *L, int fd) {
    /* A crash ends the child quietly: not through the host's crash reporter (Swift's
       backtracer), whose handlers the fork inherited. */
    const int fatal[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) signal(fatal[i], SIG_DFL);
    rs_vm *vm = rs_getvm(L);
    vm->print_fn = NULL;
    vm->warn_fn = NULL;
    vm->host_fn = NULL;
    rs_fuzz_result r;
    memset(&r, 0, sizeof r);
    double wall = rs_now(CLOCK_MONOTONIC), cpu = rs_now(CLOCK_PROCESS_CPUTIME_ID);
    int status = rs_pcall(L, 0, 0, 0);
    r.seconds = rs_now(CLOCK_MONOTONIC) - wall;
    r.cpu_seconds = rs_now(CLOCK_PROCESS_CPUTIME_ID) - cpu;
    r.exhausted = vm->last_exhausted;
    if (status == LUA_OK) {
        r.outcome = RS_FUZZ_RETURNED;
    } else {
        r.outcome = RS_FUZZ_RAISED;
        size_t len = 0;
        const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : "(not a string)";
        if (msg == NULL) { msg = "(no message)"; len = strlen(msg); }
        if (len >= sizeof r.message) len = sizeof r.message - 1;
        memcpy(r.message, msg, len);
        r.message[len] = 0;
    }
    rs_write_all(fd, &r, sizeof r);
    _exit(0);
}

void rs_fuzz_call(lua_State *L, double timeout, rs_fuzz_result *out) {
    memset(out, 0, sizeof *out);
    int fds[2];
    if (pipe(fds) != 0) {
        out->outcome = RS_FUZZ_NOFORK;
        out->signal = errno;
        lua_pop(L, 1);
        return;
    }
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        rs_fuzz_child(L, fds[1]);
    }
    lua_pop(L, 1);
    close(fds[1]);
    if (pid < 0) {
        out->outcome = RS_FUZZ_NOFORK;
        out->signal = errno;
        close(fds[0]);
        return;
    }
    size_t got = 0;
    double deadline = rs_now(CLOCK_MONOTONIC) + timeout;
    int timed_out = 0;
    while (got < sizeof *out) {
        double left = deadline - rs_now(CLOCK_MONOTONIC);
        if (left <= 0) { timed_out = 1; break; }
        struct pollfd p = { .fd = fds[0], .events = POLLIN, .revents = 0 };
        int ready = poll(&p, 1, (int)(left * 1000) + 1);
        if (ready < 0 && errno == EINTR) continue;
        if (ready == 0) { timed_out = 1; break; }
        if (ready < 0) break;
        ssize_t n = read(fds[0], (char *)out + got, sizeof *out - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;   /* the child is gone */
        got += (size_t)n;
    }
    close(fds[0]);
    if (timed_out) kill(pid, SIGKILL);
    int wstatus = 0;
    while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR) {}
    if (got == sizeof *out) return;
    memset(out, 0, sizeof *out);
    if (timed_out) {
        out->outcome = RS_FUZZ_TIMEOUT;
        out->seconds = timeout;
    } else {
        out->outcome = RS_FUZZ_CRASHED;
        out->signal = WIFSIGNALED(wstatus) ? WTERMSIG(wstatus) : 0;
    }
}

int rs_fuzz_sanitized(void) { return RS_SANITIZER_SLOWDOWN > 1; }
