#ifndef STAGEHAND_KERNEL_LEVEL_H
#define STAGEHAND_KERNEL_LEVEL_H
/*
 * The instruction sets the kernels of this target are built for, and the one this
 * processor runs. Swift builds for baseline x86-64 (SSE2), with no way to ask for AVX2
 * or AVX-512 in one function only and choose at run time; C can, so each kernel has a
 * path per level, compiled for it (a function attribute), and the widest the processor
 * supports is chosen at run time: the package still runs on any x86-64. Every path of a
 * kernel gives the same results as its plain one.
 */

#ifdef __cplusplus
extern "C" {
#endif

/* The levels, narrowest first. A kernel given a level it has no path of its own for
 * takes its widest path below it (the polygon filler's widest is AVX2). */
enum {
    /* Plain C: the only path off x86-64; there, for the tests, which compare it with
     * the others. */
    STAGEHAND_LEVEL_PLAIN = 0,
    /* Baseline x86-64. */
    STAGEHAND_LEVEL_SSE2 = 1,
    STAGEHAND_LEVEL_AVX2 = 2,
    /* AVX-512 F and BW. */
    STAGEHAND_LEVEL_AVX512 = 3,
};

/* The widest level this processor, and its operating system (which must save the
 * wider registers), supports. */
int stagehand_kernel_level(void);

#ifdef __cplusplus
}
#endif

#endif
