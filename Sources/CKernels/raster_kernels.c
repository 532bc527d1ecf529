/*
 * The polygon filler's compositing loop (see include/raster_kernels.h).
 *
 * Why C: Swift compiles the loop for the package's baseline target, SSE2, where the
 * multiply of each byte by a coverage is done as 32-bit products (two pmuludq per four
 * pixels), and it has no way to use the AVX2 or AVX-512 of the machine it runs on. Here
 * each path is compiled for its own instruction set (a function attribute), and the
 * widest the processor supports is chosen at run time, so the package still runs on
 * any x86-64.
 *
 * Every path computes exactly the plain one's bytes: a byte times m/255 is
 * t = c·m + 128, then (t + (t >> 8)) >> 8, which fits a 16-bit lane (at most 65407),
 * and a colour over a pixel is s + the pixel × (255 − s's alpha)/255, added as one
 * 32-bit word. The coverage is summed in single precision in the same order as before,
 * with nothing fused (FP_CONTRACT off), so each pixel gets the same byte.
 *
 * The edges are added to the rows of changes in C as well (the same double-precision
 * steps as the Swift they replace, in the same order, nothing fused; min and max in
 * Swift's forms), which saves Swift's checks on every cell.
 *
 * The loops go pixel by pixel through all of a fill's colours (a tile is filled with
 * the screen's colour and the panel's at once): each pixel is read and written once per
 * fill, not once per colour.
 */
#pragma STDC FP_CONTRACT OFF

#include "raster_kernels.h"

#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define STAGEHAND_RASTER_X86 1
#endif

/* Each of the four bytes of x times m/255, rounded (two bytes at a time, in the spare
 * bits between them). */
