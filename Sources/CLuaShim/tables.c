/*
 * The table library of the policy sandbox: table.insert, remove, move, concat, pack, unpack and
 * sort, written for this project from the Lua 5.4 reference manual (§6.6), with the work of
 * every call charged to the instruction budget (docs/SANDBOX.md, "Work done in C").
 *
 * Where the manual says nothing (which values stand for a table, the error messages, positions
 * at the ends of the integers) the functions do what Lua 5.4.4's own library does when run
 * (lua5.4 on Debian); the differential tests (ReorderLua/SandboxDifferential.swift and the
 * table generator beside it) compare the two libraries on generated tables and arguments.
 *
 * Charging. A step is one element read, written, or read and written (one element shifted):
 * RS_PLAIN_STEP instructions, or RS_META_STEP when a table of the step has a metatable. Then an
 * access may call a metamethod, and a C metamethod (`__index = rawlen`, `__newindex = rawequal`)
 * runs no instruction the count hook could see while costing 50-100 times one (a Lua metamethod
 * is counted by the hook besides), or pass an absent key along a chain of tables, which Lua
 * walks in C: each link costs RS_CHAIN_STEP more. The cost is read before a loop; a table
 * without a metatable cannot gain one while no Lua code runs, and one with a metatable is
 * charged as if its metamethods were C functions; where a comparator runs between two loops
 * (sort), the cost is read again.
 *
 * The functions that change a table (insert, remove, move) know how many elements they will
 * touch once the arguments are checked (the length is read once, and that bound is used), and
 * charge them all up front: a call the budget cannot pay changes nothing, where a shift stopped
 * half way would leave one element twice. The functions that only read (concat, unpack)
 * charge as they go, so a bad element is reported as Lua reports it. The sort charges up front
 * the least that sorting n elements costs (n reads, n - 1 comparisons) before it takes scratch
 * memory, then each further comparison and move as it is made, and the n writes before them.
 */
#include "shim_internal.h"

#include <string.h>

/* One step on tables without metatables: a read and a write of the array part take 5-12 ns
   (measured on 100,000 elements: unpack 5 ns an element, move 8, insert's shift 12), and an
   instruction of the VM about 3.4 ns (`while true do end` spends 1,000,000 in 3.4 ms). */
#define RS_PLAIN_STEP 4
/* One step through a metatable: see above. */
#define RS_META_STEP 64
/* concat: appending a piece to the buffer (28 ns an element for short strings, with the
   separator), and turning a number into its text first (195 ns an element for integers, 370
   for floats). */
#define RS_CONCAT_PIECE 6
#define RS_INTEGER_TEXT 48
#define RS_FLOAT_TEXT 112
/* One link of an __index or __newindex chain of tables (tab_chain); Lua follows at most 2,000
   (MAXTAGLOOP in lvm.c) and raises "'__index' chain too long; possible loop" beyond. */
#define RS_CHAIN_STEP 4
#define RS_CHAIN_MAX 2000

/* Lua compares two strings with strcoll, one call per NUL-separated piece: a string of NULs
   costs a call per byte (about 10 ns, some 4 instructions' time), where other bytes cost
   RS_BYTES_PER_INSTRUCTION to the instruction. The first call, with what leads to it, costs more:
   a sort of 16,000 short strings spent some 30 ns a comparison, against 10 for numbers. */
#define RS_NUL_PIECE_COST 4
#define RS_STRING_COMPARE 8

/* What a value must offer to stand for a table. */
#define TAB_READ   1   /* __index */
#define TAB_WRITE  2   /* __newindex */
#define TAB_LENGTH 4   /* __len */

/* Accepts a table, or any other value whose metatable has every metamethod `needs` names (the
   manual's functions work through metamethods; Lua 5.4.4 accepts such values too). Anything
   else gets the usual "bad argument #arg to 'f' (table expected, got T)". */
