#include "CRowKernels.h"
#include <immintrin.h>

/* Why this exists: libyuv's planar column filter handles one or two samples per step with scalar loads, and it
   was the largest cost of composing video in Y'CbCr (13 % of a two-source 1080p composition's CPU time). For the
   steps composing uses (shrinks down to about half, and any enlargement) eight output samples read at most 16
   consecutive source bytes, so two byte shuffles gather the left and right neighbours from one 16-byte load. */

static void filter_columns_plain(uint8_t *destination, const uint8_t *source, int width, int64_t x, int dx) {
    for (int i = 0; i < width; i++, x += dx) {
        int index = (int)(x >> 16), f = (int)((x >> 9) & 127);
        destination[i] = (uint8_t)((source[index] * (128 - f) + source[index + 1] * f + 64) >> 7);
    }
}

__attribute__((target("ssse3")))
static void filter_columns_ssse3(uint8_t *destination, const uint8_t *source, int width, int64_t x, int dx) {
    const __m128i round = _mm_set1_epi16(64), full = _mm_set1_epi16(128), one = _mm_set1_epi8(1);
    const __m128i lowMask = _mm_set1_epi32(127);
    /* The offsets of outputs 0-3 and 4-7 from the first, 16.16. */
    const __m128i steps0 = _mm_setr_epi32(0, dx, 2 * dx, 3 * dx), steps1 = _mm_setr_epi32(4 * dx, 5 * dx, 6 * dx, 7 * dx);
    /* Bytes 8-15 of the index vectors select nothing (0x80 gives zero). */
    const __m128i upperEmpty = _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, -128, -128, -128, -128, -128, -128, -128, -128);
    int i = 0;
    /* Eight outputs read source bytes base .. base + (fraction + 7 dx) / 65536 + 1 <= base + 15 when dx <= 15/8. */
    for (; i + 8 <= width; i += 8) {
        int base = (int)(x >> 16);
        __m128i fraction = _mm_set1_epi32((int)(x & 0xffff));
        __m128i p0 = _mm_add_epi32(fraction, steps0), p1 = _mm_add_epi32(fraction, steps1);
        __m128i index = _mm_packs_epi32(_mm_srli_epi32(p0, 16), _mm_srli_epi32(p1, 16));
        __m128i weight = _mm_packs_epi32(_mm_and_si128(_mm_srli_epi32(p0, 9), lowMask),
                                         _mm_and_si128(_mm_srli_epi32(p1, 9), lowMask));
        __m128i leftIndex = _mm_or_si128(_mm_packus_epi16(index, index), upperEmpty);
        __m128i rightIndex = _mm_or_si128(_mm_add_epi8(_mm_packus_epi16(index, index), one), upperEmpty);
        __m128i bytes = _mm_loadu_si128((const __m128i *)(source + base));
        __m128i a = _mm_unpacklo_epi8(_mm_shuffle_epi8(bytes, leftIndex), _mm_setzero_si128());
        __m128i b = _mm_unpacklo_epi8(_mm_shuffle_epi8(bytes, rightIndex), _mm_setzero_si128());
        __m128i mixed = _mm_add_epi16(_mm_add_epi16(_mm_mullo_epi16(a, _mm_sub_epi16(full, weight)),
                                                    _mm_mullo_epi16(b, weight)), round);
        mixed = _mm_srli_epi16(mixed, 7);
        _mm_storel_epi64((__m128i *)(destination + i), _mm_packus_epi16(mixed, mixed));
        x += (int64_t)dx * 8;
    }
    filter_columns_plain(destination + i, source, width - i, x, dx);
}

/* Why this exists: converting limited-range BT.709/BT.2020 Y'CbCr to RGB with libyuv needs Cb stretched first (its
   Cb-to-blue coefficient does not fit its 8-bit multiplier), and a table lookup per sample was 1 % of a composition's
   CPU time. The stretch is linear, so sixteen samples take a handful of instructions. */
static void stretch_chroma_plain(uint8_t *destination, const uint8_t *source, int count, int excess, int step, int first) {
    for (int i = 0; i < count; i++) {
        int c = source[i];
        if (step == 1 || (i & 1) == first) {
            int d = c - 128, v = 128 + d + ((d * excess + 16384) >> 15);
            c = v < 0 ? 0 : v > 255 ? 255 : v;
        }
        destination[i] = (uint8_t)c;
    }
}

__attribute__((target("ssse3")))
static void stretch_chroma_ssse3(uint8_t *destination, const uint8_t *source, int count, int excess, int interleaved,
                                 int first) {
    const __m128i bias = _mm_set1_epi16(128), factor = _mm_set1_epi16((short)excess);
    /* Which bytes change: all, or every second one from `first`. */
    const __m128i select = !interleaved ? _mm_set1_epi8(-1)
        : first == 0 ? _mm_set1_epi16(0x00ff) : _mm_set1_epi16((short)0xff00);
    int i = 0;
    for (; i + 16 <= count; i += 16) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)(source + i));
        __m128i low = _mm_sub_epi16(_mm_unpacklo_epi8(bytes, _mm_setzero_si128()), bias);
        __m128i high = _mm_sub_epi16(_mm_unpackhi_epi8(bytes, _mm_setzero_si128()), bias);
        low = _mm_add_epi16(_mm_add_epi16(low, _mm_mulhrs_epi16(low, factor)), bias);
        high = _mm_add_epi16(_mm_add_epi16(high, _mm_mulhrs_epi16(high, factor)), bias);
        __m128i stretched = _mm_packus_epi16(low, high);
        __m128i mixed = _mm_or_si128(_mm_and_si128(select, stretched), _mm_andnot_si128(select, bytes));
        _mm_storeu_si128((__m128i *)(destination + i), mixed);
    }
    stretch_chroma_plain(destination + i, source + i, count - i, excess, interleaved ? 2 : 1, first);
}

void crow_stretch_chroma(uint8_t *destination, const uint8_t *source, int count, int excess, int interleaved, int first) {
    if (crow_has_ssse3()) {
        stretch_chroma_ssse3(destination, source, count, excess, interleaved, first);
    } else {
        stretch_chroma_plain(destination, source, count, excess, interleaved ? 2 : 1, first);
    }
}

int crow_has_ssse3(void) {
    return __builtin_cpu_supports("ssse3");
}

void crow_filter_columns(uint8_t *destination, const uint8_t *source, int width, int x, int dx) {
    if (dx > 0 && dx <= 122880 && crow_has_ssse3()) {
        filter_columns_ssse3(destination, source, width, x, dx);
    } else {
        filter_columns_plain(destination, source, width, x, dx);
    }
}
