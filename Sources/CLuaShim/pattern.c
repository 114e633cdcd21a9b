/*
 * string.find, string.match, string.gmatch and string.gsub of the policy sandbox.
 *
 * Written for this project from the Lua 5.4 reference manual (§6.4 "String Manipulation",
 * §6.4.1 "Patterns"). Where the manual leaves a case open (when a malformed pattern is
 * noticed, a range whose end is an escape, an empty match right after a match, the limits),
 * these functions do what Lua 5.4.4's own library does, found by running it:
 * SandboxDifferential.swift compares the two on generated cases (a fixed sample in the tests,
 * a million with `reorder fuzz --sandbox`).
 *
 * Why they are written this way. A count hook sees only Lua instructions: a C function runs to
 * its end whatever the budget says, and a backtracking matcher can do exponential work on a
 * short subject (`("a"):rep(40):find(("a*"):rep(40) .. "b")`). So every unit of work is
 * charged to the instruction budget as it is done, and a call whose work the budget cannot pay
 * raises the budget error naming the function (`... in string.find`). The rates (docs/
 * SANDBOX.md, "Work done in C"), in instructions:
 *   - RS_CALL_COST for the call;
 *   - 1 for each pattern item interpreted, each subject byte tested against a single-character
 *     class, each frame pushed (a choice point or a capture to undo) and each frame resumed or
 *     dropped when a match fails;
 *   - RS_PAT_ESCAPE_COST for each `%` escape of a gsub replacement expanded;
 *   - a set (`[...]`) costs 1 + its length / 4 for each byte tested (the set is scanned);
 *   - scans that are byte loops (`%b`, the pattern's own pre-scan) 1 per 4 bytes;
 *   - comparisons and copies done with memchr / memcmp / memcpy (plain find, back-references,
 *     captures and replacements copied, the text gsub keeps) 1 per RS_BYTES_PER_INSTRUCTION bytes.
 * The charges are collected in the matcher and paid every RS_PAT_PAY instructions, before
 * every call of Lua code (gsub's replacement function or table) and at the end of the call.
 *
 * The matcher does not recurse. Its choice points (a repetition that may give back a byte, an
 * optional item, a capture to undo) are frames of an explicit stack, so its use of the C stack
 * is the same whatever the pattern. One path through a pattern visits each item once, so a
 * match never holds more frames than the pattern has parentheses and quantifier characters:
 * the stack is sized from that count before matching (on the C stack when small, else in a
 * userdata the VM's memory cap counts). Lua's own matcher recurses exactly where a frame is
 * pushed here and stops at 200 levels with "pattern too complex"; RS_PAT_MAXDEPTH keeps that
 * limit and its message, so a pattern works, or fails, the same way in both.
 */
#include "shim_internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define RS_PAT_MAXCAPTURES 32   /* captures of one match (Lua 5.4.4: "too many captures" past 32) */
#define RS_PAT_MAXDEPTH 199     /* frames: with the match attempt itself, Lua 5.4.4's 200 levels */
#define RS_PAT_LOCAL_FRAMES 8   /* frames kept on the C stack (384 bytes); more go to a userdata */
#define RS_PAT_PAY 4096         /* instructions collected between two payments */
#define RS_PAT_ESC '%'
/* An escape of a replacement string expanded (a search for the next '%' and an append): some
   three instructions' time (measured: ~10 ns, against ~3.4 ns for a Lua instruction). */
#define RS_PAT_ESCAPE_COST 3

/* The length of a capture that is not a string (yet). */
#define RS_CAP_OPEN (-1)        /* '(' seen, ')' not yet */
#define RS_CAP_POSITION (-2)    /* '()': captures a position */

typedef unsigned char rs_byte;
#define RS_U(c) ((rs_byte)(c))

/* ------------------------------------------------------------------------------------------ */
/* the matcher's state                                                                        */

enum { FR_GREEDY, FR_LAZY, FR_OPTION, FR_OPENED, FR_CLOSED };

