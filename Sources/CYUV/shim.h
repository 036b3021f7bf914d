#ifndef CYUV_SHIM_H
#define CYUV_SHIM_H
#include <libyuv.h>

/* libyuv's YUV->RGB matrices, by (matrix, range, swapped). Swift would copy the extern structs to take their
   address; these return the real ones. matrix: 0 BT.601, 1 BT.709, 2 BT.2020. `swapped` selects the YVU variant,
   which with U and V exchanged turns an ARGB writer into an ABGR one (libyuv's own trick for *ToABGR). */
static inline const struct YuvConstants *cyuv_constants(int matrix, int full_range, int swapped) {
    switch (matrix * 4 + full_range * 2 + swapped) {
    case 0: return &kYuvI601Constants;
    case 1: return &kYvuI601Constants;
    case 2: return &kYuvJPEGConstants;
    case 3: return &kYvuJPEGConstants;
    case 4: return &kYuvH709Constants;
    case 5: return &kYvuH709Constants;
    case 6: return &kYuvF709Constants;
    case 7: return &kYvuF709Constants;
    case 8: return &kYuv2020Constants;
    case 9: return &kYvu2020Constants;
    case 10: return &kYuvV2020Constants;
    default: return &kYvuV2020Constants;
    }
}
#endif
