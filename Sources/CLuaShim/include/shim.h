#ifndef REORDER_CLUASHIM_H
#define REORDER_CLUASHIM_H
/*
 * The C corner of the Lua host.
 *
 * Swift cannot import Lua's function-like macros or variadic functions, and a Lua error is a
 * longjmp that must never cross a Swift frame. Everything here follows one rule: Swift runs
 * Lua code only through functions of this file that call it under lua_pcall (rs_pcall,
 * rs_openlibs, ...), and a C function exposed to Lua that needs Swift (rs_push_host_function)
 * calls Swift through a function pointer and raises (in C) when Swift reports an error.
 *
 * Outside a protected call Swift also calls, directly, Lua API functions that cannot raise a
 * Lua error: stack moves and reads (lua_gettop, lua_settop, lua_pushvalue, lua_type,
 * lua_toboolean, lua_tointegerx, lua_tonumberx, lua_absindex, lua_rotate, lua_checkstack),
 * raw reads (lua_rawgeti, lua_rawget, and lua_next on a table whose keys the traversal does
 * not change: the only error lua_next raises is for a key that is not in the table), and
 * pushes and raw sets of non-nil, non-NaN keys with the memory cap lifted (rs_lift), which can
 * fail only when the process itself is out of memory. LuaVM.push(LuaValue) checks keys before
 * it sets them.
 *
 * Each state made by rs_newstate carries an rs_vm (in its extra space) with:
 *  - an allocator with a memory cap (never fails a shrink; the cap can be lifted while the
 *    host builds values, so host-side pushes never raise),
 *  - an instruction budget enforced by a count hook, reset at every rs_pcall, shared by every
 *    coroutine of the state, and charged for work done in C by the sandbox's library
 *    (sandbox.c) and for memory allocated by Lua code,
 *  - print/warn sinks and a host callback, all plain C function pointers.
 */
#include <stddef.h>
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

/* Host callbacks. `owner` is the pointer given to rs_newstate (an unretained Swift object). */
typedef void (*rs_text_fn)(void *owner, const char *text, size_t len);
/* Called by host closures (rs_push_host_function) with the cap lifted: policies' ctx.item and
   the whole session API (s:press, reorder.session, ...). Reads the arguments at stack 1...top,
   pushes results and returns their count, or pushes an error message (a string) and returns
   -1: C then raises it as a Lua error at the caller's position. It calls nothing that can
   raise except under a protected call (a session method runs an inline policy's hooks through
   rs_pcall), so no error unwinds through the Swift frames between. */
typedef int (*rs_host_fn)(void *owner, lua_State *L, int op);

/* A thread's place on the clock that bounds the time of a call (clock.c): opaque to Swift. */
struct rs_slot;

/* The longest budget error message kept for re-raising (see `spent`). */
#define RS_SPENT_MAX 320

typedef struct rs_vm {
    size_t used;          /* bytes currently allocated */
    size_t peak;          /* highest `used` seen (host pushes included) */
    size_t limit;         /* memory cap in bytes; 0 = none */
    int lifted;           /* > 0: the cap is lifted (host is building values) */
    int sandboxed;
    long long budget;     /* instructions per top-level call; <= 0 = no budget */
    int budgeted;         /* the current call has a budget, which `remaining` counts down; 0: it has
                             none (trusted code, or no call active) and `remaining` means nothing */
    long long remaining;  /* instructions left in the current call (when `budgeted`) */
    long long call_budget; /* the budget the current call started with (its own, or the enclosing
                              call's when it has none): the number budget errors print */
    int exhausted;        /* the budget (or the time limit) ran out in the current call */
    int last_exhausted;   /* the budget stopped the last rs_pcall */
    int hook_step;        /* the count hook fires every hook_step instructions */
    long long budget_errors;  /* how many times the budget stopped a call (statistics) */
    long long charged;    /* instructions charged since the state was made: hook fires,
                             per-resume charges and C-work charges (never reset, saturating; for
                             per-frame / per-drag budgets read it before and after) */
    int stop;             /* a stop was requested from another thread or a signal handler (the
                             watchdog, Ctrl-C): set and read only through rs_request_stop,
                             rs_clear_stop and the count hook, with atomic builtins */
    struct rs_slot *slot; /* the clock slot of the thread that runs (or last ran) the VM's calls;
                             written by that thread, read by stop requests (atomic builtins) */
    lua_State *hook_raised; /* the Lua thread (state) on which the count hook last raised an error:
                             such a thread runs with hooks off until the error is caught */
    void *owner;
    rs_text_fn print_fn;
    rs_text_fn warn_fn;
    rs_host_fn host_fn;
    int warn_on;          /* warn("@on") / warn("@off") */
    size_t warn_len;
    char warn_buf[512];
    char spent[RS_SPENT_MAX]; /* the budget error of the current call: once the budget is spent,
                             every later instruction of the call raises it again */
} rs_vm;

