/*
 * The Lua session API's C corner: every function here that may raise a Lua error runs inside
 * Lua (as a C function called by Lua, or under lua_pcall), never with a Swift frame between
 * the raise and the catch. See scripting.h for the value encoding.
 */
#include "scripting.h"
#include <lauxlib.h>
#include <lualib.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <signal.h>
#include <limits.h>
#include "shim.h"

#define SESSION_META "reorder.session"
#define MAX_DEPTH 64

typedef struct {
    void *host;
    reorder_scripting_callback callback;
} host_slot;

typedef struct {
    int64_t id;
} session_ud;

/* ------------------------------------------------------------------------------------------ */
/* Buffers                                                                                     */

int reorder_sbuf_append(reorder_sbuf *b, const void *bytes, size_t length) {
    if (b->length + length > b->capacity) {
        size_t cap = b->capacity ? b->capacity : 64;
        while (cap < b->length + length) cap *= 2;
        unsigned char *p = realloc(b->data, cap);
        if (!p) return -1;
        b->data = p;
        b->capacity = cap;
    }
    if (length) memcpy(b->data + b->length, bytes, length);
    b->length += length;
    return 0;
}

void reorder_sbuf_free(reorder_sbuf *b) {
    free(b->data);
    b->data = NULL;
    b->length = b->capacity = 0;
}

static void put_byte(lua_State *L, reorder_sbuf *b, unsigned char c) {
    if (reorder_sbuf_append(b, &c, 1) != 0) luaL_error(L, "not enough memory");
}

static void put_bytes(lua_State *L, reorder_sbuf *b, const void *p, size_t n) {
    if (reorder_sbuf_append(b, p, n) != 0) luaL_error(L, "not enough memory");
}

static void put_string(lua_State *L, reorder_sbuf *b, unsigned char tag, const char *s, size_t n) {
    uint32_t len = (uint32_t)n;
    put_byte(L, b, tag);
    put_bytes(L, b, &len, 4);
    put_bytes(L, b, s, n);
}

/* ------------------------------------------------------------------------------------------ */
/* Lua value -> bytes                                                                          */

static void encode_value(lua_State *L, int idx, reorder_sbuf *b, int depth, int policy_ref);

static void encode_table(lua_State *L, int idx, reorder_sbuf *b, int depth, int policy_ref) {
    if (depth > MAX_DEPTH) luaL_error(L, "table nested more than %d levels deep (a cycle?)", MAX_DEPTH);
    luaL_checkstack(L, 4, "table too deep");
    idx = lua_absindex(L, idx);
    put_byte(L, b, REORDER_V_TABLE);
    lua_pushnil(L);
    while (lua_next(L, idx) != 0) {
        /* At the top level of session options, an inline policy table travels as a reference. */
        if (policy_ref != LUA_NOREF && depth == 0 && lua_type(L, -2) == LUA_TSTRING &&
            strcmp(lua_tostring(L, -2), "policy") == 0 && lua_type(L, -1) == LUA_TTABLE) {
            int32_t r = policy_ref;
            put_string(L, b, REORDER_V_STRING, "policy", 6);
            put_byte(L, b, REORDER_V_REF);
            put_bytes(L, b, &r, 4);
        } else {
            encode_value(L, -2, b, depth + 1, LUA_NOREF);
            encode_value(L, -1, b, depth + 1, LUA_NOREF);
        }
        lua_pop(L, 1);
    }
    put_byte(L, b, REORDER_V_END);
}