/* A choice point, or a capture to undo when the match backs out past it. */
typedef struct rs_frame {
    const char *item, *item_end;   /* GREEDY, LAZY: the single-character class repeated */
    const char *next;              /* GREEDY, LAZY, OPTION: the pattern after the item */
    const char *from;              /* GREEDY: the run's first byte; LAZY: where the rest was
                                      last tried; OPTION: where the rest is tried without it */
    size_t count;                  /* GREEDY: bytes of the run the current try keeps;
                                      OPENED, CLOSED: the capture's index */
    rs_byte kind;
    rs_byte least;                 /* GREEDY: the fewest bytes the run may keep (1 for '+') */
} rs_frame;

typedef struct rs_matcher {
    lua_State *L;
    const char *what;              /* "string.find": named by a budget error */
    const char *src, *send;        /* the subject */
    const char *pend;              /* the end of the pattern */
    long long owed;                /* work done and not yet charged */
    int level;                     /* captures started */
    int depth, capacity;           /* frames in use, and room */
    struct { const char *at; ptrdiff_t len; } cap[RS_PAT_MAXCAPTURES];
    rs_frame *frames;
} rs_matcher;

static void rs_pay(rs_matcher *m) {
    long long n = m->owed;
    m->owed = 0;
    rs_charge(m->L, n, m->what);
}

static inline void rs_work(rs_matcher *m, long long n) {
    if ((m->owed += n) >= RS_PAT_PAY) rs_pay(m);
}

/* Raises `message` at the caller's line (what was done so far is paid first). */
__attribute__((noreturn)) static void rs_pat_error(rs_matcher *m, const char *message) {
    rs_pay(m);
    luaL_error(m->L, "%s", message);
    abort();  /* not reached: luaL_error does not return */
}

__attribute__((noreturn)) static void rs_bad_index(rs_matcher *m, int index) {
    rs_pay(m);
    luaL_error(m->L, "invalid capture index %%%d", index);
    abort();
}

/* ------------------------------------------------------------------------------------------ */
/* the pattern's shape, before matching                                                       */

/* For each byte: 1 when it makes a pattern more than plain text (§6.4.1's magic characters
   that can start or modify an item: ^ $ * + ? . ( [ % -), 2 when it may push a frame
   (parentheses and quantifiers). */
static const rs_byte rs_shape_of[256] = {
    ['^'] = 1, ['$'] = 1, ['.'] = 1, ['['] = 1, ['%'] = 1,
    ['*'] = 3, ['+'] = 3, ['?'] = 3, ['-'] = 3, ['('] = 3, [')'] = 2,
};

typedef struct rs_shape {
    int special;   /* the pattern is not plain text */
    int frames;    /* a bound on the frames of one match (at most RS_PAT_MAXDEPTH) */
} rs_shape;

static rs_shape rs_pattern_shape(const char *p, size_t lp) {
    rs_shape sh = {0, 0};
    size_t frames = 0;
    int any = 0;
    for (size_t i = 0; i < lp; i++) {
        rs_byte k = rs_shape_of[RS_U(p[i])];
        any |= k;
        frames += k >> 1;
    }
    sh.special = any & 1;
    sh.frames = frames > RS_PAT_MAXDEPTH ? RS_PAT_MAXDEPTH : (int)frames;
    return sh;
}

/* Gives the matcher room for `frames` frames: `local` when it is enough, else a new userdata
   pushed on the stack (it must stay there until the matcher is done). */
static void rs_frames(lua_State *L, rs_matcher *m, int frames, rs_frame *local) {
    if (frames <= RS_PAT_LOCAL_FRAMES) {
        m->frames = local;
        m->capacity = RS_PAT_LOCAL_FRAMES;
    } else {
        m->frames = (rs_frame *)lua_newuserdatauv(L, (size_t)frames * sizeof(rs_frame), 0);
        m->capacity = frames;
        rs_work(m, frames);
    }
}

static rs_frame *rs_push(rs_matcher *m, int kind) {
    rs_work(m, 1);
    if (m->depth >= RS_PAT_MAXDEPTH || m->depth >= m->capacity) rs_pat_error(m, "pattern too complex");
    rs_frame *f = &m->frames[m->depth++];
    f->kind = (rs_byte)kind;
    return f;
}

/* ------------------------------------------------------------------------------------------ */
/* classes                                                                                    */

/* `%x` for the class letter x (§6.4.1): the C library's classification (the current locale,
   as the manual says); an upper-case letter is the complement; any other character stands for
   itself. (`%z`, the NUL byte, is not in the 5.4 manual but Lua 5.4.4 still accepts it.) */
