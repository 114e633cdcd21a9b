/*
 * The C corner of the Lua host. See include/shim.h for the rules.
 *
 * Every function here that can raise a Lua error either runs under lua_pcall or is a
 * lua_CFunction called by Lua (so the longjmp lands in a C frame of Lua's own).
 */
#include "shim_internal.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------------------------ */
/* state, allocator, panic, warnings                                                          */

rs_vm *rs_getvm(lua_State *L) { return *(rs_vm **)lua_getextraspace(L); }

/* The part of a VM's memory cap kept for the host's own pushes: 1/16 of the cap, at most 64 KiB. */
static size_t rs_host_reserve(size_t limit) {
    size_t r = limit / 16;
    return r > 65536 ? 65536 : r;
}

/* A capped allocator. `osize` is a type tag when ptr is NULL (Lua 5.4), so the old size is 0.
   A shrink never fails (Lua assumes it cannot). The cap is not enforced while lifted. */
static void *rs_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    rs_vm *vm = (rs_vm *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        vm->used -= old;
        return NULL;
    }
    /* Lua code may use the cap less a small reserve; the host's own pushes (made with the cap
       lifted, so they cannot fail outside a protected call) draw on that reserve, so the VM as
       a whole stays within `limit`. */
    if (nsize > old && vm->limit != 0 && vm->lifted == 0 &&
        vm->used - old + nsize > vm->limit - rs_host_reserve(vm->limit))
        return NULL;
    /* Lua code pays for what it allocates (one instruction per RS_ALLOC_BYTES_PER_INSTRUCTION
       bytes): an instruction that builds a large value (`..`, a table constructor) costs its
       size. The next hook fire or C charge raises if this spent the budget. */
    if (nsize > old && vm->lifted == 0 && vm->budgeted) {
        size_t bytes = (nsize - old) / RS_ALLOC_BYTES_PER_INSTRUCTION;
        long long c = bytes > (size_t)LLONG_MAX ? LLONG_MAX : (long long)bytes;
        vm->remaining = rs_sat_sub(vm->remaining, c);
        vm->charged = rs_sat_add(vm->charged, c);
    }
    void *p = realloc(ptr, nsize);
    if (p == NULL) {
        if (ptr != NULL && nsize <= old) return ptr;  /* keep the larger block */
        return NULL;
    }
    vm->used = vm->used - old + nsize;
    if (vm->used > vm->peak) vm->peak = vm->used;
    return p;
}

static int rs_panic(lua_State *L) {
    /* Unreachable by design: every call into Lua is protected. */
    const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "(no message)";
    fprintf(stderr, "reorder: unprotected Lua error: %s\n", msg);
    fflush(stderr);
    return 0;  /* Lua aborts */
}

static void rs_warn(void *ud, const char *msg, int tocont) {
    rs_vm *vm = (rs_vm *)ud;
    if (vm->warn_len == 0 && !tocont && msg[0] == '@') {  /* control message */
        if (strcmp(msg, "@on") == 0) vm->warn_on = 1;
        else if (strcmp(msg, "@off") == 0) vm->warn_on = 0;
        return;
    }
    size_t n = strlen(msg);
    size_t room = sizeof(vm->warn_buf) - 1 - vm->warn_len;
    if (n > room) n = room;
    memcpy(vm->warn_buf + vm->warn_len, msg, n);
    vm->warn_len += n;
    if (!tocont) {
        vm->warn_buf[vm->warn_len] = 0;
        if (vm->warn_on && vm->warn_fn) vm->warn_fn(vm->owner, vm->warn_buf, vm->warn_len);
        vm->warn_len = 0;
    }
}

/* Pushes "source:line: " of the first Lua frame at or above `level` that is not one of the
   sandbox's guards (chunk "=sandbox"), or "" when there is none: a budget error raised in a C
   function called by another C function (a C metamethod of table.concat) still names the
   policy's line. */
static void rs_where_policy(lua_State *L, int level) {
    lua_Debug ar;
    for (int lv = level; lua_getstack(L, lv, &ar); lv++) {
        if (!lua_getinfo(L, "Sl", &ar)) break;
        if (ar.currentline > 0 && strcmp(ar.source, "=sandbox") != 0) {
            lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
            return;
        }
    }
    lua_pushliteral(L, "");
}

/* Keeps the budget error on top of the stack as the call's `spent` message (cut to fit). */
static void rs_keep_spent(rs_vm *vm, lua_State *L) {
    size_t len = 0;
    const char *msg = lua_tolstring(L, -1, &len);
    if (len >= sizeof vm->spent) len = sizeof vm->spent - 1;
    memcpy(vm->spent, msg, len);
    vm->spent[len] = 0;
}

static void rs_arm_self(rs_slot *s, lua_State *L);

void rs_budget_spent(lua_State *L, int level, const char *what) {
    rs_vm *vm = rs_getvm(L);
    vm->remaining = 0;
    if (!vm->exhausted) vm->budget_errors++;
    vm->exhausted = 1;
    /* Whatever catches this error, the next instruction raises it again. */
    rs_arm_self(__atomic_load_n(&vm->slot, __ATOMIC_RELAXED), L);
    vm->lifted++;
    rs_where_policy(L, level);
    if (what != NULL)
        lua_pushfstring(L, RS_BUDGET_MESSAGE " (%I instructions) in %s", (LUAI_UACINT)vm->call_budget, what);
    else
        lua_pushfstring(L, RS_BUDGET_MESSAGE " (%I instructions)", (LUAI_UACINT)vm->call_budget);
    lua_concat(L, 2);
    rs_keep_spent(vm, L);
    vm->lifted--;
    lua_error(L);
}

void rs_reraise_spent(lua_State *L) {
    rs_vm *vm = rs_getvm(L);
    vm->lifted++;
    lua_pushstring(L, vm->spent);
    vm->lifted--;
    lua_error(L);
}