static inline uint32_t multiply(uint32_t x, uint32_t m) {
    uint32_t even = (x & 0x00FF00FFu) * m + 0x00800080u;
    even = ((even + ((even >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t odd = ((x >> 8) & 0x00FF00FFu) * m + 0x00800080u;
    odd = (odd + ((odd >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return even | odd;
}

/* The winding-weighted coverage `sum` as a byte: its magnitude, at most 1, times 255,
 * rounded (1.5 × 2²³ added leaves the rounded whole number in the low mantissa bits). */
static inline uint32_t coverage_byte(float sum) {
    float magnitude = sum < 0 ? -sum : sum;
    /* As Swift's min(1, magnitude): the second unless it is smaller. */
    float clamped = magnitude < 1.0f ? magnitude : 1.0f;
    float scaled = clamped * 255.0f;
    float shifted = scaled + 12582912.0f;
    uint32_t bits;
    memcpy(&bits, &shifted, sizeof bits);
    return bits & 0x3FFu;
}

/* How many colours a path prepares at once: more are put over in groups of this many,
 * which is the same as one after the other. */
enum { GROUP = 8 };

/* The colours of group `colors`[0..<n] scaled by the coverage m, and what each keeps of
 * the pixel under it. */
static inline void prepare(const uint32_t *colors, ptrdiff_t n, uint32_t m, uint32_t *sources, uint32_t *keeps) {
    for (ptrdiff_t i = 0; i < n; i++) {
        uint32_t s = m == 255 ? colors[i] : multiply(colors[i], m);
        sources[i] = s;
        keeps[i] = 255 - (s >> 24);
    }
}

static inline uint32_t over_all(uint32_t p, const uint32_t *sources, const uint32_t *keeps, ptrdiff_t n) {
    for (ptrdiff_t i = 0; i < n; i++) p = sources[i] + multiply(p, keeps[i]);
    return p;
}

static void plain_group(uint32_t *line, ptrdiff_t count, const uint32_t *sources, const uint32_t *keeps, ptrdiff_t n) {
    for (ptrdiff_t x = 0; x < count; x++) line[x] = over_all(line[x], sources, keeps, n);
}

#ifdef STAGEHAND_RASTER_X86

/* Each byte of the pixels `x` times m/255, rounded, as `multiply` does, for four pixels
 * (SSE2) or eight (AVX2): m in each 16-bit lane, the even bytes (blue, red) and the odd
 * ones (green, alpha) each in the low half of one. One body for both widths, in the
 * compiler's vector types, whose operators take any width (the same instructions as
 * the intrinsics of each). */
typedef uint16_t lanes8 __attribute__((vector_size(16)));
typedef uint16_t lanes16 __attribute__((vector_size(32)));
#define MULTIPLY_LANES(NAME, VECTOR, LANES)                                    \
    static inline VECTOR NAME(VECTOR x, VECTOR m) {                            \
        LANES even = ((LANES)x & 0x00FF) * (LANES)m + 0x0080;                  \
        LANES odd = ((LANES)x >> 8) * (LANES)m + 0x0080;                       \
        even = (even + (even >> 8)) >> 8;                                      \
        odd = (odd + (odd >> 8)) & 0xFF00;                                     \
        return (VECTOR)(even | odd);                                           \
    }
MULTIPLY_LANES(multiply4, __m128i, lanes8)
__attribute__((target("avx2"))) MULTIPLY_LANES(multiply8, __m256i, lanes16)

/* Four pixels: each colour over them in turn. */
static inline __m128i over4(__m128i p, const __m128i *sources, const __m128i *keeps, ptrdiff_t n) {
    for (ptrdiff_t i = 0; i < n; i++) p = _mm_add_epi32(sources[i], multiply4(p, keeps[i]));
    return p;
}

/* The group painters, one per width: a shared loop for four pixels at a time, the
 * eight's tail included, measured slower for runs of four to seven pixels. */
static void sse2_group(uint32_t *line, ptrdiff_t count, const uint32_t *sources, const uint32_t *keeps, ptrdiff_t n) {
    ptrdiff_t x = 0;
    if (count >= 4) {
        __m128i s[GROUP], k[GROUP];
        for (ptrdiff_t i = 0; i < n; i++) {
            s[i] = _mm_set1_epi32((int)sources[i]);
            k[i] = _mm_set1_epi16((short)keeps[i]);
        }
        for (; x + 4 <= count; x += 4) {
            __m128i p = _mm_loadu_si128((const __m128i *)(line + x));
            _mm_storeu_si128((__m128i *)(line + x), over4(p, s, k, n));
        }
    }
    for (; x < count; x++) line[x] = over_all(line[x], sources, keeps, n);
}

/* Eight pixels, as over4. */
__attribute__((target("avx2")))
static inline __m256i over8(__m256i p, const __m256i *sources, const __m256i *keeps, ptrdiff_t n) {
    for (ptrdiff_t i = 0; i < n; i++) p = _mm256_add_epi32(sources[i], multiply8(p, keeps[i]));
    return p;
}

/* Eight pixels at a time, then four, then one by one. */
__attribute__((target("avx2")))
static void avx2_group(uint32_t *line, ptrdiff_t count, const uint32_t *sources, const uint32_t *keeps, ptrdiff_t n) {
    ptrdiff_t x = 0;
    if (count >= 4) {
        __m256i s[GROUP], k[GROUP];
        for (ptrdiff_t i = 0; i < n; i++) {
            s[i] = _mm256_set1_epi32((int)sources[i]);
            k[i] = _mm256_set1_epi16((short)keeps[i]);
        }
        for (; x + 8 <= count; x += 8) {
            __m256i p = _mm256_loadu_si256((const __m256i *)(line + x));
            _mm256_storeu_si256((__m256i *)(line + x), over8(p, s, k, n));
        }
        if (x + 4 <= count) {
            __m128i s4[GROUP], k4[GROUP];
            for (ptrdiff_t i = 0; i < n; i++) {
                s4[i] = _mm256_castsi256_si128(s[i]);
                k4[i] = _mm256_castsi256_si128(k[i]);
            }
            __m128i p = _mm_loadu_si128((const __m128i *)(line + x));
            _mm_storeu_si128((__m128i *)(line + x), over4(p, s4, k4, n));
            x += 4;
        }
    }
    for (; x < count; x++) line[x] = over_all(line[x], sources, keeps, n);
}

#endif

typedef void (*group_painter)(uint32_t *line, ptrdiff_t count, const uint32_t *sources, const uint32_t *keeps,
                              ptrdiff_t n);

static group_painter painter(int level) {
#ifdef STAGEHAND_RASTER_X86
    if (level >= STAGEHAND_LEVEL_AVX2) return avx2_group;
    if (level >= STAGEHAND_LEVEL_SSE2) return sse2_group;
#else
    (void)level;
#endif
    return plain_group;
}

/* Inlined in the row loop: most runs are an edge's one or two partly covered pixels in
 * one colour, whose painting costs less than a call. */
__attribute__((always_inline))
static inline void paint(uint32_t *line, ptrdiff_t count, uint32_t m, const stagehand_raster_colors *colors,
                         group_painter group) {
    if (m == 0 || count <= 0) return;
    if (m == 255 && colors->has_opaque) {
        for (ptrdiff_t x = 0; x < count; x++) line[x] = colors->opaque;
        return;
    }
    if (colors->count == 1 && count < 4) {
        uint32_t s = m == 255 ? colors->sources[0] : multiply(colors->sources[0], m);
        uint32_t keep = 255 - (s >> 24);
        for (ptrdiff_t x = 0; x < count; x++) line[x] = s + multiply(line[x], keep);
        return;
    }
    uint32_t sources[GROUP], keeps[GROUP];
    for (ptrdiff_t start = 0; start < colors->count; start += GROUP) {
        ptrdiff_t n = colors->count - start < GROUP ? colors->count - start : GROUP;
        prepare(colors->sources + start, n, m, sources, keeps);
        /* A pixel or two (an edge's partly covered pixels, most of the runs): no vectors
         * to set up. */
        if (count < 4) {
            for (ptrdiff_t x = 0; x < count; x++) line[x] = over_all(line[x], sources, keeps, n);
        } else {
            group(line, count, sources, keeps, n);
        }
    }
}

void stagehand_raster_paint_run(uint32_t *line, ptrdiff_t count, uint32_t coverage, const stagehand_raster_colors *colors,
                                int level) {
    paint(line, count, coverage, colors, painter(level));
}

/* How many rows ahead the pixels are fetched. */
enum { AHEAD = 4 };

/* Asks for the cache lines of the pixels of a row that a span's changes paint (the
 * last one's coverage may go on to the right edge: only its first line is asked for). */
static inline void prefetch_row(const uint32_t *line, stagehand_raster_span span, ptrdiff_t width) {
    if (span.first > span.last || span.first >= width) return;
    ptrdiff_t last = span.last < width ? span.last : width - 1;
    const char *from = (const char *)(line + span.first), *to = (const char *)(line + last);
    for (const char *p = from; p <= to; p += 64) __builtin_prefetch(p, 1, 3);
    __builtin_prefetch(to, 1, 3);
}

void stagehand_raster_prefetch(const uint32_t *pixels, ptrdiff_t stride, const stagehand_raster_box *box) {
    stagehand_raster_span whole = {0, box->x1 - box->x0 - 1};
    for (ptrdiff_t row = box->y0; row < box->y1 && row < box->y0 + AHEAD; row++) {
        prefetch_row(pixels + row * stride + box->x0, whole, box->x1 - box->x0);
    }
}

/* The loop by runs: each run between two changed cells is painted at once, in one
 * coverage (the path without AVX2, and the reference the tests compare the other with). */
static void composite_by_runs(float *cells, ptrdiff_t columns, const stagehand_raster_span *spans, ptrdiff_t rows,
                              uint32_t *pixels, ptrdiff_t stride, ptrdiff_t width, const stagehand_raster_colors *colors,
                              group_painter group) {
    /* The pixels of the rows a few ahead are asked for before they are painted: a fill
     * covers a small box of a canvas too large for the core's cache, so the first pixel
     * of each row otherwise waits for memory (the most of the time of the edge pixels). */
    for (ptrdiff_t row = 0; row < rows && row < AHEAD; row++) prefetch_row(pixels + row * stride, spans[row], width);
    for (ptrdiff_t row = 0; row < rows; row++) {
        if (row + AHEAD < rows) prefetch_row(pixels + (row + AHEAD) * stride, spans[row + AHEAD], width);
        ptrdiff_t first = spans[row].first, last = spans[row].last;
        if (first > last) continue;
        uint32_t *line = pixels + row * stride;
        float *deltas = cells + row * columns;
        float sum = 0;
        ptrdiff_t column = first;
        while (column <= last) {
            sum += deltas[column];
            deltas[column] = 0;
            ptrdiff_t end = column + 1;
            /* Four cells at a time, then two, while all are untouched (all bits zero):
             * inside a tile most of a row is. */
            for (;;) {
                if (end + 3 > last) break;
                uint64_t a, b;
                memcpy(&a, deltas + end, sizeof a);
                memcpy(&b, deltas + end + 2, sizeof b);
                if ((a | b) != 0) break;
                end += 4;
            }
            for (;;) {
                if (end >= last) break;
                uint64_t pair;
                memcpy(&pair, deltas + end, sizeof pair);
                if (pair != 0) break;
                end += 2;
            }
            while (end <= last && deltas[end] == 0) end += 1;
            /* Between two changes the coverage is the same: one run. */
            if (column < width) paint(line + column, (end < width ? end : width) - column, coverage_byte(sum), colors, group);
            column = end;
        }
        /* Right of the last change (an outline going on past the picture's right edge). */
        if (last + 1 < width) paint(line + last + 1, width - last - 1, coverage_byte(sum), colors, group);
    }
}

#ifdef STAGEHAND_RASTER_X86

/* Eight pixels, each under its own coverage (`m`, in both halves of its lane): each
 * colour scaled by the pixel's coverage, then put over it. A coverage of 0 scales a
 * colour to nothing, which leaves the pixel as it is, and 255 leaves the colour as it
 * is: the same bytes as the run painter's special cases. */
__attribute__((target("avx2")))
static inline __m256i over8_covered(__m256i p, __m256i m, const __m256i *colors, ptrdiff_t n) {
    const __m256i full = _mm256_set1_epi32(255);
    for (ptrdiff_t i = 0; i < n; i++) {
        __m256i s = multiply8(colors[i], m);
        __m256i keep = _mm256_sub_epi32(full, _mm256_srli_epi32(s, 24));
        keep = _mm256_or_si256(keep, _mm256_slli_epi32(keep, 16));
        p = _mm256_add_epi32(s, multiply8(p, keep));
    }
    return p;
}

/* The loop by blocks of eight pixels (with AVX2, at most GROUP colours): the coverage of
 * each pixel of a block is summed along the row as the run loop sums it (the same
 * additions in the same order; a block of untouched cells adds nothing, so it is not
 * read one by one), then the block is painted at once, each pixel under its own
 * coverage. A row of a small fill is mostly its edges' pixels, each its own run in the
 * run loop with its own preparation of the colours and its own branches; here eight
 * pixels take one pass whatever their coverages. */
__attribute__((target("avx2")))
static void composite_by_blocks(float *cells, ptrdiff_t columns, const stagehand_raster_span *spans, ptrdiff_t rows,
                                uint32_t *pixels, ptrdiff_t stride, ptrdiff_t width,
                                const stagehand_raster_colors *colors) {
    const ptrdiff_t n = colors->count;
    __m256i covered[GROUP], sources[GROUP], keeps[GROUP];
    for (ptrdiff_t i = 0; i < n; i++) {
        covered[i] = sources[i] = _mm256_set1_epi32((int)colors->sources[i]);
        keeps[i] = _mm256_set1_epi16((short)(255 - (colors->sources[i] >> 24)));
    }
    const __m256i opaque = _mm256_set1_epi32((int)colors->opaque), whole = _mm256_set1_epi32(255 * 0x10001);
    for (ptrdiff_t row = 0; row < rows && row < AHEAD; row++) prefetch_row(pixels + row * stride, spans[row], width);
    for (ptrdiff_t row = 0; row < rows; row++) {
        if (row + AHEAD < rows) prefetch_row(pixels + (row + AHEAD) * stride, spans[row + AHEAD], width);
        ptrdiff_t first = spans[row].first, last = spans[row].last;
        if (first > last) continue;
        uint32_t *line = pixels + row * stride;
        float *deltas = cells + row * columns;
        float sum = 0;
        uint32_t m = 0;
        ptrdiff_t column = first;
        /* Cells past `last` are untouched (zero) and the row has a cell more than the
         * pixels: a block within the pixels reads only the row's own cells. */
        for (; column + 8 <= width && column <= last; column += 8) {
            __m256i d = _mm256_castps_si256(_mm256_loadu_ps(deltas + column));
            __m256i coverage;
            if (_mm256_testz_si256(d, d)) {
                if (m == 0) continue;
                coverage = _mm256_set1_epi32((int)(m * 0x10001u));
            } else {
                uint32_t lanes[8];
                for (int k = 0; k < 8; k++) {
                    sum += deltas[column + k];
                    lanes[k] = coverage_byte(sum) * 0x10001u;
                }
                _mm256_storeu_ps(deltas + column, _mm256_setzero_ps());
                m = lanes[7] & 0xFFFFu;
                coverage = _mm256_loadu_si256((const __m256i *)lanes);
                if (_mm256_testz_si256(coverage, coverage)) continue;
            }
            __m256i p;
            if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(coverage, whole)) == -1) {
                if (colors->has_opaque) {
                    _mm256_storeu_si256((__m256i *)(line + column), opaque);
                    continue;
                }
                p = over8(_mm256_loadu_si256((const __m256i *)(line + column)), sources, keeps, n);
            } else {
                p = over8_covered(_mm256_loadu_si256((const __m256i *)(line + column)), coverage, covered, n);
            }
            _mm256_storeu_si256((__m256i *)(line + column), p);
        }
        /* The last few pixels of the row (fewer than eight), as one block whose lanes
         * past the row are neither read nor written. */
        if (column < width && column <= last) {
            const ptrdiff_t count = width - column;
            const __m256i valid = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)count),
                                                     _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
            uint32_t lanes[8] = {0, 0, 0, 0, 0, 0, 0, 0};
            for (ptrdiff_t k = 0; k < count; k++) {
                sum += deltas[column + k];
                deltas[column + k] = 0;
                lanes[k] = coverage_byte(sum) * 0x10001u;
            }
            m = lanes[count - 1] & 0xFFFFu;
            __m256i coverage = _mm256_loadu_si256((const __m256i *)lanes);
            if (!_mm256_testz_si256(coverage, coverage)) {
                __m256i p = _mm256_maskload_epi32((const int *)(line + column), valid);
                if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_or_si256(coverage, _mm256_andnot_si256(valid, whole)),
                                                            whole)) == -1) {
                    p = colors->has_opaque ? opaque : over8(p, sources, keeps, n);
                } else {
                    p = over8_covered(p, coverage, covered, n);
                }
                _mm256_maskstore_epi32((int *)(line + column), valid, p);
            }
            column = width;
        }
        /* The cell right of the last pixel. */
        for (; column <= last; column++) deltas[column] = 0;
        /* Right of the last change the coverage stays (an outline going on past the
         * picture's right edge). */
        if (column < width) paint(line + column, width - column, m, colors, avx2_group);
    }
}

