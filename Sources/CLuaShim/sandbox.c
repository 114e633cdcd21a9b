/*
 * The bounded library of the policy sandbox.
 *
 * A count hook only sees Lua instructions: a C function runs to its end whatever the budget
 * says. So every library function a policy can reach either does work bounded by a constant,
 * or is charged to the instruction budget for the work it does: up front when the work is
 * known from the arguments (after metamethods have had their say: a length is read once and
 * the loop uses that bound), or as it goes when it is not (pattern matching, sorting, copies
 * through metamethods). A call whose work does not fit in what is left raises the normal budget
 * error at the policy's line, naming the function. docs/SANDBOX.md lists every function.
 *
 * The pattern functions are in pattern.c, the table functions in tables.c; they, the
 * coroutine functions below and every other function here are written for this project from
 * the Lua 5.4 reference manual (§6.2, §6.4, §6.6), with the charges designed in.
 */
#include "shim_internal.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------------------------------------------------ */
/* helpers                                                                                    */

/* Calls the original C function kept as upvalue 1 on the same frame (no extra Lua call). */
static int rs_call_original(lua_State *L) {
    lua_CFunction f = lua_tocfunction(L, lua_upvalueindex(1));
    return f(L);
}

/* Bytes of the string arguments (numbers count as their longest form, 44 bytes). */
static long long rs_arg_bytes(lua_State *L, int from) {
    long long total = 0;
    int n = lua_gettop(L);
    for (int i = from; i <= n; i++) {
        int t = lua_type(L, i);
        if (t == LUA_TSTRING) total += (long long)lua_rawlen(L, i);
        else if (t == LUA_TNUMBER) total += 44;
    }
    return total;
}

/* rs_charge for a closure made by rs_bound: its name (upvalue 2) is read only to raise. */
static inline void rs_charge_named(lua_State *L, long long n) {
    rs_vm *vm = rs_getvm(L);
    if (!vm->budgeted || n < vm->remaining) {
        rs_charge(L, n, NULL);
        return;
    }
    rs_charge(L, n, lua_tostring(L, lua_upvalueindex(2)));
}

/* A function whose work is linear in its arguments: charged one instruction per argument and
   one per RS_BYTES_PER_INSTRUCTION bytes of string argument, then the original runs. Upvalue 2:
   its name. */
static int rs_linear(lua_State *L) {
    long long cost = RS_CALL_COST + lua_gettop(L) + RS_BYTES(rs_arg_bytes(L, 1));
    rs_charge_named(L, cost);
    return rs_call_original(L);
}


/* Replaces t[name] (t at absolute index) by `f` with the old function as upvalue 1 and the
   qualified name as upvalue 2. */
static void rs_bound(lua_State *L, int t, const char *lib, const char *name, lua_CFunction f) {
    lua_getfield(L, t, name);
    lua_pushfstring(L, "%s%s%s", lib, *lib ? "." : "", name);
    lua_pushcclosure(L, f, 2);
    lua_setfield(L, t, name);
}

/* string.pack / string.unpack: linear in their arguments, one instruction per format byte (an
   option each makes a value), plus the sizes the format asks for ("c1000000" pads a short
   string to a million bytes, "i16" writes 16): every number in the format counts. */
static int rs_pack_bounded(lua_State *L) {
    size_t lf;
    const char *fmt = luaL_checklstring(L, 1, &lf);
    double sizes = 0;
    for (size_t i = 0; i < lf; i++) {
        if (fmt[i] < '0' || fmt[i] > '9') continue;
        double v = 0;
        while (i < lf && fmt[i] >= '0' && fmt[i] <= '9' && v < 1e15) v = v * 10 + (fmt[i++] - '0');
        sizes += v;
    }
    double cost = RS_CALL_COST + lua_gettop(L) + (double)lf + (double)RS_BYTES(rs_arg_bytes(L, 1)) +
                  sizes / RS_BYTES_PER_INSTRUCTION;
    rs_charge_named(L, cost > 9.0e18 ? LLONG_MAX : (long long)cost);
    return rs_call_original(L);
}

