#ifndef REORDER_CLUASHIM_INTERNAL_H
#define REORDER_CLUASHIM_INTERNAL_H
/*
 * Shared between the shim's C files; not visible to Swift.
 */
#include "shim.h"

#include <limits.h>
#include <pthread.h>
#include <time.h>

/* CPU time of the calling thread (a system call). */
static inline long long rs_cpu_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Marks the budget spent and raises the budget error at the policy's line (the first Lua frame
   at or above `level` that is not one of the sandbox's own guards). `what`, when not NULL, names
   the library function whose work did not fit ("string.rep"). Never returns. */
void rs_budget_spent(lua_State *L, int level, const char *what);
/* Raises the current call's budget error again (its `spent` message), once the budget is spent. */
void rs_reraise_spent(lua_State *L);
/* Puts "source:line: " of the function at `level` (luaL_where) in front of the string on top
   of the stack, with the cap lifted. */
void rs_prefix_where(lua_State *L, int level);

/* Coverage (coverage.c): the mask every lua_sethook of the shim uses (LUA_MASKCOUNT, plus the
   line and call masks while coverage is on), and the handler of line and call events. */
int rs_hook_mask_slow(void);
/* Switches of coverage that are on (coverage.c); 0: off on every thread. */
extern int rs_cov_switches;
static inline int rs_hook_mask(void) {
    return __atomic_load_n(&rs_cov_switches, __ATOMIC_RELAXED) ? rs_hook_mask_slow() : LUA_MASKCOUNT;
}
void rs_cov_event(lua_State *L, lua_Debug *ar);

/* Saturating arithmetic for instruction counts: a charge saturated to LLONG_MAX (a cost too large
   to count) never overflows a total. */
static inline long long rs_sat_add(long long a, long long b) {
    long long r;
    if (__builtin_add_overflow(a, b, &r)) return b > 0 ? LLONG_MAX : LLONG_MIN;
    return r;
}
static inline long long rs_sat_sub(long long a, long long b) {
    long long r;
    if (__builtin_sub_overflow(a, b, &r)) return b < 0 ? LLONG_MAX : LLONG_MIN;
    return r;
}
static inline long long rs_sat_mul(long long a, long long b) {
    long long r;
    if (__builtin_mul_overflow(a, b, &r)) return (a < 0) != (b < 0) ? LLONG_MIN : LLONG_MAX;
    return r;
}

/* Charges `n` instructions of work done in C (n >= 0) to the VM's budget and its `charged`
   total. Raises the budget error (naming `what`) when the budget cannot pay for it. A call without
   a budget (trusted, or no call active) is only counted. */
static inline void rs_charge(lua_State *L, long long n, const char *what) {
    rs_vm *vm = rs_getvm(L);
    if (!vm->budgeted) { vm->charged = rs_sat_add(vm->charged, n); return; }
    if (n < vm->remaining) {
        vm->remaining -= n;
        vm->charged = rs_sat_add(vm->charged, n);
        return;
    }
    vm->charged = rs_sat_add(vm->charged, vm->remaining > 0 ? vm->remaining : 0);
    rs_budget_spent(L, 1, what);
}

/* ---- the clock: the time bound of a call (clock.c) ----
   Each OS thread that runs Lua has a slot. The thread marks in it which Lua state runs now (the
   main state of a call, or the coroutine it resumed) and the id of its outermost time-limited
   call; a process-wide clock thread reads the slots every RS_CLOCK_TICK_NS, measures a timed call
   by the CPU clock of its thread, and once the call is past its limit marks it expired and sends
   the thread a signal whose handler sets the running state's count hook to fire at its next
   instruction (lua_sethook from a signal handler, as lua.c does for Ctrl-C). The count hook
   then raises the budget error. Stop requests (Ctrl-C, a watchdog) reach a running call the same
   way. On the hot path a call only writes its own slot (plain stores and atomic builtins without
   fences, no system call). */
typedef struct rs_slot {
    /* The timed call: written by the slot's thread, read by the clock thread (atomic builtins). */
    unsigned long call;      /* id of the outermost time-limited call running on the thread; 0: none */
    long long limit_ns;      /* its CPU-time limit (stored before `call`) */
    /* Written by the clock thread, read by the slot's thread. */
    unsigned long expired;   /* the id of a call the clock found past its limit */
    long long expired_ns;    /* the CPU time that call had used then (stored before `expired`) */
    /* Written by stop requests (any thread, or a signal handler), read by the clock thread. */
    int poke;
    /* The slot's thread and its signal handler (the clock thread reads `running` and `in_host`). */
    lua_State *running;      /* the Lua state running Lua code on this thread now; NULL: none */
    int in_host;             /* host code called from Lua runs now: the handler arms nothing (the
                                way back into Lua does), and the clock sends no signal */
    int busy;                /* the thread is changing `running` or a hook: the handler leaves it */
    lua_State *armed;        /* the state whose count hook was set to fire at its next instruction */
    unsigned long next_call; /* the last call id given out (the slot's thread only) */
    /* The clock thread's own (under its lock). */
    pthread_t thread;
    clockid_t cpu_clock;
    int in_use;
    unsigned long seen_call;
    long long seen_cpu;
    struct rs_slot *next;
} rs_slot;

#define RS_CLOCK_TICK_NS 2000000LL   /* the clock looks at the running calls every 2 ms */

/* The calling thread's slot (registered on first use; never NULL). */
extern _Thread_local rs_slot *rs_tls_slot;
rs_slot *rs_slot_register(void);
static inline rs_slot *rs_slot_self(void) {
    rs_slot *s = rs_tls_slot;
    return __builtin_expect(s != NULL, 1) ? s : rs_slot_register();
}

