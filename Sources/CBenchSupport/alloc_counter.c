/*
 * An exact per-thread allocation counter. The executable's definitions of the
 * allocation functions take precedence over glibc's for the whole process (bundles
 * included); each forwards to glibc's __libc_* implementation, so the heap is glibc's
 * own and memory from either side can be freed by the other.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <stddef.h>
#include <stdint.h>

#include "CBenchSupport.h"

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

static __thread int bench_counting;
static __thread uint64_t bench_count;

static inline void bench_note(void) {
    if (__builtin_expect(bench_counting, 0)) bench_count++;
}

void bench_alloc_count_begin(void) {
    bench_count = 0;
    bench_counting = 1;
}

uint64_t bench_alloc_count_end(void) {
    bench_counting = 0;
    return bench_count;
}

void *malloc(size_t size) {
    bench_note();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    bench_note();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    bench_note();
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    bench_note();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    bench_note();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    bench_note();
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) return ENOMEM;
    *result = pointer;
    return 0;
}

void *valloc(size_t size) {
    bench_note();
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    bench_note();
    return __libc_pvalloc(size);
}

size_t bench_heap_in_use(void) {
    return mallinfo2().uordblks;
}