/* string.byte / utf8.codepoint: one value per byte of the range, plus the range's bytes. */
static int rs_byte_range(lua_State *L) {
    size_t l;
    luaL_checklstring(L, 1, &l);
    lua_Integer pi = luaL_optinteger(L, 2, 1);
    size_t start = rs_start_position(pi, l);
    size_t end = rs_end_position(luaL_optinteger(L, 3, pi), l);
    long long n = end >= start ? (long long)(end - start + 1) : 0;
    rs_charge_named(L, RS_CALL_COST + n);
    return rs_call_original(L);
}

/* utf8.len / utf8.offset: a scan of the string. */
static int rs_scan(lua_State *L) {
    size_t l;
    luaL_checklstring(L, 1, &l);
    rs_charge_named(L, RS_CALL_COST + RS_BYTES(l) * 4);
    return rs_call_original(L);
}

/* string.rep: an empty result costs nothing (Lua would still loop n times); otherwise one
   instruction per repetition and per RS_BYTES_PER_INSTRUCTION bytes of result. */
static int rs_rep_bounded(lua_State *L) {
    size_t l, lsep;
    luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    rs_charge(L, RS_CALL_COST, "string.rep");
    if (n <= 0 || (l == 0 && (lsep == 0 || n == 1))) {
        lua_pushliteral(L, "");
        return 1;
    }
    /* The size limit (RS_REP_LIMIT), as the sandbox always had it. */
    double total = (double)n * (double)(l + lsep);
    if (total > (double)RS_REP_LIMIT) {
        lua_Integer shown = total < 9.0e18 ? (lua_Integer)total : LUA_MAXINTEGER;
        return luaL_error(L, "string.rep: result of %I bytes exceeds the policy limit of %d bytes",
                          (LUAI_UACINT)shown, (int)RS_REP_LIMIT);
    }
    double bytes = (double)n * (double)l + (double)(n - 1) * (double)lsep;
    double cost = (double)n + bytes / RS_BYTES_PER_INSTRUCTION;
    rs_charge(L, cost > 9.0e18 ? LLONG_MAX : (long long)cost, "string.rep");
    return rs_call_original(L);
}

/* math.max / math.min (manual §6.7: the largest / smallest value by Lua's `<`; the first of equal
   ones), the sandbox's own. With more than two values, charged up front: one instruction per
   value, and one per RS_BYTES_PER_INSTRUCTION bytes of each string value (strings compare byte by
   byte, and by strcoll once per NUL-separated piece: lvm.c l_strcmp): the comparisons run in one
   C call, which the clock cannot interrupt, so the charge is what bounds it. One or two values
   are one comparison at most, the work of one `<` instruction, which the clock bounds as it
   bounds `<` (it stops the call at the next instruction); they are not charged, as these two are
   hot in speed hooks. Lua's own (upvalue 1) is not called: the second call was a quarter of what
   the wrapper cost. */
static inline int rs_extreme(lua_State *L, int largest) {
    int n = lua_gettop(L);
    luaL_argcheck(L, n >= 1, 1, "value expected");
    if (n > 2) {
        long long cost = n;
        for (int i = 1; i <= n; i++)
            if (lua_type(L, i) == LUA_TSTRING) cost += RS_BYTES(lua_rawlen(L, i));
        rs_charge_named(L, cost);
    }
    int best = 1;
    for (int i = 2; i <= n; i++)
        if (largest ? lua_compare(L, best, i, LUA_OPLT) : lua_compare(L, i, best, LUA_OPLT)) best = i;
    lua_pushvalue(L, best);
    return 1;
}
static int rs_max(lua_State *L) { return rs_extreme(L, 1); }
static int rs_min(lua_State *L) { return rs_extreme(L, 0); }

/* A step of utf8.codes' iterator (upvalue 1: Lua's; upvalue 2: the name). A step first skips the
   continuation bytes at the position it is given: called directly at a position inside a long run
   of them (`f(s, 0)` again and again), one step scans the whole run. The skip is done here,
   charged (one instruction, plus one per 4 bytes skipped, the rate of utf8.len's scan), and Lua's
   step is given the position after it, where it has nothing left to skip. */