/* Limits of C functions a count hook cannot interrupt (sandboxed states only). */
#define RS_REP_LIMIT        ((size_t)1 << 20)   /* string.rep result bytes */
#define RS_PATTERN_MAXLEN   ((size_t)1 << 20)   /* subject bytes for any pattern function */

/* Work done in C is charged to the instruction budget (see sandbox.c, docs/SANDBOX.md). */
#define RS_BYTES_PER_INSTRUCTION 16             /* bytes copied or scanned per instruction */
#define RS_ALLOC_BYTES_PER_INSTRUCTION 64      /* bytes allocated by Lua code per instruction */
#define RS_NS_PER_INSTRUCTION    2LL            /* parse time charged: one instruction per 2 ns */
/* Sanitizer builds (ASan, TSan, UBSan) run C work several times slower: their CPU-time limits
   below are this many times longer, so a sanitizer build stops what a plain build stops and
   finishes what a plain build finishes. (UBSan's checks, in the shim's C only, slowed
   string.match and %b over 512 KiB subjects about four times: 14-15 ms where a plain build
   takes under the 3.6 ms budget.) Shipped builds have no sanitizer: 1. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(undefined_behavior_sanitizer)
#define RS_SANITIZER_SLOWDOWN 5LL
#endif
#endif
#if !defined(RS_SANITIZER_SLOWDOWN) && (defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__))
#define RS_SANITIZER_SLOWDOWN 5LL
#endif
#ifndef RS_SANITIZER_SLOWDOWN
#define RS_SANITIZER_SLOWDOWN 1LL
#endif
#define RS_NS_PER_BUDGET_INSTRUCTION (100LL * RS_SANITIZER_SLOWDOWN) /* a call may use budget * 100 ns of CPU time */
#define RS_PARSE_PIECE           1024           /* the parser is fed (and checked) per 1 KiB */
#define RS_PARSE_DEADLINE_NS     (500000000LL * RS_SANITIZER_SLOWDOWN) /* host-side parse of a policy chunk: 500 ms of CPU */
#define RS_PRINT_MAX             ((size_t)4096) /* bytes of a sandbox's print line passed to the host */
#define RS_LOAD_LIMIT            ((size_t)1 << 20) /* bytes of a chunk given to `load` */

/* The message all budget errors carry (after "file:line: "). */
#define RS_BUDGET_MESSAGE "instruction budget exceeded"

/* ---- states ---- */
/* A new state with the capped allocator, panic and warn functions, and the count hook.
   Returns NULL when the allocation fails. `budget` <= 0: unlimited; `limit` 0: no cap. */
lua_State *rs_newstate(size_t limit, long long budget, int hook_step, void *owner,
                       rs_text_fn print_fn, rs_text_fn warn_fn, rs_host_fn host_fn);
/* Closes the state (finalizers run with a fresh budget) and frees the rs_vm. */
void rs_close(lua_State *L);
rs_vm *rs_getvm(lua_State *L);
/* Opens the libraries under lua_pcall: sandboxed (policies) or trusted (all standard
   libraries). Either way `print` goes to print_fn and math.random is seeded with a fixed
   seed. Returns a lua status; on error the message is on the stack. */
int rs_openlibs(lua_State *L, int sandboxed);

/* ---- stopping a running call from another thread ---- */
/* Requests that the running call (and every later one, until rs_clear_stop) stop at its next
   instruction with a budget error, which pcall cannot catch: the clock (clock.c) arms the
   running state. Safe from any thread and from a signal handler: lock-free atomic stores and a
   semaphore post. A call nested in host code (a hook a host function runs) is stopped by its
   own hook fires only; the stop reaches the outer call when the host code returns to it. */
void rs_request_stop(lua_State *L);
/* Requests a one-shot stop: the next instruction raises RS_STOP_ONCE_MESSAGE (with the position
   of the running Lua code) once, an ordinary error pcall catches, and clears the request. A
   later rs_request_stop still stops everything. Safe from any thread (as rs_request_stop). */