static int rs_class_has(int letter, int c) {
    int in;
    switch (tolower(letter)) {
    case 'a': in = isalpha(c); break;
    case 'c': in = iscntrl(c); break;
    case 'd': in = isdigit(c); break;
    case 'g': in = isgraph(c); break;
    case 'l': in = islower(c); break;
    case 'p': in = ispunct(c); break;
    case 's': in = isspace(c); break;
    case 'u': in = isupper(c); break;
    case 'w': in = isalnum(c); break;
    case 'x': in = isxdigit(c); break;
    case 'z': in = c == 0; break;
    default: return letter == c;
    }
    if (isupper(letter)) return !in;
    return in != 0;
}

/* The end of the set whose '[' is at `open`: just past its ']'. The set's first character
   (after a '^') belongs to it even when it is ']'; '%' takes the character after it along. */
static const char *rs_set_end(rs_matcher *m, const char *open) {
    const char *q = open + 1;
    if (q < m->pend && *q == '^') q++;
    for (;;) {
        if (q >= m->pend) rs_pat_error(m, "malformed pattern (missing ']')");
        q += (*q == RS_PAT_ESC && q + 1 < m->pend) ? 2 : 1;
        if (q < m->pend && *q == ']') break;
    }
    return q + 1;
}

/* Whether byte c is in the set [open, close] (close: its ']'). Its elements, left to right:
   `%x` (a class, or x itself), `a-z` (a range: a '-' with a character after it before the
   ']'), or a character standing for itself. */
static int rs_set_has(const char *open, const char *close, int c) {
    const char *q = open + 1;
    int wanted = 1;
    if (*q == '^') {
        wanted = 0;
        q++;
    }
    for (; q < close; q++) {
        if (*q == RS_PAT_ESC) {
            q++;
            if (rs_class_has(RS_U(*q), c)) return wanted;
        } else if (q[1] == '-' && q + 2 < close) {
            if (RS_U(q[0]) <= c && c <= RS_U(q[2])) return wanted;
            q += 2;
        } else if (RS_U(*q) == c) {
            return wanted;
        }
    }
    return !wanted;
}

/* Whether byte c matches the single-character class [cls, cls_end). */
static int rs_single(rs_matcher *m, int c, const char *cls, const char *cls_end) {
    switch (*cls) {
    case '.':
        rs_work(m, 1);
        return 1;
    case RS_PAT_ESC:
        rs_work(m, 1);
        return rs_class_has(RS_U(cls[1]), c);
    case '[':
        rs_work(m, 1 + (cls_end - cls) / 4);
        return rs_set_has(cls, cls_end - 1, c);
    default:
        rs_work(m, 1);
        return RS_U(*cls) == c;
    }
}

/* ------------------------------------------------------------------------------------------ */
/* pattern items                                                                              */

enum { IT_END, IT_OPEN, IT_POSITION, IT_CLOSE, IT_AT_END, IT_BALANCE, IT_FRONTIER, IT_BACKREF, IT_SINGLE };

typedef struct rs_item {
    int kind;
    char quantifier;               /* IT_SINGLE: '*', '+', '-', '?' or 0 */
    const char *cls, *cls_end;     /* IT_SINGLE: the class; IT_FRONTIER: the set;
                                      IT_BALANCE, IT_BACKREF: cls is the argument */
    const char *next;              /* the pattern after the item */
} rs_item;

/* Reads the item at p. A malformed item raises only when the matcher reaches it, as in Lua:
   `("abc"):find("x[")` is nil (no 'x', so the '[' is never read). */