static void tab_check(lua_State *L, int arg, int needs) {
    static const char *const event[] = {"__index", "__newindex", "__len"};
    if (lua_type(L, arg) == LUA_TTABLE) return;
    int offers = lua_getmetatable(L, arg);
    for (int k = 0; offers && k < 3; k++) {
        if (!(needs & (1 << k))) continue;
        lua_pushstring(L, event[k]);
        offers = lua_rawget(L, -2) != LUA_TNIL;
        lua_pop(L, 1);
    }
    if (offers) {
        lua_pop(L, 1);
        return;
    }
    luaL_checktype(L, arg, LUA_TTABLE);   /* raises the type error */
}

/* How many tables an access of an absent key passes through after the value at `idx`: each
   `event` (__index or __newindex) that is a table hands the access on to that table, and Lua
   follows such a chain in C, up to RS_CHAIN_MAX links, running no instruction the hook could
   count (some 6 ns a link, RS_CHAIN_STEP instructions' time). */
static long long tab_chain(lua_State *L, int idx, const char *event) {
    long long links = 0;
    lua_pushvalue(L, idx);
    while (links < RS_CHAIN_MAX && lua_getmetatable(L, -1)) {
        lua_pushstring(L, event);
        int type = lua_rawget(L, -2);
        lua_replace(L, -3);   /* the next link replaces the value */
        lua_pop(L, 1);        /* the metatable */
        if (type != LUA_TTABLE) break;
        links++;
    }
    lua_pop(L, 1);
    return links;
}

/* The cost of one step that reads the value at stack index `read` and writes the one at `write`
   (0: none): RS_PLAIN_STEP when neither has a metatable; else RS_META_STEP, plus RS_CHAIN_STEP
   for each link of their __index (reads) and __newindex (writes) chains. The walk along the chains is charged
   here as well. */
static long long tab_step(lua_State *L, int read, int write, const char *what) {
    int meta = 0;
    long long links = 0;
    if (read && lua_getmetatable(L, read)) {
        lua_pop(L, 1);
        meta = 1;
        links += tab_chain(L, read, "__index");
    }
    if (write && lua_getmetatable(L, write)) {
        lua_pop(L, 1);
        meta = 1;
        links += tab_chain(L, write, "__newindex");
    }
    if (!meta) return RS_PLAIN_STEP;
    rs_charge(L, links * RS_CHAIN_STEP, what);
    return RS_META_STEP + links * RS_CHAIN_STEP;
}

/* `count` steps of `step` instructions, saturated: counts come from __len and from arguments,
   so they can be any integer. */
static long long tab_cost(lua_Unsigned count, long long step) {
    if (count > (lua_Unsigned)(LLONG_MAX / step)) return LLONG_MAX;
    return (long long)count * step;
}

/* n + d on the integers as Lua 5.4.4's table functions count positions: wrapping around
   (a __len of math.maxinteger puts the first free position at math.mininteger). */
static lua_Integer tab_wrap_add(lua_Integer n, lua_Integer d) {
    return (lua_Integer)((lua_Unsigned)n + (lua_Unsigned)d);
}

/* ------------------------------------------------------------------------------------------ */
/* insert, remove, move                                                                       */

/* table.insert(list, [pos,] value): list[pos..n] move up one place, value goes to pos (by
   default n + 1). */
static int tab_insert(lua_State *L) {
    static const char *const what = "table.insert";
    rs_charge(L, RS_CALL_COST, what);
    tab_check(L, 1, TAB_READ | TAB_WRITE | TAB_LENGTH);
    lua_Integer n = luaL_len(L, 1);
    lua_Integer end = tab_wrap_add(n, 1);   /* the first position after the list */
    lua_Integer pos = end;
    int args = lua_gettop(L);
    if (args == 3) {
        pos = luaL_checkinteger(L, 2);
        /* 1 <= pos <= n + 1, compared as unsigned numbers (so with n + 1 wrapped) */
        luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)end, 2, "position out of bounds");
    } else if (args != 2) {
        return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    /* The value is on top (argument 2 or 3). Charged: the shifts and the write of the value. */
    long long step = tab_step(L, 1, 1, what);
    rs_charge(L, step, what);
    if (end > pos) {
        rs_charge(L, tab_cost((lua_Unsigned)end - (lua_Unsigned)pos, step), what);
        for (lua_Integer to = end; to > pos; to--) {
            lua_geti(L, 1, to - 1);
            lua_seti(L, 1, to);
        }
    }
    lua_seti(L, 1, pos);
    return 0;
}