static void encode_value(lua_State *L, int idx, reorder_sbuf *b, int depth, int policy_ref) {
    switch (lua_type(L, idx)) {
    case LUA_TNIL: case LUA_TNONE: put_byte(L, b, REORDER_V_NIL); break;
    case LUA_TBOOLEAN: put_byte(L, b, lua_toboolean(L, idx) ? REORDER_V_TRUE : REORDER_V_FALSE); break;
    case LUA_TNUMBER:
        if (lua_isinteger(L, idx)) {
            int64_t v = (int64_t)lua_tointeger(L, idx);
            put_byte(L, b, REORDER_V_INT);
            put_bytes(L, b, &v, 8);
        } else {
            double v = (double)lua_tonumber(L, idx);
            put_byte(L, b, REORDER_V_DOUBLE);
            put_bytes(L, b, &v, 8);
        }
        break;
    case LUA_TSTRING: {
        size_t n;
        const char *s = lua_tolstring(L, idx, &n);
        put_string(L, b, REORDER_V_STRING, s, n);
        break;
    }
    case LUA_TTABLE: encode_table(L, idx, b, depth, policy_ref); break;
    default: {
        const char *t = luaL_typename(L, idx);
        put_string(L, b, REORDER_V_OPAQUE, t, strlen(t));
        break;
    }
    }
}

/* Encodes the values at stack indices first..last as a counted list. */
static void encode_list(lua_State *L, int first, int last, reorder_sbuf *b, int policy_ref) {
    uint32_t count = last >= first ? (uint32_t)(last - first + 1) : 0;
    put_bytes(L, b, &count, 4);
    for (int i = first; i <= last; i++) encode_value(L, i, b, 0, policy_ref);
}

/* ------------------------------------------------------------------------------------------ */
/* bytes -> Lua values                                                                         */

typedef struct {
    const unsigned char *p;
    const unsigned char *end;
} reader;

static int read_raw(reader *r, void *out, size_t n) {
    if ((size_t)(r->end - r->p) < n) return -1;
    memcpy(out, r->p, n);
    r->p += n;
    return 0;
}

static void decode_value(lua_State *L, reader *r, int depth) {
    unsigned char tag;
    if (depth > MAX_DEPTH) luaL_error(L, "host result nested too deeply");
    luaL_checkstack(L, 4, "host result too deep");
    if (read_raw(r, &tag, 1) != 0) luaL_error(L, "truncated host result");
    switch (tag) {
    case REORDER_V_NIL: lua_pushnil(L); break;
    case REORDER_V_FALSE: lua_pushboolean(L, 0); break;
    case REORDER_V_TRUE: lua_pushboolean(L, 1); break;
    case REORDER_V_INT: {
        int64_t v;
        if (read_raw(r, &v, 8) != 0) luaL_error(L, "truncated host result");
        lua_pushinteger(L, (lua_Integer)v);
        break;
    }
    case REORDER_V_DOUBLE: {
        double v;
        if (read_raw(r, &v, 8) != 0) luaL_error(L, "truncated host result");
        lua_pushnumber(L, (lua_Number)v);
        break;
    }
    case REORDER_V_STRING: case REORDER_V_OPAQUE: {
        uint32_t n;
        if (read_raw(r, &n, 4) != 0 || (size_t)(r->end - r->p) < n) luaL_error(L, "truncated host result");
        lua_pushlstring(L, (const char *)r->p, n);
        r->p += n;
        break;
    }
    case REORDER_V_REF: {
        int32_t ref;
        if (read_raw(r, &ref, 4) != 0) luaL_error(L, "truncated host result");
        lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
        break;
    }
    case REORDER_V_TABLE: {
        lua_newtable(L);
        for (;;) {
            if (r->p >= r->end) luaL_error(L, "truncated host result");
            if (*r->p == REORDER_V_END) { r->p++; break; }
            decode_value(L, r, depth + 1);
            decode_value(L, r, depth + 1);
            if (lua_isnil(L, -2)) { lua_pop(L, 2); continue; }
            lua_rawset(L, -3);
        }
        break;
    }
    default: luaL_error(L, "bad host result (tag %d)", (int)tag);
    }
}

/* Pushes a counted list of values; returns how many. */
static int decode_list(lua_State *L, const unsigned char *data, size_t length) {
    reader r = { data, data + length };
    uint32_t count;
    if (read_raw(&r, &count, 4) != 0) return 0;
    luaL_checkstack(L, (int)count + 4, "too many results");
    for (uint32_t i = 0; i < count; i++) decode_value(L, &r, 0);
    return (int)count;
}

