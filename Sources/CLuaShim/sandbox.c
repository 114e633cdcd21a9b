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
 * Pattern matching and coroutine.wrap are Lua 5.4.4's own (lstrlib.c, lcorolib.c; Copyright
 * (C) 1994-2022 Lua.org, PUC-Rio, MIT licence) with the charges added. The table functions are
 * the project's own, in tables.c.
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

/* Relative string position (lstrlib.c posrelatI / getendpos). */
static size_t rs_posrelat(lua_Integer pos, size_t len) {
    if (pos > 0) return (size_t)pos;
    else if (pos == 0) return 1;
    else if (pos < -(lua_Integer)len) return 1;
    else return len + (size_t)pos + 1;
}

static size_t rs_endpos(lua_State *L, int arg, lua_Integer def, size_t len) {
    lua_Integer pos = luaL_optinteger(L, arg, def);
    if (pos > (lua_Integer)len) return len;
    else if (pos >= 0) return (size_t)pos;
    else if (pos < -(lua_Integer)len) return 0;
    else return len + (size_t)pos + 1;
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
    size_t start = rs_posrelat(pi, l);
    size_t end = rs_endpos(L, 3, pi, l);
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
/* pattern matching (lstrlib.c 5.4.4, charged as it goes)                                     */

#define RS_MAXCAPTURES 32
#define RS_CAP_UNFINISHED (-1)
#define RS_CAP_POSITION (-2)
#define RS_MAXCCALLS 200
#define RS_L_ESC '%'
#define RS_SPECIALS "^$*+?.([%-"
#define RS_MATCH_PAY 4096  /* steps between two payments */
#define uchar(c) ((unsigned char)(c))

typedef struct MatchState {
    const char *src_init, *src_end, *p_end;
    lua_State *L;
    int matchdepth;
    unsigned char level;
    long long work;        /* steps done and not yet charged */
    const char *what;      /* "string.find" ... */
    struct { const char *init; ptrdiff_t len; } capture[RS_MAXCAPTURES];
} MatchState;

static void rs_match_pay(MatchState *ms) {
    long long w = ms->work;
    ms->work = 0;
    rs_charge(ms->L, w, ms->what);
}

/* One step of matching costs one instruction; a scan of n bytes costs n/4 (classes) or
   n/RS_BYTES_PER_INSTRUCTION (memcmp, memchr). */
#define RS_WORK(ms, n) do { if (((ms)->work += (n)) >= RS_MATCH_PAY) rs_match_pay(ms); } while (0)

static const char *match(MatchState *ms, const char *s, const char *p);

static int check_capture(MatchState *ms, int l) {
    l -= '1';
    if (l < 0 || l >= ms->level || ms->capture[l].len == RS_CAP_UNFINISHED)
        return luaL_error(ms->L, "invalid capture index %%%d", l + 1);
    return l;
}

static int capture_to_close(MatchState *ms) {
    int level = ms->level;
    for (level--; level >= 0; level--)
        if (ms->capture[level].len == RS_CAP_UNFINISHED) return level;
    return luaL_error(ms->L, "invalid pattern capture");
}

static const char *classend(MatchState *ms, const char *p) {
    switch (*p++) {
    case RS_L_ESC:
        if (p == ms->p_end) luaL_error(ms->L, "malformed pattern (ends with '%%')");
        return p + 1;
    case '[': {
        const char *start = p;
        if (*p == '^') p++;
        do {
            if (p == ms->p_end) luaL_error(ms->L, "malformed pattern (missing ']')");
            if (*(p++) == RS_L_ESC && p < ms->p_end) p++;
        } while (*p != ']');
        RS_WORK(ms, (p - start) / 4);
        return p + 1;
    }
    default:
        return p;
    }
}

static int match_class(int c, int cl) {
    int res;
    switch (tolower(cl)) {
    case 'a': res = isalpha(c); break;
    case 'c': res = iscntrl(c); break;
    case 'd': res = isdigit(c); break;
    case 'g': res = isgraph(c); break;
    case 'l': res = islower(c); break;
    case 'p': res = ispunct(c); break;
    case 's': res = isspace(c); break;
    case 'u': res = isupper(c); break;
    case 'w': res = isalnum(c); break;
    case 'x': res = isxdigit(c); break;
    case 'z': res = (c == 0); break;
    default: return (cl == c);
    }
    return (islower(cl) ? res : !res);
}

static int matchbracketclass(MatchState *ms, int c, const char *p, const char *ec) {
    int sig = 1;
    RS_WORK(ms, 1 + (ec - p) / 4);
    if (*(p + 1) == '^') { sig = 0; p++; }
    while (++p < ec) {
        if (*p == RS_L_ESC) {
            p++;
            if (match_class(c, uchar(*p))) return sig;
        } else if ((*(p + 1) == '-') && (p + 2 < ec)) {
            p += 2;
            if (uchar(*(p - 2)) <= c && c <= uchar(*p)) return sig;
        } else if (uchar(*p) == c) return sig;
    }
    return !sig;
}

static int singlematch(MatchState *ms, const char *s, const char *p, const char *ep) {
    RS_WORK(ms, 1);
    if (s >= ms->src_end) return 0;
    int c = uchar(*s);
    switch (*p) {
    case '.': return 1;
    case RS_L_ESC: return match_class(c, uchar(*(p + 1)));
    case '[': return matchbracketclass(ms, c, p, ep - 1);
    default: return (uchar(*p) == c);
    }
}

static const char *matchbalance(MatchState *ms, const char *s, const char *p) {
    if (p >= ms->p_end - 1) luaL_error(ms->L, "malformed pattern (missing arguments to '%%b')");
    if (*s != *p) return NULL;
    const char *start = s;
    int b = *p, e = *(p + 1), cont = 1;
    while (++s < ms->src_end) {
        if (*s == e) {
            if (--cont == 0) { RS_WORK(ms, (s - start) / 4); return s + 1; }
        } else if (*s == b) cont++;
    }
    RS_WORK(ms, (s - start) / 4);
    return NULL;
}

static const char *max_expand(MatchState *ms, const char *s, const char *p, const char *ep) {
    ptrdiff_t i = 0;
    while (singlematch(ms, s + i, p, ep)) i++;
    while (i >= 0) {
        const char *res = match(ms, (s + i), ep + 1);
        if (res) return res;
        i--;
    }
    return NULL;
}

static const char *min_expand(MatchState *ms, const char *s, const char *p, const char *ep) {
    for (;;) {
        const char *res = match(ms, s, ep + 1);
        if (res != NULL) return res;
        else if (singlematch(ms, s, p, ep)) s++;
        else return NULL;
    }
}

static const char *start_capture(MatchState *ms, const char *s, const char *p, int what) {
    const char *res;
    int level = ms->level;
    if (level >= RS_MAXCAPTURES) luaL_error(ms->L, "too many captures");
    ms->capture[level].init = s;
    ms->capture[level].len = what;
    ms->level = (unsigned char)(level + 1);
    if ((res = match(ms, s, p)) == NULL) ms->level--;
    return res;
}

static const char *end_capture(MatchState *ms, const char *s, const char *p) {
    int l = capture_to_close(ms);
    const char *res;
    ms->capture[l].len = s - ms->capture[l].init;
    if ((res = match(ms, s, p)) == NULL) ms->capture[l].len = RS_CAP_UNFINISHED;
    return res;
}

static const char *match_capture(MatchState *ms, const char *s, int l) {
    size_t len;
    l = check_capture(ms, l);
    len = (size_t)ms->capture[l].len;
    RS_WORK(ms, 1 + RS_BYTES(len));
    if ((size_t)(ms->src_end - s) >= len && memcmp(ms->capture[l].init, s, len) == 0)
        return s + len;
    return NULL;
}

static const char *match(MatchState *ms, const char *s, const char *p) {
    if (ms->matchdepth-- == 0) luaL_error(ms->L, "pattern too complex");
init:
    RS_WORK(ms, 1);
    if (p != ms->p_end) {
        switch (*p) {
        case '(':
            if (*(p + 1) == ')') s = start_capture(ms, s, p + 2, RS_CAP_POSITION);
            else s = start_capture(ms, s, p + 1, RS_CAP_UNFINISHED);
            break;
        case ')':
            s = end_capture(ms, s, p + 1);
            break;
        case '$':
            if ((p + 1) != ms->p_end) goto dflt;
            s = (s == ms->src_end) ? s : NULL;
            break;
        case RS_L_ESC:
            switch (*(p + 1)) {
            case 'b':
                s = matchbalance(ms, s, p + 2);
                if (s != NULL) { p += 4; goto init; }
                break;
            case 'f': {
                const char *ep; char previous;
                p += 2;
                if (*p != '[') luaL_error(ms->L, "missing '[' after '%%f' in pattern");
                ep = classend(ms, p);
                previous = (s == ms->src_init) ? '\0' : *(s - 1);
                if (!matchbracketclass(ms, uchar(previous), p, ep - 1) &&
                    matchbracketclass(ms, uchar(*s), p, ep - 1)) { p = ep; goto init; }
                s = NULL;
                break;
            }
            case '0': case '1': case '2': case '3': case '4':
            case '5': case '6': case '7': case '8': case '9':
                s = match_capture(ms, s, uchar(*(p + 1)));
                if (s != NULL) { p += 2; goto init; }
                break;
            default: goto dflt;
            }
            break;
        default: dflt: {
            const char *ep = classend(ms, p);
            if (!singlematch(ms, s, p, ep)) {
                if (*ep == '*' || *ep == '?' || *ep == '-') { p = ep + 1; goto init; }
                else s = NULL;
            } else {
                switch (*ep) {
                case '?': {
                    const char *res;
                    if ((res = match(ms, s + 1, ep + 1)) != NULL) s = res;
                    else { p = ep + 1; goto init; }
                    break;
                }
                case '+':
                    s++;
                    /* FALLTHROUGH */
                case '*':
                    s = max_expand(ms, s, p, ep);
                    break;
                case '-':
                    s = min_expand(ms, s, p, ep);
                    break;
                default:
                    s++; p = ep; goto init;
                }
            }
            break;
        }
        }
    }
    ms->matchdepth++;
    return s;
}

static const char *lmemfind(MatchState *ms, const char *s1, size_t l1, const char *s2, size_t l2) {
    if (l2 == 0) return s1;
    else if (l2 > l1) return NULL;
    const char *init;
    l2--;
    l1 = l1 - l2;
    while (l1 > 0 && (init = (const char *)memchr(s1, *s2, l1)) != NULL) {
        /* the memchr scan, then the memcmp of a candidate */
        RS_WORK(ms, 1 + RS_BYTES(init - s1) + RS_BYTES(l2));
        init++;
        if (memcmp(init, s2 + 1, l2) == 0) return init - 1;
        l1 -= (size_t)(init - s1);
        s1 = init;
    }
    RS_WORK(ms, 1 + RS_BYTES(l1));
    return NULL;
}

static size_t get_onecapture(MatchState *ms, int i, const char *s, const char *e, const char **cap) {
    if (i >= ms->level) {
        if (i != 0) luaL_error(ms->L, "invalid capture index %%%d", i + 1);
        *cap = s;
        return (size_t)(e - s);
    }
    ptrdiff_t capl = ms->capture[i].len;
    *cap = ms->capture[i].init;
    if (capl == RS_CAP_UNFINISHED) luaL_error(ms->L, "unfinished capture");
    else if (capl == RS_CAP_POSITION) lua_pushinteger(ms->L, (ms->capture[i].init - ms->src_init) + 1);
    return (size_t)capl;
}

static void push_onecapture(MatchState *ms, int i, const char *s, const char *e) {
    const char *cap;
    ptrdiff_t l = (ptrdiff_t)get_onecapture(ms, i, s, e, &cap);
    if (l != RS_CAP_POSITION) {
        RS_WORK(ms, 1 + RS_BYTES(l));
        lua_pushlstring(ms->L, cap, (size_t)l);
    }
}

static int push_captures(MatchState *ms, const char *s, const char *e) {
    int nlevels = (ms->level == 0 && s) ? 1 : ms->level;
    luaL_checkstack(ms->L, nlevels, "too many captures");
    for (int i = 0; i < nlevels; i++) push_onecapture(ms, i, s, e);
    return nlevels;
}

static int nospecials(const char *p, size_t l) {
    size_t upto = 0;
    do {
        if (strpbrk(p + upto, RS_SPECIALS)) return 0;
        upto += strlen(p + upto) + 1;
    } while (upto <= l);
    return 1;
}

static void prepstate(MatchState *ms, lua_State *L, const char *s, size_t ls, const char *p, size_t lp,
                      const char *what) {
    ms->L = L;
    ms->matchdepth = RS_MAXCCALLS;
    ms->src_init = s;
    ms->src_end = s + ls;
    ms->p_end = p + lp;
    ms->work = 0;
    ms->what = what;
}

static void reprepstate(MatchState *ms) { ms->level = 0; }

static int str_find_aux(lua_State *L, int find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = rs_posrelat(luaL_optinteger(L, 3, 1), ls) - 1;
    MatchState ms;
    prepstate(&ms, L, s, ls, p, lp, find ? "string.find" : "string.match");
    RS_WORK(&ms, RS_CALL_COST + RS_BYTES(lp));  /* the call; nospecials, or the anchor test */
    if (init > ls) {
        rs_match_pay(&ms);
        luaL_pushfail(L);
        return 1;
    }
    if (find && (lua_toboolean(L, 4) || nospecials(p, lp))) {
        const char *s2 = lmemfind(&ms, s + init, ls - init, p, lp);
        rs_match_pay(&ms);
        if (s2) {
            lua_pushinteger(L, (s2 - s) + 1);
            lua_pushinteger(L, (lua_Integer)((s2 - s) + (ptrdiff_t)lp));
            return 2;
        }
    } else {
        const char *s1 = s + init;
        int anchor = (*p == '^');
        if (anchor) { p++; lp--; }
        long long owed = ms.work;   /* the call's cost, charged with the first payment */
        prepstate(&ms, L, s, ls, p, lp, ms.what);
        ms.work = owed;
        do {
            const char *res;
            reprepstate(&ms);
            if ((res = match(&ms, s1, p)) != NULL) {
                int n;
                if (find) {
                    lua_pushinteger(L, (s1 - s) + 1);
                    lua_pushinteger(L, res - s);
                    n = push_captures(&ms, NULL, 0) + 2;
                } else {
                    n = push_captures(&ms, s1, res);
                }
                rs_match_pay(&ms);
                return n;
            }
        } while (s1++ < ms.src_end && !anchor);
        rs_match_pay(&ms);
    }
    luaL_pushfail(L);
    return 1;
}

static int rs_str_find(lua_State *L) { return str_find_aux(L, 1); }
static int rs_str_match(lua_State *L) { return str_find_aux(L, 0); }

typedef struct GMatchState {
    const char *src, *p, *lastmatch;
    MatchState ms;
} GMatchState;

static int gmatch_aux(lua_State *L) {
    GMatchState *gm = (GMatchState *)lua_touserdata(L, lua_upvalueindex(3));
    const char *src;
    gm->ms.L = L;
    RS_WORK(&gm->ms, RS_CALL_COST);
    for (src = gm->src; src <= gm->ms.src_end; src++) {
        const char *e;
        reprepstate(&gm->ms);
        if ((e = match(&gm->ms, src, gm->p)) != NULL && e != gm->lastmatch) {
            gm->src = gm->lastmatch = e;
            int n = push_captures(&gm->ms, src, e);
            rs_match_pay(&gm->ms);
            return n;
        }
    }
    rs_match_pay(&gm->ms);
    return 0;
}

static int rs_gmatch(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = rs_posrelat(luaL_optinteger(L, 3, 1), ls) - 1;
    lua_settop(L, 2);
    GMatchState *gm = (GMatchState *)lua_newuserdatauv(L, sizeof(GMatchState), 0);
    if (init > ls) init = ls + 1;
    prepstate(&gm->ms, L, s, ls, p, lp, "string.gmatch");
    gm->src = s + init; gm->p = p; gm->lastmatch = NULL;
    lua_pushcclosure(L, gmatch_aux, 3);
    return 1;
}

static void add_s(MatchState *ms, luaL_Buffer *b, const char *s, const char *e) {
    size_t l;
    lua_State *L = ms->L;
    const char *news = lua_tolstring(L, 3, &l);
    const char *p;
    RS_WORK(ms, 1 + RS_BYTES(l));
    while ((p = (char *)memchr(news, RS_L_ESC, l)) != NULL) {
        luaL_addlstring(b, news, (size_t)(p - news));
        p++;
        if (*p == RS_L_ESC) luaL_addchar(b, *p);
        else if (*p == '0') { RS_WORK(ms, RS_BYTES(e - s)); luaL_addlstring(b, s, (size_t)(e - s)); }
        else if (isdigit(uchar(*p))) {
            const char *cap;
            ptrdiff_t resl = (ptrdiff_t)get_onecapture(ms, *p - '1', s, e, &cap);
            if (resl == RS_CAP_POSITION) luaL_addvalue(b);
            else { RS_WORK(ms, RS_BYTES(resl)); luaL_addlstring(b, cap, (size_t)resl); }
        } else luaL_error(L, "invalid use of '%c' in replacement string", RS_L_ESC);
        l -= (size_t)(p + 1 - news);
        news = p + 1;
    }
    luaL_addlstring(b, news, l);
}

static int add_value(MatchState *ms, luaL_Buffer *b, const char *s, const char *e, int tr) {
    lua_State *L = ms->L;
    switch (tr) {
    case LUA_TFUNCTION: {
        lua_pushvalue(L, 3);
        int n = push_captures(ms, s, e);
        rs_match_pay(ms);   /* what was matched so far is paid before Lua runs */
        lua_call(L, n, 1);
        break;
    }
    case LUA_TTABLE:
        push_onecapture(ms, 0, s, e);
        rs_match_pay(ms);
        lua_gettable(L, 3);
        break;
    default:
        add_s(ms, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    } else if (!lua_isstring(L, -1)) {
        return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    }
    RS_WORK(ms, 1 + RS_BYTES(lua_rawlen(L, -1)));
    luaL_addvalue(b);
    return 1;
}

static int rs_gsub(lua_State *L) {
    size_t srcl, lp;
    const char *src = luaL_checklstring(L, 1, &srcl);
    const char *p = luaL_checklstring(L, 2, &lp);
    const char *lastmatch = NULL;
    int tr = lua_type(L, 3);
    lua_Integer max_s = luaL_optinteger(L, 4, (lua_Integer)srcl + 1);
    int anchor = (*p == '^');
    lua_Integer n = 0;
    int changed = 0;
    MatchState ms;
    luaL_Buffer b;
    luaL_argexpected(L, tr == LUA_TNUMBER || tr == LUA_TSTRING || tr == LUA_TFUNCTION || tr == LUA_TTABLE,
                     3, "string/function/table");
    luaL_buffinit(L, &b);
    if (anchor) { p++; lp--; }
    prepstate(&ms, L, src, srcl, p, lp, "string.gsub");
    while (n < max_s) {
        const char *e;
        reprepstate(&ms);
        if ((e = match(&ms, src, p)) != NULL && e != lastmatch) {
            n++;
            changed = add_value(&ms, &b, src, e, tr) | changed;
            src = lastmatch = e;
        } else if (src < ms.src_end) {
            luaL_addchar(&b, *src++);
        } else break;
        if (anchor) break;
    }
    if (!changed) lua_pushvalue(L, 1);
    else {
        RS_WORK(&ms, RS_BYTES(ms.src_end - src));
        luaL_addlstring(&b, src, (size_t)(ms.src_end - src));
        luaL_pushresult(&b);
    }
    rs_match_pay(&ms);
    lua_pushinteger(L, n);
    return 2;
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
    lua_pushcfunction(L, rs_str_find); lua_setfield(L, str, "find");
    lua_pushcfunction(L, rs_str_match); lua_setfield(L, str, "match");
    lua_pushcfunction(L, rs_gmatch); lua_setfield(L, str, "gmatch");
    lua_pushcfunction(L, rs_gsub); lua_setfield(L, str, "gsub");
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
    rs_open_table(L, lua_absindex(L, -1));   /* tables.c */
    lua_pop(L, 1);

    lua_getfield(L, g, "coroutine");
    int co = lua_absindex(L, -1);
    lua_pushcfunction(L, rs_coresume); lua_setfield(L, co, "resume");
    lua_pushcfunction(L, rs_cowrap); lua_setfield(L, co, "wrap");
    lua_pushcfunction(L, rs_cocreate); lua_setfield(L, co, "create");
    lua_pop(L, 1);
}