static void rs_item_at(rs_matcher *m, const char *p, rs_item *it) {
    const char *end = m->pend;
    it->quantifier = 0;
    if (p == end) {
        it->kind = IT_END;
        return;
    }
    switch (*p) {
    case '(':
        if (p + 1 < end && p[1] == ')') {
            it->kind = IT_POSITION;
            it->next = p + 2;
        } else {
            it->kind = IT_OPEN;
            it->next = p + 1;
        }
        return;
    case ')':
        it->kind = IT_CLOSE;
        it->next = p + 1;
        return;
    case '$':
        if (p + 1 == end) {   /* only the pattern's last character anchors */
            it->kind = IT_AT_END;
            it->next = end;
            return;
        }
        break;
    case RS_PAT_ESC:
        if (p + 1 == end) rs_pat_error(m, "malformed pattern (ends with '%')");
        switch (p[1]) {
        case 'b':
            if (end - p < 4) rs_pat_error(m, "malformed pattern (missing arguments to '%b')");
            it->kind = IT_BALANCE;
            it->cls = p + 2;
            it->next = p + 4;
            return;
        case 'f':
            if (end - p < 3 || p[2] != '[') rs_pat_error(m, "missing '[' after '%f' in pattern");
            it->kind = IT_FRONTIER;
            it->cls = p + 2;
            it->cls_end = it->next = rs_set_end(m, p + 2);
            rs_work(m, (it->cls_end - it->cls) / 4);
            return;
        case '0': case '1': case '2': case '3': case '4':
        case '5': case '6': case '7': case '8': case '9':
            it->kind = IT_BACKREF;
            it->cls = p + 1;
            it->next = p + 2;
            return;
        default:
            break;
        }
        break;
    default:
        break;
    }
    it->kind = IT_SINGLE;
    it->cls = p;
    if (*p == RS_PAT_ESC) {
        it->cls_end = p + 2;
    } else if (*p == '[') {
        it->cls_end = rs_set_end(m, p);
        rs_work(m, (it->cls_end - p) / 4);
    } else {
        it->cls_end = p + 1;
    }
    it->next = it->cls_end;
    if (it->cls_end < end) {
        char q = *it->cls_end;
        if (q == '*' || q == '+' || q == '-' || q == '?') {
            it->quantifier = q;
            it->next++;
        }
    }
}

/* Pushes a choice point of `kind` for the repeated or optional item `it` at subject byte `from`. */
static rs_frame *rs_push_choice(rs_matcher *m, int kind, const rs_item *it, const char *from) {
    rs_frame *f = rs_push(m, kind);
    f->item = it->cls;
    f->item_end = it->cls_end;
    f->next = it->next;
    f->from = from;
    return f;
}

/* `%bxy` at s: the end of a balanced x...y, or NULL. */
static const char *rs_balance(rs_matcher *m, const char *s, const char *xy) {
    if (s >= m->send || *s != xy[0]) return NULL;
    int open = RS_U(xy[0]), close = RS_U(xy[1]);
    size_t depth = 1;
    const char *q = s + 1, *found = NULL;
    for (; q < m->send; q++) {
        int c = RS_U(*q);
        if (c == close) {   /* a closing byte first: "%b''" closes at the next quote */
            if (--depth == 0) {
                found = q + 1;
                break;
            }
        } else if (c == open) {
            depth++;
        }
    }
    rs_work(m, 1 + (q - s) / 4);
    return found;
}

/* Resumes the latest choice point after a failure: sets *s and *p to where matching goes on
   and returns 1, or returns 0 when no choice is left (the match fails at this start). Frames
   of captures are undone on the way. */
static int rs_backtrack(rs_matcher *m, const char **s, const char **p) {
    while (m->depth > 0) {
        rs_frame *f = &m->frames[m->depth - 1];
        rs_work(m, 1);
        switch (f->kind) {
        case FR_OPENED:
            m->level--;
            break;
        case FR_CLOSED:
            m->cap[f->count].len = RS_CAP_OPEN;
            break;
        case FR_OPTION:
            m->depth--;
            *s = f->from;
            *p = f->next;
            return 1;
        case FR_GREEDY:
            if (f->count > f->least) {
                f->count--;
                *s = f->from + f->count;
                *p = f->next;
                return 1;
            }
            break;
        case FR_LAZY:
            if (f->from < m->send && rs_single(m, RS_U(*f->from), f->item, f->item_end)) {
                f->from++;
                *s = f->from;
                *p = f->next;
                return 1;
            }
            break;
        }
        m->depth--;
    }
    return 0;
}

/* Matches the pattern from p against the subject from s: the end of the match, or NULL. The
   captures of a match are left in m->cap[0 .. m->level). */