#endif

void stagehand_raster_composite_level(float *cells, ptrdiff_t columns, const stagehand_raster_span *spans, ptrdiff_t rows,
                                      uint32_t *pixels, ptrdiff_t stride, ptrdiff_t width,
                                      const stagehand_raster_colors *colors, int level) {
#ifdef STAGEHAND_RASTER_X86
    if (level >= STAGEHAND_LEVEL_AVX2 && colors->count <= GROUP) {
        composite_by_blocks(cells, columns, spans, rows, pixels, stride, width, colors);
        return;
    }
#endif
    composite_by_runs(cells, columns, spans, rows, pixels, stride, width, colors, painter(level));
}

void stagehand_raster_composite(float *cells, ptrdiff_t columns, const stagehand_raster_span *spans, ptrdiff_t rows,
                                uint32_t *pixels, ptrdiff_t stride, ptrdiff_t width,
                                const stagehand_raster_colors *colors) {
    stagehand_raster_composite_level(cells, columns, spans, rows, pixels, stride, width, colors,
                                     stagehand_kernel_level());
}

void stagehand_raster_resolve(float *cells, ptrdiff_t columns, const stagehand_raster_span *spans, ptrdiff_t rows,
                              ptrdiff_t width, uint8_t *mask) {
    for (ptrdiff_t row = 0; row < rows; row++) {
        ptrdiff_t first = spans[row].first, last = spans[row].last;
        if (first > last) continue;
        uint8_t *line = mask + row * width;
        float *deltas = cells + row * columns;
        float sum = 0;
        ptrdiff_t column = first;
        for (; column <= last; column++) {
            sum += deltas[column];
            deltas[column] = 0;
            if (column < width) line[column] = (uint8_t)coverage_byte(sum);
        }
        if (column < width) {
            uint8_t m = (uint8_t)coverage_byte(sum);
            if (m != 0) memset(line + column, m, (size_t)(width - column));
        }
    }
}

