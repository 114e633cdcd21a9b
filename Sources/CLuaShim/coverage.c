/*
 * Coverage of policy lines (`reorder test --coverage`).
 *
 * Off by default, and switched per thread (tests) or for every thread (the CLI): while it is
 * on, every state made or call started on such a thread
 * (rs_newstate, rs_pcall_h) installs the VM's one hook function (rs_hook, shim.c) with
 * LUA_MASKLINE | LUA_MASKCALL added to the count mask the instruction budget uses; the hook
 * hands line and call events to rs_cov_event and keeps handling count events as before, so the
 * budget works the same with coverage on. With coverage off the mask is the count mask alone:
 * no line hook is installed and nothing is paid.
 *
 * Only chunks the host registered (policy files, by chunk name) are counted; everything else
 * (specs, preludes, C functions) is looked up and ignored. Policies cannot see any of this: the
 * sandbox has no debug library, so it can neither read nor replace the hook.
 *
 * Registered chunks live in a fixed table that only grows (a chunk registered again, by another
 * VM, shares its counters), published with release stores, so the hook reads it without a lock;
 * counters are bumped with relaxed atomic adds.
 */
#include "shim_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define RS_COV_MAX 1024

typedef struct rs_cov_chunk {
    char *key;              /* the chunk name as Lua sees it ("@Policies/default.lua") */
    int nlines;             /* lines[0...nlines] */
    long long *lines;
    int nfuncs;
    int *first, *last;      /* linedefined / lastlinedefined of each function */
    long long *calls;
} rs_cov_chunk;

static rs_cov_chunk rs_cov_chunks[RS_COV_MAX];
static int rs_cov_n = 0;        /* published chunks (atomic) */
static _Thread_local int rs_cov_on = 0;  /* per thread: tests running in parallel stay apart */
static int rs_cov_everywhere = 0;          /* every thread (the CLI: whatever thread runs the specs); atomic */
static pthread_mutex_t rs_cov_lock = PTHREAD_MUTEX_INITIALIZER;

/* How many switches are on: threads with rs_cov_on set, plus 1 while rs_cov_everywhere is set
   (atomic). 0 means coverage is off on every thread, which rs_hook_mask (shim_internal.h, inline)
   reads with one plain load instead of a thread-local read, an atomic load and a call on every
   rs_pcall_h. A thread that ends with its switch on leaves the count above 0: rs_hook_mask then
   asks rs_hook_mask_slow, which gives the same answer. */
int rs_cov_switches = 0;

void rs_cov_enable(int on) {
    int v = on ? 1 : 0;
    if (v != rs_cov_on) __atomic_fetch_add(&rs_cov_switches, v ? 1 : -1, __ATOMIC_RELAXED);
    rs_cov_on = v;
}
void rs_cov_enable_everywhere(int on) {
    int v = on ? 1 : 0;
    if (__atomic_exchange_n(&rs_cov_everywhere, v, __ATOMIC_RELAXED) != v)
        __atomic_fetch_add(&rs_cov_switches, v ? 1 : -1, __ATOMIC_RELAXED);
}
int rs_cov_enabled(void) { return rs_cov_on || __atomic_load_n(&rs_cov_everywhere, __ATOMIC_RELAXED); }
int rs_cov_everywhere_on(void) { return __atomic_load_n(&rs_cov_everywhere, __ATOMIC_RELAXED); }

int rs_hook_mask_slow(void) { return rs_cov_enabled() ? (LUA_MASKCOUNT | LUA_MASKLINE | LUA_MASKCALL) : LUA_MASKCOUNT; }

static int rs_cov_find(const char *key) {
    int n = __atomic_load_n(&rs_cov_n, __ATOMIC_ACQUIRE);
    for (int i = 0; i < n; i++)
        if (strcmp(rs_cov_chunks[i].key, key) == 0) return i;
    return -1;
}

int rs_cov_register(const char *key, int nlines, const int *first, const int *last, int nfuncs) {
    if (key == NULL || nlines < 0 || nfuncs < 0) return -1;
    pthread_mutex_lock(&rs_cov_lock);
    int i = rs_cov_find(key);
    if (i >= 0 || rs_cov_n >= RS_COV_MAX) { pthread_mutex_unlock(&rs_cov_lock); return i; }
    rs_cov_chunk *c = &rs_cov_chunks[rs_cov_n];
    c->key = strdup(key);
    c->lines = calloc((size_t)nlines + 1, sizeof(long long));
    c->first = calloc((size_t)nfuncs + 1, sizeof(int));
    c->last = calloc((size_t)nfuncs + 1, sizeof(int));
    c->calls = calloc((size_t)nfuncs + 1, sizeof(long long));
    if (c->key == NULL || c->lines == NULL || c->first == NULL || c->last == NULL || c->calls == NULL) {
        free(c->key); free(c->lines); free(c->first); free(c->last); free(c->calls);
        memset(c, 0, sizeof *c);
        pthread_mutex_unlock(&rs_cov_lock);
        return -1;
    }
    c->nlines = nlines;
    c->nfuncs = nfuncs;
    for (int f = 0; f < nfuncs; f++) { c->first[f] = first[f]; c->last[f] = last[f]; }
    i = rs_cov_n;
    __atomic_store_n(&rs_cov_n, rs_cov_n + 1, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&rs_cov_lock);
    return i;
}