static const char *rs_match(rs_matcher *m, const char *s, const char *p) {
    rs_item it;
    m->level = 0;
    m->depth = 0;
    for (;;) {
        rs_work(m, 1);
        rs_item_at(m, p, &it);
        switch (it.kind) {
        case IT_END:
            return s;
        case IT_OPEN:
        case IT_POSITION: {
            if (m->level >= RS_PAT_MAXCAPTURES) rs_pat_error(m, "too many captures");
            int l = m->level++;
            m->cap[l].at = s;
            m->cap[l].len = it.kind == IT_OPEN ? RS_CAP_OPEN : RS_CAP_POSITION;
            rs_push(m, FR_OPENED)->count = (size_t)l;
            p = it.next;
            continue;
        }
        case IT_CLOSE: {
            int l = m->level - 1;   /* the innermost capture still open */
            while (l >= 0 && m->cap[l].len != RS_CAP_OPEN) l--;
            if (l < 0) rs_pat_error(m, "invalid pattern capture");
            m->cap[l].len = s - m->cap[l].at;
            rs_push(m, FR_CLOSED)->count = (size_t)l;
            p = it.next;
            continue;
        }
        case IT_AT_END:
            if (s == m->send) return s;
            break;
        case IT_BALANCE: {
            const char *e = rs_balance(m, s, it.cls);
            if (e != NULL) {
                s = e;
                p = it.next;
                continue;
            }
            break;
        }
        case IT_FRONTIER: {
            /* Before the subject and at its end the byte is taken as NUL. */
            int before = s == m->src ? 0 : RS_U(s[-1]);
            int here = s < m->send ? RS_U(*s) : 0;
            rs_work(m, 2 * (1 + (it.cls_end - it.cls) / 4));
            if (!rs_set_has(it.cls, it.cls_end - 1, before) && rs_set_has(it.cls, it.cls_end - 1, here)) {
                p = it.next;
                continue;
            }
            break;
        }
        case IT_BACKREF: {
            int l = *it.cls - '1';
            if (l < 0 || l >= m->level || m->cap[l].len == RS_CAP_OPEN) rs_bad_index(m, l + 1);
            ptrdiff_t len = m->cap[l].len;
            if (len == RS_CAP_POSITION) break;   /* a position is no text: never matches */
            rs_work(m, 1 + RS_BYTES(len));
            if (m->send - s >= len && memcmp(m->cap[l].at, s, (size_t)len) == 0) {
                s += len;
                p = it.next;
                continue;
            }
            break;
        }
        default: {   /* IT_SINGLE */
            int ok = s < m->send && rs_single(m, RS_U(*s), it.cls, it.cls_end);
            switch (it.quantifier) {
            case 0:
                if (!ok) break;
                s++;
                p = it.next;
                continue;
            case '?':   /* with the byte first; without it when that fails */
                if (ok) rs_push_choice(m, FR_OPTION, &it, s++);
                p = it.next;
                continue;
            case '-':   /* without the byte first; one more each time the rest fails */
                if (ok) rs_push_choice(m, FR_LAZY, &it, s);
                p = it.next;
                continue;
            default: {   /* '*', '+': the longest run first, one byte fewer each time */
                if (!ok) {
                    if (it.quantifier == '+') break;
                    p = it.next;
                    continue;
                }
                size_t n = 1;
                while (s + n < m->send && rs_single(m, RS_U(s[n]), it.cls, it.cls_end)) n++;
                rs_frame *f = rs_push_choice(m, FR_GREEDY, &it, s);
                f->count = n;
                f->least = it.quantifier == '+';
                s += n;
                p = it.next;
                continue;
            }
            }
            break;
        }
        }
        if (!rs_backtrack(m, &s, &p)) return NULL;
    }
}

/* ------------------------------------------------------------------------------------------ */
/* captures                                                                                   */

/* Pushes capture i of the match [s, e): its text or its position; for i == 0 of a pattern
   without captures, the whole match. */
static void rs_push_capture(rs_matcher *m, int i, const char *s, const char *e) {
    if (i >= m->level) {
        if (i != 0) rs_bad_index(m, i + 1);
        rs_work(m, 1 + RS_BYTES(e - s));
        lua_pushlstring(m->L, s, (size_t)(e - s));
        return;
    }
    ptrdiff_t len = m->cap[i].len;
    if (len == RS_CAP_OPEN) rs_pat_error(m, "unfinished capture");
    rs_work(m, 1);
    if (len == RS_CAP_POSITION) {
        lua_pushinteger(m->L, (lua_Integer)(m->cap[i].at - m->src) + 1);
    } else {
        rs_work(m, RS_BYTES(len));
        lua_pushlstring(m->L, m->cap[i].at, (size_t)len);
    }
}