#ifdef STAGEHAND_RASTER_X86

/* stagehand_raster_composite_mask with AVX2: eight pixels at a time, as the block loop
 * paints them. */
__attribute__((target("avx2")))
static void composite_mask_by_blocks(const uint8_t *mask, ptrdiff_t rows, ptrdiff_t width, uint32_t *pixels,
                                     ptrdiff_t stride, const stagehand_raster_colors *colors) {
    const ptrdiff_t n = colors->count;
    __m256i covered[GROUP], sources[GROUP], keeps[GROUP];
    for (ptrdiff_t i = 0; i < n; i++) {
        covered[i] = sources[i] = _mm256_set1_epi32((int)colors->sources[i]);
        keeps[i] = _mm256_set1_epi16((short)(255 - (colors->sources[i] >> 24)));
    }
    const __m256i opaque = _mm256_set1_epi32((int)colors->opaque), whole = _mm256_set1_epi32(255 * 0x10001);
    for (ptrdiff_t row = 0; row < rows; row++) {
        const uint8_t *coverages = mask + row * width;
        uint32_t *line = pixels + row * stride;
        ptrdiff_t column = 0;
        for (; column + 8 <= width; column += 8) {
            uint64_t eight;
            memcpy(&eight, coverages + column, sizeof eight);
            if (eight == 0) continue;
            __m256i coverage = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)eight));
            coverage = _mm256_or_si256(coverage, _mm256_slli_epi32(coverage, 16));
            __m256i p;
            if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(coverage, whole)) == -1) {
                if (colors->has_opaque) {
                    _mm256_storeu_si256((__m256i *)(line + column), opaque);
                    continue;
                }
                p = over8(_mm256_loadu_si256((const __m256i *)(line + column)), sources, keeps, n);
            } else {
                p = over8_covered(_mm256_loadu_si256((const __m256i *)(line + column)), coverage, covered, n);
            }
            _mm256_storeu_si256((__m256i *)(line + column), p);
        }
        for (; column < width; column++) paint(line + column, 1, coverages[column], colors, avx2_group);
    }
}

