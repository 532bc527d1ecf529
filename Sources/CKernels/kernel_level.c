/* The processor's level (see include/kernel_level.h), the one place it is asked. */
#include "kernel_level.h"

int stagehand_kernel_level(void) {
#if defined(__x86_64__)
    /* The compiler's run-time test reads what the processor reported at start-up,
     * including whether the operating system saves the AVX and AVX-512 registers. */
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")) return STAGEHAND_LEVEL_AVX512;
    if (__builtin_cpu_supports("avx2")) return STAGEHAND_LEVEL_AVX2;
    return STAGEHAND_LEVEL_SSE2;
#else
    return STAGEHAND_LEVEL_PLAIN;
#endif
}
