// The inner loops of a GIF's encoding that the processors' wider vector instructions
// speed up: finding a row's stretches of one colour, and each colour's nearest palette
// entry. Each has a path per level (kernel_level.h); every path gives the same results:
// the results are exact (comparisons of whole pixels; distances that are whole numbers
// below 2^20).
#ifndef STAGEHAND_GIF_KERNELS_H
#define STAGEHAND_GIF_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "kernel_level.h"

// Splits `row` (`width` >= 1 pixels, 0xAARRGGBB) into its stretches of one colour,
// alpha aside, in order: each one's colour (0x00RRGGBB) into `colors` and its length
// into `lengths` (room for `width` each). Returns how many. `level` at most
// `stagehand_kernel_level()`.
size_t stagehand_gif_row_stretches(int level, const uint32_t *row, size_t width, uint32_t *colors,
                                   intptr_t *lengths);

// The palette colours prepared for `stagehand_gif_nearest`: each channel's values as
// floats, in blocks of sixteen, the last block filled with a colour farther from every
// colour than any real one. `channels` has room for 3 × 16 × blocks floats, blocks =
// (count + 15) / 16.
void stagehand_gif_prepare_palette(const uint32_t *palette, size_t count, float *channels);

// For each of `count` colours (0x00RRGGBB), the index of the nearest of the palette's
// `palette_count` colours (prepared in `channels`) by 2·Δr² + 4·Δg² + 3·Δb², the first
// of equals, into `entries`. `level` at most `stagehand_kernel_level()`.
void stagehand_gif_nearest(int level, const uint32_t *colors, size_t count, const float *channels,
                           size_t palette_count, uint8_t *entries);

// How many bytes past a frame's last pixel `stagehand_gif_write_indices` may write.
#define STAGEHAND_GIF_INDEX_PADDING 64

// Writes a frame's palette indices, one byte per pixel in reading order, at `pixels`
// (room for every pixel and STAGEHAND_GIF_INDEX_PADDING bytes more), from its `count`
// packed words of runs (each a colour's number in the low 24 bits and the length in the
// high 8, 255 there meaning that the length is the next word); the colour numbered n
// has the entry `entries[n]`. `level` at most `stagehand_kernel_level()`.
void stagehand_gif_write_indices(int level, const uint32_t *words, size_t count, const uint8_t *entries,
                                 uint8_t *pixels);

// The `count` bytes of `current` into `out`, each equal to the byte at the same place in
// `before` replaced by `transparent`. `level` at most `stagehand_kernel_level()`.
void stagehand_gif_cut_row(int level, const uint8_t *current, const uint8_t *before, size_t count,
                           uint8_t transparent, uint8_t *out);

#endif
