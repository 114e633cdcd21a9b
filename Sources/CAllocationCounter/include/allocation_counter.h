#ifndef REORDER_ALLOCATION_COUNTER_H
#define REORDER_ALLOCATION_COUNTER_H

#include <stdint.h>

/// A count of the calling thread's heap allocations (`malloc`, `calloc`, `realloc`, `memalign`,
/// `posix_memalign`, `aligned_alloc`), for `reorder bench`.
///
/// On glibc the functions are interposed: the definitions in this target replace libc's for the
/// whole process (the executable exports them) and forward to glibc's `__libc_*` entry points,
/// so every allocation by Swift, Foundation, Lua or libc itself is seen. Counting, switched on
/// and read per thread, costs one thread-local load per call while off. Elsewhere nothing is interposed and
/// `rac_is_available()` returns 0.
///
///     rac_reset(); rac_enable(1);
///     ... work ...
///     rac_enable(0);
///     uint64_t n = rac_count();

/// 1 when allocations are really counted on this platform (and this binary), else 0.
int rac_is_available(void);
/// Turns counting on (1) or off (0) for the calling thread.
void rac_enable(int on);
/// Sets the calling thread's count to zero.
void rac_reset(void);
/// The calling thread's allocations since its last reset while counting was on.
uint64_t rac_count(void);

#endif
