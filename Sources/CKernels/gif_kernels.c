#include "gif_kernels.h"

#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

// MARK: - Stretches

// A row's stretches from the masks of the pixels that start one, 64 pixels at a time:
// `CHUNK(row, base, end)` gives the mask of the pixels base..<end (bit x - base set when
// pixel x differs from pixel x - 1, alpha aside), never pixel 0, which always starts one.
#define ROW_STRETCHES(CHUNK)                                                   \
    size_t n = 1, previous = 0;                                                \
    colors[0] = row[0] & 0xFFFFFF;                                             \
    for (size_t base = 0; base < width; base += 64) {                          \
        size_t end = width - base > 64 ? base + 64 : width;                    \
        uint64_t mask = CHUNK(row, base, end);                                 \
        while (mask) {                                                         \
            size_t x = base + (size_t)__builtin_ctzll(mask);                   \
            mask &= mask - 1;                                                  \
            lengths[n - 1] = (intptr_t)(x - previous);                         \
            colors[n++] = row[x] & 0xFFFFFF;                                   \
            previous = x;                                                      \
        }                                                                      \
    }                                                                          \
    lengths[n - 1] = (intptr_t)(width - previous);                             \
    return n;

// Pixels x and x - 1 compared one by one, for the ends of the chunks.
static inline uint64_t starts_one_by_one(const uint32_t *row, size_t base, size_t x, size_t end, uint64_t mask) {
    for (; x < end; x++) {
        if ((row[x] ^ row[x - 1]) & 0xFFFFFF) mask |= (uint64_t)1 << (x - base);
    }
    return mask;
}

static inline uint64_t starts_plain(const uint32_t *row, size_t base, size_t end) {
    return starts_one_by_one(row, base, base == 0 ? 1 : base, end, 0);
}

static size_t row_stretches_plain(const uint32_t *row, size_t width, uint32_t *colors, intptr_t *lengths) {
    ROW_STRETCHES(starts_plain)
}

#if defined(__x86_64__)
static inline uint64_t starts_sse2(const uint32_t *row, size_t base, size_t end) {
    size_t x = base == 0 ? 1 : base;
    uint64_t mask = 0;
    const __m128i rgb = _mm_set1_epi32(0xFFFFFF), zero = _mm_setzero_si128();
    for (; x + 4 <= end; x += 4) {
        __m128i now = _mm_loadu_si128((const __m128i *)(row + x));
        __m128i before = _mm_loadu_si128((const __m128i *)(row + x - 1));
        __m128i same = _mm_cmpeq_epi32(_mm_and_si128(_mm_xor_si128(now, before), rgb), zero);
        mask |= (uint64_t)(~_mm_movemask_ps(_mm_castsi128_ps(same)) & 0xF) << (x - base);
    }
    return starts_one_by_one(row, base, x, end, mask);
}

static size_t row_stretches_sse2(const uint32_t *row, size_t width, uint32_t *colors, intptr_t *lengths) {
    ROW_STRETCHES(starts_sse2)
}

__attribute__((target("avx2")))
static inline uint64_t starts_avx2(const uint32_t *row, size_t base, size_t end) {
    size_t x = base == 0 ? 1 : base;
    uint64_t mask = 0;
    const __m256i rgb = _mm256_set1_epi32(0xFFFFFF), zero = _mm256_setzero_si256();
    for (; x + 8 <= end; x += 8) {
        __m256i now = _mm256_loadu_si256((const __m256i *)(row + x));
        __m256i before = _mm256_loadu_si256((const __m256i *)(row + x - 1));
        __m256i same = _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_xor_si256(now, before), rgb), zero);
        mask |= (uint64_t)(~_mm256_movemask_ps(_mm256_castsi256_ps(same)) & 0xFF) << (x - base);
    }
    return starts_one_by_one(row, base, x, end, mask);
}

__attribute__((target("avx2")))
static size_t row_stretches_avx2(const uint32_t *row, size_t width, uint32_t *colors, intptr_t *lengths) {
    ROW_STRETCHES(starts_avx2)
}