/* Pushes the captures of the match [s, e) (or the whole match when there are none and `whole`)
   and returns how many. */
static int rs_push_captures(rs_matcher *m, const char *s, const char *e, int whole) {
    int n = (m->level == 0 && whole) ? 1 : m->level;
    luaL_checkstack(m->L, n, "too many captures");
    for (int i = 0; i < n; i++) rs_push_capture(m, i, s, e);
    return n;
}

/* ------------------------------------------------------------------------------------------ */
/* the functions                                                                              */

/* Arguments 1 and 2 of every pattern function: the subject (returned; at most
   RS_PATTERN_MAXLEN bytes in a policy) and the pattern. */
static const char *rs_pattern_args(lua_State *L, const char *what, size_t *ls, const char **p, size_t *lp) {
    const char *s = luaL_checklstring(L, 1, ls);
    *p = luaL_checklstring(L, 2, lp);
    if (*ls > RS_PATTERN_MAXLEN)
        luaL_error(L, "%s: subject of %d bytes exceeds the policy limit of %d bytes", what, (int)*ls,
                   (int)RS_PATTERN_MAXLEN);
    return s;
}

static void rs_matcher_init(rs_matcher *m, lua_State *L, const char *what, const char *s, size_t ls,
                            const char *p, size_t lp) {
    m->L = L;
    m->what = what;
    m->src = s;
    m->send = s + ls;
    m->pend = p + lp;
    m->owed = RS_CALL_COST + (long long)lp / 4;   /* the call and the pattern's pre-scan */
    m->level = 0;
    m->depth = 0;
    m->capacity = 0;
    m->frames = NULL;
}

/* Whether [a, a + n) and [b, b + n) hold the same bytes, compared in pieces so that a
   mismatch early in a long comparison is charged for what was compared. */
static int rs_same_bytes(rs_matcher *m, const char *a, const char *b, size_t n) {
    enum { PIECE = 256 };
    while (n > 0) {
        size_t k = n < PIECE ? n : PIECE;
        rs_work(m, 1 + RS_BYTES(k));
        if (memcmp(a, b, k) != 0) return 0;
        a += k;
        b += k;
        n -= k;
    }
    return 1;
}

/* The first occurrence of [p, p + lp) in [s, s + ls), as plain bytes: each candidate is found
   with memchr (its first byte) and compared. */
static const char *rs_plain_find(rs_matcher *m, const char *s, size_t ls, const char *p, size_t lp) {
    if (lp == 0) return s;
    if (lp > ls) return NULL;
    const char *at = s, *last = s + (ls - lp);   /* the last place it can start */
    while (at <= last) {
        size_t span = (size_t)(last - at) + 1;
        const char *hit = (const char *)memchr(at, RS_U(p[0]), span);
        rs_work(m, 1 + RS_BYTES(hit != NULL ? (size_t)(hit - at) + 1 : span));
        if (hit == NULL) return NULL;
        if (rs_same_bytes(m, hit + 1, p + 1, lp - 1)) return hit;
        at = hit + 1;
    }
    return NULL;
}

