import CoreAudioTypes
import CoreMedia
import ISOBMFF
import MediaContainer

/// Where an audio track's encoder delay (priming) and padding (remainder) come from, in order:
///
/// 1. The edit list (Apple, QuickTime File Format Appendix G, "Using track structures to represent encoder delay
///    explicitly"): a track whose edit list has one media edit at rate 1 starting at media time T > 0 (less than
///    three packets in, see `fromEditList`), after any empty edits, primes T ticks; the remainder is what the edit
///    leaves unplayed after it. Apple pairs the edit
///    with a `roll` sample group (roll distance −1 for AAC) and calls the pair the explicit representation; the
///    edit alone is read the same way here, because writers that leave out the group (FFmpeg before 2017, many
///    encoders since) mean the same thing by it, and the edit list trims those samples from presentation either
///    way. Only compressed audio has priming: an edit into linear PCM is a cut, not an encoder delay.
/// 2. iTunes' `iTunSMPB` (track or movie `meta`), as iTunes and Apple's encoders write for AAC in M4A without an
///    edit list: priming and remainder in sample frames, converted to the media timescale. FFmpeg reads it the same
///    way. Movie-level iTunSMPB applies to the first audio track (M4A files have one).
/// 3. Opus's pre-skip (`dOps`, Encapsulation of Opus in ISOBMFF §4.3.1), at 48 kHz.
///
/// Apple's historical assumption for AAC without any of these (QuickTime File Format, "Historical solution for
/// implicit encoder delay": a fixed 2112 frames) is not applied: files that carry none of the above are read as
/// having no priming, as FFmpeg reads them, so that every sample the file times is presented.
enum EncoderDelay {
    /// The encoder delay and padding of `track`, in its media timescale, or `nil` when nothing says.
    static func delay(of track: ContainerTrack, movieTimescale: UInt32, iTunSMPB: String?)
        -> (priming: Int64, remainder: Int64)? {
        guard track.mediaType == kCMMediaType_Audio, let codingName = track.formatDescriptions.codingNames.first else {
            return nil
        }
        let iTunSMPB = iTunSMPB ?? trackITunSMPB(track)
        let mediaEdit = primingEdit(track)
        // Each rule needs the stream format, which only a format description gives; it is made (and not kept: a
        // file of 20,000 sound tracks opened to be listed would keep 20,000) only when a rule can apply.
        let opusCodes: [FourCC] = ["Opus", "opus"]
        guard mediaEdit != nil || iTunSMPB != nil || opusCodes.contains(where: { $0.fourCharCode == codingName }) else {
            return nil
        }
        let format = track.formatDescriptions.descriptionWithoutKeeping(at: 0)
        guard let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(format)?.pointee,
              asbd.mFormatID != kAudioFormatLinearPCM else { return nil }
        if let mediaEdit,
           let fromEdits = fromEditList(track, edit: mediaEdit, movieTimescale: movieTimescale, asbd: asbd) {
            return fromEdits
        }
        if let text = iTunSMPB, let values = MetadataParser.iTunesEncoderDelay(text), asbd.mSampleRate > 0 {
            // Frames at the sample rate to ticks of the media timescale. Both come from the file: a rate near 0 makes
            // the scale infinite, so the ticks are checked before they become integers (a tag that cannot be
            // converted is ignored, as one that does not parse).
            let scale = Double(track.mediaTimescale) / asbd.mSampleRate
            let priming = (Double(values.priming) * scale).rounded()
            let remainder = (Double(values.remainder) * scale).rounded()
            if let priming = Int64(exactly: priming), let remainder = Int64(exactly: remainder),
               priming <= 1 << 53, remainder <= 1 << 53 {
                return (priming, remainder)
            }
        }
        var cookieSize = 0
        if asbd.mFormatID == kAudioFormatOpus, let cookie = CMAudioFormatDescriptionGetMagicCookie(format, sizeOut: &cookieSize),
           cookieSize >= 4 {
            // dOps: version (1), output channel count (1), pre-skip (16 bits, big-endian) at 48 kHz.
            let bytes = cookie.assumingMemoryBound(to: UInt8.self)
            let preSkip = Int64(bytes[2]) << 8 | Int64(bytes[3])
            return (preSkip * Int64(track.mediaTimescale) / 48000, 0)
        }
        return nil
    }

    /// The track's one media edit when it plays at rate 1 from past the media's start: what rule 1 looks at.
    private static func primingEdit(_ track: ContainerTrack) -> EditListEntry? {
        // Found without a filtered copy of the edits: an edit list can hold millions.
        guard let index = track.edits.firstIndex(where: { !$0.isEmpty }),
              !track.edits[(index + 1)...].contains(where: { !$0.isEmpty })
        else { return nil }
        let edit = track.edits[index]
        return edit.mediaRateFixed == 0x10000 && edit.mediaTime > 0 ? edit : nil
    }

    /// Rule 1: one media edit at rate 1 starting past 0 by less than three packets. A later start is a cut (a
    /// copy trimmed with `ffmpeg -ss`, an edit made in an editor), not an encoder delay: AAC encoders prime 1024 to
    /// 2112 frames (4224 with SBR), under three packets of 1024 (2048), and Opus pre-skips at most 80 ms.
    private static func fromEditList(_ track: ContainerTrack, edit: EditListEntry, movieTimescale: UInt32,
                                     asbd: AudioStreamBasicDescription) -> (Int64, Int64)? {
        guard movieTimescale > 0, asbd.mSampleRate > 0 else { return nil }
        let framesPerPacket = asbd.mFramesPerPacket > 0 ? Double(asbd.mFramesPerPacket) : asbd.mSampleRate * 0.08 / 3
        let limit = 3 * framesPerPacket * Double(track.mediaTimescale) / asbd.mSampleRate
        guard Double(edit.mediaTime) < limit else { return nil }
        // The edit's duration in media ticks, rounded to the nearest.
        let played = (Double(edit.segmentDuration) * Double(track.mediaTimescale) / Double(movieTimescale)).rounded()
        let remainder = Double(track.mediaDuration) - Double(edit.mediaTime) - played
        return (edit.mediaTime, remainder > 0 && remainder < Double(Int64.max) ? Int64(remainder) : 0)
    }

    /// The `iTunSMPB` value among the track's own metadata.
    private static func trackITunSMPB(_ track: ContainerTrack) -> String? {
        iTunSMPB(in: track.metadata)
    }

    /// The `iTunSMPB` value among `entries`.
    static func iTunSMPB(in entries: [MetadataEntry]) -> String? {
        let key = MetadataEntry.Key.string(MetadataParser.freeformKey(meaning: "com.apple.iTunes", name: "iTunSMPB"))
        for entry in entries where entry.keySpace == .iTunes && entry.key == key {
            if case .string(let text) = entry.value { return text }
            if case .data(let data) = entry.value { return String(decoding: data, as: UTF8.self) }
        }
        return nil
    }
}