#endif

void stagehand_raster_composite_mask_level(const uint8_t *mask, ptrdiff_t rows, ptrdiff_t width, uint32_t *pixels,
                                           ptrdiff_t stride, const stagehand_raster_colors *colors, int level) {
#ifdef STAGEHAND_RASTER_X86
    if (level >= STAGEHAND_LEVEL_AVX2 && colors->count <= GROUP) {
        composite_mask_by_blocks(mask, rows, width, pixels, stride, colors);
        return;
    }
#endif
    group_painter group = painter(level);
    for (ptrdiff_t row = 0; row < rows; row++) {
        const uint8_t *coverages = mask + row * width;
        uint32_t *line = pixels + row * stride;
        for (ptrdiff_t column = 0; column < width;) {
            ptrdiff_t end = column + 1;
            while (end < width && coverages[end] == coverages[column]) end++;
            paint(line + column, end - column, coverages[column], colors, group);
            column = end;
        }
    }
}

void stagehand_raster_composite_mask(const uint8_t *mask, ptrdiff_t rows, ptrdiff_t width, uint32_t *pixels,
                                     ptrdiff_t stride, const stagehand_raster_colors *colors) {
    stagehand_raster_composite_mask_level(mask, rows, width, pixels, stride, colors, stagehand_kernel_level());
}