/* table.remove(list [, pos]): returns list[pos] and moves list[pos+1..n] down one place,
   erasing list[n]. */
static int tab_remove(lua_State *L) {
    static const char *const what = "table.remove";
    rs_charge(L, RS_CALL_COST, what);
    tab_check(L, 1, TAB_READ | TAB_WRITE | TAB_LENGTH);
    lua_Integer n = luaL_len(L, 1);
    lua_Integer pos = luaL_optinteger(L, 2, n);
    /* The manual allows 1..n, and n + 1; pos equal to the length is never refused (so 0 when
       the list is empty, or a negative length). Lua 5.4.4 compares as unsigned numbers and
       names argument 1. */
    if (pos != n)
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)n, 1, "position out of bounds");
    /* Charged: the shifts, and the read of the result with the write of the last hole. */
    long long step = tab_step(L, 1, 1, what);
    rs_charge(L, step, what);
    if (pos < n) rs_charge(L, tab_cost((lua_Unsigned)n - (lua_Unsigned)pos, step), what);
    lua_geti(L, 1, pos);   /* the result stays below what follows */
    lua_Integer hole = pos;
    for (; hole < n; hole++) {
        lua_geti(L, 1, hole + 1);
        lua_seti(L, 1, hole);
    }
    lua_pushnil(L);
    lua_seti(L, 1, hole);
    return 1;
}

/* table.move(a1, f, e, t [, a2]): a2[t], ..., a2[t + e - f] = a1[f], ..., a1[e]; returns a2
   (by default a1). */
static int tab_move(lua_State *L) {
    static const char *const what = "table.move";
    rs_charge(L, RS_CALL_COST, what);
    lua_Integer first = luaL_checkinteger(L, 2);
    lua_Integer last = luaL_checkinteger(L, 3);
    lua_Integer to = luaL_checkinteger(L, 4);
    int dst = lua_isnoneornil(L, 5) ? 1 : 5;
    tab_check(L, 1, TAB_READ);
    tab_check(L, dst, TAB_WRITE);
    if (last >= first) {
        /* The manual: the number of elements must fit in an integer; and so must the last
           destination position. */
        luaL_argcheck(L, first > 0 || last < LUA_MAXINTEGER + first, 3, "too many elements to move");
        lua_Integer count = last - first + 1;
        luaL_argcheck(L, to <= LUA_MAXINTEGER - count + 1, 4, "destination wrap around");
        long long step = tab_step(L, 1, dst, what);
        rs_charge(L, tab_cost((lua_Unsigned)count, step), what);
        /* Copying up into an overlapping range of the same table goes from the end, so no
           element is overwritten before it is read. "The same" is Lua's ==, as in Lua 5.4.4
           (so __eq may be called). */
        int from_the_end = to > first && to <= last && (dst == 1 || lua_compare(L, 1, dst, LUA_OPEQ));
        for (lua_Integer k = 0; k < count; k++) {
            lua_Integer i = from_the_end ? count - 1 - k : k;
            lua_geti(L, 1, first + i);
            lua_seti(L, dst, to + i);
        }
    }
    lua_pushvalue(L, dst);
    return 1;
}

/* ------------------------------------------------------------------------------------------ */
/* concat, pack, unpack                                                                       */

/* table.concat(list [, sep [, i [, j]]]): list[i] .. sep .. ... .. sep .. list[j], each a
   string or a number. */
