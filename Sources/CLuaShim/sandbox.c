/*
 * The bounded library of the policy sandbox (issue 12).
 *
 * A count hook only sees Lua instructions: a C function runs to its end whatever the budget
 * says. So every library function a policy can reach either does work bounded by a constant,
 * or is charged to the instruction budget for the work it does: up front when the work is
 * known from the arguments (after metamethods have had their say: a length is read once and
 * the loop uses that bound), or as it goes when it is not (pattern matching, sorting, copies
 * through metamethods). A call whose work does not fit in what is left raises the normal budget
 * error at the policy's line, naming the function. docs/SANDBOX.md lists every function.
 *
 * The table functions are Lua 5.4.4's own (ltablib.c, lcorolib.c; Copyright (C) 1994-2022
 * Lua.org, PUC-Rio, MIT licence) with the charges added. The pattern functions are in
 * pattern.c.
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
    if (vm->remaining == LLONG_MAX || n < vm->remaining) {
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

/* collectgarbage: a full collection (or a step, which may finish one) walks the whole heap. */
static int rs_gc_bounded(lua_State *L) {
    const char *opt = luaL_optstring(L, 1, "collect");
    if (strcmp(opt, "collect") == 0 || strcmp(opt, "step") == 0)
        rs_charge(L, RS_CALL_COST + RS_BYTES(rs_getvm(L)->used), "collectgarbage");
    return rs_call_original(L);
}

/* ------------------------------------------------------------------------------------------ */
/* table functions (ltablib.c 5.4.4): each element read, write or comparison is charged as it */
/* happens, so a length reported by __len, elements served by __index (Lua or C) and a C      */
/* comparator cannot make a call outrun the budget. The length is read once.                  */

#define TAB_R 1
#define TAB_W 2
#define TAB_L 4
#define TAB_RW (TAB_R | TAB_W)

static int checkfield(lua_State *L, const char *key, int n) {
    lua_pushstring(L, key);
    return (lua_rawget(L, -n) != LUA_TNIL);
}

static void checktab(lua_State *L, int arg, int what) {
    if (lua_type(L, arg) != LUA_TTABLE) {
        int n = 1;
        if (lua_getmetatable(L, arg) &&
            (!(what & TAB_R) || checkfield(L, "__index", ++n)) &&
            (!(what & TAB_W) || checkfield(L, "__newindex", ++n)) &&
            (!(what & TAB_L) || checkfield(L, "__len", ++n))) {
            lua_pop(L, n);
        } else {
            luaL_checktype(L, arg, LUA_TTABLE);
        }
    }
}

static lua_Integer aux_getn(lua_State *L, int n, int w, const char *what) {
    checktab(L, n, w | TAB_L);
    rs_charge(L, RS_CALL_COST, what);
    return luaL_len(L, n);   /* the one read of the length (may call __len) */
}

/* The cost of one element step (a read and a write, or a comparison): one instruction for a
   plain table; RS_META_STEP when the table has a metatable, because each access may then call
   a metamethod, and a C metamethod (tostring, rawlen...) runs no instruction the hook could
   count while costing 50-100 times one (a Lua metamethod is charged by the hook as well). */
#define RS_META_STEP 64
static long long rs_step_cost(lua_State *L, int idx) {
    if (lua_getmetatable(L, idx)) { lua_pop(L, 1); return RS_META_STEP; }
    return 1;
}
#define RS_STEP(L, what) rs_charge(L, step, what)

static int rs_tinsert(lua_State *L) {
    static const char *const what = "table.insert";
    lua_Integer pos;
    lua_Integer e = aux_getn(L, 1, TAB_RW, what);
    long long step = rs_step_cost(L, 1);
    e = (lua_Integer)((lua_Unsigned)e + 1u);
    switch (lua_gettop(L)) {
    case 2:
        pos = e;
        break;
    case 3: {
        pos = luaL_checkinteger(L, 2);
        luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)e, 2, "position out of bounds");
        for (lua_Integer i = e; i > pos; i--) {
            RS_STEP(L, what);
            lua_geti(L, 1, i - 1);
            lua_seti(L, 1, i);
        }
        break;
    }
    default:
        return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, pos);
    return 0;
}

static int rs_tremove(lua_State *L) {
    static const char *const what = "table.remove";
    lua_Integer size = aux_getn(L, 1, TAB_RW, what);
    long long step = rs_step_cost(L, 1);
    lua_Integer pos = luaL_optinteger(L, 2, size);
    if (pos != size)
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 1, "position out of bounds");
    lua_geti(L, 1, pos);
    for (; pos < size; pos++) {
        RS_STEP(L, what);
        lua_geti(L, 1, pos + 1);
        lua_seti(L, 1, pos);
    }
    lua_pushnil(L);
    lua_seti(L, 1, pos);
    return 1;
}

