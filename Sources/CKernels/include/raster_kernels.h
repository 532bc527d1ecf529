#ifndef STAGEHAND_RASTER_KERNELS_H
#define STAGEHAND_RASTER_KERNELS_H
/*
 * The inner loop of the renderer's polygon filler (StagehandRender's PolygonFiller), in C
 * so that it can use the wider vector instructions of the machine it runs on: the
 * package is built for baseline x86-64 (SSE2), where the loop that puts colours over a
 * tile's pixels was a fifth of an exploding screen's time. Every path gives the same
 * bytes as the plain one; which runs is chosen at run time.
 */
#include <stddef.h>
#include <stdint.h>

#include "kernel_level.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The cells of one row of a fill's box that edges changed: `first`...`last` (none when
 * first > last). */
typedef struct stagehand_raster_span {
    ptrdiff_t first;
    ptrdiff_t last;
} stagehand_raster_span;

/* The box of pixels a fill touches, columns x0..<x1 and rows y0..<y1, and how many
 * cells a row of changes has (columns = x1 − x0 + 1: an edge's last change falls at most
 * one to the right). */
typedef struct stagehand_raster_box {
    ptrdiff_t x0, x1, y0, y1, columns;
} stagehand_raster_box;

/* Adds the edges of the closed polygon through the `count` points `xy` (x, y pairs, each
 * carried to pixels as scale × it + offset) to the rows of changes of `box`: for each
 * row an edge crosses, how much it changes each pixel's covered share from the one to
 * its left (signed by its direction), so that summing along a row gives each pixel's
 * winding-weighted coverage. spans[r] grows to take in the cells row r changed. */
void stagehand_raster_add_polygon(const double *xy, ptrdiff_t count, double scale, double offset_x, double offset_y,
                                  const stagehand_raster_box *box, float *cells, stagehand_raster_span *spans);

/* Asks for the pixels of the first rows of `box` (the fill's pixels start at `pixels`,
 * rows `stride` words apart), which stagehand_raster_composite paints before it can ask
 * for them itself: called before the edges are added, so that memory works meanwhile. */
void stagehand_raster_prefetch(const uint32_t *pixels, ptrdiff_t stride, const stagehand_raster_box *box);

/* How a fill's colours are put over its pixels (see stagehand_raster_composite). */
typedef struct stagehand_raster_colors {
    /* The premultiplied pixels (cairo's ARGB32) of the colours, back to front. */
    const uint32_t *sources;
    ptrdiff_t count;
    /* Whether a fully covered pixel becomes `opaque` whatever it was (one of the
     * colours is opaque), and that pixel. */
    int has_opaque;
    uint32_t opaque;
} stagehand_raster_colors;

/* Runs along each of `rows` rows of coverage changes (`columns` floats apart from
 * `cells`; row r's touched cells are spans[r]), summing them, and puts the colours over
 * the `width` pixels of the row (line r at `pixels` + r × `stride`) with the coverage
 * found: min(1, |sum|) as a byte, each colour scaled by it, then over the pixel with
 * pixman's 8-bit rounding. The cells read are set to zero again. */
void stagehand_raster_composite(float *cells, ptrdiff_t columns, const stagehand_raster_span *spans, ptrdiff_t rows,
                                uint32_t *pixels, ptrdiff_t stride, ptrdiff_t width,
                                const stagehand_raster_colors *colors);

/* stagehand_raster_composite by the path `level` names: 0 and 1 paint run by run
 * between changed cells (plain C, SSE2), 2 and above block by block of eight pixels,
 * each under its own coverage (AVX2; at most stagehand_kernel_level()). The same
 * bytes; for the tests. */
void stagehand_raster_composite_level(float *cells, ptrdiff_t columns, const stagehand_raster_span *spans, ptrdiff_t rows,
                                      uint32_t *pixels, ptrdiff_t stride, ptrdiff_t width,
                                      const stagehand_raster_colors *colors, int level);

/* The coverage stagehand_raster_composite would put each pixel under, as bytes: for
 * each of the `rows` rows of changes, `width` bytes from `mask` + r × `width` (which
 * must be zero: only pixels with some coverage are written). The cells read are set to
 * zero again. A fill worked out once this way can be put on the pixels again and again
 * (stagehand_raster_composite_mask), in any colours, without its edges. */
void stagehand_raster_resolve(float *cells, ptrdiff_t columns, const stagehand_raster_span *spans, ptrdiff_t rows,
                              ptrdiff_t width, uint8_t *mask);

/* Puts the colours over the `rows` rows of `width` pixels at `pixels` (rows `stride`
 * words apart), each pixel under the coverage its byte of `mask` holds (rows `width`
 * bytes apart): the bytes stagehand_raster_composite gives for the changes the mask was
 * resolved from. */
void stagehand_raster_composite_mask(const uint8_t *mask, ptrdiff_t rows, ptrdiff_t width, uint32_t *pixels,
                                     ptrdiff_t stride, const stagehand_raster_colors *colors);

/* stagehand_raster_composite_mask by the path `level` names (0, 1 run by run, 2 and
 * above by blocks of eight with AVX2; at most stagehand_kernel_level()). For the tests. */
void stagehand_raster_composite_mask_level(const uint8_t *mask, ptrdiff_t rows, ptrdiff_t width, uint32_t *pixels,
                                           ptrdiff_t stride, const stagehand_raster_colors *colors, int level);

/* Puts the colours over the pixels `line`[0..<count] with coverage `coverage` (0...255)
 * as stagehand_raster_composite does, by the path `level` names: 0 plain C, 1 SSE2,
 * 2 AVX2 and above (at most stagehand_kernel_level(): kernel_level.h). For the tests,
 * which compare the paths. */
void stagehand_raster_paint_run(uint32_t *line, ptrdiff_t count, uint32_t coverage, const stagehand_raster_colors *colors,
                                int level);

#ifdef __cplusplus
}
#endif

#endif
