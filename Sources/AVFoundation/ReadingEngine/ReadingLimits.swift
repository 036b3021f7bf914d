import CoreAudioTypes
import Foundation

/// Every limit of the reading engine (AVAssetReader's outputs), in one place, with the reason for its value.
///
/// The asset layer may keep its own limits elsewhere in this module; these are the reader's and only the reader's.
enum ReadingLimits {
    /// Most sample buffers an output reads ahead of its caller. Enough for the worker to keep decoding while the
    /// caller works on a buffer (a video decoder's frame threads are fed by the worker, not by this queue), few enough
    /// that an output nobody reads holds little.
    static let readAheadBuffers = 16

    /// Most bytes of sample data an output reads ahead of its caller (pixel data of decoded pictures, PCM, or the
    /// compressed bytes a passthrough buffer refers to). 32 MiB is eight 1080p BGRA pictures or one 4K one plus
    /// change; a single buffer larger than the bound is still delivered, alone.
    static let readAheadBytes = 32 << 20

    /// Most stored (passthrough) sample buffers an output reads ahead of its caller. Such a buffer holds one
    /// compressed sample or a second of audio packets, so the count is loose and the bytes bound below is what
    /// limits memory. The worker parks when the queue is full and goes on when its caller has taken half, so this
    /// count sets the size of the batches they hand over: at 16, a passthrough export of 300,000 small samples woke
    /// the worker every 8 samples (75,000 context switches, a quarter of its CPU time); at 256 it made 7,000.
    static let storedSampleReadAheadBuffers = 256

    /// Most bytes of stored samples an output reads ahead: half of what a mapped file keeps resident behind its
    /// slowest reader (`MappedFileResidency.retainedBehind`). A reader reports its position as it reads ahead, and
    /// pages further behind it are given back; a zero-copy buffer still queued below that line would fault its pages
    /// in again when written, and they would stay (at 8 MiB a 600 s 1080p remux peaked at 628 MB instead of 47 MB;
    /// `PassthroughResidencyTests`).
    static let storedSampleReadAheadBytes = MappedFileResidency.retainedBehind / 2

    /// A run of stored samples whose buffers average fewer bytes than this, once it has made
    /// `onDemandMeasuredBuffers`, is read on demand: by the caller, on its own thread, when it finds the queue empty,
    /// instead of ahead on a pool thread. Making a buffer of stored samples costs about a microsecond whatever its
    /// size, and handing it to another thread costs as much again: the buffer, its block buffer and the format and
    /// file they share change cores with it (atomic reference counts, cache lines). For a large sample the
    /// overlap is worth it (the caller writes its bytes meanwhile); for millions of tiny ones it is not. On demand, a
    /// passthrough export of 3,000,000 one-packet edits takes 0.75× the CPU (4 pairs, 0.62–0.78) at 1.12× the wall
    /// time, of 10,000,000 one-frame chunks 0.78× (2 pairs) at 1.11×; pinned to one core, the first took 0.67× the
    /// CPU. A 600 s 1080p remux (13 KB samples) stays read ahead (unchanged: CPU 1.00×, wall 0.95×, 6 pairs).
    static let onDemandBytesPerBuffer = 1024
    static let onDemandMeasuredBuffers = storedSampleReadAheadBuffers

    /// Most threads running read-ahead steps in the process (`ReadAheadPool`), whatever the number of outputs: two
    /// per core, at least four. A step decodes or copies, so about one per core keeps the processor busy; the second
    /// covers steps that wait (a custom compositor's answer, a page fault on a cold file). Readers whose queue is
    /// empty run steps themselves, so a busy pool slows reading down but never stops it.
    static let readAheadThreads = min(64, max(4, 2 * ProcessInfo.processInfo.activeProcessorCount))

    /// Longest stretch of compressed or linear PCM audio one passthrough buffer holds. Apple's passthrough audio
    /// buffers carry many packets each; one second keeps the per-buffer overhead low and a buffer small (a second of
    /// 48 kHz 8-channel 32-bit PCM is 1.5 MB).
    static let passthroughAudioSeconds: Int32 = 1

    /// Most packets one passthrough audio buffer holds, whatever their duration (packets of a few samples would
    /// otherwise make a second of audio a very long packet-description array).
    static let passthroughAudioPackets = 1024

    /// Most frames one decoded (linear PCM) audio buffer holds: what Apple's audio outputs hand out per buffer
    /// (8192 frames, 186 ms at 44.1 kHz).
    static let decodedAudioFrames = 8192

    /// Frames of mixed audio produced per step of the audio mix output (the same as a decoded buffer).
    static let mixFrames = 8192

