#ifndef REORDER_CLUASHIM_H
#define REORDER_CLUASHIM_H
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>
#endif
