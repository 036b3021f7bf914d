#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H
/* libpng 1.6 (libpng-dev) through its simplified API (png_image_*), which reports errors in the png_image
   struct instead of longjmp-ing out of a callback, and zlib's crc32 for the chunks ImageIO writes itself (pHYs,
   eXIf). The include path comes from pkg-config (libpng, zlib). */
#include <png.h>
#include <zlib.h>

/* The composite PNG_FORMAT_ macros do not import into Swift. */
static inline png_uint_32 cpng_format_gray(void) { return PNG_FORMAT_GRAY; }
static inline png_uint_32 cpng_format_gray_alpha(void) { return PNG_FORMAT_GA; }
static inline png_uint_32 cpng_format_rgb(void) { return PNG_FORMAT_RGB; }
static inline png_uint_32 cpng_format_rgba(void) { return PNG_FORMAT_RGBA; }
#endif
