/*
 * What the scripting host (ReorderScripting) needs in C: the Ctrl-C handler and the stop and
 * clear calls around it. The session API itself is host functions registered on the VM
 * (rs_push_host_function in shim.c).
 */
#include "scripting.h"
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include "shim.h"

/* ------------------------------------------------------------------------------------------ */
/* Ctrl-C                                                                                       */

/* Several hosts may evaluate interruptibly at once (each on its thread): SIGINT is one handler
   for the process, installed while at least one of them is inside begin...end, and it stops every
   one of them. Each holds a place in the table below (the handler reads it without a lock: atomic
   builtins); the handler found when the first begins is put back when the last ends. */
#define RS_INTERRUPTIBLE_MAX 64
static lua_State *rs_interruptible[RS_INTERRUPTIBLE_MAX];
static int rs_interrupted[RS_INTERRUPTIBLE_MAX];
static int rs_sigint_handlers_running = 0;
static pthread_mutex_t rs_sigint_lock = PTHREAD_MUTEX_INITIALIZER;
static int rs_sigint_users = 0;                 /* under the lock */
static struct sigaction rs_previous_sigint;     /* under the lock */

static void on_sigint(int sig) {
    (void)sig;
    __atomic_fetch_add(&rs_sigint_handlers_running, 1, __ATOMIC_SEQ_CST);
    for (int i = 0; i < RS_INTERRUPTIBLE_MAX; i++) {
        lua_State *L = __atomic_load_n(&rs_interruptible[i], __ATOMIC_SEQ_CST);
        if (L == NULL) continue;
        __atomic_store_n(&rs_interrupted[i], 1, __ATOMIC_SEQ_CST);
        /* The VM's running call stops at its next instruction (atomic stores and a semaphore
           post: async-signal-safe). */
        rs_request_stop(L);
    }
    __atomic_fetch_sub(&rs_sigint_handlers_running, 1, __ATOMIC_SEQ_CST);
}

void reorder_scripting_interrupt_begin(lua_State *L) {
    pthread_mutex_lock(&rs_sigint_lock);
    for (int i = 0; i < RS_INTERRUPTIBLE_MAX; i++) {
        if (__atomic_load_n(&rs_interruptible[i], __ATOMIC_SEQ_CST) != NULL) continue;
        __atomic_store_n(&rs_interrupted[i], 0, __ATOMIC_SEQ_CST);
        __atomic_store_n(&rs_interruptible[i], L, __ATOMIC_SEQ_CST);
        if (rs_sigint_users++ == 0) {
            struct sigaction sa;
            memset(&sa, 0, sizeof sa);
            sa.sa_handler = on_sigint;
            sigemptyset(&sa.sa_mask);
            sigaction(SIGINT, &sa, &rs_previous_sigint);
        }
        break;
    }
    /* A 65th host at once is not interruptible (its evaluation runs as without begin). */
    pthread_mutex_unlock(&rs_sigint_lock);
}

int reorder_scripting_interrupt_end(lua_State *L) {
    int was = 0;
    pthread_mutex_lock(&rs_sigint_lock);
    for (int i = 0; i < RS_INTERRUPTIBLE_MAX; i++) {
        if (__atomic_load_n(&rs_interruptible[i], __ATOMIC_SEQ_CST) != L) continue;
        __atomic_store_n(&rs_interruptible[i], NULL, __ATOMIC_SEQ_CST);
        /* A handler that read L before it was cleared may still be stopping it: wait for it
           (a few stores), so nothing touches L once this returns. */
        while (__atomic_load_n(&rs_sigint_handlers_running, __ATOMIC_SEQ_CST) != 0) {}
        was = __atomic_exchange_n(&rs_interrupted[i], 0, __ATOMIC_SEQ_CST);
        if (--rs_sigint_users == 0) sigaction(SIGINT, &rs_previous_sigint, NULL);
        break;
    }
    pthread_mutex_unlock(&rs_sigint_lock);
    reorder_scripting_clear_stop(L);
    return was;
}

/* Called from the watchdog's thread: only the atomic stop flag is written there (the running
   call and every later one stop at their next instruction), never the fields the Lua thread
   uses. */
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
        vm->budgeted = 0;
        vm->exhausted = 0;
        vm->last_exhausted = 0;
    }
}