__attribute__((target("avx512f,avx512bw")))
static inline uint64_t starts_avx512(const uint32_t *row, size_t base, size_t end) {
    size_t x = base == 0 ? 1 : base;
    uint64_t mask = 0;
    const __m512i rgb = _mm512_set1_epi32(0xFFFFFF);
    for (; x + 16 <= end; x += 16) {
        __m512i now = _mm512_loadu_si512((const void *)(row + x));
        __m512i before = _mm512_loadu_si512((const void *)(row + x - 1));
        mask |= (uint64_t)_mm512_test_epi32_mask(_mm512_xor_si512(now, before), rgb) << (x - base);
    }
    return starts_one_by_one(row, base, x, end, mask);
}

__attribute__((target("avx512f,avx512bw")))
static size_t row_stretches_avx512(const uint32_t *row, size_t width, uint32_t *colors, intptr_t *lengths) {
    ROW_STRETCHES(starts_avx512)
}
#endif

size_t stagehand_gif_row_stretches(int level, const uint32_t *row, size_t width, uint32_t *colors,
                                   intptr_t *lengths) {
#if defined(__x86_64__)
    if (level >= STAGEHAND_LEVEL_AVX512) return row_stretches_avx512(row, width, colors, lengths);
    if (level >= STAGEHAND_LEVEL_AVX2) return row_stretches_avx2(row, width, colors, lengths);
    if (level >= STAGEHAND_LEVEL_SSE2) return row_stretches_sse2(row, width, colors, lengths);
#else
    (void)level;
#endif
    return row_stretches_plain(row, width, colors, lengths);
}

// MARK: - Nearest palette entries

void stagehand_gif_prepare_palette(const uint32_t *palette, size_t count, float *channels) {
    size_t blocks = (count + 15) / 16;
    for (size_t i = 0; i < 3 * 16 * blocks; i++) channels[i] = 2000;
    for (size_t k = 0; k < count; k++) {
        float *block = channels + 3 * 16 * (k / 16);
        block[k % 16] = (float)((palette[k] >> 16) & 0xFF);
        block[16 + k % 16] = (float)((palette[k] >> 8) & 0xFF);
        block[32 + k % 16] = (float)(palette[k] & 0xFF);
    }
}

// With AVX2 and AVX-512, each palette entry's distance to the colour and its index are
// one key: the distance (a whole number below 2^20; the blocks' filler, farther than any
// real colour, held to 2^20) times 256 plus the index. The least key is the nearest
// entry, the first of equals, so each lane keeps only its least key (one instruction a
// block), and the lanes are reduced once.
#define KEY_CAP (float)(1 << 20)

static void nearest_plain(const uint32_t *colors, size_t count, const float *channels, size_t palette_count,
                          uint8_t *entries) {
    size_t blocks = (palette_count + 15) / 16;
    for (size_t c = 0; c < count; c++) {
        float r = (float)((colors[c] >> 16) & 0xFF), g = (float)((colors[c] >> 8) & 0xFF), b = (float)(colors[c] & 0xFF);
        int32_t least = INT32_MAX;
        for (size_t k = 0; k < 16 * blocks; k++) {
            const float *block = channels + 3 * 16 * (k / 16);
            float dr = block[k % 16] - r, dg = block[16 + k % 16] - g, db = block[32 + k % 16] - b;
            float d = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
            int32_t key = (int32_t)(d < KEY_CAP ? d : KEY_CAP) << 8 | (int32_t)k;
            least = key < least ? key : least;
        }
        entries[c] = (uint8_t)(least & 0xFF);
    }
}

#if defined(__x86_64__)
// SSE2 has no 32-bit integer minimum: each lane keeps its least distance and the first
// index giving it, which `first_least` reduces.
static inline uint8_t first_least(const float *least, const float *index, int lanes) {
    float best = least[0];
    for (int i = 1; i < lanes; i++) best = least[i] < best ? least[i] : best;
    float first = 256;
    for (int i = 0; i < lanes; i++) {
        if (least[i] == best && index[i] < first) first = index[i];
    }
    return (uint8_t)first;
}

