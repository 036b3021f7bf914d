#ifndef CROWKERNELS_H
#define CROWKERNELS_H
#include <stdint.h>

/* Resamples one row of 8-bit samples bilinearly: output sample i reads source position x + i * dx (16.16 fixed
   point) and mixes source[x >> 16] and source[(x >> 16) + 1] with 7-bit weights (128 - f, f), f = (x >> 9) & 127,
   rounded. `source` must be readable 16 bytes past the last position read. Steps of at most 15/8 of a sample
   (dx <= 122880) use SSSE3 shuffles eight samples at a time where the processor has SSSE3; others, and other
   processors, a plain loop with the same arithmetic. */
void crow_filter_columns(uint8_t *destination, const uint8_t *source, int width, int x, int dx);

/* Stretches 8-bit chroma samples away from 128: each selected sample c becomes
   clamp(128 + d + ((d * excess + 16384) >> 15), 0, 255) with d = c - 128, a gain of 1 + excess / 32768 rounded half
   up. With `interleaved`, only every second byte from `first` (0 or 1) is changed and the others are copied (the Cb
   of NV12/NV21); otherwise every byte is. SSSE3 sixteen bytes at a time where the processor has it. */
void crow_stretch_chroma(uint8_t *destination, const uint8_t *source, int count, int excess, int interleaved, int first);

/* Whether crow_filter_columns has its SSSE3 path on this processor (for tests). */
int crow_has_ssse3(void);

#endif