/* string.find (find = 1) and string.match (find = 0). */
static int rs_find_or_match(lua_State *L, int find) {
    const char *what = find ? "string.find" : "string.match";
    size_t ls, lp;
    const char *p;
    const char *s = rs_pattern_args(L, what, &ls, &p, &lp);
    size_t init = rs_start_position(luaL_optinteger(L, 3, 1), ls);
    rs_matcher m;
    rs_frame local[RS_PAT_LOCAL_FRAMES];
    rs_matcher_init(&m, L, what, s, ls, p, lp);
    if (init > ls + 1) {   /* a start past the end finds nothing (not even an empty match) */
        rs_pay(&m);
        luaL_pushfail(L);
        return 1;
    }
    rs_shape shape = rs_pattern_shape(p, lp);
    if (find && (lua_toboolean(L, 4) || !shape.special)) {
        const char *at = rs_plain_find(&m, s + init - 1, ls - (init - 1), p, lp);
        rs_pay(&m);
        if (at == NULL) {
            luaL_pushfail(L);
            return 1;
        }
        lua_pushinteger(L, (lua_Integer)(at - s) + 1);
        lua_pushinteger(L, (lua_Integer)(at - s) + (lua_Integer)lp);
        return 2;
    }
    rs_frames(L, &m, shape.frames, local);
    int anchored = lp > 0 && *p == '^';
    const char *pat = p + anchored;
    for (const char *start = s + init - 1;; start++) {
        const char *e = rs_match(&m, start, pat);
        if (e != NULL) {
            int n;
            if (find) {
                lua_pushinteger(L, (lua_Integer)(start - s) + 1);
                lua_pushinteger(L, (lua_Integer)(e - s));
                n = 2 + rs_push_captures(&m, NULL, NULL, 0);
            } else {
                n = rs_push_captures(&m, start, e, 1);
            }
            rs_pay(&m);
            return n;
        }
        if (anchored || start >= m.send) break;
    }
    rs_pay(&m);
    luaL_pushfail(L);
    return 1;
}

static int rs_find(lua_State *L) { return rs_find_or_match(L, 1); }
static int rs_match_fn(lua_State *L) { return rs_find_or_match(L, 0); }

/* string.gmatch's iterator: its subject, pattern and this state are upvalues 1, 2 and 3. The
   frames follow the state in the same userdata. */
typedef struct rs_gmatch_state {
    size_t next;          /* where the next search starts (0-based; past the subject: done) */
    const char *last;     /* the end of the last match: an empty match there is skipped */
    const char *pat;
    rs_matcher m;
} rs_gmatch_state;

static int rs_gmatch_next(lua_State *L) {
    rs_gmatch_state *g = (rs_gmatch_state *)lua_touserdata(L, lua_upvalueindex(3));
    rs_matcher *m = &g->m;
    size_t ls = (size_t)(m->send - m->src);
    m->L = L;   /* the iterator may run in another coroutine than the one that made it */
    m->owed = RS_CALL_COST;
    m->frames = (rs_frame *)(g + 1);
    for (size_t at = g->next; at <= ls; at++) {
        const char *start = m->src + at;
        const char *e = rs_match(m, start, g->pat);
        if (e != NULL && e != g->last) {
            g->next = (size_t)(e - m->src);
            g->last = e;
            int n = rs_push_captures(m, start, e, 1);
            rs_pay(m);
            return n;
        }
    }
    rs_pay(m);
    return 0;
}

/* string.gmatch (s, pattern [, init]): no anchor ('^' is an ordinary character here, as in
   Lua 5.4.4, since an anchored pattern could only ever match once). */
static int rs_gmatch(lua_State *L) {
    static const char *const what = "string.gmatch";
    size_t ls, lp;
    const char *p;
    const char *s = rs_pattern_args(L, what, &ls, &p, &lp);
    size_t init = rs_start_position(luaL_optinteger(L, 3, 1), ls);
    lua_settop(L, 2);
    rs_shape shape = rs_pattern_shape(p, lp);
    size_t frames = shape.frames > 0 ? (size_t)shape.frames : 1;
    rs_gmatch_state *g = (rs_gmatch_state *)lua_newuserdatauv(L, sizeof(rs_gmatch_state) + frames * sizeof(rs_frame), 0);
    rs_matcher_init(&g->m, L, what, s, ls, p, lp);
    g->m.capacity = (int)frames;
    g->m.frames = (rs_frame *)(g + 1);
    g->next = init - 1;   /* past the end (init > ls + 1): the iterator finds nothing */
    g->last = NULL;
    g->pat = p;
    rs_work(&g->m, (long long)frames);
    rs_pay(&g->m);
    lua_pushcclosure(L, rs_gmatch_next, 3);
    return 1;
}