/* Swift's min and max, which keep the first argument when the two are equal. */
static inline double min_of(double x, double y) { return y < x ? y : x; }
static inline double max_of(double x, double y) { return y >= x ? y : x; }
static inline ptrdiff_t min_index(ptrdiff_t x, ptrdiff_t y) { return y < x ? y : x; }
static inline ptrdiff_t max_index(ptrdiff_t x, ptrdiff_t y) { return y >= x ? y : x; }

/* The area between an edge from lo to hi (middle between them) and the vertical line
 * x = c, left of c, per unit of the row's height crossed. */
static inline double area_left_of(double c, double lo, double hi, double middle, double width) {
    if (c <= lo) return 0;
    if (c >= hi) return c - middle;
    return (c - lo) * (c - lo) / (2 * width);
}

/* ⌈v⌉ for 0 ≤ v < 2⁶²: the box's bounds are whole numbers at least 0, and a value
 * between two of them becomes a whole number by truncation, without the call to libm's
 * floor and ceil that baseline x86-64 (no SSE4.1 rounding) makes twice a row. */
static inline ptrdiff_t ceiling(double v) {
    ptrdiff_t whole = (ptrdiff_t)v;
    return (double)whole < v ? whole + 1 : whole;
}

/* Adds the edge (ax, ay)→(bx, by)'s changes of coverage to the rows it crosses. */
static void add_edge(double ax, double ay, double bx, double by, const stagehand_raster_box *box, float *cells,
                     stagehand_raster_span *spans) {
    if (ay == by) return;
    /* Downward; an edge drawn upward counts negatively. */
    double top_x, top_y, bottom_x, bottom_y, sign;
    if (ay < by) {
        top_x = ax, top_y = ay, bottom_x = bx, bottom_y = by, sign = 1.0;
    } else {
        top_x = bx, top_y = by, bottom_x = ax, bottom_y = ay, sign = -1.0;
    }
    const ptrdiff_t x0 = box->x0, x1 = box->x1, y0 = box->y0, y1 = box->y1, columns = box->columns;
    if (!(bottom_y > (double)y0 && top_y < (double)y1)) return;
    double slope = (bottom_x - top_x) / (bottom_y - top_y);
    /* The rows y0...y1 the edge crosses: max(y0, ⌊top⌋) and min(y1, ⌈bottom⌉). */
    ptrdiff_t first = top_y >= (double)y0 ? (ptrdiff_t)top_y : y0;
    ptrdiff_t last = bottom_y < (double)y1 ? ceiling(bottom_y) : y1;
    double left = (double)x0, right = (double)x1;
    for (ptrdiff_t row = first; row < last; row++) {
        double ya = max_of(top_y, (double)row), yb = min_of(bottom_y, (double)(row + 1));
        if (!(yb > ya)) continue;
        double height = sign * (yb - ya);
        double xa = top_x + (ya - top_y) * slope, xb = top_x + (yb - top_y) * slope;
        double lo = min_of(xa, xb), hi = max_of(xa, xb);
        float *deltas = cells + (row - y0) * columns;
        stagehand_raster_span *span = spans + (row - y0);
        /* Left of every pixel of the box: each is wholly right of it. */
        if (hi <= left) {
            deltas[0] += (float)height;
            span->first = 0;
            span->last = max_index(span->last, 0);
            continue;
        }
        if (lo >= right) continue;
        /* max(x0, ⌊lo⌋) and min(x1, ⌈hi⌉). */
        ptrdiff_t start = lo >= left ? (ptrdiff_t)lo : x0;
        ptrdiff_t end = hi < right ? ceiling(hi) : x1;
        span->first = min_index(span->first, start - x0);
        span->last = max_index(span->last, min_index(end + 1, x1) - x0);
        /* Within one column (most edges, most rows): the column keeps the share right of
         * the edge's middle, the next one the rest. */
        if (lo >= (double)start && hi <= (double)(start + 1)) {
            double share = (double)(start + 1) - (lo + hi) / 2;
            deltas[start - x0] += (float)(height * share);
            deltas[start + 1 - x0] += (float)(height * (1 - share));
            continue;
        }
        /* The share of column [c, c + 1] right of the edge is g(c + 1) − g(c), g being
         * area_left_of. */
        double width = hi - lo;
        double middle = (lo + hi) / 2;
        double before = 0.0;
        double g_left = area_left_of((double)start, lo, hi, middle, width);
        for (ptrdiff_t column = start; column <= end; column++) {
            double g_right = area_left_of((double)(column + 1), lo, hi, middle, width);
            double share = min_of(1, g_right - g_left);
            deltas[column - x0] += (float)(height * (share - before));
            before = share;
            g_left = g_right;
        }
    }
}

void stagehand_raster_add_polygon(const double *xy, ptrdiff_t count, double scale, double offset_x, double offset_y,
                                  const stagehand_raster_box *box, float *cells, stagehand_raster_span *spans) {
    if (count < 3) return;
    double previous_x = xy[2 * (count - 1)] * scale + offset_x, previous_y = xy[2 * (count - 1) + 1] * scale + offset_y;
    for (ptrdiff_t i = 0; i < count; i++) {
        double x = xy[2 * i] * scale + offset_x, y = xy[2 * i + 1] * scale + offset_y;
        add_edge(previous_x, previous_y, x, y, box, cells, spans);
        previous_x = x;
        previous_y = y;
    }
}