static int rs_tmove(lua_State *L) {
    static const char *const what = "table.move";
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    lua_Integer t = luaL_checkinteger(L, 4);
    int tt = !lua_isnoneornil(L, 5) ? 5 : 1;
    checktab(L, 1, TAB_R);
    checktab(L, tt, TAB_W);
    if (e >= f) {
        lua_Integer n, i;
        luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
        n = e - f + 1;
        luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4, "destination wrap around");
        /* known up front: refuse before copying anything */
        long long step = rs_step_cost(L, 1) + rs_step_cost(L, tt) - 1;
        double cost = (double)n * (double)step;
        rs_charge(L, cost > 9.0e18 ? LLONG_MAX : (long long)cost, what);
        if (t > e || t <= f || (tt != 1 && !lua_compare(L, 1, tt, LUA_OPEQ))) {
            for (i = 0; i < n; i++) {
                lua_geti(L, 1, f + i);
                lua_seti(L, tt, t + i);
            }
        } else {
            for (i = n - 1; i >= 0; i--) {
                lua_geti(L, 1, f + i);
                lua_seti(L, tt, t + i);
            }
        }
    }
    lua_pushvalue(L, tt);
    return 1;
}

static void addfield(lua_State *L, luaL_Buffer *b, lua_Integer i, const char *what, long long step) {
    RS_STEP(L, what);
    lua_geti(L, 1, i);
    if (!lua_isstring(L, -1))
        luaL_error(L, "invalid value (%s) at index %I in table for 'concat'", luaL_typename(L, -1), (LUAI_UACINT)i);
    rs_charge(L, RS_BYTES(lua_rawlen(L, -1)), what);
    luaL_addvalue(b);
}

static int rs_tconcat(lua_State *L) {
    static const char *const what = "table.concat";
    luaL_Buffer b;
    lua_Integer last = aux_getn(L, 1, TAB_R, what);
    long long step = rs_step_cost(L, 1);
    size_t lsep;
    const char *sep = luaL_optlstring(L, 2, "", &lsep);
    lua_Integer i = luaL_optinteger(L, 3, 1);
    last = luaL_optinteger(L, 4, last);
    luaL_buffinit(L, &b);
    for (; i < last; i++) {
        addfield(L, &b, i, what, step);
        rs_charge(L, RS_BYTES(lsep), what);
        luaL_addlstring(&b, sep, lsep);
    }
    if (i == last) addfield(L, &b, i, what, step);
    luaL_pushresult(&b);
    return 1;
}

static int rs_tpack(lua_State *L) {
    int n = lua_gettop(L);
    rs_charge(L, RS_CALL_COST + n, "table.pack");
    lua_createtable(L, n, 1);
    lua_insert(L, 1);
    for (int i = n; i >= 1; i--) lua_seti(L, 1, i);
    lua_pushinteger(L, n);
    lua_setfield(L, 1, "n");
    return 1;
}

static int rs_tunpack(lua_State *L) {
    static const char *const what = "table.unpack";
    lua_Unsigned n;
    lua_Integer i = luaL_optinteger(L, 2, 1);
    lua_Integer e;
    rs_charge(L, RS_CALL_COST, what);
    if (lua_isnoneornil(L, 3)) e = luaL_len(L, 1);
    else e = luaL_checkinteger(L, 3);
    if (i > e) return 0;
    n = (lua_Unsigned)e - (lua_Unsigned)i;
    if (n >= (unsigned int)INT_MAX || !lua_checkstack(L, (int)(++n)))
        return luaL_error(L, "too many results to unpack");
    double cost = (double)n * (double)rs_step_cost(L, 1);   /* known up front */
    rs_charge(L, (long long)cost, what);
    for (; i < e; i++) lua_geti(L, 1, i);
    lua_geti(L, 1, e);
    return (int)n;
}

typedef unsigned int IdxT;
#define RANLIMIT 100u
static const char *const rs_sort_what = "table.sort";

/* Deterministic "random" pivots: the same input sorts the same way on every run. */
static unsigned int rs_randomize_pivot(IdxT lo, IdxT up) {
    return (lo * 2654435761u) ^ (up * 2246822519u) ^ 0x9e3779b9u;
}

/* Per sort: the cost of a write pair and of a comparison (set by rs_sort_bounded). */
static long long rs_sort_step(lua_State *L) {
    return (long long)lua_tointeger(L, 3);   /* slot 3, pushed by rs_sort_bounded */
}

static void set2(lua_State *L, IdxT i, IdxT j) {
    rs_charge(L, rs_sort_step(L), rs_sort_what);
    lua_seti(L, 1, i);
    lua_seti(L, 1, j);
}

