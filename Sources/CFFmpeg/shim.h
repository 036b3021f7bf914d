#ifndef CFFMPEG_SHIM_H
#define CFFMPEG_SHIM_H

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <libavcodec/avcodec.h>
#include <libavutil/audio_fifo.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/cpu.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libavutil/samplefmt.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>

/* Swift imports neither function-like macros nor macros built from casts or compound literals.
   These inline functions give FFmpegBridge the few it needs. */
static inline int cff_averror(int posix_errno) { return AVERROR(posix_errno); }
static inline int cff_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int cff_averror_eof(void) { return AVERROR_EOF; }
static inline int cff_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int cff_averror_option_not_found(void) { return AVERROR_OPTION_NOT_FOUND; }
static inline int cff_averror_patchwelcome(void) { return AVERROR_PATCHWELCOME; }
static inline int cff_averror_experimental(void) { return AVERROR_EXPERIMENTAL; }
static inline int cff_averror_external(void) { return AVERROR_EXTERNAL; }
static inline int64_t cff_nopts_value(void) { return AV_NOPTS_VALUE; }

/* AVFrame.data / linesize are fixed arrays that Swift imports as 8-tuples; index them here instead. */
static inline uint8_t *cff_frame_data(const AVFrame *f, int i) { return f->data[i]; }
static inline int cff_frame_linesize(const AVFrame *f, int i) { return f->linesize[i]; }
static inline uint8_t *cff_frame_extended_data(const AVFrame *f, int i) { return f->extended_data[i]; }
static inline void cff_frame_set_plane(AVFrame *f, int i, uint8_t *data, int linesize, AVBufferRef *buf) {
    f->data[i] = data;
    f->linesize[i] = linesize;
    f->buf[i] = buf;
}

/* The AVClass name of a logging context (the first member of every FFmpeg context is an AVClass pointer). */
static inline const char *cff_log_context_name(void *avcl) {
    if (!avcl) return NULL;
    AVClass *cls = *(AVClass **)avcl;
    if (!cls) return NULL;
    if (cls->item_name) return cls->item_name(avcl);
    return cls->class_name;
}

/* Formats one av_log call into `buffer` (truncating); vsnprintf through a va_list that Swift only passes along. */
static inline int cff_format_log(char *buffer, int size, const char *fmt, va_list args) {
    return vsnprintf(buffer, (size_t)size, fmt, args);
}

/* av_log is variadic, so Swift cannot call it; this forwards one preformatted message. */
static inline void cff_log(void *avcl, int level, const char *message) {
    av_log(avcl, level, "%s", message);
}

#endif
