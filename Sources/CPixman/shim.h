#ifndef CPIXMAN_SHIM_H
#define CPIXMAN_SHIM_H
/* pixman (libpixman-1-dev): the 2-D compositing kernels behind the video compositor's fills and axis-aligned
   scaled draws. The include path comes from pkg-config (pixman-1). */
#include <pixman.h>
#endif