static int sort_comp(lua_State *L, int a, int b) {
    long long step = rs_sort_step(L);
    if (lua_isnil(L, 2)) {
        /* Tables and userdata compare through __lt, possibly a C function. */
        int ta = lua_type(L, a), tb = lua_type(L, b);
        if (ta == LUA_TTABLE || ta == LUA_TUSERDATA || tb == LUA_TTABLE || tb == LUA_TUSERDATA)
            step = RS_META_STEP;
        rs_charge(L, step, rs_sort_what);
        /* Comparing two strings reads them (strcoll): charge their common length. */
        if (lua_type(L, a) == LUA_TSTRING && lua_type(L, b) == LUA_TSTRING) {
            size_t la = lua_rawlen(L, a), lb = lua_rawlen(L, b);
            rs_charge(L, RS_BYTES(la < lb ? la : lb), rs_sort_what);
        }
        return lua_compare(L, a, b, LUA_OPLT);
    }
    rs_charge(L, RS_META_STEP, rs_sort_what);   /* a call of the comparator (C or Lua) */
    lua_pushvalue(L, 2);
    lua_pushvalue(L, a - 1);
    lua_pushvalue(L, b - 2);
    lua_call(L, 2, 1);
    int res = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return res;
}

static IdxT partition(lua_State *L, IdxT lo, IdxT up) {
    IdxT i = lo, j = up - 1;
    for (;;) {
        while ((void)lua_geti(L, 1, ++i), sort_comp(L, -1, -2)) {
            if (i == up - 1) luaL_error(L, "invalid order function for sorting");
            lua_pop(L, 1);
        }
        while ((void)lua_geti(L, 1, --j), sort_comp(L, -3, -1)) {
            if (j < i) luaL_error(L, "invalid order function for sorting");
            lua_pop(L, 1);
        }
        if (j < i) {
            lua_pop(L, 1);
            set2(L, up - 1, i);
            return i;
        }
        set2(L, i, j);
    }
}

static IdxT choosePivot(IdxT lo, IdxT up, unsigned int rnd) {
    IdxT r4 = (up - lo) / 4;
    return rnd % (r4 * 2) + (lo + r4);
}

static void auxsort(lua_State *L, IdxT lo, IdxT up, unsigned int rnd) {
    while (lo < up) {
        IdxT p, n;
        lua_geti(L, 1, lo);
        lua_geti(L, 1, up);
        if (sort_comp(L, -1, -2)) set2(L, lo, up);
        else lua_pop(L, 2);
        if (up - lo == 1) return;
        if (up - lo < RANLIMIT || rnd == 0) p = (lo + up) / 2;
        else p = choosePivot(lo, up, rnd);
        lua_geti(L, 1, p);
        lua_geti(L, 1, lo);
        if (sort_comp(L, -2, -1)) set2(L, p, lo);
        else {
            lua_pop(L, 1);
            lua_geti(L, 1, up);
            if (sort_comp(L, -1, -2)) set2(L, p, up);
            else lua_pop(L, 2);
        }
        if (up - lo == 2) return;
        lua_geti(L, 1, p);
        lua_pushvalue(L, -1);
        lua_geti(L, 1, up - 1);
        set2(L, p, up - 1);
        p = partition(L, lo, up);
        if (p - lo < up - p) {
            auxsort(L, lo, p - 1, rnd);
            n = p - lo;
            lo = p + 1;
        } else {
            auxsort(L, p + 1, up, rnd);
            n = up - p;
            up = p - 1;
        }
        if ((up - lo) / 128 > n) rnd = rs_randomize_pivot(lo, up);
    }
}

static int rs_sort_bounded(lua_State *L) {
    lua_Integer n = aux_getn(L, 1, TAB_RW, rs_sort_what);
    if (n > 1) {
        luaL_argcheck(L, n < INT_MAX, 1, "array too big");
        if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
        lua_settop(L, 2);
        lua_pushinteger(L, rs_step_cost(L, 1));   /* slot 3: the step cost (see rs_sort_step) */
        auxsort(L, 1, (IdxT)n, 0);
    }
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* coroutines: every resume (resume, a wrap function, and the creation) pays hook_step up     */
/* front. A new coroutine starts with a full hook counter (lua_newthread resets it), so        */
/* without this charge a policy could run hook_step - 1 instructions in each of many fresh     */
/* coroutines and never be charged.                                                           */

static void rs_charge_resume(lua_State *L, const char *what) {
    /* hook_step, plus the values moved to the coroutine */
    rs_charge(L, rs_getvm(L)->hook_step + lua_gettop(L), what);
}

static int auxresume(lua_State *L, lua_State *co, int narg) {
    int status, nres;
    if (!lua_checkstack(co, narg)) {
        lua_pushliteral(L, "too many arguments to resume");
        return -1;
    }
    lua_xmove(L, co, narg);
    status = lua_resume(co, L, narg, &nres);
    if (status == LUA_OK || status == LUA_YIELD) {
        if (!lua_checkstack(L, nres + 1)) {
            lua_pop(co, nres);
            lua_pushliteral(L, "too many results to resume");
            return -1;
        }
        lua_xmove(co, L, nres);
        return nres;
    }
    lua_xmove(co, L, 1);
    return -1;
}

static int rs_coresume(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co, 1, "thread");
    rs_charge_resume(L, "coroutine.resume");
    int r = auxresume(L, co, lua_gettop(L) - 1);
    if (r < 0) {
        lua_pushboolean(L, 0);
        lua_insert(L, -2);
        return 2;
    }
    lua_pushboolean(L, 1);
    lua_insert(L, -(r + 1));
    return r + 1;
}