static int rs_codes_step(lua_State *L) {
    size_t len;
    const char *s = luaL_checklstring(L, 1, &len);
    lua_Unsigned n = (lua_Unsigned)lua_tointeger(L, 2);
    lua_Unsigned from = n;
    while (n < len && ((unsigned char)s[n] & 0xC0) == 0x80) n++;
    rs_charge_named(L, 1 + (long long)((n - from) / 4));
    if (n != from) {
        lua_pushinteger(L, (lua_Integer)n);
        lua_replace(L, 2);
    }
    return rs_call_original(L);
}

/* utf8.codes: Lua's, with its iterator replaced by the charged step above. */
static int rs_codes(lua_State *L) {
    int n = rs_call_original(L);
    if (n == 3 && lua_type(L, -3) == LUA_TFUNCTION) {
        lua_pushvalue(L, -3);
        lua_pushvalue(L, lua_upvalueindex(2));
        lua_pushcclosure(L, rs_codes_step, 2);
        lua_replace(L, -4);
    }
    return n;
}

/* collectgarbage: a full collection (or a step, which may finish one) walks the whole heap. */
static int rs_gc_bounded(lua_State *L) {
    const char *opt = luaL_optstring(L, 1, "collect");
    if (strcmp(opt, "collect") == 0 || strcmp(opt, "step") == 0)
        rs_charge(L, RS_CALL_COST + RS_BYTES(rs_getvm(L)->used), "collectgarbage");
    return rs_call_original(L);
}

/* ------------------------------------------------------------------------------------------ */
/* coroutines (manual §6.2), as the sandbox needs them:                                       */
/*  - charged: creating a coroutine, and each resume (coroutine.resume, a call of a function   */
/*    made by coroutine.wrap), pays hook_step up front plus one per value passed, and one per  */
/*    value a resume receives. A new coroutine starts with a full hook counter (lua_newthread  */
/*    resets it), so without this a policy could run hook_step - 1 instructions in each of    */
/*    many fresh coroutines and never be charged.                                              */
/*  - on the clock: while a coroutine runs it is the slot's running state (rs_run), so the     */
/*    clock's signal arms the state that runs Lua code.                                        */
/*  - a spent budget is never caught: resume, wrap and close raise it again.                   */
/*  - a coroutine that died of an error the count hook raised keeps running with hooks off     */
/*    (lua_resume does not restore `allowhook`, and lua_resetthread runs __close handlers on   */
/*    it): its to-be-closed variables are never closed; closing it gives its error.           */

/* Registry key of the weak table of coroutines that died of an error raised in the hook: the
   error (a string) until the coroutine is closed, then true. */
static const char rs_hook_killed_key = 0;

/* Pushes what the table says of the coroutine at `idx`: its error, true (closed), or nil. */
static void rs_hook_killed_get(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &rs_hook_killed_key) != LUA_TTABLE) return;  /* nil */
    lua_pushvalue(L, idx);
    lua_rawget(L, -2);
    lua_remove(L, -2);
}

/* Records the value on top (popped) for the coroutine at `idx`. */
static void rs_hook_killed_set(lua_State *L, int idx) {
    rs_vm *vm = rs_getvm(L);
    idx = lua_absindex(L, idx);
    vm->lifted++;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &rs_hook_killed_key) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_createtable(L, 0, 1);
        lua_createtable(L, 0, 1);
        lua_pushliteral(L, "k");
        lua_setfield(L, -2, "__mode");
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &rs_hook_killed_key);
    }
    lua_pushvalue(L, idx);
    lua_pushvalue(L, -3);
    lua_rawset(L, -3);
    lua_pop(L, 2);
    vm->lifted--;
}

/* What coroutine.status says of `co`, seen from L. */
enum { RS_CO_RUNNING, RS_CO_SUSPENDED, RS_CO_NORMAL, RS_CO_DEAD };
static const char *const rs_co_status_names[] = {"running", "suspended", "normal", "dead"};

static int rs_co_status(lua_State *L, lua_State *co) {
    if (co == L) return RS_CO_RUNNING;
    int status = lua_status(co);
    if (status == LUA_YIELD) return RS_CO_SUSPENDED;
    if (status != LUA_OK) return RS_CO_DEAD;   /* stopped by an error */
    lua_Debug ar;
    if (lua_getstack(co, 0, &ar)) return RS_CO_NORMAL;   /* active: it resumed another */
    return lua_gettop(co) > 0 ? RS_CO_SUSPENDED : RS_CO_DEAD;   /* not started, or finished */
}

