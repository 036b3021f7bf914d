#ifndef CRUBBERBAND_SHIM_H
#define CRUBBERBAND_SHIM_H
/* The Rubber Band Library's C interface (librubberband-dev 3.1.2 on Debian 12). Only AudioStretch imports this
   module; see Sources/AudioStretch/RubberBandStretcher.swift. */
#include <rubberband/rubberband-c.h>
#endif
