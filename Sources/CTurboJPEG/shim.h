#ifndef CTURBOJPEG_SHIM_H
#define CTURBOJPEG_SHIM_H
/* libjpeg-turbo's TurboJPEG API (libturbojpeg0-dev): whole-image JPEG compression and decompression that reports
   errors through return codes (libjpeg's own API longjmps out of its error handler). pkg-config: libturbojpeg. */
#include <turbojpeg.h>
#endif
