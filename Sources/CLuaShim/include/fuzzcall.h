#ifndef REORDER_FUZZCALL_H
#define REORDER_FUZZCALL_H
/*
 * One call of the sandbox fuzzer (issue 12), made in a child process so that a call that
 * crashes or never returns (a C loop no count hook can interrupt) cannot take the host with it.
 *
 * The child is a fork of the caller: it has the caller's Lua state as it was, runs only C (Lua
 * and this file: no Swift, no stdio; the state's print/warn/host callbacks are cleared), times
 * the call with the monotonic clock, writes an rs_fuzz_result to a pipe and leaves with _exit.
 * The parent waits at most `timeout` seconds, then kills it.
 */
#include <lua.h>

typedef enum rs_fuzz_outcome {
    RS_FUZZ_RETURNED = 0,   /* the call returned */
    RS_FUZZ_RAISED = 1,     /* it raised an error (message in `message`) */
    RS_FUZZ_TIMEOUT = 2,    /* no answer within the timeout: the child was killed */
    RS_FUZZ_CRASHED = 3,    /* the child died (signal in `signal`) or answered garbage */
    RS_FUZZ_NOFORK = 4      /* fork or pipe failed (errno in `signal`) */
} rs_fuzz_outcome;

typedef struct rs_fuzz_result {
    int outcome;            /* an rs_fuzz_outcome */
    int signal;             /* RS_FUZZ_CRASHED: the signal (0: exited without an answer) */
    int exhausted;          /* the instruction budget stopped the call */
    double seconds;         /* wall time of the call, measured in the child */
    double cpu_seconds;     /* CPU time of the call, measured in the child */
    char message[240];      /* RS_FUZZ_RAISED: the start of the error message */
} rs_fuzz_result;

/* Calls the function on top of the stack with no arguments under rs_pcall (the state's
   per-call budget) in a forked child, and pops it. Never raises. */
void rs_fuzz_call(lua_State *L, double timeout, rs_fuzz_result *out);

/* 1 when this code was built with a sanitizer (ASan, TSan): memory-heavy C work then slows
   down far more than the interpreter the budget is calibrated on. */
int rs_fuzz_sanitized(void);

#endif