/* gsub with a string replacement: appends it with its `%0`-`%9` and `%%` expanded. */
static void rs_add_expanded(rs_matcher *m, luaL_Buffer *b, const char *s, const char *e) {
    lua_State *L = m->L;
    size_t lr;
    const char *r = lua_tolstring(L, 3, &lr);
    const char *rend = r + lr;
    rs_work(m, 1 + RS_BYTES(lr));   /* the scan for '%' */
    for (;;) {
        const char *esc = (const char *)memchr(r, RS_PAT_ESC, (size_t)(rend - r));
        const char *stop = esc != NULL ? esc : rend;
        if (stop > r) {
            rs_work(m, 1 + RS_BYTES(stop - r));
            luaL_addlstring(b, r, (size_t)(stop - r));
        }
        if (esc == NULL) return;
        rs_work(m, RS_PAT_ESCAPE_COST);
        char d = esc + 1 < rend ? esc[1] : '\0';
        if (d == RS_PAT_ESC) {
            luaL_addchar(b, RS_PAT_ESC);
        } else if (d == '0') {
            rs_work(m, RS_BYTES(e - s));
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (d >= '1' && d <= '9') {
            rs_push_capture(m, d - '1', s, e);
            luaL_addvalue(b);   /* a string, or a position (an integer, written in decimal) */
        } else {
            rs_pat_error(m, "invalid use of '%' in replacement string");
        }
        r = esc + 2;
    }
}

/* Appends the replacement of the match [s, e) (argument 3 of type `tr`). Returns 0 when the
   match was kept as it was (a function or table gave false or nil), 1 otherwise. */
static int rs_add_replacement(rs_matcher *m, luaL_Buffer *b, const char *s, const char *e, int tr) {
    lua_State *L = m->L;
    if (tr == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int n = rs_push_captures(m, s, e, 1);
        rs_pay(m);   /* what was done so far is paid before Lua runs */
        lua_call(L, n, 1);
    } else if (tr == LUA_TTABLE) {
        rs_push_capture(m, 0, s, e);
        rs_pay(m);
        lua_gettable(L, 3);
    } else {
        rs_add_expanded(m, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        rs_work(m, 1 + RS_BYTES(e - s));
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1)) {
        rs_pay(m);
        return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    }
    rs_work(m, 1 + RS_BYTES(lua_rawlen(L, -1)));
    luaL_addvalue(b);
    return 1;
}

/* string.gsub (s, pattern, repl [, n]). */
static int rs_gsub(lua_State *L) {
    static const char *const what = "string.gsub";
    size_t ls, lp;
    const char *p;
    const char *s = rs_pattern_args(L, what, &ls, &p, &lp);
    int tr = lua_type(L, 3);
    lua_Integer most = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
    luaL_argexpected(L, tr == LUA_TNUMBER || tr == LUA_TSTRING || tr == LUA_TFUNCTION || tr == LUA_TTABLE, 3,
                     "string/function/table");
    rs_matcher m;
    rs_frame local[RS_PAT_LOCAL_FRAMES];
    rs_matcher_init(&m, L, what, s, ls, p, lp);
    rs_frames(L, &m, rs_pattern_shape(p, lp).frames, local);   /* before the buffer: it stays below */
    int anchored = lp > 0 && *p == '^';
    const char *pat = p + anchored;
    const char *at = s, *last = NULL;
    lua_Integer n = 0;
    int changed = 0;
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    while (n < most) {
        const char *e = rs_match(&m, at, pat);
        if (e != NULL && e != last) {   /* an empty match where the last one ended does not count */
            n++;
            changed |= rs_add_replacement(&m, &b, at, e, tr);
            at = last = e;
        } else if (at < m.send) {
            luaL_addchar(&b, *at);
            at++;
        } else {
            break;
        }
        if (anchored) break;
    }
    if (!changed) {
        lua_pushvalue(L, 1);   /* nothing replaced: the subject itself */
    } else {
        rs_work(&m, RS_BYTES(m.send - at));
        luaL_addlstring(&b, at, (size_t)(m.send - at));
        luaL_pushresult(&b);
    }
    rs_pay(&m);
    lua_pushinteger(L, n);
    return 2;
}

void rs_open_patterns(lua_State *L, int str) {
    static const luaL_Reg fns[] = {
        {"find", rs_find}, {"match", rs_match_fn}, {"gmatch", rs_gmatch}, {"gsub", rs_gsub}, {NULL, NULL}};
    for (const luaL_Reg *r = fns; r->name; r++) {
        lua_pushcfunction(L, r->func);
        lua_setfield(L, str, r->name);
    }
}