static int tab_concat(lua_State *L) {
    static const char *const what = "table.concat";
    rs_charge(L, RS_CALL_COST, what);
    tab_check(L, 1, TAB_READ | TAB_LENGTH);
    lua_Integer n = luaL_len(L, 1);   /* read even when j is given, as Lua 5.4.4 does */
    size_t sep_len;
    const char *sep = luaL_optlstring(L, 2, "", &sep_len);
    lua_Integer i = luaL_optinteger(L, 3, 1);
    lua_Integer last = luaL_optinteger(L, 4, n);
    long long step = tab_step(L, 1, 0, what);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    if (i <= last) {
        for (;; i++) {
            rs_charge(L, step, what);
            lua_geti(L, 1, i);
            if (!lua_isstring(L, -1))
                return luaL_error(L, "invalid value (%s) at index %I in table for 'concat'",
                                  luaL_typename(L, -1), (LUAI_UACINT)i);
            long long piece = RS_CONCAT_PIECE;
            if (lua_type(L, -1) == LUA_TNUMBER) piece += lua_isinteger(L, -1) ? RS_INTEGER_TEXT : RS_FLOAT_TEXT;
            size_t len;
            lua_tolstring(L, -1, &len);   /* a number becomes its string here, on our stack */
            rs_charge(L, piece + RS_BYTES(len) + (i < last ? RS_BYTES(sep_len) : 0), what);
            luaL_addvalue(&b);
            if (i == last) break;   /* last may be math.maxinteger */
            luaL_addlstring(&b, sep, sep_len);
        }
    }
    luaL_pushresult(&b);
    return 1;
}

/* table.pack(...): {...} with n = the number of arguments. */
static int tab_pack(lua_State *L) {
    int count = lua_gettop(L);
    rs_charge(L, RS_CALL_COST + count, "table.pack");
    lua_createtable(L, count, 1);
    lua_insert(L, 1);
    for (int k = count; k >= 1; k--) lua_rawseti(L, 1, k);   /* pops the values from the last */
    lua_pushinteger(L, count);
    lua_setfield(L, 1, "n");
    return 1;
}

/* table.unpack(list [, i [, j]]): list[i], ..., list[j]. Any value that can be indexed will
   do, as in Lua 5.4.4 (no table check: `table.unpack("ab")` gives nil, nil). */
static int tab_unpack(lua_State *L) {
    static const char *const what = "table.unpack";
    rs_charge(L, RS_CALL_COST, what);
    lua_Integer first = luaL_optinteger(L, 2, 1);
    lua_Integer last = lua_isnoneornil(L, 3) ? luaL_len(L, 1) : luaL_checkinteger(L, 3);
    if (first > last) return 0;
    lua_Unsigned more = (lua_Unsigned)last - (lua_Unsigned)first;   /* results after the first */
    /* The results go on the stack: at most what it can hold (its size, the memory cap). */
    if (more >= (lua_Unsigned)INT_MAX || !lua_checkstack(L, (int)more + 1))
        return luaL_error(L, "too many results to unpack");
    /* Reading a table without a metatable can neither fail nor run Lua code: charged at once.
       Anything else (a metatable, a value that is not a table) as it goes. */
    long long step = tab_step(L, 1, 0, what);
    int plain = step == RS_PLAIN_STEP && lua_type(L, 1) == LUA_TTABLE;
    if (plain) rs_charge(L, tab_cost(more + 1, step), what);
    for (lua_Integer i = first;; i++) {
        if (!plain) rs_charge(L, step, what);
        lua_geti(L, 1, i);
        if (i == last) break;
    }
    return (int)more + 1;
}