/* Resumes `co` (at `idx` in L) with the `nargs` values on top of L. Returns how many values it
   yielded or returned, moved to L's top (each charged one instruction), or -1 with an error
   object on L's top: the coroutine's error, or why it could not be resumed. */
static int rs_co_resume(lua_State *L, int idx, lua_State *co, int nargs, const char *what) {
    rs_vm *vm = rs_getvm(L);
    if (!lua_checkstack(co, nargs)) {
        lua_pushliteral(L, "too many arguments to resume");
        return -1;
    }
    lua_xmove(L, co, nargs);
    rs_slot *s = __atomic_load_n(&vm->slot, __ATOMIC_RELAXED);
    int nres = 0;
    rs_run(s, co, 0);
    int status = lua_resume(co, L, nargs, &nres);
    rs_run(s, L, 0);
    if (status != LUA_OK && status != LUA_YIELD) {
        if (vm->hook_raised == co) {   /* killed in the hook: never close it */
            vm->hook_raised = NULL;
            lua_pushvalue(co, -1);
            lua_xmove(co, L, 1);
            rs_hook_killed_set(L, idx);
        }
        lua_xmove(co, L, 1);
        return -1;
    }
    if (vm->hook_raised == co) vm->hook_raised = NULL;   /* raised and caught inside */
    if (!lua_checkstack(L, nres + 1)) {
        lua_pop(co, nres);
        lua_pushliteral(L, "too many results to resume");
        return -1;
    }
    lua_xmove(co, L, nres);
    rs_charge(L, nres, what);
    return nres;
}

/* Closes `co` (at `idx` in L), dead or suspended: its pending to-be-closed variables are closed
   on it. Returns LUA_OK, or an error status with the error object pushed on L (the error that
   killed it, or one a __close handler raised). */
static int rs_co_close(lua_State *L, int idx, lua_State *co) {
    rs_hook_killed_get(L, idx);
    if (lua_type(L, -1) == LUA_TSTRING) {   /* killed in the hook: its error, once */
        lua_pushboolean(L, 1);
        rs_hook_killed_set(L, idx);
        return LUA_ERRRUN;
    }
    int closed = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (closed) return LUA_OK;
    rs_slot *s = __atomic_load_n(&rs_getvm(L)->slot, __ATOMIC_RELAXED);
    rs_run(s, co, 0);
    int status = lua_resetthread(co);
    rs_run(s, L, 0);
    if (status == LUA_OK) return LUA_OK;
    lua_xmove(co, L, 1);
    return status;
}

/* A new coroutine with body `f` (argument 1), pushed; charged as a resume. */
static lua_State *rs_co_new(lua_State *L, const char *what) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    rs_charge(L, (long long)rs_getvm(L)->hook_step + lua_gettop(L), what);
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);
    return co;
}

static int rs_cocreate(lua_State *L) {
    rs_co_new(L, "coroutine.create");
    return 1;
}

static int rs_coresume(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co != NULL, 1, "thread");
    rs_charge(L, (long long)rs_getvm(L)->hook_step + lua_gettop(L), "coroutine.resume");
    int n = rs_co_resume(L, 1, co, lua_gettop(L) - 1, "coroutine.resume");
    if (n < 0) {
        if (rs_getvm(L)->exhausted) return lua_error(L);   /* the budget error, not caught */
        lua_pushboolean(L, 0);
        lua_insert(L, -2);
        return 2;
    }
    lua_pushboolean(L, 1);
    lua_insert(L, -(n + 1));
    return n + 1;
}

/* A function made by coroutine.wrap (upvalue 1: its coroutine). An error closes the coroutine
   when it died of it, and goes on to the caller; a string error gets the caller's position in
   front (as Lua's own wrap does), except a spent budget's, which names the policy's line
   already, and a memory error. */
static int rs_cowrap_call(lua_State *L) {
    rs_vm *vm = rs_getvm(L);
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    rs_charge(L, (long long)vm->hook_step + lua_gettop(L), "coroutine.wrap");
    int n = rs_co_resume(L, lua_upvalueindex(1), co, lua_gettop(L), "coroutine.wrap");
    if (n >= 0) return n;
    int status = lua_status(co);
    if (status != LUA_OK && status != LUA_YIELD) status = rs_co_close(L, lua_upvalueindex(1), co);
    if (!vm->exhausted && status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) rs_prefix_where(L, 1);
    return lua_error(L);
}

