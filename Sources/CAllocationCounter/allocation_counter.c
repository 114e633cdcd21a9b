// Heap allocation counter for `reorder bench` (see include/allocation_counter.h).
//
// glibc only: the replacements forward to glibc's exported `__libc_*` functions, which are the
// allocator itself, so pointers from either side may be freed by the other and no dlsym
// bootstrap (which may allocate) is needed.

#include "allocation_counter.h"

#include <stddef.h>

// Under a sanitizer (`swift test --sanitize=thread|address`) the sanitizer's runtime owns
// malloc: replacing it here hands the runtime glibc's pointers and the process crashes before
// the first test runs. Counting is then unavailable, as on other platforms.
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define RAC_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define RAC_SANITIZED 1
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(RAC_SANITIZED)

#include <errno.h>
#include <string.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *ptr, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *ptr);

// Per thread: a benchmark counts its own thread's allocations, not those of threads running
// beside it (test runners run tests in parallel). Initial-exec TLS: a plain load, and no lazy
// TLS allocation that could recurse into malloc.
#define RAC_TLS __thread __attribute__((tls_model("initial-exec")))
static RAC_TLS int t_enabled = 0;
static RAC_TLS uint64_t t_count = 0;
/// Set to 1 by `rac_is_available`; `malloc` turns it into 2 when the call reached it.
static RAC_TLS int t_probe = 0;

static inline void count_one(void) {
    if (t_enabled) t_count += 1;
}

void *malloc(size_t size) {
    count_one();
    if (t_probe == 1) t_probe = 2;
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_one();
    return __libc_calloc(count, size);
}

void *realloc(void *ptr, size_t size) {
    count_one();
    return __libc_realloc(ptr, size);
}

void *memalign(size_t alignment, size_t size) {
    count_one();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_one();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    count_one();
    void *p = __libc_memalign(alignment, size);
    if (p == NULL && size != 0) return ENOMEM;
    *out = p;
    return 0;
}

int rac_is_available(void) {
    // libc's own strdup calls malloc through the dynamic linker: it reaches the replacement
    // above only when the interposition took effect for the whole process.
    t_probe = 1;
    __libc_free(strdup("probe"));
    int seen = t_probe == 2;
    t_probe = 0;
    return seen;
}

void rac_enable(int on) { t_enabled = on ? 1 : 0; }
void rac_reset(void) { t_count = 0; }
uint64_t rac_count(void) { return t_count; }

#else

int rac_is_available(void) { return 0; }
void rac_enable(int on) { (void)on; }
void rac_reset(void) {}
uint64_t rac_count(void) { return 0; }

#endif