/* The count hook (shim.c): every state of every VM has it installed. */
void rs_hook(lua_State *L, lua_Debug *ar);

/* Whether the Lua code of `vm` running on slot `s` must stop at its next instruction: its budget
   is spent, a stop is requested, or the timed call of the thread is past its limit. */
static inline int rs_must_stop(rs_slot *s, rs_vm *vm) {
    if (vm->exhausted || __atomic_load_n(&vm->stop, __ATOMIC_RELAXED)) return 1;
    unsigned long call = __atomic_load_n(&s->call, __ATOMIC_RELAXED);
    return call != 0 && __atomic_load_n(&s->expired, __ATOMIC_ACQUIRE) == call;
}

/* Sets the count hook of the running state to fire at its next instruction, when Lua code runs
   and it is not armed already. The signal handler's work, also done by the thread itself. */
void rs_arm(rs_slot *s);
/* The state `armed` stops running: back to its hook interval; then, with `arm`, the running
   state is armed when its VM must stop (rs_must_stop). */
void rs_run_slow(rs_slot *s, lua_State *armed, int arm);

/* Makes `to` the state running Lua code on the slot's thread (NULL: none), with `in_host` set
   while host code called from Lua runs. Keeps the rule that only the running state is armed: an
   armed state that stops running goes back to its interval, and the new running state is armed
   when its VM must stop. A few plain stores when nothing is armed. */
static inline void rs_run(rs_slot *s, lua_State *to, int in_host) {
    __atomic_store_n(&s->busy, 1, __ATOMIC_RELAXED);
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    lua_State *armed = __atomic_load_n(&s->armed, __ATOMIC_RELAXED);
    __atomic_store_n(&s->running, to, __ATOMIC_RELAXED);
    __atomic_store_n(&s->in_host, in_host, __ATOMIC_RELAXED);
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    __atomic_store_n(&s->busy, 0, __ATOMIC_RELAXED);
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    if (__builtin_expect(armed != NULL, 0) || (to != NULL && !in_host && rs_must_stop(s, rs_getvm(to))))
        rs_run_slow(s, armed, 1);
}

/* The clock thread sleeps (after a second without a timed call) until rs_clock_wake posts it. */
extern int rs_clock_asleep;
void rs_clock_wake(void);

/* Starts the clock of a time-limited call on slot `s` (the outermost one of its thread): a few
   stores. rs_clock_stop ends it. */
static inline void rs_clock_start(rs_slot *s, long long limit_ns) {
    unsigned long id = ++s->next_call;
    if (__builtin_expect(id == 0, 0)) id = ++s->next_call;   /* 0 means "none" */
    __atomic_store_n(&s->limit_ns, limit_ns, __ATOMIC_RELAXED);
    __atomic_store_n(&s->call, id, __ATOMIC_RELEASE);
    if (__builtin_expect(__atomic_load_n(&rs_clock_asleep, __ATOMIC_RELAXED), 0)) rs_clock_wake();
}
static inline void rs_clock_stop(rs_slot *s) { __atomic_store_n(&s->call, 0UL, __ATOMIC_RELEASE); }

/* Asks the clock thread to look at slot `s` now (a stop was requested for a VM running there).
   Async-signal-safe. */
void rs_clock_poke(rs_slot *s);

/* Bytes copied or scanned, in instructions (RS_BYTES_PER_INSTRUCTION bytes each). */
#define RS_BYTES(n) ((long long)(n) / RS_BYTES_PER_INSTRUCTION)

/* What a call of a guarded C function costs before any work: the call itself and the guards
   around it take 50-100 ns, some 16 instructions' time. */
#define RS_CALL_COST 16

/* String positions given to the string functions (Lua 5.4 manual, §6.4: a negative position
   counts from the end, -1 being the last byte). A start position (string.find's `init`,
   string.byte's `i`) as a 1-based index: 0, and any position before the first byte, mean the
   first byte; it may be past the end. */
static inline size_t rs_start_position(lua_Integer pos, size_t len) {
    if (pos > 0) return (size_t)pos;
    if (pos == 0) return 1;
    lua_Unsigned back = (lua_Unsigned)0 - (lua_Unsigned)pos;   /* -pos, also for the minimum */
    return back > len ? 1 : len - (size_t)back + 1;
}

/* An end position (string.byte's `j`), clamped to the string: past the end means the last byte,
   before the first byte 0 (an empty range). */
static inline size_t rs_end_position(lua_Integer pos, size_t len) {
    if (pos >= 0) return (lua_Unsigned)pos > len ? len : (size_t)pos;
    lua_Unsigned back = (lua_Unsigned)0 - (lua_Unsigned)pos;
    return back > len ? 0 : len - (size_t)back + 1;
}

/* Installs string.find, match, gmatch and gsub (pattern.c) into the string table at `str`. */
void rs_open_patterns(lua_State *L, int str);

/* Installs the sandbox's table functions (tables.c) into the table library at index `t`. */
void rs_open_table(lua_State *L, int t);

/* Installs the sandbox's bounded library functions into the global table at index `g`
   (called by rs_openlibs for sandboxed states, before the libraries are made read-only). */
void rs_open_bounded(lua_State *L, int g);

/* Loads a chunk from memory through a reader that feeds it in RS_PARSE_PIECE pieces and stops
   a parse that runs too long: past `deadline_ns` of the thread's CPU time (0: none) or, when
   `charge` is set, past the instruction budget (parse work charged at one instruction per byte
   read and per RS_NS_PER_INSTRUCTION of parse time, whichever is more). The message of a stopped parse
   names the chunk and the line the parser had reached. */
int rs_load_bounded(lua_State *L, const char *buf, size_t len, const char *chunkname,
                    const char *mode, long long deadline_ns, int charge);

#endif