static int rs_cowrap(lua_State *L) {
    rs_co_new(L, "coroutine.wrap");
    lua_pushcclosure(L, rs_cowrap_call, 1);
    return 1;
}

static int rs_coclose(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co != NULL, 1, "thread");
    int st = rs_co_status(L, co);
    if (st != RS_CO_DEAD && st != RS_CO_SUSPENDED)
        return luaL_error(L, "cannot close a %s coroutine", rs_co_status_names[st]);
    int status = rs_co_close(L, 1, co);
    if (rs_getvm(L)->exhausted) {   /* a __close handler spent the budget */
        if (status != LUA_OK) return lua_error(L);
        rs_reraise_spent(L);
    }
    if (status == LUA_OK) {
        lua_pushboolean(L, 1);
        return 1;
    }
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
}

/* ------------------------------------------------------------------------------------------ */
/* parsing: fed in pieces, stopped by a deadline or the budget                                */

typedef struct rs_reader {
    const char *buf;
    size_t len, pos;
    size_t counted;         /* bytes whose newlines are counted */
    long long lines;        /* newlines consumed by the parser */
    long long deadline_ns;  /* CPU time allowed (0: none) */
    long long start_ns;     /* the thread's CPU time when parsing began (a loaded machine does not count) */
    long long paid;         /* instructions charged so far */
    int charge;
    const char *chunkname;
} rs_reader;

/* "name:line:" of the chunk as Lua would show it: '@' and '=' names without the mark. */
static void rs_push_chunk_where(lua_State *L, const rs_reader *r) {
    const char *name = r->chunkname ? r->chunkname : "?";
    if (*name == '@' || *name == '=') name++;
    else name = "[string]";
    lua_pushfstring(L, "%s:%I: ", name, (LUAI_UACINT)(r->lines + 1));
}

static const char *rs_piece_reader(lua_State *L, void *ud, size_t *size) {
    rs_reader *r = (rs_reader *)ud;
    /* The parser asks for more: it has consumed everything handed over so far. */
    for (size_t i = r->counted; i < r->pos; i++) if (r->buf[i] == '\n') r->lines++;
    r->counted = r->pos;
    if (r->pos > 0) {
        long long elapsed = rs_cpu_ns() - r->start_ns;
        if (r->charge) {
            long long owed = (long long)r->pos;
            long long by_time = elapsed / RS_NS_PER_INSTRUCTION;
            if (by_time > owed) owed = by_time;
            if (owed > r->paid) {
                long long n = owed - r->paid;
                r->paid = owed;
                rs_charge(L, n, "load");
            }
        }
        if (r->deadline_ns > 0 && elapsed > r->deadline_ns) {
            rs_vm *vm = rs_getvm(L);
            vm->lifted++;
            rs_push_chunk_where(L, r);
            lua_pushfstring(L, "parsing stopped after %d ms: the chunk takes too long to compile "
                               "(policy limit %d ms; split long elseif chains or the file)",
                            (int)(elapsed / 1000000), (int)(r->deadline_ns / 1000000));
            lua_concat(L, 2);
            vm->lifted--;
            lua_error(L);
        }
    }
    if (r->pos >= r->len) { *size = 0; return NULL; }
    size_t n = r->len - r->pos;
    if (n > RS_PARSE_PIECE) n = RS_PARSE_PIECE;
    const char *piece = r->buf + r->pos;
    r->pos += n;
    *size = n;
    return piece;
}

int rs_load_bounded(lua_State *L, const char *buf, size_t len, const char *chunkname,
                    const char *mode, long long deadline_ns, int charge) {
    rs_reader r = {buf, len, 0, 0, 0, deadline_ns, rs_cpu_ns(), 0, charge, chunkname};
    return lua_load(L, rs_piece_reader, &r, chunkname, mode);
}

/* The sandbox's `load`: text chunks given as strings only (no reader functions: a reader can
   feed an endless comment between two budget checks), at most RS_LOAD_LIMIT bytes, parsed under
   the caller's budget. Otherwise as Lua's load: returns the function, or fail and a message. */