static int rs_auxwrap(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    rs_charge_resume(L, "coroutine.wrap");
    int r = auxresume(L, co, lua_gettop(L));
    if (r < 0) {
        int stat = lua_status(co);
        if (stat != LUA_OK && stat != LUA_YIELD) {
            stat = lua_resetthread(co);
            lua_xmove(co, L, 1);
        }
        /* A spent budget keeps its own message: it names the policy's line already. */
        if (stat != LUA_ERRMEM && !rs_getvm(L)->exhausted && lua_type(L, -1) == LUA_TSTRING) {
            luaL_where(L, 1);
            lua_insert(L, -2);
            lua_concat(L, 2);
        }
        return lua_error(L);
    }
    return r;
}

static int rs_cocreate(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    rs_charge_resume(L, "coroutine.create");
    lua_State *NL = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, NL, 1);
    return 1;
}

static int rs_cowrap(lua_State *L) {
    rs_cocreate(L);
    lua_pushcclosure(L, rs_auxwrap, 1);
    return 1;
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

void rs_open_bounded(lua_State *L, int g) {
    /* base */
    lua_pushcfunction(L, rs_load_sandboxed);
    lua_setfield(L, g, "load");
    rs_bound(L, g, "", "collectgarbage", rs_gc_bounded);
    rs_bound(L, g, "", "select", rs_linear);
    rs_bound(L, g, "", "tonumber", rs_linear);
    rs_bound(L, g, "", "warn", rs_linear);
    rs_bound(L, g, "", "rawequal", rs_linear);   /* two long strings are compared byte by byte */

    lua_getfield(L, g, "string");
    int str = lua_absindex(L, -1);
    rs_bound(L, str, "string", "rep", rs_rep_bounded);
    rs_bound(L, str, "string", "byte", rs_byte_range);
    rs_bound(L, str, "string", "pack", rs_pack_bounded);
    rs_bound(L, str, "string", "unpack", rs_pack_bounded);
    static const char *const linear_str[] = {"char", "format", "lower", "upper", "reverse", "sub",
                                             "packsize", NULL};
    for (int i = 0; linear_str[i]; i++) rs_bound(L, str, "string", linear_str[i], rs_linear);
    rs_open_patterns(L, str);   /* find, match, gmatch, gsub (pattern.c) */
    lua_pop(L, 1);

    /* math.max / math.min are left as they are: they are hot in policies (speed hooks), and
       their work is linear in the values passed, like passing those values to any function
       (`f(...)`), which the CPU-time limit bounds (see rs_hook). A wrapper cost 4 % of a
       frame of `default`. */

    lua_getfield(L, g, "utf8");
    int u = lua_absindex(L, -1);
    rs_bound(L, u, "utf8", "char", rs_linear);
    rs_bound(L, u, "utf8", "codepoint", rs_byte_range);
    rs_bound(L, u, "utf8", "len", rs_scan);
    rs_bound(L, u, "utf8", "offset", rs_scan);
    lua_pop(L, 1);

    lua_getfield(L, g, "table");
    int t = lua_absindex(L, -1);
    static const luaL_Reg tab[] = {
        {"insert", rs_tinsert}, {"remove", rs_tremove}, {"move", rs_tmove}, {"concat", rs_tconcat},
        {"pack", rs_tpack}, {"unpack", rs_tunpack}, {"sort", rs_sort_bounded}, {NULL, NULL}};
    for (const luaL_Reg *r = tab; r->name; r++) {
        lua_pushcfunction(L, r->func);
        lua_setfield(L, t, r->name);
    }
    lua_pop(L, 1);

    lua_getfield(L, g, "coroutine");
    int co = lua_absindex(L, -1);
    lua_pushcfunction(L, rs_coresume); lua_setfield(L, co, "resume");
    lua_pushcfunction(L, rs_cowrap); lua_setfield(L, co, "wrap");
    lua_pushcfunction(L, rs_cocreate); lua_setfield(L, co, "create");
    lua_pop(L, 1);
}