static void nearest_sse2(const uint32_t *colors, size_t count, const float *channels, size_t palette_count,
                         uint8_t *entries) {
    size_t blocks = (palette_count + 15) / 16;
    const __m128 two = _mm_set1_ps(2), three = _mm_set1_ps(3), four = _mm_set1_ps(4), step = _mm_set1_ps(4);
    for (size_t c = 0; c < count; c++) {
        __m128 r = _mm_set1_ps((float)((colors[c] >> 16) & 0xFF));
        __m128 g = _mm_set1_ps((float)((colors[c] >> 8) & 0xFF));
        __m128 b = _mm_set1_ps((float)(colors[c] & 0xFF));
        __m128 least = _mm_set1_ps(__builtin_inff()), index = _mm_setzero_ps();
        __m128 at = _mm_setr_ps(0, 1, 2, 3);
        for (size_t k = 0; k < blocks; k++) {
            const float *block = channels + 3 * 16 * k;
            for (int part = 0; part < 16; part += 4) {
                __m128 dr = _mm_sub_ps(_mm_loadu_ps(block + part), r);
                __m128 dg = _mm_sub_ps(_mm_loadu_ps(block + 16 + part), g);
                __m128 db = _mm_sub_ps(_mm_loadu_ps(block + 32 + part), b);
                __m128 d = _mm_add_ps(_mm_add_ps(_mm_mul_ps(_mm_mul_ps(two, dr), dr), _mm_mul_ps(_mm_mul_ps(four, dg), dg)),
                                      _mm_mul_ps(_mm_mul_ps(three, db), db));
                __m128 nearer = _mm_cmplt_ps(d, least);
                least = _mm_or_ps(_mm_and_ps(nearer, d), _mm_andnot_ps(nearer, least));
                index = _mm_or_ps(_mm_and_ps(nearer, at), _mm_andnot_ps(nearer, index));
                at = _mm_add_ps(at, step);
            }
        }
        float lanes[4], indices[4];
        _mm_storeu_ps(lanes, least);
        _mm_storeu_ps(indices, index);
        entries[c] = first_least(lanes, indices, 4);
    }
}

__attribute__((target("avx2")))
static void nearest_avx2(const uint32_t *colors, size_t count, const float *channels, size_t palette_count,
                         uint8_t *entries) {
    size_t blocks = (palette_count + 15) / 16;
    const __m256 two = _mm256_set1_ps(2), three = _mm256_set1_ps(3), four = _mm256_set1_ps(4), cap = _mm256_set1_ps(KEY_CAP);
    const __m256i step = _mm256_set1_epi32(8);
    for (size_t c = 0; c < count; c++) {
        __m256 r = _mm256_set1_ps((float)((colors[c] >> 16) & 0xFF));
        __m256 g = _mm256_set1_ps((float)((colors[c] >> 8) & 0xFF));
        __m256 b = _mm256_set1_ps((float)(colors[c] & 0xFF));
        __m256i least = _mm256_set1_epi32(INT32_MAX), at = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        for (size_t k = 0; k < blocks; k++) {
            const float *block = channels + 3 * 16 * k;
            for (int part = 0; part < 16; part += 8) {
                __m256 dr = _mm256_sub_ps(_mm256_loadu_ps(block + part), r);
                __m256 dg = _mm256_sub_ps(_mm256_loadu_ps(block + 16 + part), g);
                __m256 db = _mm256_sub_ps(_mm256_loadu_ps(block + 32 + part), b);
                __m256 d = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(_mm256_mul_ps(two, dr), dr),
                                                       _mm256_mul_ps(_mm256_mul_ps(four, dg), dg)),
                                         _mm256_mul_ps(_mm256_mul_ps(three, db), db));
                __m256i key = _mm256_or_si256(_mm256_slli_epi32(_mm256_cvttps_epi32(_mm256_min_ps(d, cap)), 8), at);
                least = _mm256_min_epi32(least, key);
                at = _mm256_add_epi32(at, step);
            }
        }
        __m128i half = _mm_min_epi32(_mm256_castsi256_si128(least), _mm256_extracti128_si256(least, 1));
        half = _mm_min_epi32(half, _mm_shuffle_epi32(half, _MM_SHUFFLE(1, 0, 3, 2)));
        half = _mm_min_epi32(half, _mm_shuffle_epi32(half, _MM_SHUFFLE(2, 3, 0, 1)));
        entries[c] = (uint8_t)(_mm_cvtsi128_si32(half) & 0xFF);
    }
}