void rs_request_stop_once(lua_State *L);
#define RS_STOP_ONCE 2
#define RS_STOP_ONCE_MESSAGE "stopped by the watchdog"
/* Clears a stop request (on the VM's own thread, between calls). */
void rs_clear_stop(lua_State *L);

/* ---- the cap ---- */
void rs_lift(lua_State *L);      /* lift the memory cap (nestable) */
void rs_unlift(lua_State *L);    /* re-apply it */

/* ---- protected calls ---- */
/* lua_pcall with a message handler that appends a traceback (memory errors come without).
   Resets the instruction budget to `budget` (<= 0: the state's default; nested calls restore
   the outer call's remaining budget minus what the inner used; a nested call without a budget
   of its own draws on the outer call's). A budgeted sandbox call also has a time limit (the
   clock, clock.c). A call whose budget was spent never returns normally. After the call,
   rs_getvm(L)->last_exhausted says whether the budget stopped it. */
int rs_pcall(lua_State *L, int nargs, int nresults, long long budget);
/* rs_pcall for a caller that pushed the message handler (rs_push_msgh) just below the function
   and its arguments: no stack rotation. The handler stays below the results. */
int rs_pcall_h(lua_State *L, int nargs, int nresults, long long budget);
void rs_push_msgh(lua_State *L);
/* Loads a chunk: lua_load is protected. text_only: refuse binary chunks. In a sandboxed state
   the chunk is fed to the parser in RS_PARSE_PIECE pieces and a parse using more than
   RS_PARSE_DEADLINE_NS of CPU time stops with "chunk:line: parsing stopped after N ms: ...". */
int rs_load(lua_State *L, const char *buf, size_t len, const char *chunkname, int text_only);
/* Pushes a C closure that calls the host with `op` (protected: run with the cap lifted). */
void rs_push_host_function(lua_State *L, int op);
/* Reads t[key] without metamethods, for a string key (cap lifted for the key). */
int rs_rawgetfield(lua_State *L, int idx, const char *key);
/* Sets t[key] = top without metamethods (pops the value; cap lifted for the key). */
void rs_rawsetfield(lua_State *L, int idx, const char *key);

/* ---- the policy ctx ---- */
/* The numbers of a policy's reused ctx table, written only when they change. */
typedef struct rs_ctx_values {
    /* engagement: ctx.over_since when >= 0, ctx.outside when < 0 (then over_since is nil),
       neither when NaN (PolicyContext.engagement). */
    double time, drag_time, frame_rate, dt, engagement;
    double viewport_w, viewport_h, content_w, content_h, offset_x, offset_y, item_w, item_h;
} rs_ctx_values;
/* The five groups of numbers (ctx, viewport, content, offset, item_size), each shown by a
   read-only proxy whose table is refreshed lazily (see shim.c). */
#define RS_CTX_GROUPS 5
typedef struct rs_ctx {
    rs_ctx_values now;             /* the numbers of the current hook call */
    unsigned char stale[RS_CTX_GROUPS];  /* the group's table lags `now`: its proxy refreshes it */
    int mt_ref[RS_CTX_GROUPS];     /* registry refs of the proxies' metatables */
    int refresher_ref[RS_CTX_GROUPS];
    unsigned long long time_reads; /* reads of ctx.time, ctx.drag_time or ctx.frame_rate that saw
                                      a new value (at most one per hook call): a still hold runs
                                      frame by frame while the policy's hooks read the clock */
} rs_ctx;
/* Pushes a new rs_ctx userdata (all numbers NaN, no group bound) and returns it. */
rs_ctx *rs_ctx_new(lua_State *L);
/* Binds `group` to its table and read-only proxy (made by rs_push_readonly); `ud` is the
   rs_ctx userdata's index. The group starts stale. */
void rs_ctx_bind(lua_State *L, int ud, int group, int table, int proxy);
/* Releases the registry refs rs_ctx_bind took (a shared VM outliving the policy). */
void rs_ctx_unbind(lua_State *L, rs_ctx *c);
/* Makes a read of a key that the table at `table` lacks ask `namer` (a function at that index,
   called with the table and the key) for an error message: a string is raised at the line of
   the hook that read it, nil lets the read give nil. `nilable` (or NULL) names the one field
   read as nil without asking (ctx.over_since, absent while it has no value). Keys that are not
   strings read nil. A read of a key the table has pays nothing for this. */
