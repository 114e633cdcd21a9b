/*
 * What the scripting host (ReorderScripting) needs in C: the Ctrl-C handler and the stop and
 * clear calls around it. The session API itself is host functions registered on the VM
 * (rs_push_host_function in shim.c).
 */
#include "scripting.h"
#include <string.h>
#include <signal.h>
#include <limits.h>
#include "shim.h"

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
    reorder_scripting_clear_stop(L);
    int was = interrupted != 0;
    interrupted = 0;
    return was;
}

/* Called from the watchdog's thread: only the atomic stop flag is written there (the running
   call and every later one stop at their next hook fire), never the fields the Lua thread uses. */
void reorder_scripting_stop(lua_State *L) {
    if (rs_getvm(L)) rs_request_stop(L);
}

void reorder_scripting_stop_once(lua_State *L) {
    if (rs_getvm(L)) rs_request_stop_once(L);
}

int reorder_scripting_stop_requested(lua_State *L) {
    rs_vm *vm = rs_getvm(L);
    return vm ? __atomic_load_n(&vm->stop, __ATOMIC_RELAXED) != 0 : 0;
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
