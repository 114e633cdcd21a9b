/*
 * The clock that bounds the time of a call (see shim_internal.h, "the clock", and
 * docs/SANDBOX.md, "The time of a call").
 *
 * The count hook only runs between instructions, every hook_step of them, so it cannot stop a
 * call that fires no hook (a fresh coroutine, a short call) while single instructions do work
 * that grows with their operands (`a < b` on strings of NULs calls strcoll once per piece). So
 * the time of a call is watched from outside the Lua thread:
 *
 *  - Each OS thread that runs Lua has a slot (rs_slot), registered on its first call and reused
 *    after the thread ends (slots are never freed: a VM may keep a pointer to one). The thread
 *    writes in it which Lua state runs now and the id of its outermost time-limited call.
 *  - One clock thread per process reads the slots every RS_CLOCK_TICK_NS. A timed call seen at
 *    two looks is measured by the CPU clock of its thread (pthread_getcpuclockid: a machine busy
 *    with other work does not shorten a call); once it has used its limit the clock marks it
 *    expired and sends its thread RS_CLOCK_SIGNAL, again at every look until the call ends.
 *  - The handler, on the Lua thread, sets the count hook of the running state to fire at its
 *    next instruction (lua_sethook from a signal handler: what lua.c does for Ctrl-C, and what
 *    Lua's hook fields are made for, ldo.c luaD_hook: "can be changed asynchronously by
 *    signals"). lua_sethook from another thread would walk the call list of a running state
 *    while that thread may free it.
 *  - The hook then raises the budget error (shim.c rs_hook). Between two fires the thread keeps
 *    the rule that only the running state is armed (rs_run): a resume, a return, the end of a
 *    call move or drop the arm, so no state is left armed after its call.
 *
 * After RS_CLOCK_IDLE_NS without a timed call the clock thread sleeps on its semaphore until a
 * call starts (rs_clock_start posts it) or a stop is requested (rs_clock_poke).
 */
#define _GNU_SOURCE
#include "shim_internal.h"

#include <errno.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Thread_local rs_slot *rs_tls_slot = NULL;

#define RS_CLOCK_IDLE_NS 1000000000LL   /* 1 s without a timed call: the clock sleeps */

static pthread_mutex_t rs_clock_lock = PTHREAD_MUTEX_INITIALIZER;
static rs_slot *rs_slots = NULL;          /* every slot made (under the lock) */
static pthread_once_t rs_clock_once = PTHREAD_ONCE_INIT;
static pthread_key_t rs_slot_key;         /* releases a thread's slot when the thread ends */
static sem_t rs_clock_sem;                /* wakes the clock thread: a call started while it slept, or a stop */
static int rs_clock_signal = 0;           /* the signal the clock sends; 0: no clock (it could not start) */
int rs_clock_asleep = 0;                  /* the clock thread sleeps until posted (atomic) */

static long long rs_mono_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* ------------------------------------------------------------------------------------------ */
/* arming (the slot's own thread: its code and its signal handler)                            */

static inline void rs_busy(rs_slot *s, int on) {
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    __atomic_store_n(&s->busy, on, __ATOMIC_RELAXED);
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
}

void rs_arm(rs_slot *s) {
    lua_State *L = __atomic_load_n(&s->running, __ATOMIC_RELAXED);
    if (L == NULL || __atomic_load_n(&s->in_host, __ATOMIC_RELAXED)) return;
    if (__atomic_load_n(&s->armed, __ATOMIC_RELAXED) == L) return;
    if (!rs_must_stop(s, rs_getvm(L))) return;
    rs_busy(s, 1);
    lua_sethook(L, rs_hook, lua_gethookmask(L) | LUA_MASKCOUNT, 1);
    __atomic_store_n(&s->armed, L, __ATOMIC_RELAXED);
    rs_busy(s, 0);
}

void rs_run_slow(rs_slot *s, lua_State *old, int arm) {
    lua_State *now = __atomic_load_n(&s->running, __ATOMIC_RELAXED);
    int in_host = __atomic_load_n(&s->in_host, __ATOMIC_RELAXED);
    if (old != NULL && (old != now || in_host || !rs_must_stop(s, rs_getvm(old)))) {
        /* `old` was running a moment ago, so it is alive: its hook goes back to its interval. */
        rs_busy(s, 1);
        lua_sethook(old, rs_hook, lua_gethookmask(old) | LUA_MASKCOUNT, rs_getvm(old)->hook_step);
        if (__atomic_load_n(&s->armed, __ATOMIC_RELAXED) == old) __atomic_store_n(&s->armed, NULL, __ATOMIC_RELAXED);
        rs_busy(s, 0);
    }
    if (arm) rs_arm(s);
}

