#ifndef CGIF_SHIM_H
#define CGIF_SHIM_H
/* giflib 5 (libgif-dev): the GIF container and its LZW coding, reached through its record-level API
   (DGifGetRecordType, DGifGetLine, EGifPutLine…), which reports errors by return value and an error code. Reading and
   writing go through callbacks over memory, so no file descriptor is involved. libgif-dev ships no .pc file
   usable everywhere: the module map links "gif" itself. */
#include <gif_lib.h>
#endif