    /// How many packets before the first one presented an audio decoder is given so that the first presented
    /// sample is decoded correctly, when the file does not say (`sgpd` roll distance): AAC and AC-3 overlap
    /// consecutive transforms (one packet), MP3 adds its bit reservoir (up to 511 bytes of earlier frames, so two
    /// more), and Opus needs 80 ms of pre-roll (RFC 7845 §4.6; four 20 ms packets).
    static let defaultAudioPrerollPackets: [AudioFormatID: Int] = [
        kAudioFormatMPEG4AAC: 1, kAudioFormatMPEG4AAC_HE: 1, kAudioFormatMPEG4AAC_HE_V2: 1,
        kAudioFormatMPEGLayer3: 3, kAudioFormatMPEGLayer2: 3, kAudioFormatMPEGLayer1: 1,
        kAudioFormatOpus: 4, kAudioFormatAC3: 1, kAudioFormatEnhancedAC3: 1,
    ]

    /// Longest silence the audio mix makes up where a track's timeline says it presents media but its samples give
    /// no audio (samples whose declared durations are far longer than their sound, an `mdhd` timescale of 1 for
    /// 44,100, or a track with no samples that declares hours). Gaps the timeline declares (empty edits, a
    /// composition's gaps) are not made up but asked for, and are not bounded. Past the bound the mix ends with a
    /// warning when no track has audio later, and fails naming the track when one has: 10 s covers the real
    /// mismatches of an edit list or a recording's end with its samples, and costs a fraction of a second to encode.
    static let maximumSynthesizedSilence: Double = 10

    /// Decoder sessions of closed sources kept per output for a next source with an equal description (clips of one
    /// encoder, joined): one, so a join of such clips starts no decoder, and a composition of many clips still holds
    /// the decoders of about two.
    static let idleDecoderSessions = 1

    /// Video composition requests a custom compositor may have in flight: enough for a compositor that renders on
    /// its own threads to keep both cores busy, few enough that memory stays a handful of frames.
    static let compositorRequestWindow = 4

    /// Decoded pictures each source of a video composition reads ahead of the compose stage (a 1080p picture is
    /// 3 MB; two keep the decoder busy while a frame is composed).
    static let compositionSourceBound = ReadAheadBound(buffers: 2, bytes: 64 << 20)

    /// How long a compositor may take with one request before the reading reports it (it goes on waiting: a slow
    /// effect is not an error, and a cancel ends the wait).
    static let compositorPatience = Duration.seconds(10)

    /// Memory of live render buffers past which `newPixelBuffer()` waits for one to come back (see
    /// `RenderBufferPool`): 64 frames of 1080p BGRA.
    static let renderPoolBytes = 512 << 20

    /// The largest width or height of composed frames (the codec layer's picture limit).
    static let maximumRenderDimension = 16_384

    // MARK: Image generator

    /// Most requests an image generator's batch plans and decodes together (in decode order, groups of pictures
    /// in parallel) before answering them in the order given: enough that a hundred thumbnails of a film decode
    /// each group of pictures once, few enough that the images waiting to be answered stay small.
    static let frameGrabWindow = 32

    /// Most bytes of images a window may hold before it is answered (a window of full-size 4K images is shorter).
    static let frameGrabWindowBytes = 128 << 20

    /// Most decoder workers of one batch: one per core plus one, up to four (each decodes a group of pictures on one
    /// thread). The extra worker is libavcodec's own rule for frame threads: it keeps the cores busy while a worker
    /// waits (for its answers to be taken, or at the end of a window for the others' last groups); measured 9 % faster
    /// in wall time on 100 exact frames of a 1080p minute, same CPU time.
    static let frameGrabWorkers = 4

    /// Images a batch keeps for later requests of the same frame, and their bytes.
    static let frameCacheImages = 32
    static let frameCacheBytes = 64 << 20
    /// Most audio frames one sample buffer holds (a PCM run, or the packets of one audio group): `Int32.max`, where a
    /// group holds about a second. Larger counts come only from hostile tables (a 4 GiB MOV sample of 8-bit PCM, a
    /// fragment gap of 2^62 ticks absorbed into one duration); refusing them keeps every later frame count and
    /// `Int32` conversion in range. Counts below it that are still absurd (a packet declared to last 1,024 s) are
    /// left to the checks that know why (`DeclaredDurationTests`); the writer takes at most 2^24 per append.
    static let maximumFramesPerBuffer = Int64(Int32.max)
}

/// How far one output reads ahead of its caller: at most `buffers` sample buffers and `bytes` bytes of sample data
/// (`ReadingLimits` gives the standard bound and the looser one of stored samples; the export pipeline tightens it
/// where a stage of its own follows).
struct ReadAheadBound: Sendable, Equatable {
    var buffers: Int
    var bytes: Int

    static let standard = ReadAheadBound(buffers: ReadingLimits.readAheadBuffers, bytes: ReadingLimits.readAheadBytes)

    /// The bound of an output that hands out samples as stored.
    static let storedSamples = ReadAheadBound(buffers: ReadingLimits.storedSampleReadAheadBuffers,
                                              bytes: ReadingLimits.storedSampleReadAheadBytes)
}