__attribute__((target("avx512f,avx512bw")))
static void nearest_avx512(const uint32_t *colors, size_t count, const float *channels, size_t palette_count,
                           uint8_t *entries) {
    size_t blocks = (palette_count + 15) / 16;
    const __m512 two = _mm512_set1_ps(2), three = _mm512_set1_ps(3), four = _mm512_set1_ps(4), cap = _mm512_set1_ps(KEY_CAP);
    const __m512i step = _mm512_set1_epi32(16);
    for (size_t c = 0; c < count; c++) {
        __m512 r = _mm512_set1_ps((float)((colors[c] >> 16) & 0xFF));
        __m512 g = _mm512_set1_ps((float)((colors[c] >> 8) & 0xFF));
        __m512 b = _mm512_set1_ps((float)(colors[c] & 0xFF));
        __m512i least = _mm512_set1_epi32(INT32_MAX);
        __m512i at = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        for (size_t k = 0; k < blocks; k++) {
            const float *block = channels + 3 * 16 * k;
            __m512 dr = _mm512_sub_ps(_mm512_loadu_ps(block), r);
            __m512 dg = _mm512_sub_ps(_mm512_loadu_ps(block + 16), g);
            __m512 db = _mm512_sub_ps(_mm512_loadu_ps(block + 32), b);
            __m512 d = _mm512_add_ps(_mm512_add_ps(_mm512_mul_ps(_mm512_mul_ps(two, dr), dr),
                                                   _mm512_mul_ps(_mm512_mul_ps(four, dg), dg)),
                                     _mm512_mul_ps(_mm512_mul_ps(three, db), db));
            __m512i key = _mm512_or_si512(_mm512_slli_epi32(_mm512_cvttps_epi32(_mm512_min_ps(d, cap)), 8), at);
            least = _mm512_min_epi32(least, key);
            at = _mm512_add_epi32(at, step);
        }
        entries[c] = (uint8_t)(_mm512_reduce_min_epi32(least) & 0xFF);
    }
}
#endif

void stagehand_gif_nearest(int level, const uint32_t *colors, size_t count, const float *channels,
                           size_t palette_count, uint8_t *entries) {
#if defined(__x86_64__)
    if (level >= STAGEHAND_LEVEL_AVX512) return nearest_avx512(colors, count, channels, palette_count, entries);
    if (level >= STAGEHAND_LEVEL_AVX2) return nearest_avx2(colors, count, channels, palette_count, entries);
    if (level >= STAGEHAND_LEVEL_SSE2) return nearest_sse2(colors, count, channels, palette_count, entries);
#else
    (void)level;
#endif
    nearest_plain(colors, count, channels, palette_count, entries);
}

// MARK: - Indices

// Runs are a few pixels long at the edges of tiles: each is written as one store of the
// vectors' width (two with SSE2 and AVX2), whatever its length up to that, the bytes past
// its end written over by the runs that follow or falling in the padding, rather than by
// a call to memset per run (choosing a narrower store for the shorter runs was slower:
// the choice is hard to predict). `STORE(at, index,
// length)` writes at least `length` bytes (at most the padding's) or returns false.
#define WRITE_INDICES(STORE)                                                   \
    size_t offset = 0, i = 0;                                                  \
    while (i < count) {                                                        \
        uint32_t word = words[i];                                              \
        size_t length = word >> 24;                                            \
        if (length == 255) {                                                   \
            length = words[i + 1];                                             \
            i += 2;                                                            \
        } else {                                                               \
            i += 1;                                                            \
        }                                                                      \
        uint8_t index = entries[word & 0xFFFFFF];                              \
        if (!STORE(pixels + offset, index, length)) memset(pixels + offset, index, length); \
        offset += length;                                                      \
    }

static inline int store_plain(uint8_t *at, uint8_t index, size_t length) {
    (void)at; (void)index; (void)length;
    return 0;
}

static void write_indices_plain(const uint32_t *words, size_t count, const uint8_t *entries, uint8_t *pixels) {
    WRITE_INDICES(store_plain)
}

#if defined(__x86_64__)
static inline int store_sse2(uint8_t *at, uint8_t index, size_t length) {
    if (length > 32) return 0;
    __m128i bytes = _mm_set1_epi8((char)index);
    _mm_storeu_si128((__m128i *)at, bytes);
    _mm_storeu_si128((__m128i *)(at + 16), bytes);
    return 1;
}

static void write_indices_sse2(const uint32_t *words, size_t count, const uint8_t *entries, uint8_t *pixels) {
    WRITE_INDICES(store_sse2)
}