/* ------------------------------------------------------------------------------------------ */
/* sort                                                                                       */
/*
 * A merge sort: stable, so the order of equal elements is defined (they keep the order they
 * had; Lua's own sort leaves it unspecified), with a worst case of about n log2 n comparisons
 * whatever the input or the comparator. Quicksort's worst case is quadratic, and a heapsort,
 * also O(n log n) and in place, makes about twice the comparisons and leaves equal elements in
 * an order only its implementation explains. The price is scratch space for half the list.
 *
 * The elements are read once, 1..n in order (the length read once before), into cells: n cells
 * for the list and n / 2 for merging. The cells are slots of the Lua stack for lists of up to
 * SORT_ON_STACK elements (compared and moved in place by index: half the instructions of the
 * scratch table's path at 1,024 elements), slots of a scratch table beyond (the stack holds
 * LUAI_MAXSTACK slots for everything, a comparator's own calls included, so the sort takes at
 * most 2.5 % of it); both come from the VM's allocator, so the memory cap sees them. The
 * sort works on the cells only: whatever a comparator does to the list meanwhile, each
 * position 1..n is written once at the end, with a permutation of what was read. Nothing
 * outside 1..n is read or written, no element is lost or doubled, and every loop is bounded by
 * n whatever the comparator answers.
 *
 * Runs of up to SORT_RUN elements are sorted by insertion (fewer comparisons than merging at
 * those lengths, and one comparison per element on a run in order); merging two halves that
 * are in order already costs one comparison, so a sorted list costs about n comparisons.
 *
 * An order function must be irreflexive (the manual asks for a strict weak order): before
 * sorting, the comparator (or __lt, when the first element has one) is asked whether the first
 * element comes before itself, and "invalid order function for sorting" is raised when it says
 * yes. That catches `<=`, `>=` and "always true" on every list of two or more elements, where
 * Lua 5.4.4 raises only when its partition runs off the list. Other inconsistent comparators
 * (random answers) are not detected: the list gets some permutation of its elements.
 */

#define SORT_RUN 8
#define SORT_ON_STACK 16384
/* One cell read or written, in instructions: a stack slot 1; a slot of the scratch table 4 (a
   sort of 100,000 elements spent some 50 ns a comparison with its moves there, 18 ns on the
   stack at 16,384, against 3.4 ns an instruction). A comparison reads two cells, a move one
   and writes one. */
#define SORT_CELL_STACK 1
#define SORT_CELL_SCRATCH 4

typedef struct sorter {
    lua_State *L;
    int comparator;        /* stack index of the order function; 0: the < operator */
    int scratch;           /* stack index of the scratch table; 0: the cells are stack slots */
    int base;              /* cell k is stack slot base + k (cells on the stack) */
    lua_Integer buffer;    /* the first merge cell (n + 1) */
    lua_Integer prepaid;   /* comparisons whose base cost was charged up front */
    long long base_cost;   /* that base cost: the call or the < of two numbers, and two cells */
    long long cell;        /* the cost of a cell access (SORT_CELL_STACK or SORT_CELL_SCRATCH) */
} sorter;

static const char *const sort_what = "table.sort";

/* The cost of `a < b` by Lua's operator: numbers 1; two strings also their common length
   (strcoll reads it), more for each NUL in it; a table or a full userdata RS_META_STEP (its
   __lt, possibly a C function, is called). */
static long long lt_cost(lua_State *L, int a, int b) {
    int ta = lua_type(L, a), tb = lua_type(L, b);
    if (ta == LUA_TSTRING && tb == LUA_TSTRING) {
        size_t la, lb;
        const char *sa = lua_tolstring(L, a, &la);
        lua_tolstring(L, b, &lb);
        size_t common = la < lb ? la : lb;
        size_t nuls = 0;
        for (size_t k = 0; k < common; k++) nuls += sa[k] == '\0';
        return 1 + RS_STRING_COMPARE + RS_BYTES(common) + (long long)nuls * RS_NUL_PIECE_COST;
    }
    if (ta == LUA_TTABLE || ta == LUA_TUSERDATA || tb == LUA_TTABLE || tb == LUA_TUSERDATA)
        return RS_META_STEP;
    return 1;
}

/* Does the value at stack slot a come before the one at b? (Absolute indices.) A comparator's
   error, or the < operator's, propagates unchanged. */
static int sort_before(sorter *s, int a, int b) {
    lua_State *L = s->L;
    /* a call (to Lua or to C: math.ult) or the operator, and the two cells read */
    long long cost = (s->comparator ? RS_META_STEP : lt_cost(L, a, b)) + 2 * s->cell;
    if (s->prepaid > 0) {
        s->prepaid--;
        cost -= s->base_cost;
    }
    if (cost > 0) rs_charge(L, cost, sort_what);
    if (s->comparator == 0) return lua_compare(L, a, b, LUA_OPLT);
    lua_pushvalue(L, s->comparator);
    lua_pushvalue(L, a);
    lua_pushvalue(L, b);
    lua_call(L, 2, 1);
    int before = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return before;
}