static int rs_load_sandboxed(lua_State *L) {
    size_t l;
    if (lua_type(L, 1) != LUA_TSTRING)
        return luaL_error(L, "load: only strings can be loaded in policies (got a %s; reader functions "
                             "are not available)", luaL_typename(L, 1));
    const char *s = lua_tolstring(L, 1, &l);
    const char *chunkname = luaL_optstring(L, 2, s);
    if (!lua_isnoneornil(L, 3)) {
        const char *mode = luaL_checkstring(L, 3);
        if (strchr(mode, 'b') != NULL) return luaL_error(L, "load: binary chunks are not allowed in policies");
    }
    int env = !lua_isnone(L, 4) ? 4 : 0;
    if (l > RS_LOAD_LIMIT)
        return luaL_error(L, "load: chunk of %I bytes exceeds the policy limit of %d bytes",
                          (LUAI_UACINT)l, (int)RS_LOAD_LIMIT);
    rs_charge(L, RS_CALL_COST, "load");
    int status = rs_load_bounded(L, s, l, chunkname, "t", 0, 1);
    if (status != LUA_OK && rs_getvm(L)->exhausted) return lua_error(L);  /* the budget error */
    if (status == LUA_OK) {
        if (env != 0) {
            lua_pushvalue(L, env);
            if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
        }
        return 1;
    }
    luaL_pushfail(L);
    lua_insert(L, -2);
    return 2;
}

/* ------------------------------------------------------------------------------------------ */
/* installation                                                                               */

/* The library functions the sandbox wraps in a guard that charges for their work, with the
   guard: in the global table ("" library) or in the library named. */
static const struct { const char *lib, *name; lua_CFunction guard; } rs_guarded[] = {
    {"", "collectgarbage", rs_gc_bounded},
    {"", "select", rs_linear},
    {"", "tonumber", rs_linear},
    {"", "warn", rs_linear},
    {"", "rawequal", rs_linear},   /* two long strings are compared byte by byte */
    {"string", "rep", rs_rep_bounded},
    {"string", "byte", rs_byte_range},
    {"string", "pack", rs_pack_bounded},
    {"string", "unpack", rs_pack_bounded},
    {"string", "char", rs_linear},
    {"string", "format", rs_linear},
    {"string", "lower", rs_linear},
    {"string", "upper", rs_linear},
    {"string", "reverse", rs_linear},
    {"string", "sub", rs_linear},
    {"string", "packsize", rs_linear},
    {"math", "max", rs_max},
    {"math", "min", rs_min},
    {"utf8", "char", rs_linear},
    {"utf8", "codepoint", rs_byte_range},
    {"utf8", "len", rs_scan},
    {"utf8", "offset", rs_scan},
    {"utf8", "codes", rs_codes},
};

void rs_open_bounded(lua_State *L, int g) {
    lua_pushcfunction(L, rs_load_sandboxed);
    lua_setfield(L, g, "load");
    for (size_t i = 0; i < sizeof rs_guarded / sizeof rs_guarded[0]; i++) {
        const char *lib = rs_guarded[i].lib;
        if (*lib) lua_getfield(L, g, lib);
        rs_bound(L, *lib ? lua_absindex(L, -1) : g, lib, rs_guarded[i].name, rs_guarded[i].guard);
        if (*lib) lua_pop(L, 1);
    }

    lua_getfield(L, g, "string");
    rs_open_patterns(L, lua_absindex(L, -1));   /* find, match, gmatch, gsub (pattern.c) */
    lua_pop(L, 1);

    lua_getfield(L, g, "table");
    rs_open_table(L, lua_absindex(L, -1));   /* tables.c */
    lua_pop(L, 1);

    lua_getfield(L, g, "coroutine");
    int co = lua_absindex(L, -1);
    lua_pushcfunction(L, rs_coresume); lua_setfield(L, co, "resume");
    lua_pushcfunction(L, rs_cowrap); lua_setfield(L, co, "wrap");
    lua_pushcfunction(L, rs_cocreate); lua_setfield(L, co, "create");
    lua_pushcfunction(L, rs_coclose); lua_setfield(L, co, "close");
    lua_pop(L, 1);
}
