#ifndef REORDER_SCRIPTING_H
#define REORDER_SCRIPTING_H
/*
 * The C corner of the Lua session API (`reorder.session{...}`, `s:press(...)`, ...) and of the
 * REPL / spec runner. Everything that may raise a Lua error happens here, in C: Swift only
 * sees byte buffers of encoded values (see "Value encoding") and never runs between a
 * `setjmp` and its `longjmp`.
 *
 * Value encoding (native byte order, one process only):
 *   0x00 nil | 0x01 false | 0x02 true | 0x03 int64 | 0x04 double | 0x05 u32 length + bytes
 *   | 0x06 table: key value pairs until 0x07 | 0x08 u32 length + type name (a value that
 *   cannot cross: function, userdata, thread) | 0x09 int32 registry reference (a table kept
 *   in the VM, e.g. an inline policy table).
 * A result buffer starts with a u32 count of values.
 */
#include <stddef.h>
#include <stdint.h>
#include <lua.h>

typedef struct reorder_sbuf {
    unsigned char *data;
    size_t length;
    size_t capacity;
} reorder_sbuf;

enum {
    REORDER_V_NIL = 0, REORDER_V_FALSE = 1, REORDER_V_TRUE = 2, REORDER_V_INT = 3,
    REORDER_V_DOUBLE = 4, REORDER_V_STRING = 5, REORDER_V_TABLE = 6, REORDER_V_END = 7,
    REORDER_V_OPAQUE = 8, REORDER_V_REF = 9
};

/* Operations the C side asks of the host. */
enum {
    /* args: the options table (policy table passed as a REORDER_V_REF field `policy`);
       result: one int = the new session id. */
    REORDER_OP_SESSION_NEW = 1,
    /* session id + method name; args: the method's arguments after self. */
    REORDER_OP_SESSION_CALL = 2,
    /* session id; the userdata was collected. */
    REORDER_OP_SESSION_FREE = 3,
    /* args: one string to write to the host's output (print, io.write). */
    REORDER_OP_WRITE = 4,
    /* method name = a `reorder.NAME` host function; args as given. */
    REORDER_OP_HOST_CALL = 5
};

/*
 * The host callback. Return 0 and append an encoded result list to `out`, or return 1 and
 * append an error message (plain bytes) to `out`. It must not call back into `L` except
 * through protected calls (`lua_pcallk`).
 */
typedef int (*reorder_scripting_callback)(void *host, int op, int64_t session, const char *method,
                                          const unsigned char *args, size_t args_length,
                                          reorder_sbuf *out);

/* Growable byte buffer (malloc; never raises). Returns 0 on success, -1 when out of memory. */
int reorder_sbuf_append(reorder_sbuf *b, const void *bytes, size_t length);
void reorder_sbuf_free(reorder_sbuf *b);

/*
 * Installs the global `reorder` table (session, _write, _host) and the session metatable.
 * `host_functions` (names separated by spaces) become `reorder.NAME(...)`, each calling
 * REORDER_OP_HOST_CALL.
 * Returns LUA_OK, or an error status with the message at the top of the stack.
 */
int reorder_scripting_open(lua_State *L, void *host, reorder_scripting_callback callback,
                           const char *host_functions);

/*
 * Calls the global function path `function_name` (dots allowed: "reorder._repl_eval") in
 * protected mode with the encoded `args`, and appends the encoded results to `out`.
 * Returns LUA_OK, or an error status with the error message (plain bytes) in `out`.
 */
int reorder_scripting_call(lua_State *L, const char *function_name,
                           const unsigned char *args, size_t args_length, reorder_sbuf *out);

/* Loads and runs a chunk of Lua source in protected mode (for preludes). Error message in `out`. */
int reorder_scripting_dostring(lua_State *L, const char *source, size_t length, const char *chunk_name,
                               reorder_sbuf *out);

/* Disconnects the host: later callbacks (e.g. finalizers while the state closes) do nothing. */
void reorder_scripting_detach(lua_State *L);

/*
 * Ctrl-C while Lua runs (the REPL): between begin and end, SIGINT stops the running Lua code
 * at its next instruction-count hook (it surfaces as a budget error). `end` restores the
 * previous SIGINT handler, resets the budget and returns 1 when an interrupt happened.
 */
void reorder_scripting_interrupt_begin(lua_State *L);
int reorder_scripting_interrupt_end(lua_State *L);

/*
 * Stops the Lua code running in L at its next instruction-count hook (a budget error), from any
 * thread (a watchdog). Every later Lua call fails the same way until
 * reorder_scripting_clear_stop. Returns nothing; never raises.
 */
void reorder_scripting_stop(lua_State *L);
void reorder_scripting_clear_stop(lua_State *L);

/* Releases a registry reference made for a REORDER_V_REF value. */
void reorder_scripting_unref(lua_State *L, int ref);

/* Pushes the value behind a registry reference (for the policy host). Never raises. */
void reorder_scripting_push_ref(lua_State *L, int ref);

#endif