static void cell_push(sorter *s, lua_Integer k) {
    if (s->scratch) lua_rawgeti(s->L, s->scratch, k);
    else lua_pushvalue(s->L, s->base + (int)k);
}

/* Pops the top value into cell k. */
static void cell_pop_into(sorter *s, lua_Integer k) {
    if (s->scratch) lua_rawseti(s->L, s->scratch, k);
    else lua_replace(s->L, s->base + (int)k);
}

static void cell_copy(sorter *s, lua_Integer from, lua_Integer to) {
    if (s->scratch) {
        lua_rawgeti(s->L, s->scratch, from);
        lua_rawseti(s->L, s->scratch, to);
    } else {
        lua_copy(s->L, s->base + (int)from, s->base + (int)to);
    }
}

/* Does the value at stack slot `held` come before cell k? */
static int held_before_cell(sorter *s, int held, lua_Integer k) {
    if (!s->scratch) return sort_before(s, held, s->base + (int)k);
    lua_rawgeti(s->L, s->scratch, k);
    int before = sort_before(s, held, lua_gettop(s->L));
    lua_pop(s->L, 1);
    return before;
}

/* Does cell j come before cell k? */
static int cell_before(sorter *s, lua_Integer j, lua_Integer k) {
    if (!s->scratch) return sort_before(s, s->base + (int)j, s->base + (int)k);
    lua_rawgeti(s->L, s->scratch, j);
    int before = held_before_cell(s, lua_gettop(s->L), k);
    lua_pop(s->L, 1);
    return before;
}

/* Sorts cells lo..hi (at most SORT_RUN) by insertion: each element that comes before its
   left neighbour is taken out, the elements it comes before move right by one, and it goes
   into the gap. An element equal to its neighbour stays after it. */
static void sort_by_insertion(sorter *s, lua_Integer lo, lua_Integer hi) {
    lua_State *L = s->L;
    for (lua_Integer k = lo + 1; k <= hi; k++) {
        if (!cell_before(s, k, k - 1)) continue;
        rs_charge(L, (k - lo + 2) * 2 * s->cell, sort_what);   /* at most this many moves */
        cell_push(s, k);
        int held = lua_gettop(L);
        lua_Integer gap = k;
        do {
            cell_copy(s, gap - 1, gap);
            gap--;
        } while (gap > lo && held_before_cell(s, held, gap - 1));
        cell_pop_into(s, gap);
    }
}

/* Merges the sorted cells lo..mid and mid+1..hi: the left run goes to the merge cells, then
   the smaller head of the two runs goes back, the left one on ties (stability). The right
   run's rest is in place when the left run is used up. */
static void sort_merge(sorter *s, lua_Integer lo, lua_Integer mid, lua_Integer hi) {
    if (!cell_before(s, mid + 1, mid)) return;   /* in order already */
    lua_Integer left = mid - lo + 1;
    /* moves: out, and back at most once */
    rs_charge(s->L, (left + (hi - lo + 1)) * 2 * s->cell, sort_what);
    for (lua_Integer k = 0; k < left; k++) cell_copy(s, lo + k, s->buffer + k);
    lua_Integer l = 0, r = mid + 1, out = lo;
    while (l < left && r <= hi) {
        if (cell_before(s, r, s->buffer + l)) cell_copy(s, r++, out++);
        else cell_copy(s, s->buffer + l++, out++);
    }
    while (l < left) cell_copy(s, s->buffer + l++, out++);
}