/* The clock's signal: arm the running state unless the thread is between two of its own
   changes (it looks at rs_must_stop itself when it is done with them). */
static void rs_clock_on_signal(int sig) {
    (void)sig;
    int saved = errno;
    rs_slot *s = rs_tls_slot;
    if (s != NULL && !__atomic_load_n(&s->busy, __ATOMIC_RELAXED)) rs_arm(s);
    errno = saved;
}

/* ------------------------------------------------------------------------------------------ */
/* the clock thread                                                                           */

static long long rs_slot_cpu(rs_slot *s) {
    struct timespec t;
    if (clock_gettime(s->cpu_clock, &t) != 0) return 0;
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* One look at every slot (under the lock, so no slot's thread can end meanwhile: pthread_kill
   only reaches live threads). Returns whether a timed call is running anywhere. */
static int rs_clock_scan(void) {
    int active = 0;
    pthread_mutex_lock(&rs_clock_lock);
    for (rs_slot *s = rs_slots; s != NULL; s = s->next) {
        if (!s->in_use) continue;
        int interrupt = __atomic_exchange_n(&s->poke, 0, __ATOMIC_ACQ_REL);
        unsigned long call = __atomic_load_n(&s->call, __ATOMIC_ACQUIRE);
        if (call == 0) {
            s->seen_call = 0;
        } else {
            active = 1;
            long long cpu = rs_slot_cpu(s);
            if (call != s->seen_call) {
                /* First seen: measured from now (what ran before this look, at most one tick,
                   is not counted: the limit is never cut short). */
                s->seen_call = call;
                s->seen_cpu = cpu;
            } else {
                long long used = cpu - s->seen_cpu;
                if (used >= __atomic_load_n(&s->limit_ns, __ATOMIC_RELAXED)) {
                    if (__atomic_load_n(&s->expired, __ATOMIC_RELAXED) != call) {
                        __atomic_store_n(&s->expired_ns, used, __ATOMIC_RELAXED);
                        __atomic_store_n(&s->expired, call, __ATOMIC_RELEASE);
                    }
                    /* Every look until the call ends: an arm lost to a race is made again. */
                    interrupt = 1;
                }
            }
        }
        if (interrupt && __atomic_load_n(&s->running, __ATOMIC_RELAXED) != NULL &&
            !__atomic_load_n(&s->in_host, __ATOMIC_RELAXED))
            pthread_kill(s->thread, rs_clock_signal);
    }
    pthread_mutex_unlock(&rs_clock_lock);
    return active;
}

static void rs_nap(long long ns) {
    struct timespec t = {(time_t)(ns / 1000000000LL), (long)(ns % 1000000000LL)};
    while (nanosleep(&t, &t) != 0 && errno == EINTR) {}
}

static void *rs_clock_main(void *arg) {
    (void)arg;
    long long idle_since = rs_mono_ns();
    for (;;) {
        long long now = rs_mono_ns();
        if (rs_clock_scan()) {
            idle_since = now;
        } else if (now - idle_since >= RS_CLOCK_IDLE_NS) {
            __atomic_store_n(&rs_clock_asleep, 1, __ATOMIC_SEQ_CST);
            /* A call that started as the flag was set may have read it as 0 and not posted; its
               own store of `call` is visible well within a tick, so look once more then. */
            rs_nap(RS_CLOCK_TICK_NS);
            if (!rs_clock_scan())
                while (sem_wait(&rs_clock_sem) != 0 && errno == EINTR) {}
            __atomic_store_n(&rs_clock_asleep, 0, __ATOMIC_SEQ_CST);
            while (sem_trywait(&rs_clock_sem) == 0) {}
            idle_since = rs_mono_ns();
            continue;
        }
        long long next = rs_mono_ns() + RS_CLOCK_TICK_NS;
        struct timespec t = {(time_t)(next / 1000000000LL), (long)(next % 1000000000LL)};
        while (sem_clockwait(&rs_clock_sem, CLOCK_MONOTONIC, &t) != 0 && errno == EINTR) {}
        while (sem_trywait(&rs_clock_sem) == 0) {}   /* posts that came together count once */
    }
    return NULL;
}

static void rs_slot_release(void *p) {
    rs_slot *s = (rs_slot *)p;
    pthread_mutex_lock(&rs_clock_lock);
    s->in_use = 0;
    __atomic_store_n(&s->call, 0UL, __ATOMIC_RELAXED);
    __atomic_store_n(&s->running, NULL, __ATOMIC_RELAXED);
    __atomic_store_n(&s->armed, NULL, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&rs_clock_lock);
    rs_tls_slot = NULL;
}

/* The clock's signal: a real-time signal nobody in the process handles yet, from the top. */
static int rs_pick_signal(void) {
    for (int sig = SIGRTMAX - 1; sig >= SIGRTMIN + 2; sig--) {
        struct sigaction old;
        if (sigaction(sig, NULL, &old) != 0) continue;
        if ((old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL) continue;
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = rs_clock_on_signal;
        sigemptyset(&sa.sa_mask);
        /* SA_RESTART: a system call the signal interrupts (host code, rarely reached) goes on. */
        sa.sa_flags = SA_RESTART | SA_ONSTACK;
        if (sigaction(sig, &sa, NULL) == 0) return sig;
    }
    return 0;
}

static void rs_clock_init(void) {
    if (sem_init(&rs_clock_sem, 0, 0) != 0) return;
    if (pthread_key_create(&rs_slot_key, rs_slot_release) != 0) return;
    int sig = rs_pick_signal();
    if (sig == 0) return;
    /* The clock thread takes no signal (SIGINT and the others go to the other threads): it is
       made with every signal blocked. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_t t;
    int made = pthread_create(&t, &attr, rs_clock_main, NULL) == 0;
    pthread_attr_destroy(&attr);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (!made) {
        fprintf(stderr, "reorder: cannot start the clock thread: Lua calls are bounded by instructions only\n");
        return;
    }
    __atomic_store_n(&rs_clock_signal, sig, __ATOMIC_RELEASE);
}

/* A thread's slot when the process cannot make one (out of memory): not on the clock. */
static _Thread_local rs_slot rs_unclocked;

rs_slot *rs_slot_register(void) {
    pthread_once(&rs_clock_once, rs_clock_init);
    if (__atomic_load_n(&rs_clock_signal, __ATOMIC_ACQUIRE) == 0) {
        rs_tls_slot = &rs_unclocked;
        return rs_tls_slot;
    }
    /* Worker threads of libdispatch (Swift's concurrency pool, test runners) start with almost
       every signal blocked; the clock's own signal must reach this thread when it runs Lua. No
       one else uses that signal, so unblocking it changes nothing else for the thread. */
    sigset_t clock_signal;
    sigemptyset(&clock_signal);
    sigaddset(&clock_signal, rs_clock_signal);
    pthread_sigmask(SIG_UNBLOCK, &clock_signal, NULL);
    pthread_mutex_lock(&rs_clock_lock);
    rs_slot *s = NULL;
    for (rs_slot *t = rs_slots; t != NULL; t = t->next)
        if (!t->in_use) { s = t; break; }
    if (s == NULL && (s = (rs_slot *)calloc(1, sizeof *s)) != NULL) {
        s->next = rs_slots;
        rs_slots = s;
    }
    if (s == NULL) {
        pthread_mutex_unlock(&rs_clock_lock);
        rs_tls_slot = &rs_unclocked;
        return rs_tls_slot;
    }
    /* A reused slot keeps `next_call` and `expired`: the ids its new thread gives out are new. */
    s->in_use = 1;
    s->thread = pthread_self();
    if (pthread_getcpuclockid(s->thread, &s->cpu_clock) != 0) s->cpu_clock = CLOCK_THREAD_CPUTIME_ID;
    s->seen_call = 0;
    __atomic_store_n(&s->call, 0UL, __ATOMIC_RELAXED);
    __atomic_store_n(&s->poke, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&s->running, NULL, __ATOMIC_RELAXED);
    __atomic_store_n(&s->in_host, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&s->busy, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&s->armed, NULL, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&rs_clock_lock);
    pthread_setspecific(rs_slot_key, s);
    rs_tls_slot = s;
    return s;
}

void rs_clock_wake(void) {
    /* Only a running clock thread sleeps: the semaphore exists then. The first call to see it
       asleep posts; the calls after it (before the clock thread has run) need not. */
    if (__atomic_exchange_n(&rs_clock_asleep, 0, __ATOMIC_SEQ_CST)) sem_post(&rs_clock_sem);
}

void rs_clock_poke(rs_slot *s) {
    if (s == NULL || __atomic_load_n(&rs_clock_signal, __ATOMIC_ACQUIRE) == 0) return;
    __atomic_store_n(&s->poke, 1, __ATOMIC_RELEASE);
    sem_post(&rs_clock_sem);
}