int rs_cov_remap(int chunk, int nlines, const int *first, const int *last, int nfuncs) {
    if (nlines < 0 || nfuncs < 0) return -1;
    pthread_mutex_lock(&rs_cov_lock);
    if (chunk < 0 || chunk >= rs_cov_n) { pthread_mutex_unlock(&rs_cov_lock); return -1; }
    long long *lines = calloc((size_t)nlines + 1, sizeof(long long));
    int *f1 = calloc((size_t)nfuncs + 1, sizeof(int)), *f2 = calloc((size_t)nfuncs + 1, sizeof(int));
    long long *calls = calloc((size_t)nfuncs + 1, sizeof(long long));
    if (lines == NULL || f1 == NULL || f2 == NULL || calls == NULL) {
        free(lines); free(f1); free(f2); free(calls);
        pthread_mutex_unlock(&rs_cov_lock);
        return -1;
    }
    for (int f = 0; f < nfuncs; f++) { f1[f] = first[f]; f2[f] = last[f]; }
    rs_cov_chunk *c = &rs_cov_chunks[chunk];
    c->lines = lines; c->nlines = nlines;
    c->first = f1; c->last = f2; c->calls = calls; c->nfuncs = nfuncs;
    pthread_mutex_unlock(&rs_cov_lock);
    return 0;
}

int rs_cov_index(const char *key) { return rs_cov_find(key); }

long long rs_cov_line_hits(int chunk, int line) {
    if (chunk < 0 || chunk >= __atomic_load_n(&rs_cov_n, __ATOMIC_ACQUIRE)) return 0;
    rs_cov_chunk *c = &rs_cov_chunks[chunk];
    if (line < 0 || line > c->nlines) return 0;
    return __atomic_load_n(&c->lines[line], __ATOMIC_RELAXED);
}

long long rs_cov_function_calls(int chunk, int function) {
    if (chunk < 0 || chunk >= __atomic_load_n(&rs_cov_n, __ATOMIC_ACQUIRE)) return 0;
    rs_cov_chunk *c = &rs_cov_chunks[chunk];
    if (function < 0 || function >= c->nfuncs) return 0;
    return __atomic_load_n(&c->calls[function], __ATOMIC_RELAXED);
}

void rs_cov_reset(void) {
    pthread_mutex_lock(&rs_cov_lock);
    int n = __atomic_load_n(&rs_cov_n, __ATOMIC_ACQUIRE);
    for (int i = 0; i < n; i++) {
        rs_cov_chunk *c = &rs_cov_chunks[i];
        for (int l = 0; l <= c->nlines; l++) __atomic_store_n(&c->lines[l], 0, __ATOMIC_RELAXED);
        for (int f = 0; f < c->nfuncs; f++) __atomic_store_n(&c->calls[f], 0, __ATOMIC_RELAXED);
    }
    pthread_mutex_unlock(&rs_cov_lock);
}

/* A line or call event (the hook runs with hooks off: nothing here can re-enter it). Reads only
   what lua_getinfo "S" fills in (no allocation, no error). */
void rs_cov_event(lua_State *L, lua_Debug *ar) {
    /* The chunk of the previous event on this thread, checked by name (a freed source's
       address can be reused by another string). */
    static _Thread_local const char *last_source = NULL;
    static _Thread_local int last_index = -1;
    if (!lua_getinfo(L, "S", ar) || ar->source == NULL || ar->source[0] != '@') return;
    int i;
    if (ar->source == last_source && last_index >= 0 && strcmp(rs_cov_chunks[last_index].key, ar->source) == 0) {
        i = last_index;
    } else {
        i = rs_cov_find(ar->source);
        last_source = ar->source;
        last_index = i;
    }
    if (i < 0) return;
    rs_cov_chunk *c = &rs_cov_chunks[i];
    if (ar->event == LUA_HOOKLINE) {
        int line = ar->currentline;
        if (line >= 0 && line <= c->nlines) __atomic_fetch_add(&c->lines[line], 1, __ATOMIC_RELAXED);
    } else if (ar->event == LUA_HOOKCALL || ar->event == LUA_HOOKTAILCALL) {
        for (int f = 0; f < c->nfuncs; f++) {
            if (c->first[f] == ar->linedefined && c->last[f] == ar->lastlinedefined) {
                __atomic_fetch_add(&c->calls[f], 1, __ATOMIC_RELAXED);
                break;
            }
        }
    }
}

/* lua_dump's writer: appends to a growing malloc'd buffer. */
typedef struct rs_dump_buf { unsigned char *p; size_t len, cap; int failed; } rs_dump_buf;

static int rs_dump_writer(lua_State *L, const void *p, size_t sz, void *ud) {
    (void)L;
    rs_dump_buf *b = (rs_dump_buf *)ud;
    if (b->failed) return 1;
    if (b->len + sz > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + sz) cap *= 2;
        unsigned char *q = realloc(b->p, cap);
        if (q == NULL) { b->failed = 1; return 1; }
        b->p = q; b->cap = cap;
    }
    memcpy(b->p + b->len, p, sz);
    b->len += sz;
    return 0;
}

unsigned char *rs_dump_top(lua_State *L, size_t *len) {
    *len = 0;
    if (lua_type(L, -1) != LUA_TFUNCTION || lua_iscfunction(L, -1)) return NULL;
    rs_dump_buf b = {NULL, 0, 0, 0};
    /* lua_dump raises no error and allocates nothing in Lua: it walks the prototype and calls
       the writer. Debug information is kept (strip = 0): the line numbers are what we want. */
    if (lua_dump(L, rs_dump_writer, &b, 0) != 0 || b.failed) { free(b.p); return NULL; }
    *len = b.len;
    return b.p;
}

void rs_dump_free(unsigned char *p) { free(p); }
