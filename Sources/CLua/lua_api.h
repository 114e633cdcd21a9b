/* What the CLua module imports: the C API of the system's Lua 5.4 (liblua5.4-dev). */
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>
#include <stdio.h>