/* The budget error of a call the clock found past its time limit (clock.c). */
static void rs_time_spent(lua_State *L, rs_slot *s) {
    rs_vm *vm = rs_getvm(L);
    long long used = __atomic_load_n(&s->expired_ns, __ATOMIC_RELAXED);
    long long limit = __atomic_load_n(&s->limit_ns, __ATOMIC_RELAXED);
    vm->remaining = 0;
    if (!vm->exhausted) vm->budget_errors++;
    vm->exhausted = 1;
    vm->lifted++;
    rs_where_policy(L, 0);
    lua_pushfstring(L, RS_BUDGET_MESSAGE " (%I instructions): the call ran %I ms, past its limit of %I ms",
                    (LUAI_UACINT)vm->call_budget, (LUAI_UACINT)(used / 1000000), (LUAI_UACINT)(limit / 1000000));
    lua_concat(L, 2);
    rs_keep_spent(vm, L);
    vm->lifted--;
    lua_error(L);
}

/* The state `L` fires its count hook at every instruction from now on (it must stop). */
static void rs_arm_self(rs_slot *s, lua_State *L) {
    if (s == NULL || lua_gethookcount(L) == 1) return;
    __atomic_store_n(&s->busy, 1, __ATOMIC_RELAXED);
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    lua_sethook(L, rs_hook, lua_gethookmask(L) | LUA_MASKCOUNT, 1);
    /* Recorded only for the running state: the slot's thread keeps track of that one (rs_run).
       Another (a coroutine resumed by code that does not track it) fires once more after the
       reason is gone and sets itself back (the stale case in rs_hook). */
    if (__atomic_load_n(&s->running, __ATOMIC_RELAXED) == L) __atomic_store_n(&s->armed, L, __ATOMIC_RELAXED);
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    __atomic_store_n(&s->busy, 0, __ATOMIC_RELAXED);
}

/* An armed state whose reason to stop went away (a stop cleared, a stale signal): back to the
   interval, then armed again if a new reason came meanwhile. */
static void rs_disarm(rs_slot *s, lua_State *L, rs_vm *vm) {
    if (s != NULL) { __atomic_store_n(&s->busy, 1, __ATOMIC_RELAXED); __atomic_signal_fence(__ATOMIC_SEQ_CST); }
    lua_sethook(L, rs_hook, lua_gethookmask(L) | LUA_MASKCOUNT, vm->hook_step);
    if (s == NULL) return;
    if (__atomic_load_n(&s->armed, __ATOMIC_RELAXED) == L) __atomic_store_n(&s->armed, NULL, __ATOMIC_RELAXED);
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    __atomic_store_n(&s->busy, 0, __ATOMIC_RELAXED);
    rs_arm(s);
}

static int rs_skip_handler(lua_State *L);

/* Whether the running function is one of the sandbox's handler wrappers (see rs_xpcall_guard):
   a Lua function whose first upvalue is rs_skip_handler, which no policy can reach (a chunk
   name could be copied by `load`). */
