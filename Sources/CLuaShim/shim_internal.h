#ifndef REORDER_CLUASHIM_INTERNAL_H
#define REORDER_CLUASHIM_INTERNAL_H
/*
 * Shared between the shim's C files; not visible to Swift.
 */
#include "shim.h"

#include <limits.h>
#include <time.h>

static inline long long rs_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* CPU time of the calling thread (a system call: read only when the wall clock says so). */
static inline long long rs_cpu_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Marks the budget spent and raises the budget error at the policy's line (the first Lua frame
   at or above `level` that is not one of the sandbox's own guards). `what`, when not NULL, names
   the library function whose work did not fit ("string.rep"). Never returns. */
void rs_budget_spent(lua_State *L, int level, const char *what);

/* Coverage (coverage.c): the mask every lua_sethook of the shim uses (LUA_MASKCOUNT, plus the
   line and call masks while coverage is on), and the handler of line and call events. */
int rs_hook_mask_slow(void);
/* Switches of coverage that are on (coverage.c); 0: off on every thread. */
extern int rs_cov_switches;
static inline int rs_hook_mask(void) {
    return __atomic_load_n(&rs_cov_switches, __ATOMIC_RELAXED) ? rs_hook_mask_slow() : LUA_MASKCOUNT;
}
void rs_cov_event(lua_State *L, lua_Debug *ar);

/* Charges `n` instructions of work done in C (n >= 0) to the VM's budget and its `charged`
   total. Raises the budget error (naming `what`) when the budget cannot pay for it. A VM without
   a budget (remaining == LLONG_MAX: trusted, or no call active) is only counted. */
static inline void rs_charge(lua_State *L, long long n, const char *what) {
    rs_vm *vm = rs_getvm(L);
    if (vm->remaining == LLONG_MAX) { vm->charged += n; return; }
    if (n < vm->remaining) {
        vm->remaining -= n;
        vm->charged += n;
        return;
    }
    vm->charged += vm->remaining > 0 ? vm->remaining : 0;
    rs_budget_spent(L, 1, what);
}

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
