#ifndef STAGEHAND_CBENCHSUPPORT_H
#define STAGEHAND_CBENCHSUPPORT_H
/*
 * What `stagehand bench` needs from C: an exact heap-allocation counter, the plain C
 * reference loop for the frame figure, and the raw libffi loop for the factory figure.
 * Nothing here is used by the runtime; only the benchmark module links it, and only the
 * stagehand-bench executable links that (never the shipped stagehand).
 */
#include <stddef.h>
#include <stdint.h>

/* --- Allocation counting -------------------------------------------------------------
 * This target defines malloc, calloc, realloc, free, memalign, aligned_alloc,
 * posix_memalign, valloc and pvalloc for the whole process (the executable's
 * definitions win over glibc's), forwarding to glibc's own __libc_* entry points. While
 * a thread has counting switched on, every allocation call it makes (free excluded) is
 * counted; other threads are not. */
void bench_alloc_count_begin(void);
/* Stops counting on this thread and returns the allocations made since the begin. */
uint64_t bench_alloc_count_end(void);

/* Bytes of heap in use now (glibc's mallinfo2: allocated chunks, not resident pages). */
size_t bench_heap_in_use(void);

/* --- The frame reference loop ---------------------------------------------------------
 * One view's three animations, exactly the math the engine does for them: a damped
 * spring moving the centre, a cubic Bézier fading the alpha, and a two-slice keyframe
 * animation of an affine transform (parts decomposed once per animation). */
typedef struct bench_spring_track {
    double begin, duration;
    double decay, frequency, slow_rate, velocity, inverse_frequency;
    int32_t regime; /* -1 under-damped, 0 critical, +1 over-damped (as Spring) */
    double from_x, from_y, to_x, to_y;
} bench_spring_track;

typedef struct bench_curve_track {
    double begin, duration;
    double ax, bx, cx, ay, by, cy;
    int32_t linear;
    /* The curve's t(x) table (BENCH_CURVE_SEGMENTS Hermite pieces), shared by tracks. */
    const double *table;
    double from, to;
} bench_curve_track;

/* Fills `table` (4 × BENCH_CURVE_SEGMENTS doubles) for the curve whose x(t) has these
 * coefficients, as the engine's CurveSolver does. */
#define BENCH_CURVE_SEGMENTS 64
void bench_curve_table(double ax, double bx, double cx, double *table);

typedef struct bench_affine_parts {
    double tx, ty, sx, sy, angle, skew;
} bench_affine_parts;

/* A 2D affine transform: a, b, c, d, tx, ty. */
typedef struct bench_affine {
    double a, b, c, d, tx, ty;
} bench_affine;

typedef struct bench_keyframe_track {
    double begin, duration;
    double start[2], end[2];
    /* For each slice: 0 the parts of both ends, 1 equal ends, 2 an end without parts. */
    int32_t mode[2];
    bench_affine_parts from_parts[2], to_parts[2];
    bench_affine values[3];
} bench_keyframe_track;

/* Evaluates `count` views at `local_time`: writes each centre (x, y), alpha and
 * transform (16 doubles, row-major as Transform3D). */
void bench_c_frame(size_t count, const bench_spring_track *springs, const bench_curve_track *curves,
                   const bench_keyframe_track *keyframes, double local_time,
                   double *centers, double *alphas, double *transforms);

/* --- The libffi reference loop ----------------------------------------------------------
 * A factory with the shape of the built-in ones (three doubles in, an effect out) that
 * does no work, so the figure is the cost of the call itself. */
void *bench_factory(double duration, double damping, double offset);
/* Calls `function(double, double, double) -> void *` through ffi_call `iterations`
 * times with a cif prepared once, as a C host would; returns the last result. */
void *bench_c_ffi_loop(void *function, double a, double b, double c, long iterations);

#endif