/* ------------------------------------------------------------------------------------------ */
/* Calling the host                                                                            */

static host_slot *get_host(lua_State *L) {
    host_slot *h = (host_slot *)lua_touserdata(L, lua_upvalueindex(1));
    if (!h || !h->callback) luaL_error(L, "reorder: the host is gone");
    return h;
}

/*
 * Calls the host with the encoded args in `args`, then pushes its results (or raises its error,
 * prefixed with the caller's position). The buffers are freed before any raise.
 */
static int finish_host_call_ref(lua_State *L, host_slot *h, int op, int64_t session, const char *method,
                                reorder_sbuf *args, int unref_on_error) {
    reorder_sbuf out = { NULL, 0, 0 };
    int status = h->callback(h->host, op, session, method, args->data, args->length, &out);
    reorder_sbuf_free(args);
    if (status != 0) {
        if (unref_on_error != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, unref_on_error);
        luaL_where(L, 1);
        lua_pushlstring(L, out.data ? (const char *)out.data : "error", out.data ? out.length : 5);
        reorder_sbuf_free(&out);
        lua_concat(L, 2);
        return lua_error(L);
    }
    /* Decode under protection from leaks: copy to a Lua-owned buffer first. */
    void *copy = lua_newuserdatauv(L, out.length ? out.length : 1, 0);
    if (out.length) memcpy(copy, out.data, out.length);
    size_t n = out.length;
    reorder_sbuf_free(&out);
    int base = lua_gettop(L);
    int count = decode_list(L, (const unsigned char *)copy, n);
    lua_remove(L, base); /* the copy */
    return count;
}

static int finish_host_call(lua_State *L, host_slot *h, int op, int64_t session, const char *method,
                            reorder_sbuf *args) {
    return finish_host_call_ref(L, h, op, session, method, args, LUA_NOREF);
}

/* Encodes stack values first..top into a fresh buffer, raising on failure (buffer freed). */
typedef struct {
    reorder_sbuf *buf;
    int policy_ref;
} encode_job;

static int encode_job_run(lua_State *L) {
    encode_job *job = (encode_job *)lua_touserdata(L, 1);
    lua_remove(L, 1);
    encode_list(L, 1, lua_gettop(L), job->buf, job->policy_ref);
    return 0;
}

/* Encodes the arguments first..top; on error frees the buffer and re-raises. */
static void encode_args(lua_State *L, int first, reorder_sbuf *args, int policy_ref) {
    int top = lua_gettop(L);
    encode_job job = { args, policy_ref };
    lua_pushcfunction(L, encode_job_run);
    lua_pushlightuserdata(L, &job);
    for (int i = first; i <= top; i++) lua_pushvalue(L, i);
    if (lua_pcall(L, top - first + 2, 0, 0) != LUA_OK) {
        reorder_sbuf_free(args);
        if (policy_ref != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, policy_ref);
        lua_error(L);
    }
}

