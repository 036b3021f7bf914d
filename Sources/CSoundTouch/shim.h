#ifndef CSOUNDTOUCH_SHIM_H
#define CSOUNDTOUCH_SHIM_H
/* SoundTouch's C interface, SoundTouchDLL.h, which libsoundtouch-dev 2.3.2 ships with libSoundTouchDll.so (the
   library proper, libSoundTouch, is C++). Only AudioStretch imports this module; see
   Sources/AudioStretch/SoundTouchStretcher.swift. */
#include <SoundTouchDLL.h>

/* The setting IDs are defined in the C++ header soundtouch/SoundTouch.h, which C cannot include; the value is the
   one that header gives (SoundTouch 2.3.2). */
enum { CST_SETTING_USE_AA_FILTER = 0 };
#endif
