#ifndef REORDER_SCRIPTING_H
#define REORDER_SCRIPTING_H
/*
 * The C corner of the scripting host (the REPL, `reorder run`, specs): what a signal handler or
 * another thread may do to a running VM. Nothing here raises.
 */
#include <lua.h>

/*
 * Ctrl-C while Lua runs (the REPL): between begin and end, SIGINT stops the running Lua code
 * at its next instruction (it surfaces as a budget error). Several hosts may be between begin
 * and end at once, each on its thread: one SIGINT stops each of them, and the handler found by
 * the first begin is restored by the last end. `end` resets the budget and returns 1 when an
 * interrupt came while this host was between begin and end.
 */
void reorder_scripting_interrupt_begin(lua_State *L);
int reorder_scripting_interrupt_end(lua_State *L);

/*
 * Stops the Lua code running in L at its next instruction (a budget error), from any thread (a
 * watchdog). Every later Lua call fails the same way until reorder_scripting_clear_stop.
 * Returns nothing; never raises.
 */
void reorder_scripting_stop(lua_State *L);
void reorder_scripting_clear_stop(lua_State *L);

/*
 * A one-shot stop, from any thread: the Lua code running in L fails once at its next
 * instruction with "FILE:LINE: stopped by the watchdog" (an ordinary error that pcall catches)
 * and later code runs on. Never raises.
 */
void reorder_scripting_stop_once(lua_State *L);

/*
 * Whether a stop is pending (requested and not yet cleared): 1 or 0. Loops in the host that run
 * no Lua (a long s:hold between frames) ask it to stop where they are. Never raises.
 */
int reorder_scripting_stop_requested(lua_State *L);


#endif