static int l_session_new(lua_State *L) {
    host_slot *h = get_host(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    int policy_ref = LUA_NOREF;
    if (lua_getfield(L, 1, "policy") == LUA_TTABLE) {
        policy_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    } else {
        lua_pop(L, 1);
    }
    reorder_sbuf args = { NULL, 0, 0 };
    session_ud *ud = (session_ud *)lua_newuserdatauv(L, sizeof(session_ud), 0);
    ud->id = 0;
    luaL_setmetatable(L, SESSION_META);
    lua_pushvalue(L, 1);
    encode_args(L, lua_gettop(L), &args, policy_ref);
    lua_pop(L, 1);
    /* On success the host owns policy_ref (it unrefs it when the session is freed). */
    int n = finish_host_call_ref(L, h, REORDER_OP_SESSION_NEW, 0, "session", &args, policy_ref);
    if (n < 1 || !lua_isinteger(L, -n)) return luaL_error(L, "reorder.session: the host returned no session");
    ud->id = (int64_t)lua_tointeger(L, -n);
    lua_pop(L, n);
    return 1;
}

static int l_session_method(lua_State *L) {
    host_slot *h = get_host(L);
    const char *name = lua_tostring(L, lua_upvalueindex(2));
    session_ud *ud = (session_ud *)luaL_testudata(L, 1, SESSION_META);
    if (!ud) return luaL_error(L, "s:%s: call it with a colon (s:%s(...)) on a session", name, name);
    if (ud->id == 0) return luaL_error(L, "s:%s: this session is not usable", name);
    reorder_sbuf args = { NULL, 0, 0 };
    encode_args(L, 2, &args, LUA_NOREF);
    return finish_host_call(L, h, REORDER_OP_SESSION_CALL, ud->id, name, &args);
}

static int l_session_gc(lua_State *L) {
    host_slot *h = (host_slot *)lua_touserdata(L, lua_upvalueindex(1));
    session_ud *ud = (session_ud *)luaL_testudata(L, 1, SESSION_META);
    if (h && h->callback && ud && ud->id != 0) {
        reorder_sbuf out = { NULL, 0, 0 };
        h->callback(h->host, REORDER_OP_SESSION_FREE, ud->id, "__gc", NULL, 0, &out);
        reorder_sbuf_free(&out);
        ud->id = 0;
    }
    return 0;
}

static int l_session_tostring(lua_State *L) {
    host_slot *h = get_host(L);
    session_ud *ud = (session_ud *)luaL_checkudata(L, 1, SESSION_META);
    reorder_sbuf args = { NULL, 0, 0 };
    uint32_t zero = 0;
    if (reorder_sbuf_append(&args, &zero, 4) != 0) return luaL_error(L, "not enough memory");
    return finish_host_call(L, h, REORDER_OP_SESSION_CALL, ud->id, "__tostring", &args);
}

static int l_host_function(lua_State *L) {
    host_slot *h = get_host(L);
    const char *name = lua_tostring(L, lua_upvalueindex(2));
    reorder_sbuf args = { NULL, 0, 0 };
    encode_args(L, 1, &args, LUA_NOREF);
    return finish_host_call(L, h, REORDER_OP_HOST_CALL, 0, name, &args);
}

static int l_write(lua_State *L) {
    host_slot *h = get_host(L);
    int n = lua_gettop(L);
    reorder_sbuf args = { NULL, 0, 0 };
    uint32_t count = 1;
    luaL_Buffer lb;
    luaL_buffinit(L, &lb);
    for (int i = 1; i <= n; i++) {
        size_t len;
        const char *s = luaL_tolstring(L, i, &len);
        luaL_addvalue(&lb);
        (void)s; (void)len;
    }
    luaL_pushresult(&lb);
    size_t len;
    const char *s = lua_tolstring(L, -1, &len);
    uint32_t l32 = (uint32_t)len;
    unsigned char tag = REORDER_V_STRING;
    if (reorder_sbuf_append(&args, &count, 4) || reorder_sbuf_append(&args, &tag, 1) ||
        reorder_sbuf_append(&args, &l32, 4) || reorder_sbuf_append(&args, s, len)) {
        reorder_sbuf_free(&args);
        return luaL_error(L, "not enough memory");
    }
    lua_pop(L, 1);
    return finish_host_call(L, h, REORDER_OP_WRITE, 0, "write", &args);
}

static const char *const session_methods[] = {
    "press", "press_item", "hold", "move", "move_to_item", "release", "cancel", "advance", "tick",
    "drag", "items", "order", "offset", "snapshot", "state", "events", "show", "save", "policy",
    "time", "inputs", "render", "clear_events", "scroll", "id", "config", "zone", "speed",
    "can_move", "target", "semantics", "page", "list_offset", "scene", NULL
};

typedef struct {
    host_slot *slot;
    const char *host_functions;
} open_job;

static int open_run(lua_State *L) {
    open_job *job = (open_job *)lua_touserdata(L, 1);
    host_slot *slot = (host_slot *)lua_newuserdatauv(L, sizeof(host_slot), 0);
    *slot = *job->slot;
    int slot_idx = lua_gettop(L);
    /* Keep the slot alive for the state's lifetime. */
    lua_pushvalue(L, slot_idx);
    lua_setfield(L, LUA_REGISTRYINDEX, "reorder.host");

    /* Session metatable. */
    luaL_newmetatable(L, SESSION_META);
    int meta = lua_gettop(L);
    lua_newtable(L); /* methods */
    for (const char *const *m = session_methods; *m; m++) {
        lua_pushvalue(L, slot_idx);
        lua_pushstring(L, *m);
        lua_pushcclosure(L, l_session_method, 2);
        lua_setfield(L, -2, *m);
    }
    lua_setfield(L, meta, "__index");
    lua_pushvalue(L, slot_idx);
    lua_pushcclosure(L, l_session_gc, 1);
    lua_setfield(L, meta, "__gc");
    lua_pushvalue(L, slot_idx);
    lua_pushcclosure(L, l_session_tostring, 1);
    lua_setfield(L, meta, "__tostring");
    lua_pushliteral(L, "reorder.session");
    lua_setfield(L, meta, "__name");
    lua_pop(L, 1);

    /* The `reorder` table. */
    if (lua_getglobal(L, "reorder") != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setglobal(L, "reorder");
    }
    int tbl = lua_gettop(L);
    lua_pushvalue(L, slot_idx);
    lua_pushcclosure(L, l_session_new, 1);
    lua_setfield(L, tbl, "session");
    lua_pushvalue(L, slot_idx);
    lua_pushcclosure(L, l_write, 1);
    lua_setfield(L, tbl, "_write");
    const char *f = job->host_functions;
    while (f && *f) {
        while (*f == ' ') f++;
        const char *e = f;
        while (*e && *e != ' ') e++;
        if (e > f) {
            lua_pushlstring(L, f, (size_t)(e - f)); /* the name, kept for setfield */
            lua_pushvalue(L, slot_idx);
            lua_pushvalue(L, -2);
            lua_pushcclosure(L, l_host_function, 2);
            lua_setfield(L, tbl, lua_tostring(L, -2));
            lua_pop(L, 1);
        }
        f = e;
    }
    return 0;
}

int reorder_scripting_open(lua_State *L, void *host, reorder_scripting_callback callback,
                           const char *host_functions) {
    host_slot slot = { host, callback };
    open_job job = { &slot, host_functions };
    lua_pushcfunction(L, open_run);
    lua_pushlightuserdata(L, &job);
    return lua_pcall(L, 1, 0, 0);
}

/* ------------------------------------------------------------------------------------------ */
/* Calling Lua from the host                                                                   */

typedef struct {
    const char *function_name;
    const unsigned char *args;
    size_t args_length;
    reorder_sbuf *out;
} call_job;

static int call_run(lua_State *L) {
    call_job *job = (call_job *)lua_touserdata(L, 1);
    lua_settop(L, 0);
    /* Resolve a dotted global path. */
    const char *name = job->function_name;
    const char *dot = strchr(name, '.');
    if (!dot) {
        lua_getglobal(L, name);
    } else {
        lua_pushglobaltable(L);
        const char *start = name;
        for (;;) {
            const char *d = strchr(start, '.');
            size_t n = d ? (size_t)(d - start) : strlen(start);
            lua_pushlstring(L, start, n);
            lua_gettable(L, -2);
            lua_remove(L, -2);
            if (!d) break;
            if (!lua_istable(L, -1)) return luaL_error(L, "%s: not found", name);
            start = d + 1;
        }
    }
    if (!lua_isfunction(L, -1)) return luaL_error(L, "%s: not a function", name);
    int nargs = job->args ? decode_list(L, job->args, job->args_length) : 0;
    lua_call(L, nargs, LUA_MULTRET);
    encode_list(L, 1, lua_gettop(L), job->out, LUA_NOREF);
    return 0;
}

static void copy_error(lua_State *L, reorder_sbuf *out) {
    size_t n = 0;
    const char *msg = NULL;
    if (lua_type(L, -1) == LUA_TSTRING) msg = lua_tolstring(L, -1, &n);
    if (!msg) { msg = "(error object is not a string)"; n = strlen(msg); }
    out->length = 0;
    reorder_sbuf_append(out, msg, n);
    lua_pop(L, 1);
}

int reorder_scripting_call(lua_State *L, const char *function_name,
                           const unsigned char *args, size_t args_length, reorder_sbuf *out) {
    call_job job = { function_name, args, args_length, out };
    lua_pushcfunction(L, call_run);
    lua_pushlightuserdata(L, &job);
    int status = lua_pcall(L, 1, 0, 0);
    if (status != LUA_OK) copy_error(L, out);
    return status;
}

int reorder_scripting_dostring(lua_State *L, const char *source, size_t length, const char *chunk_name,
                               reorder_sbuf *out) {
    int status = luaL_loadbufferx(L, source, length, chunk_name, "t");
    if (status == LUA_OK) status = lua_pcall(L, 0, 0, 0);
    if (status != LUA_OK) copy_error(L, out);
    return status;
}

void reorder_scripting_unref(lua_State *L, int ref) {
    luaL_unref(L, LUA_REGISTRYINDEX, ref);
}

void reorder_scripting_push_ref(lua_State *L, int ref) {
    if (lua_checkstack(L, 1)) lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
}

void reorder_scripting_detach(lua_State *L) {
    if (!lua_checkstack(L, 1)) return;
    if (lua_getfield(L, LUA_REGISTRYINDEX, "reorder.host") == LUA_TUSERDATA) {
        host_slot *h = (host_slot *)lua_touserdata(L, -1);
        if (h) { h->callback = NULL; h->host = NULL; }
    }
    lua_pop(L, 1);
}

/* ------------------------------------------------------------------------------------------ */
/* Ctrl-C                                                                                       */

static lua_State *volatile interrupt_state = NULL;
static volatile sig_atomic_t interrupted = 0;
static struct sigaction previous_sigint;

static void on_sigint(int sig) {
    (void)sig;
    interrupted = 1;
    lua_State *L = interrupt_state;
    /* The VM's count hook raises at its next fire (an atomic store: async-signal-safe). */
    if (L) rs_request_stop(L);
}

void reorder_scripting_interrupt_begin(lua_State *L) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    interrupted = 0;
    interrupt_state = L;
    sigaction(SIGINT, &sa, &previous_sigint);
}

int reorder_scripting_interrupt_end(lua_State *L) {
    sigaction(SIGINT, &previous_sigint, NULL);
    interrupt_state = NULL;
    rs_vm *vm = rs_getvm(L);
    if (vm) {
        rs_clear_stop(L);
        vm->remaining = LLONG_MAX;
        vm->exhausted = 0;
        vm->last_exhausted = 0;
    }
    int was = interrupted != 0;
    interrupted = 0;
    return was;
}

/* Called from the watchdog's thread: only the atomic stop flag is written there (the running
   call and every later one stop at their next hook fire), never the fields the Lua thread uses. */
void reorder_scripting_stop(lua_State *L) {
    if (rs_getvm(L)) rs_request_stop(L);
}

void reorder_scripting_clear_stop(lua_State *L) {
    rs_vm *vm = rs_getvm(L);
    if (vm) {
        rs_clear_stop(L);
        vm->remaining = LLONG_MAX;
        vm->exhausted = 0;
        vm->last_exhausted = 0;
    }
}