static int rs_in_handler_wrapper(lua_State *L) {
    lua_Debug ar;
    if (!lua_getstack(L, 0, &ar) || !lua_getinfo(L, "f", &ar)) return 0;
    int found = 0;
    if (lua_getupvalue(L, -1, 1) != NULL) {
        found = lua_tocfunction(L, -1) == rs_skip_handler;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return found;
}

/* The count hook. Normally it fires every hook_step instructions and charges them; it fires at
   every instruction while the state is armed (by the clock's signal, a stop request, or a spent
   budget), and charges what ran since the last fire either way (lua_gethookcount).

   It raises the budget error when the budget is spent, a stop is requested, or the clock found
   the thread's timed call past its limit; once it has, every later instruction of the call
   raises the same error again, so code that catches it (a guard, a __close handler) stops at
   its first instruction. The error is raised inside the hook, where Lua runs with hooks off
   until it is caught: `hook_raised` remembers the state (see the coroutines in sandbox.c and
   the message handlers of xpcall). */
void rs_hook(lua_State *L, lua_Debug *ar) {
    /* Line and call events come only while coverage is on (rs_hook_mask); count events keep
       their budget work whatever else the mask holds. */
    if (ar->event != LUA_HOOKCOUNT) { rs_cov_event(L, ar); return; }
    rs_vm *vm = rs_getvm(L);
    int step = lua_gethookcount(L);
    vm->charged = rs_sat_add(vm->charged, step);
    if (vm->budgeted) vm->remaining = rs_sat_sub(vm->remaining, step);
    rs_slot *s = __atomic_load_n(&vm->slot, __ATOMIC_RELAXED);
    int budget_out = vm->budgeted && vm->remaining <= 0;
    if (__builtin_expect(!budget_out && (s == NULL || !rs_must_stop(s, vm)), 1)) {
        if (__builtin_expect(step < vm->hook_step, 0)) rs_disarm(s, L, vm);
        return;
    }
    /* xpcall's handler wrapper (a few instructions) is let through, armed: it must reach its
       test of whether to skip the handler (it returns the error then). The next instruction
       outside it raises. */
    if (rs_in_handler_wrapper(L)) {
        rs_arm_self(s, L);
        return;
    }
    int stop = __atomic_load_n(&vm->stop, __ATOMIC_RELAXED);
    if (stop == RS_STOP_ONCE) {
        /* A one-shot stop: this fire raises once and later code runs on (a spec runner stops one
           looping test and goes on with the next). */
        int expected = RS_STOP_ONCE;
        if (__atomic_compare_exchange_n(&vm->stop, &expected, 0, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
            vm->hook_raised = L;
            vm->lifted++;
            rs_where_policy(L, 0);
            lua_pushliteral(L, RS_STOP_ONCE_MESSAGE);
            lua_concat(L, 2);
            vm->lifted--;
            lua_error(L);
        }
        stop = expected;
    }
    unsigned long call = s != NULL ? __atomic_load_n(&s->call, __ATOMIC_RELAXED) : 0;
    int expired = call != 0 && __atomic_load_n(&s->expired, __ATOMIC_ACQUIRE) == call;
    if (!vm->exhausted && !stop && !budget_out && !expired) {   /* the once-stop went away */
        if (step < vm->hook_step) rs_disarm(s, L, vm);
        return;
    }
    /* From now on this state stops at every instruction: a stop for good reaches the outermost
       call even through code that catches the error (a loop around pcall). */
    rs_arm_self(s, L);
    vm->hook_raised = L;
    if (vm->exhausted) rs_reraise_spent(L);
    if (stop || budget_out) rs_budget_spent(L, 0, NULL);
    rs_time_spent(L, s);
}

void rs_request_stop(lua_State *L) {
    rs_vm *vm = rs_getvm(L);
    __atomic_store_n(&vm->stop, 1, __ATOMIC_RELAXED);
    rs_clock_poke(__atomic_load_n(&vm->slot, __ATOMIC_RELAXED));
}
void rs_request_stop_once(lua_State *L) {
    rs_vm *vm = rs_getvm(L);
    __atomic_store_n(&vm->stop, RS_STOP_ONCE, __ATOMIC_RELAXED);
    rs_clock_poke(__atomic_load_n(&vm->slot, __ATOMIC_RELAXED));
}
void rs_clear_stop(lua_State *L) {
    __atomic_store_n(&rs_getvm(L)->stop, 0, __ATOMIC_RELAXED);
}

lua_State *rs_newstate(size_t limit, long long budget, int hook_step, void *owner,
                       rs_text_fn print_fn, rs_text_fn warn_fn, rs_host_fn host_fn) {
    rs_vm *vm = (rs_vm *)calloc(1, sizeof(rs_vm));
    if (vm == NULL) return NULL;
    vm->limit = limit;
    vm->budget = budget;
    vm->call_budget = budget;
    vm->budgeted = 0;
    vm->remaining = 0;
    vm->hook_step = hook_step > 0 ? hook_step : 1000;
    vm->owner = owner;
    vm->print_fn = print_fn;
    vm->warn_fn = warn_fn;
    vm->host_fn = host_fn;
    vm->warn_on = 1;
    lua_State *L = lua_newstate(rs_alloc, vm);
    if (L == NULL) { free(vm); return NULL; }
    *(rs_vm **)lua_getextraspace(L) = vm;
    lua_atpanic(L, rs_panic);
    lua_setwarnf(L, rs_warn, vm);
    lua_sethook(L, rs_hook, rs_hook_mask(), vm->hook_step);
    return L;
}

void rs_close(lua_State *L) {
    rs_vm *vm = rs_getvm(L);
    rs_slot *s = rs_slot_self();
    lua_State *saved = __atomic_load_n(&s->running, __ATOMIC_RELAXED);
    int saved_in_host = __atomic_load_n(&s->in_host, __ATOMIC_RELAXED);
    /* Finalizers run now: give them one fresh budget so a looping __gc stops. */
    vm->exhausted = 0;
    vm->budgeted = 1;
    vm->remaining = vm->budget > 0 ? vm->budget : 10000000;
    vm->call_budget = vm->remaining;
    vm->warn_fn = NULL;
    vm->print_fn = NULL;
    vm->host_fn = NULL;
    __atomic_store_n(&vm->slot, s, __ATOMIC_RELAXED);
    /* No state of the slot is running (or armed) while L goes away: the clock's signal must not
       reach a state being freed. */
    rs_run(s, NULL, 0);
    lua_close(L);
    rs_run(s, saved == L ? NULL : saved, saved_in_host);
    free(vm);
}

void rs_lift(lua_State *L) { rs_getvm(L)->lifted++; }
void rs_unlift(lua_State *L) { rs_getvm(L)->lifted--; }

/* ------------------------------------------------------------------------------------------ */
/* protected calls                                                                            */

/* Message handler: the message (never calling __tostring, which could be hostile) followed by
   a traceback. Runs with the cap lifted so the traceback itself cannot fail. */
static int rs_msgh(lua_State *L) {
    rs_vm *vm = rs_getvm(L);
    vm->lifted++;
    const char *msg;
    int t = lua_type(L, 1);
    if (t == LUA_TSTRING || t == LUA_TNUMBER) msg = lua_tostring(L, 1);
    else msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    luaL_traceback(L, L, msg, 1);
    vm->lifted--;
    return 1;
}

/* The time a budgeted sandbox call may use: budget * RS_NS_PER_BUDGET_INSTRUCTION of CPU time. */
static long long rs_time_limit(long long budget) { return rs_sat_mul(budget, RS_NS_PER_BUDGET_INSTRUCTION); }

int rs_pcall_h(lua_State *L, int nargs, int nresults, long long budget) {
    rs_vm *vm = rs_getvm(L);
    rs_slot *s = rs_slot_self();
    lua_State *saved_running = __atomic_load_n(&s->running, __ATOMIC_RELAXED);
    int saved_in_host = __atomic_load_n(&s->in_host, __ATOMIC_RELAXED);
    int saved_budgeted = vm->budgeted, saved_exhausted = vm->exhausted;
    long long saved_remaining = vm->remaining, saved_call_budget = vm->call_budget;
    long long b = budget > 0 ? budget : vm->budget;
    if (b > 0) {
        vm->budgeted = 1;
        vm->remaining = b;
        vm->call_budget = b;
    }   /* else: no budget of its own; an enclosing call's, if any, goes on counting down */
    vm->exhausted = 0;
    __atomic_store_n(&vm->slot, s, __ATOMIC_RELAXED);
    /* The outermost time-limited call of the thread starts the clock; calls nested in it (on
       this thread, of any VM) run within its limit. */
    int timed = b > 0 && vm->sandboxed && __atomic_load_n(&s->call, __ATOMIC_RELAXED) == 0;
    if (timed) rs_clock_start(s, rs_time_limit(b));
    /* L runs now, with a full hook counter (lua_sethook resets it) and not armed. */
    if (saved_running == NULL) {
        /* The outermost call of the thread (the hot path): nothing runs, so nothing is armed
           and the clock's signal does nothing until `running` is set. A stop pending since an
           earlier call stops this one at its first instruction. */
        lua_sethook(L, rs_hook, rs_hook_mask(), vm->hook_step);
        __atomic_store_n(&s->in_host, 0, __ATOMIC_RELAXED);
        __atomic_signal_fence(__ATOMIC_SEQ_CST);
        __atomic_store_n(&s->running, L, __ATOMIC_RELAXED);
        if (__atomic_load_n(&vm->stop, __ATOMIC_RELAXED)) rs_arm(s);
    } else {
        __atomic_store_n(&s->busy, 1, __ATOMIC_RELAXED);
        __atomic_signal_fence(__ATOMIC_SEQ_CST);
        lua_State *armed = __atomic_load_n(&s->armed, __ATOMIC_RELAXED);
        lua_sethook(L, rs_hook, rs_hook_mask(), vm->hook_step);
        if (armed == L) {
            __atomic_store_n(&s->armed, NULL, __ATOMIC_RELAXED);
            armed = NULL;
        }
        __atomic_store_n(&s->running, L, __ATOMIC_RELAXED);
        __atomic_store_n(&s->in_host, 0, __ATOMIC_RELAXED);
        __atomic_signal_fence(__ATOMIC_SEQ_CST);
        __atomic_store_n(&s->busy, 0, __ATOMIC_RELAXED);
        /* The state that ran before (an outer call's, in host code now) stops running. A call
           nested in host code runs on when a stop is pending: the stop reaches the outer call
           when the host code returns to it (and a hook of this call that fires sees it), so a
           Ctrl-C during a host loop (s:hold) does not fail every hook call that loop still
           makes. */
        if (armed != NULL) rs_run_slow(s, armed, 0);
    }

    int func = lua_gettop(L) - nargs;
    int status = lua_pcall(L, nargs, nresults, func - 1);
    if (status == LUA_OK && vm->exhausted) {
        /* The budget was spent and something let the call return all the same (a protected
           call in tail position that yielded on the way): it fails as it should have. */
        lua_settop(L, func - 1);
        vm->lifted++;
        lua_pushstring(L, vm->spent);
        vm->lifted--;
        status = LUA_ERRRUN;
    }

    vm->last_exhausted = vm->exhausted;
    if (b > 0) {
        if (saved_budgeted) {   /* nested: the outer call pays for the inner one */
            long long left = rs_sat_sub(saved_remaining, rs_sat_sub(b, vm->remaining));
            vm->remaining = left > 0 ? left : 1;
        } else {
            vm->budgeted = 0;
        }
        vm->call_budget = saved_call_budget;
    }
    vm->exhausted = saved_exhausted;
    if (vm->hook_raised == L) vm->hook_raised = NULL;
    if (timed) rs_clock_stop(s);
    if (saved_running == NULL) {
        /* Nothing runs on the thread any more: the signal arms nothing from here on. A state it
           armed before (L, or a coroutine L resumed) goes back to its interval. */
        __atomic_store_n(&s->running, NULL, __ATOMIC_RELAXED);
        __atomic_store_n(&s->in_host, saved_in_host, __ATOMIC_RELAXED);
        __atomic_signal_fence(__ATOMIC_SEQ_CST);
        lua_State *armed = __atomic_load_n(&s->armed, __ATOMIC_RELAXED);
        if (__builtin_expect(armed != NULL, 0)) rs_run_slow(s, armed, 0);
    } else {
        rs_run(s, saved_running, saved_in_host);
    }
    return status;
}

void rs_push_msgh(lua_State *L) { lua_pushcfunction(L, rs_msgh); }

int rs_pcall(lua_State *L, int nargs, int nresults, long long budget) {
    int base = lua_gettop(L) - nargs;
    rs_push_msgh(L);
    lua_insert(L, base);
    int status = rs_pcall_h(L, nargs, nresults, budget);
    lua_remove(L, base);
    return status;
}

int rs_load(lua_State *L, const char *buf, size_t len, const char *chunkname, int text_only) {
    if (rs_getvm(L)->sandboxed)
        return rs_load_bounded(L, buf, len, chunkname, text_only ? "t" : NULL, RS_PARSE_DEADLINE_NS, 0);
    return luaL_loadbufferx(L, buf, len, chunkname, text_only ? "t" : NULL);
}

void rs_prefix_where(lua_State *L, int level) {
    rs_vm *vm = rs_getvm(L);
    vm->lifted++;
    luaL_where(L, level);
    lua_insert(L, -2);
    lua_concat(L, 2);
    vm->lifted--;
}

static int rs_host_call(lua_State *L) {
    rs_vm *vm = rs_getvm(L);
    int op = (int)lua_tointeger(L, lua_upvalueindex(1));
    if (vm->host_fn == NULL) return luaL_error(L, "host function unavailable");
    /* Host code runs now: the clock sends this thread no signal meanwhile (a host function may
       be in a system call), and the way back arms L if it must stop. */
    rs_slot *s = __atomic_load_n(&vm->slot, __ATOMIC_RELAXED);
    if (s != NULL) rs_run(s, L, 1);
    vm->lifted++;
    int n = vm->host_fn(vm->owner, L, op);
    vm->lifted--;
    if (s != NULL) rs_run(s, L, 0);
    if (n < 0) {
        rs_prefix_where(L, 1);
        return lua_error(L);
    }
    return n;
}

void rs_push_host_function(lua_State *L, int op) {
    rs_vm *vm = rs_getvm(L);
    vm->lifted++;
    lua_pushinteger(L, op);
    lua_pushcclosure(L, rs_host_call, 1);
    vm->lifted--;
}

int rs_rawgetfield(lua_State *L, int idx, const char *key) {
    rs_vm *vm = rs_getvm(L);
    idx = lua_absindex(L, idx);
    vm->lifted++;
    lua_pushstring(L, key);
    vm->lifted--;
    return lua_rawget(L, idx);
}

void rs_rawsetfield(lua_State *L, int idx, const char *key) {
    rs_vm *vm = rs_getvm(L);
    idx = lua_absindex(L, idx);
    vm->lifted++;
    lua_pushstring(L, key);
    lua_insert(L, -2);
    lua_rawset(L, idx);
    vm->lifted--;
}

/* ------------------------------------------------------------------------------------------ */
/* library setup                                                                              */

static int rs_print(lua_State *L) {
    rs_vm *vm = rs_getvm(L);
    int n = lua_gettop(L);
    /* One instruction per argument and the call's cost; the text's bytes are paid by the
       allocator's charge for the buffer (a policy may log 20 MB in a hook: print_flood). */
    if (vm->sandboxed) rs_charge(L, 16 + n, "print");
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 1; i <= n; i++) {
        size_t l;
        /* The separator first: luaL_addchar may move the buffer into a box on the stack, which
           must not happen while the next argument's string sits on top (a long argument made
           the box, and the tab then took that string for it: SIGSEGV, found by the sandbox
           fuzzer). */
        if (i > 1) luaL_addchar(&b, '\t');
        const char *s = luaL_tolstring(L, i, &l);  /* may call __tostring: we are in Lua */
        luaL_addvalue(&b);
        (void)s; (void)l;
    }
    luaL_pushresult(&b);
    size_t len;
    const char *text = lua_tolstring(L, -1, &len);
    /* A policy's line is cut at RS_PRINT_MAX bytes here, before the host decodes it (the host
       keeps 1000 bytes of it): the host's work per print stays small. */
    if (vm->sandboxed && len > RS_PRINT_MAX) len = RS_PRINT_MAX;
    if (vm->print_fn) vm->print_fn(vm->owner, text, len);
    return 0;
}

/* The last `n` values on the stack are what a protected call (pcall, xpcall, coroutine.resume)
   returned: passed on, unless the budget ran out meanwhile. Then the budget error is raised
   again, so a policy cannot catch it and keep running: the original error when the call failed
   with a string (it names the policy's line where the budget ran out), else the call's spent
   message. */
static int rs_after_protected(lua_State *L, int n) {
    if (rs_getvm(L)->exhausted) {
        int first = lua_gettop(L) - n + 1;
        if (n >= 2 && !lua_toboolean(L, first) && lua_type(L, first + 1) == LUA_TSTRING) {
            lua_pushvalue(L, first + 1);
            return lua_error(L);
        }
        rs_reraise_spent(L);
    }
    return n;
}

/* Runs the C function kept as upvalue 1 on this frame, with all arguments: no second Lua call
   (cheaper, and its argument errors name the function the policy called). Every function a
   guard wraps is a C function that uses no upvalues of its own. */
static int rs_forward(lua_State *L) {
    lua_CFunction f = lua_tocfunction(L, lua_upvalueindex(1));
    return f(L);
}

/* Calls upvalue 1 with all arguments, returning all results: for a function that reads upvalues
   of its own (math.randomseed reads its generator state). */
static int rs_forward_call(lua_State *L) {
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

static int rs_collectgarbage(lua_State *L) {
    const char *opt = luaL_optstring(L, 1, "collect");
    if (strcmp(opt, "collect") != 0 && strcmp(opt, "count") != 0 && strcmp(opt, "step") != 0 &&
        strcmp(opt, "isrunning") != 0)
        return luaL_error(L, "collectgarbage('%s') is not allowed in policies", opt);
    return rs_forward_call(L);   /* the charged collectgarbage reads its own upvalues */
}

/* setmetatable without __gc. Lua runs finalizers with hooks off (lgc.c, GCTM sets allowhook = 0),
   so no budget can stop a looping __gc, neither in a hook call nor when the VM closes. A table is
   marked for finalization only if its metatable has __gc when setmetatable is called, so refusing
   such metatables here is a complete defence. */
static int rs_setmetatable(lua_State *L) {
    /* The manual's setmetatable (§6.1), here rather than wrapped so that its errors carry the
       caller's position. Checked in the order Lua 5.4.4 checks (its messages): the table, the
       metatable's type, then a protected metatable (a `__metatable` field, read raw); the
       `__gc` refusal comes before the change. */
    luaL_checktype(L, 1, LUA_TTABLE);
    int kind = lua_type(L, 2);
    luaL_argexpected(L, kind == LUA_TNIL || kind == LUA_TTABLE, 2, "nil or table");
    lua_settop(L, 2);
    if (kind == LUA_TTABLE && rs_rawgetfield(L, 2, "__gc") != LUA_TNIL)
        return luaL_error(L, "setmetatable: __gc metamethods are not allowed in policies");
    lua_settop(L, 2);
    if (lua_getmetatable(L, 1) && rs_rawgetfield(L, 3, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
    lua_setmetatable(L, 1);   /* pops the metatable: the table is the result */
    return 1;
}

static int rs_randomseed(lua_State *L) {
    if (lua_gettop(L) == 0) lua_pushinteger(L, 0);  /* never the clock: a fixed seed */
    return rs_forward_call(L);
}

static int rs_readonly(lua_State *L) {
    return luaL_error(L, "attempt to modify the read-only %s", lua_tostring(L, lua_upvalueindex(1)));
}

static int rs_next(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);
    if (lua_next(L, 1)) return 2;
    lua_pushnil(L);
    return 1;
}

/* __pairs of a proxy: iterate the table its metatable's __index points to. */
static int rs_index_pairs(lua_State *L) {
    if (!lua_getmetatable(L, 1)) return luaL_error(L, "not a proxy");
    int mt = lua_gettop(L);
    lua_pushliteral(L, "__index");
    if (lua_rawget(L, mt) == LUA_TFUNCTION) {  /* a stale ctx proxy: refresh its table first */
        lua_pushvalue(L, 1);
        lua_pushnil(L);
        lua_call(L, 2, 0);
    } else {
        lua_pop(L, 1);
    }
    lua_pushcfunction(L, rs_next);
    lua_pushliteral(L, "__index");
    lua_rawget(L, mt);
    lua_pushnil(L);
    return 3;
}

void rs_push_readonly(lua_State *L, int idx, const char *what) {
    rs_vm *vm = rs_getvm(L);
    vm->lifted++;
    idx = lua_absindex(L, idx);
    lua_newtable(L);
    lua_createtable(L, 0, 4);
    lua_pushvalue(L, idx);
    lua_setfield(L, -2, "__index");
    lua_pushstring(L, what);
    lua_pushcclosure(L, rs_readonly, 1);
    lua_setfield(L, -2, "__newindex");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pushcfunction(L, rs_index_pairs);
    lua_setfield(L, -2, "__pairs");
    lua_setmetatable(L, -2);
    vm->lifted--;
}


/* Replaces field `name` of table `t` (absolute index) by closure f with the old value as
   upvalue 1 (and `extra` as upvalue 2 when not NULL). */
static void rs_wrap(lua_State *L, int t, const char *name, lua_CFunction f, const char *extra) {
    lua_getfield(L, t, name);
    int n = 1;
    if (extra) { lua_pushstring(L, extra); n = 2; }
    lua_pushcclosure(L, f, n);
    lua_setfield(L, t, name);
}

/* Replaces global `name` by a read-only proxy of it (_G on top). */
static void rs_make_readonly(lua_State *L, const char *name) {
    int g = lua_absindex(L, -1);
    lua_getfield(L, g, name);
    lua_pushfstring(L, "library '%s'", name);
    rs_push_readonly(L, -2, lua_tostring(L, -1));
    lua_setfield(L, g, name);
    lua_pop(L, 2);
}

/* Whether a message handler of the sandbox's xpcall must be skipped: the budget is spent (the
   handler could only fail again), or the error was raised inside the count hook, where Lua runs
   the handler with hooks off (ldo.c luaD_hook sets allowhook to 0 around the hook, and
   luaG_errormsg calls the handler before unwinding): no budget, clock or stop could end it then.
   Level 1 is the guard's wrapper, called by Lua's error machinery from the frame that raised;
   lua_getinfo names a function called from a hooked frame as namewhat "hook" (ldebug.c
   funcnamefromcall). */
static int rs_skip_handler(lua_State *L) {
    lua_Debug ar;
    int hooked = lua_getstack(L, 1, &ar) && lua_getinfo(L, "n", &ar) && ar.namewhat != NULL &&
                 strcmp(ar.namewhat, "hook") == 0;
    lua_pushboolean(L, rs_getvm(L)->exhausted || hooked);
    return 1;
}

/* The sandbox's pcall: Lua's (upvalue 1), run on this frame (its argument errors name the
   policy's line, as Lua's own do), then rs_after_protected. A call that yields inside returns
   through Lua's own continuation instead; a spent budget is raised again at the next
   instruction all the same (the running state is armed), and never leaves a call (rs_pcall_h). */
static int rs_pcall_guard(lua_State *L) {
    int n = rs_forward(L);
    return rs_after_protected(L, n);
}

/* The sandbox's xpcall: as pcall, with the message handler (argument 2, when a function) behind
   a wrapper made by upvalue 2, which skips it when it must not run (rs_skip_handler) and
   otherwise tail-calls it, so the handler sees the levels it would see unwrapped
   (`error(msg, 2)` in it names the frame that raised). */
static int rs_xpcall_guard(lua_State *L) {
    if (lua_type(L, 2) == LUA_TFUNCTION) {
        lua_pushvalue(L, lua_upvalueindex(2));
        lua_pushvalue(L, 2);
        lua_call(L, 1, 1);
        lua_replace(L, 2);
    }
    int n = rs_forward(L);
    return rs_after_protected(L, n);
}

/* Makes xpcall's handler wrappers (the count hook lets their few instructions run even once the
   budget is spent, so a wrapper reaches its test: rs_in_handler_wrapper). */
static const char *const rs_handler_wrapper_source =
    "local skip = ...\n"
    "return function(h) return function(e) if skip() then return e end return h(e) end end\n";

static int rs_openlibs_impl(lua_State *L) {
    int sandboxed = lua_toboolean(L, 1);
    rs_getvm(L)->sandboxed = sandboxed;
    if (!sandboxed) {
        luaL_openlibs(L);
    } else {
        luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
        luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
        luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
        luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
        luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
        luaL_requiref(L, LUA_COLIBNAME, luaopen_coroutine, 1);
        lua_pop(L, 6);
    }
    lua_pushglobaltable(L);
    int g = lua_absindex(L, -1);
    lua_pushcfunction(L, rs_print);
    lua_setfield(L, g, "print");

    /* Deterministic math.random: a fixed seed now, and randomseed() never reads the clock. */
    lua_getfield(L, g, "math");
    int math = lua_absindex(L, -1);
    rs_wrap(L, math, "randomseed", rs_randomseed, NULL);
    lua_getfield(L, math, "randomseed");
    lua_call(L, 0, 0);
    lua_pop(L, 1);

    if (sandboxed) {
        rs_open_bounded(L, g);   /* first: the guards below wrap the bounded functions */
        lua_pushnil(L); lua_setfield(L, g, "dofile");
        lua_pushnil(L); lua_setfield(L, g, "loadfile");
        rs_wrap(L, g, "collectgarbage", rs_collectgarbage, NULL);  /* wraps the charged one */
        lua_pushcfunction(L, rs_setmetatable);
        lua_setfield(L, g, "setmetatable");

        lua_getfield(L, g, "string");
        int str = lua_absindex(L, -1);
        lua_pushnil(L); lua_setfield(L, str, "dump");
        lua_pop(L, 1);

        /* pcall and xpcall re-raise a spent budget; xpcall's handler is guarded. */
        rs_wrap(L, g, "pcall", rs_pcall_guard, NULL);
        lua_getfield(L, g, "xpcall");
        if (luaL_loadbufferx(L, rs_handler_wrapper_source, strlen(rs_handler_wrapper_source), "=sandbox", "t") != LUA_OK)
            return lua_error(L);
        lua_pushcfunction(L, rs_skip_handler);
        lua_call(L, 1, 1);
        lua_pushcclosure(L, rs_xpcall_guard, 2);
        lua_setfield(L, g, "xpcall");

        /* The string metatable cannot be reached (getmetatable("") returns false)... */
        lua_pushliteral(L, "");
        if (lua_getmetatable(L, -1)) {
            lua_pushboolean(L, 0);
            lua_setfield(L, -2, "__metatable");
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
        /* ...and the libraries are read-only. */
        rs_make_readonly(L, "string");
        rs_make_readonly(L, "table");
        rs_make_readonly(L, "math");
        rs_make_readonly(L, "utf8");
        rs_make_readonly(L, "coroutine");
    }
    lua_pop(L, 1);
    return 0;
}

int rs_openlibs(lua_State *L, int sandboxed) {
    rs_vm *vm = rs_getvm(L);
    vm->lifted++;
    lua_pushcfunction(L, rs_openlibs_impl);
    lua_pushboolean(L, sandboxed);
    int status = rs_pcall(L, 1, 0, 0);
    vm->lifted--;
    return status;
}

/* ------------------------------------------------------------------------------------------ */
/* policy ctx                                                                                 */

/* The numbers of ctx live in five groups, each shown by one read-only proxy: ctx itself
   (time, drag_time, frame_rate, dt, and the engagement shown as over_since and outside),
   ctx.viewport, ctx.content, ctx.offset and ctx.item_size.
   A hook call only copies the new numbers into the rs_ctx (no Lua call). A group whose numbers
   changed while its Lua table was current is marked stale: its proxy's __index becomes a
   refresher closure, which writes the numbers into the table on the first read and points
   __index back at the table. A policy that never reads a group pays nothing per frame for it;
   one that reads it pays one refresh per change. Invariant: !stale[g] => the Lua table of
   group g holds the numbers of `now` for g. */

static const char *const rs_ctx_keys[RS_CTX_GROUPS][5] = {
    {"time", "drag_time", "frame_rate", "dt", "over_since"},
    {"width", "height", NULL},
    {"width", "height", NULL},
    {"x", "y", NULL},
    {"width", "height", NULL},
};

/* Bitwise equality of n doubles (NaN equals itself; 0 and -0 differ). */
static inline int rs_same(const double *a, const double *b, int n) {
    for (int i = 0; i < n; i++) {
        uint64_t x, y;
        memcpy(&x, a + i, sizeof x);
        memcpy(&y, b + i, sizeof y);
        if (x != y) return 0;
    }
    return 1;
}

static const double *rs_ctx_group(const rs_ctx_values *v, int g, int *n) {
    switch (g) {
    case 0: *n = 5; return &v->time;
    case 1: *n = 2; return &v->viewport_w;
    case 2: *n = 2; return &v->content_w;
    case 3: *n = 2; return &v->offset_x;
    default: *n = 2; return &v->item_w;
    }
}

/* Pushes value i of group g as Lua sees it: the engagement (g 0, i 4) is ctx.over_since, nil
   unless >= 0 (NaN or the outside mark -1); every other value a number. */
static inline void rs_ctx_push(lua_State *L, int g, int i, double v) {
    if (g == 0 && i == 4 && !(v >= 0)) lua_pushnil(L);
    else lua_pushnumber(L, v);
}

/* Writes group g's numbers into `table` (absolute index) and points the proxy's metatable
   (absolute index `mt`) back at the table. Raw sets of existing keys: nothing allocates. */
static void rs_ctx_sync(lua_State *L, rs_ctx *c, int g, int table, int mt) {
    int n;
    const double *v = rs_ctx_group(&c->now, g, &n);
    for (int i = 0; i < n; i++) {
        lua_pushstring(L, rs_ctx_keys[g][i]);
        rs_ctx_push(L, g, i, v[i]);
        lua_rawset(L, table);
    }
    if (g == 0) {   /* ctx.outside: the engagement's outside mark */
        lua_pushliteral(L, "outside");
        lua_pushboolean(L, c->now.engagement < 0);
        lua_rawset(L, table);
    }
    lua_pushliteral(L, "__index");
    lua_pushvalue(L, table);
    lua_rawset(L, mt);
    c->stale[g] = 0;
}

/* A read of key k (absolute index) that table t lacks, as rs_ctx_guard set it up with the
   namer and nilable key at absolute indexes `namer` and `nilable`: pushes nil, or raises the
   namer's message at level 1 (the hook that read the field: this runs as, or right inside, an
   __index metamethod). */
static int rs_ctx_missing(lua_State *L, int t, int k, int namer, int nilable) {
    if (lua_type(L, k) != LUA_TSTRING || (lua_type(L, nilable) == LUA_TSTRING && lua_rawequal(L, k, nilable))) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushvalue(L, namer);
    lua_pushvalue(L, t);
    lua_pushvalue(L, k);
    lua_call(L, 2, 1);
    if (lua_type(L, -1) != LUA_TSTRING) { lua_pushnil(L); return 1; }
    rs_prefix_where(L, 1);
    return lua_error(L);
}

/* __index of a guarded table: upvalues namer, nilable key (see rs_ctx_guard). */
static int rs_ctx_miss(lua_State *L) {
    return rs_ctx_missing(L, 1, 2, lua_upvalueindex(1), lua_upvalueindex(2));
}

/* t[k] (k on top, popped) for a stale proxy's read: raw, and on a miss what t's guard says. */
static int rs_ctx_get(lua_State *L, int t) {
    int k = lua_gettop(L);
    lua_pushvalue(L, k);
    if (lua_rawget(L, t) != LUA_TNIL || lua_type(L, k) != LUA_TSTRING) return 1;
    lua_pop(L, 1);
    if (!lua_getmetatable(L, t)) { lua_pushnil(L); return 1; }
    lua_pushliteral(L, "__index");
    lua_rawget(L, -2);
    int miss = lua_gettop(L);
    if (lua_getupvalue(L, miss, 1) == NULL) { lua_pushnil(L); return 1; }
    if (lua_getupvalue(L, miss, 2) == NULL) lua_pushnil(L);
    int top = lua_gettop(L);
    return rs_ctx_missing(L, t, k, top - 1, top);
}

void rs_ctx_guard(lua_State *L, int table, int namer, const char *nilable) {
    rs_vm *vm = rs_getvm(L);
    table = lua_absindex(L, table); namer = lua_absindex(L, namer);
    vm->lifted++;
    lua_createtable(L, 0, 2);
    lua_pushvalue(L, namer);
    if (nilable) lua_pushstring(L, nilable); else lua_pushnil(L);
    lua_pushcclosure(L, rs_ctx_miss, 2);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, table);
    vm->lifted--;
}

/* __index of a stale proxy: upvalues rs_ctx userdata, group, table, metatable. */
static int rs_ctx_refresh(lua_State *L) {
    rs_vm *vm = rs_getvm(L);
    rs_ctx *c = (rs_ctx *)lua_touserdata(L, lua_upvalueindex(1));
    int g = (int)lua_tointeger(L, lua_upvalueindex(2));
    if (g == 0) {
        /* ctx's own table also holds item, count, sections and state, which do not depend on
           `now`: reading them leaves the group stale, so the first read of a clock key in this
           hook call still comes here and is counted. */
        if (lua_type(L, 2) == LUA_TSTRING) {
            const char *key = lua_tostring(L, 2);
            /* ctx.dt is read from `now` without a sync, so the group stays stale and a clock read
               later in this hook call is still counted: dt is one frame period on every frame of
               a still hold (DragSimulator keeps it so across the frames it skips), so reading it
               does not stop the skipping. */
            if (strcmp(key, "dt") == 0) {
                lua_pushnumber(L, c->now.dt);
                return 1;
            }
            /* Likewise ctx.over_since and ctx.outside: they change only when the finger crosses
               the viewport's edge, so they are no clock and do not stop a still hold's skipping. */
            if (strcmp(key, "over_since") == 0) {
                rs_ctx_push(L, 0, 4, c->now.engagement);
                return 1;
            }
            if (strcmp(key, "outside") == 0) {
                lua_pushboolean(L, c->now.engagement < 0);
                return 1;
            }
            if (strcmp(key, "time") != 0 && strcmp(key, "drag_time") != 0 && strcmp(key, "frame_rate") != 0) {
                lua_settop(L, 2);
                return rs_ctx_get(L, lua_upvalueindex(3));
            }
        }
        c->time_reads++;   /* a clock key, or pairs(ctx) (its nil key), which sees them all */
    }
    vm->lifted++;
    rs_ctx_sync(L, c, g, lua_upvalueindex(3), lua_upvalueindex(4));
    vm->lifted--;
    lua_settop(L, 2);
    return rs_ctx_get(L, lua_upvalueindex(3));
}

rs_ctx *rs_ctx_new(lua_State *L) {
    rs_vm *vm = rs_getvm(L);
    vm->lifted++;
    rs_ctx *c = (rs_ctx *)lua_newuserdatauv(L, sizeof(rs_ctx), 0);
    vm->lifted--;
    memset(c, 0, sizeof(*c));
    double *v = &c->now.time;
    for (size_t i = 0; i < sizeof(rs_ctx_values) / sizeof(double); i++) v[i] = NAN;
    for (int g = 0; g < RS_CTX_GROUPS; g++) { c->mt_ref[g] = LUA_NOREF; c->refresher_ref[g] = LUA_NOREF; }
    return c;
}

void rs_ctx_bind(lua_State *L, int ud, int group, int table, int proxy) {
    rs_vm *vm = rs_getvm(L);
    ud = lua_absindex(L, ud); table = lua_absindex(L, table); proxy = lua_absindex(L, proxy);
    rs_ctx *c = (rs_ctx *)lua_touserdata(L, ud);
    vm->lifted++;
    lua_getmetatable(L, proxy);
    int mt = lua_gettop(L);
    lua_pushvalue(L, ud);
    lua_pushinteger(L, group);
    lua_pushvalue(L, table);
    lua_pushvalue(L, mt);
    lua_pushcclosure(L, rs_ctx_refresh, 4);
    lua_pushvalue(L, -1);
    c->refresher_ref[group] = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_setfield(L, mt, "__index");   /* stale from the start: `now` holds no numbers yet */
    c->stale[group] = 1;
    c->mt_ref[group] = luaL_ref(L, LUA_REGISTRYINDEX);
    vm->lifted--;
}

void rs_ctx_unbind(lua_State *L, rs_ctx *c) {
    for (int g = 0; g < RS_CTX_GROUPS; g++) {
        luaL_unref(L, LUA_REGISTRYINDEX, c->mt_ref[g]);
        luaL_unref(L, LUA_REGISTRYINDEX, c->refresher_ref[g]);
        c->mt_ref[g] = c->refresher_ref[g] = LUA_NOREF;
    }
}

static void rs_ctx_mark_stale(lua_State *L, rs_ctx *c, int g) {
    if (c->stale[g] || c->mt_ref[g] == LUA_NOREF) return;
    /* The table was current: make the proxy refresh it on the next read. */
    rs_vm *vm = rs_getvm(L);
    vm->lifted++;
    lua_rawgeti(L, LUA_REGISTRYINDEX, c->mt_ref[g]);
    lua_pushliteral(L, "__index");
    lua_rawgeti(L, LUA_REGISTRYINDEX, c->refresher_ref[g]);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    vm->lifted--;
    c->stale[g] = 1;
}

/* Copies group g (n doubles at a and b) and marks it stale when it changed. */
#define RS_CTX_TAKE(g, field, n) \
    if (!rs_same(&now->field, &c->now.field, n)) { \
        memcpy(&c->now.field, &now->field, (n) * sizeof(double)); \
        rs_ctx_mark_stale(L, c, g); \
    }

void rs_ctx_prepare(lua_State *L, rs_ctx *c, const rs_ctx_values *now) {
    RS_CTX_TAKE(0, time, 5)
    RS_CTX_TAKE(1, viewport_w, 2)
    RS_CTX_TAKE(2, content_w, 2)
    RS_CTX_TAKE(3, offset_x, 2)
    RS_CTX_TAKE(4, item_w, 2)
}

/* ------------------------------------------------------------------------------------------ */
/* macros                                                                                     */

int rs_gc(lua_State *L, int what, int data) { return lua_gc(L, what, data); }

int rs_sanitizer_slowdown(void) { return (int)RS_SANITIZER_SLOWDOWN; }