__attribute__((target("avx2")))
static inline int store_avx2(uint8_t *at, uint8_t index, size_t length) {
    if (length > 64) return 0;
    __m256i bytes = _mm256_set1_epi8((char)index);
    _mm256_storeu_si256((__m256i *)at, bytes);
    _mm256_storeu_si256((__m256i *)(at + 32), bytes);
    return 1;
}

__attribute__((target("avx2")))
static void write_indices_avx2(const uint32_t *words, size_t count, const uint8_t *entries, uint8_t *pixels) {
    WRITE_INDICES(store_avx2)
}

__attribute__((target("avx512f,avx512bw")))
static inline int store_avx512(uint8_t *at, uint8_t index, size_t length) {
    if (length > 64) return 0;
    _mm512_storeu_si512((void *)at, _mm512_set1_epi8((char)index));
    return 1;
}

__attribute__((target("avx512f,avx512bw")))
static void write_indices_avx512(const uint32_t *words, size_t count, const uint8_t *entries, uint8_t *pixels) {
    WRITE_INDICES(store_avx512)
}
#endif

void stagehand_gif_write_indices(int level, const uint32_t *words, size_t count, const uint8_t *entries,
                                 uint8_t *pixels) {
#if defined(__x86_64__)
    if (level >= STAGEHAND_LEVEL_AVX512) return write_indices_avx512(words, count, entries, pixels);
    if (level >= STAGEHAND_LEVEL_AVX2) return write_indices_avx2(words, count, entries, pixels);
    if (level >= STAGEHAND_LEVEL_SSE2) return write_indices_sse2(words, count, entries, pixels);
#else
    (void)level;
#endif
    write_indices_plain(words, count, entries, pixels);
}

// MARK: - Cut

// One loop for the plain, SSE2 and AVX2 paths, which the compiler vectorises for each
// (as fast as the intrinsics it replaces, or faster); AVX-512 keeps its own, whose end
// of the row through a mask is faster than the compiler's for rows of a few pixels.
static inline void cut_one_by_one(const uint8_t *current, const uint8_t *before, size_t count, uint8_t transparent,
                                  uint8_t *out) {
    for (size_t x = 0; x < count; x++) out[x] = current[x] == before[x] ? transparent : current[x];
}

#if defined(__x86_64__)
__attribute__((target("avx2")))
static void cut_row_avx2(const uint8_t *current, const uint8_t *before, size_t count, uint8_t transparent,
                         uint8_t *out) {
    cut_one_by_one(current, before, count, transparent, out);
}

__attribute__((target("avx512f,avx512bw")))
static void cut_row_avx512(const uint8_t *current, const uint8_t *before, size_t count, uint8_t transparent,
                           uint8_t *out) {
    const __m512i clear = _mm512_set1_epi8((char)transparent);
    size_t x = 0;
    for (; x + 64 <= count; x += 64) {
        __m512i now = _mm512_loadu_si512((const void *)(current + x));
        __mmask64 same = _mm512_cmpeq_epi8_mask(now, _mm512_loadu_si512((const void *)(before + x)));
        _mm512_storeu_si512((void *)(out + x), _mm512_mask_blend_epi8(same, now, clear));
    }
    if (x < count) {
        // The last part of the row, through a mask rather than one byte at a time.
        __mmask64 part = (__mmask64)(~0ULL >> (64 - (count - x)));
        __m512i now = _mm512_maskz_loadu_epi8(part, current + x);
        __mmask64 same = _mm512_cmpeq_epi8_mask(now, _mm512_maskz_loadu_epi8(part, before + x));
        _mm512_mask_storeu_epi8(out + x, part, _mm512_mask_blend_epi8(same, now, clear));
    }
}
#endif

void stagehand_gif_cut_row(int level, const uint8_t *current, const uint8_t *before, size_t count,
                           uint8_t transparent, uint8_t *out) {
#if defined(__x86_64__)
    if (level >= STAGEHAND_LEVEL_AVX512) return cut_row_avx512(current, before, count, transparent, out);
    if (level >= STAGEHAND_LEVEL_AVX2) return cut_row_avx2(current, before, count, transparent, out);
#else
    (void)level;
#endif
    cut_one_by_one(current, before, count, transparent, out);
}