/* Sorts cells lo..hi: the left half has floor(len / 2) cells, so the merge cells suffice. */
static void sort_cells(sorter *s, lua_Integer lo, lua_Integer hi) {
    if (hi - lo < SORT_RUN) {
        sort_by_insertion(s, lo, hi);
        return;
    }
    lua_Integer mid = lo + (hi - lo + 1) / 2 - 1;
    sort_cells(s, lo, mid);
    sort_cells(s, mid + 1, hi);
    sort_merge(s, lo, mid, hi);
}

/* Whether the value at `idx` is a table or userdata whose metatable has __lt. */
static int has_lt(lua_State *L, int idx) {
    int t = lua_type(L, idx);
    if ((t != LUA_TTABLE && t != LUA_TUSERDATA) || !lua_getmetatable(L, idx)) return 0;
    lua_pushstring(L, "__lt");
    int found = lua_rawget(L, -2) != LUA_TNIL;
    lua_pop(L, 2);
    return found;
}

/* table.sort(list [, comp]) */
static int tab_sort(lua_State *L) {
    rs_charge(L, RS_CALL_COST, sort_what);
    tab_check(L, 1, TAB_READ | TAB_WRITE | TAB_LENGTH);
    lua_Integer n = luaL_len(L, 1);
    if (n < 2) return 0;   /* nothing to order (and the comparator is not checked) */
    luaL_argcheck(L, n < INT_MAX, 1, "array too big");
    if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_settop(L, 2);
    int comparator = lua_isnil(L, 2) ? 0 : 2;
    long long cell = n > SORT_ON_STACK ? SORT_CELL_SCRATCH : SORT_CELL_STACK;
    long long base = (comparator ? RS_META_STEP : 1) + 2 * cell;
    sorter s = {L, comparator, 0, 2, n + 1, n - 1, base, cell};
    /* Before taking memory, what sorting n elements costs at least: reading them into their
       cells, and n - 1 comparisons at their base cost. A table without a metatable runs no Lua
       code while it is read, so nothing can give it one. */
    long long step = tab_step(L, 1, 0, sort_what);
    rs_charge(L, tab_cost((lua_Unsigned)n, step + cell) + tab_cost((lua_Unsigned)n - 1, base), sort_what);
    lua_Integer cells = n + n / 2;
    /* the cells, and room for a held value, a comparator call and an error message */
    if (n > SORT_ON_STACK || !lua_checkstack(L, (int)cells + LUA_MINSTACK)) {
        lua_createtable(L, cells < INT_MAX ? (int)cells : INT_MAX, 0);
        s.scratch = 3;
        s.cell = SORT_CELL_SCRATCH;
    }
    for (lua_Integer k = 1; k <= n; k++) {
        lua_geti(L, 1, k);
        if (s.scratch) lua_rawseti(L, s.scratch, k);
    }
    if (!s.scratch) lua_settop(L, 2 + (int)cells);   /* the merge cells */
    /* An order in which the first element comes before itself is not an order. */
    int probe = s.comparator != 0;
    if (!probe) {
        cell_push(&s, 1);
        probe = has_lt(L, -1);
        lua_pop(L, 1);
    }
    if (probe && cell_before(&s, 1, 1)) return luaL_error(L, "invalid order function for sorting");
    sort_cells(&s, 1, n);
    /* Writing: every position once, at the cost the list has now (a comparator may have given
       it a metatable). */
    rs_charge(L, tab_cost((lua_Unsigned)n, tab_step(L, 0, 1, sort_what) + s.cell), sort_what);
    for (lua_Integer k = 1; k <= n; k++) {
        cell_push(&s, k);
        lua_seti(L, 1, k);
    }
    return 0;
}

/* ------------------------------------------------------------------------------------------ */

void rs_open_table(lua_State *L, int t) {
    static const luaL_Reg functions[] = {
        {"insert", tab_insert}, {"remove", tab_remove}, {"move", tab_move}, {"concat", tab_concat},
        {"pack", tab_pack}, {"unpack", tab_unpack}, {"sort", tab_sort}, {NULL, NULL}};
    for (const luaL_Reg *f = functions; f->name; f++) {
        lua_pushcfunction(L, f->func);
        lua_setfield(L, t, f->name);
    }
}