void rs_ctx_guard(lua_State *L, int table, int namer, const char *nilable);
/* Takes the numbers of the next hook call: copies them, and marks stale each group that
   changed while its table was current (one raw set on the proxy's metatable). */
void rs_ctx_prepare(lua_State *L, rs_ctx *c, const rs_ctx_values *now);
/* Pushes a read-only proxy of the table at `idx`: reads go to the table, writes raise
   "attempt to modify the read-only <what>", pairs() iterates the table, getmetatable() gives
   false. The cap is lifted. */
void rs_push_readonly(lua_State *L, int idx, const char *what);

/* ---- coverage of policy lines (coverage.c; `reorder test --coverage`) ----
   Off by default and switched for the calling thread only. While on, states made and calls
   started on that thread install line and call hooks besides the budget's count hook; only
   registered chunks (by chunk name, "@file"; the table and counters are process-wide) are
   counted. Off: the count hook alone, as before. */
void rs_cov_enable(int on);
/* The same for every thread of the process (a command line run). */
void rs_cov_enable_everywhere(int on);
/* On for the calling thread (by either switch). */
int rs_cov_enabled(void);
/* On for every thread (rs_cov_enable_everywhere). */
int rs_cov_everywhere_on(void);
/* Registers a chunk with `nlines` lines and `nfuncs` functions (their linedefined and
   lastlinedefined); returns its index (the existing one when the name is registered already),
   or -1 when the table is full or memory is short. */
int rs_cov_register(const char *chunkname, int nlines, const int *first, const int *last, int nfuncs);
/* The index of a registered chunk, or -1. */
int rs_cov_index(const char *chunkname);
long long rs_cov_line_hits(int chunk, int line);
long long rs_cov_function_calls(int chunk, int function);
/* Zeroes every counter (the chunks stay registered). */
void rs_cov_reset(void);
/* Gives registered chunk `chunk` a new map of `nlines` lines and `nfuncs` functions, its counts
   zero (its file changed: `reorder test --watch`); returns 0, or -1 when memory is short (the
   old map is kept). The old arrays stay allocated, for a hook that read them before the swap.
   Only while no other thread counts that chunk: the command line, whose runs are sequential. */
int rs_cov_remap(int chunk, int nlines, const int *first, const int *last, int nfuncs);
/* The function on top of the stack as a binary chunk with its debug information (lua_dump, no
   error possible), in a malloc'd buffer the caller frees with rs_dump_free; NULL for a C
   function or when memory is short. */
unsigned char *rs_dump_top(lua_State *L, size_t *len);
void rs_dump_free(unsigned char *p);

/* ---- macros Swift cannot import ----
   Static inline wrappers of Lua's function-like macros. None of them can raise: they move
   values on the stack or read them (lua_tolstring is called on strings only, so it never
   converts and never allocates), which is why Swift may call them outside a protected call. */
static inline int rs_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int rs_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline void rs_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline const char *rs_tostring(lua_State *L, int idx, size_t *len) { /* strings only; NULL otherwise */
    return lua_type(L, idx) == LUA_TSTRING ? lua_tolstring(L, idx, len) : NULL;
}
static inline void rs_pushcfunction(lua_State *L, lua_CFunction f) { lua_pushcfunction(L, f); }
static inline int rs_isinteger(lua_State *L, int idx) { return lua_isinteger(L, idx); }
static inline void rs_insert(lua_State *L, int idx) { lua_insert(L, idx); }
static inline void rs_remove(lua_State *L, int idx) { lua_remove(L, idx); }
static inline const char *rs_typename(lua_State *L, int idx) { return luaL_typename(L, idx); }
static inline lua_Integer rs_mininteger(void) { return LUA_MININTEGER; }
static inline lua_Integer rs_maxinteger(void) { return LUA_MAXINTEGER; }
/* How many times longer the CPU-time limits of this build are (RS_SANITIZER_SLOWDOWN: 5 with
   ASan, TSan or UBSan, else 1). */
int rs_sanitizer_slowdown(void);

/* lua_gc is variadic: out of line. The collector runs finalizers, which can raise; call it
   only from the VM's own thread between calls (LuaVM.collectGarbage) where a finalizer error
   becomes a warning (Lua 5.4 never propagates __gc errors). */
int rs_gc(lua_State *L, int what, int data);

#endif
