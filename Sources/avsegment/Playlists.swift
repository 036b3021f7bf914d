import AVFoundation
import Foundation

/// The HLS playlists of a segmented rendition (RFC 8216 and its successor draft, rfc8216bis): the media playlist
/// (`#EXT-X-MAP` for the initialization segment, `#EXTINF` per segment) and, when asked, a multivariant playlist
/// with one variant (`BANDWIDTH`, `AVERAGE-BANDWIDTH`, `CODECS`, `RESOLUTION`, `FRAME-RATE`).
enum PlaylistFiles {
    static func write(_ rendition: SegmentedRendition, arguments: Arguments) throws {
        let media = mediaPlaylist(rendition, baseURL: arguments.baseURL)
        let multivariant = try arguments.multivariant.map { name in
            (name, try multivariantPlaylist(rendition, mediaPlaylist: arguments.baseURL + arguments.indexFile))
        }
        let index = arguments.directory.appendingPathComponent(arguments.indexFile)
        try create(index, media)
        if let (name, text) = multivariant {
            do {
                try create(arguments.directory.appendingPathComponent(name), text)
            } catch {
                try? FileManager.default.removeItem(at: index)
                throw error
            }
        }
    }

    /// An encoding ladder's playlists: each rung's and the audio's media playlist in its folder, and the
    /// multivariant playlist naming them (`name`): one `#EXT-X-STREAM-INF` per rung, tallest first, each with the
    /// audio group (`#EXT-X-MEDIA`) and its bit rates counted in (rfc8216bis §4.4.6.2: BANDWIDTH covers every
    /// rendition the variant plays).
    static func writeLadder(_ rungs: [(Ladder.Rung, SegmentedRendition)], audio: SegmentedRendition?, name: String,
                            arguments: Arguments) throws {
        var written: [URL] = []
        do {
            var variants: [String] = []
            let audioRates = audio.map { bitRates($0.segments, target: Double(targetDuration($0.segments))) }
            if let audio {
                let url = arguments.directory.appendingPathComponent("audio").appendingPathComponent(arguments.indexFile)
                try create(url, mediaPlaylist(audio, baseURL: ""))
                written.append(url)
            }
            for (rung, rendition) in rungs.sorted(by: { $0.0.height > $1.0.height }) {
                let url = arguments.directory.appendingPathComponent(rung.name).appendingPathComponent(arguments.indexFile)
                try create(url, mediaPlaylist(rendition, baseURL: ""))
                written.append(url)
                var combined = rendition
                combined.audioFormat = audio?.audioFormat
                var attributes = try streamAttributes(combined, extra: audioRates)
                if audio != nil { attributes.append("AUDIO=\"audio\"") }
                variants.append("#EXT-X-STREAM-INF:" + attributes.joined(separator: ","))
                variants.append(arguments.baseURL + rung.name + "/" + arguments.indexFile)
            }
            var lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-INDEPENDENT-SEGMENTS"]
            if audio != nil {
                lines.append("#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"audio\",NAME=\"main\",DEFAULT=YES,AUTOSELECT=YES,"
                             + "URI=\"\(arguments.baseURL)audio/\(arguments.indexFile)\"")
            }
            let url = arguments.directory.appendingPathComponent(name)
            try create(url, (lines + variants).joined(separator: "\n") + "\n")
        } catch {
            for url in written { try? FileManager.default.removeItem(at: url) }
            throw error
        }
    }

    /// Writes `text` to a new file (an existing one is never replaced).
    private static func create(_ url: URL, _ text: String) throws {
        try Data(text.utf8).write(to: url, options: .withoutOverwriting)
    }

    /// The target duration: every segment's duration rounded to the nearest integer is at most it (RFC 8216
    /// §4.3.3.1), and it is at least 1.
    static func targetDuration(_ segments: [SegmentedRendition.Segment]) -> Int {
        max(1, segments.map { Int($0.duration.rounded()) }.max() ?? 1)
    }

    /// The media playlist: version 7 (`EXT-X-MAP` in a playlist without `EXT-X-I-FRAMES-ONLY` needs 6 or more,
    /// rfc8216bis §4.4.4.5), VOD, every segment independent (each starts with a sync sample).
    static func mediaPlaylist(_ rendition: SegmentedRendition, baseURL: String) -> String {
        var lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-TARGETDURATION:\(targetDuration(rendition.segments))",
                     "#EXT-X-MEDIA-SEQUENCE:0", "#EXT-X-PLAYLIST-TYPE:VOD", "#EXT-X-INDEPENDENT-SEGMENTS",
                     "#EXT-X-MAP:URI=\"\(baseURL)\(rendition.initializationFile)\""]
        for segment in rendition.segments {
            lines.append("#EXTINF:\(String(format: "%.5f", segment.duration)),")
            lines.append(baseURL + segment.file)
        }
        lines.append("#EXT-X-ENDLIST")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The multivariant playlist of one variant.
    static func multivariantPlaylist(_ rendition: SegmentedRendition, mediaPlaylist: String) throws -> String {
        let attributes = try streamAttributes(rendition, extra: nil)
        guard !mediaPlaylist.contains(where: { $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            throw SegmenterError("the playlist URI '\(mediaPlaylist)' cannot be written in a playlist")
        }
        return ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-INDEPENDENT-SEGMENTS",
                "#EXT-X-STREAM-INF:" + attributes.joined(separator: ","), mediaPlaylist].joined(separator: "\n") + "\n"
    }

    /// A variant's `#EXT-X-STREAM-INF` attributes; `extra` adds another rendition's rates (the audio group's).
    static func streamAttributes(_ rendition: SegmentedRendition, extra: (peak: Int, average: Int)?) throws
        -> [String] {
        let own = bitRates(rendition.segments, target: Double(targetDuration(rendition.segments)))
        let rates = (peak: own.peak + (extra?.peak ?? 0), average: own.average + (extra?.average ?? 0))
        var attributes = ["BANDWIDTH=\(rates.peak)", "AVERAGE-BANDWIDTH=\(rates.average)"]
        let codecs = [rendition.videoFormat, rendition.audioFormat].compactMap { $0.flatMap(CodecString.make) }
        if !codecs.isEmpty { attributes.append("CODECS=\"\(codecs.joined(separator: ","))\"") }
        if let video = rendition.videoFormat {
            let size = CMVideoFormatDescriptionGetDimensions(video)
            attributes.append("RESOLUTION=\(size.width)x\(size.height)")
        }
        if let rate = rendition.frameRate, rate > 0 { attributes.append("FRAME-RATE=\(String(format: "%.3f", rate))") }
        return attributes
    }

    /// `BANDWIDTH` and `AVERAGE-BANDWIDTH` in bits per second. The peak is the largest rate of any run of consecutive
    /// segments lasting 0.5 to 1.5 times the target duration (rfc8216bis §4.4.6.2), or of the whole when no run
    /// does; the average is all the bits over all the time.
    static func bitRates(_ segments: [SegmentedRendition.Segment], target: Double) -> (peak: Int, average: Int) {
        let seconds = segments.reduce(0) { $0 + $1.duration }
        let bits = segments.reduce(0) { $0 + Double($1.bytes) * 8 }
        let average = seconds > 0 ? bits / seconds : 0
        var peak = 0.0
        for start in segments.indices {
            var runBits = 0.0, runSeconds = 0.0
            for segment in segments[start...] {
                runBits += Double(segment.bytes) * 8
                runSeconds += segment.duration
                guard runSeconds <= 1.5 * target else { break }
                if runSeconds >= 0.5 * target, runSeconds > 0 { peak = max(peak, runBits / runSeconds) }
            }
        }
        if peak == 0 { peak = average }
        return (Int(peak.rounded(.up)), Int(average.rounded(.up)))
    }
}

/// RFC 6381 codec strings, from the format descriptions' configuration records (their bytes as the sample entry
/// holds them).
enum CodecString {
    static func make(_ format: CMFormatDescription) -> String? {
        let subtype = CMFormatDescriptionGetMediaSubType(format)
        switch subtype {
        case kCMVideoCodecType_H264: return avc(atom(format, "avcC"))
        case kCMVideoCodecType_HEVC: return hevc(atom(format, "hvcC"), tag: fourCC(subtype))
        case kAudioFormatMPEG4AAC:
            // Apple's convention: the MPEG-4 audio object type is in the stream description's flags.
            let flags = CMAudioFormatDescriptionGetStreamBasicDescription(format)?.pointee.mFormatFlags ?? 0
            return "mp4a.40.\(flags > 0 ? flags : 2)"
        case kAudioFormatAC3: return "ac-3"
        case kAudioFormatEnhancedAC3: return "ec-3"
        case kAudioFormatAppleLossless: return "alac"
        case kAudioFormatFLAC: return "fLaC"
        case kAudioFormatOpus: return "Opus"
        default: return nil
        }
    }

    /// `avc1.PPCCLL`: profile_idc, the constraint flags and level_idc of the AVCDecoderConfigurationRecord.
    static func avc(_ record: [UInt8]?) -> String? {
        guard let record, record.count >= 4, record[0] == 1 else { return nil }
        return "avc1." + record[1...3].map { String(format: "%02X", $0) }.joined()
    }

    /// ISO/IEC 14496-15 Annex E: `hvc1.[space]profile.compatibility.[L|H]level[.constraint bytes]`, the
    /// compatibility flags bit-reversed in hexadecimal, trailing zero constraint bytes left out.
    static func hevc(_ record: [UInt8]?, tag: String) -> String? {
        guard let record, record.count >= 13, record[0] == 1 else { return nil }
        let space = ["", "A", "B", "C"][Int(record[1] >> 6)]
        let tier = record[1] & 0x20 != 0 ? "H" : "L"
        let profile = record[1] & 0x1F
        let flags = record[2...5].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        var reversed: UInt32 = 0
        for bit in 0..<32 where flags & (1 << bit) != 0 { reversed |= 1 << (31 - bit) }
        var constraints = Array(record[6...11])
        while constraints.last == 0 { constraints.removeLast() }
        var parts = [tag, "\(space)\(profile)", String(reversed, radix: 16, uppercase: true), "\(tier)\(record[12])"]
        parts += constraints.map { String($0, radix: 16, uppercase: true) }
        return parts.joined(separator: ".")
    }

    private static func atom(_ format: CMFormatDescription, _ name: String) -> [UInt8]? {
        let atoms = CMFormatDescriptionGetExtension(
            format, extensionKey: kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms) as? [String: Any]
        return (atoms?[name] as? Data).map { [UInt8]($0) }
    }

    private static func fourCC(_ code: FourCharCode) -> String {
        String(decoding: [24, 16, 8, 0].map { UInt8((code >> $0) & 0xFF) }, as: UTF8.self)
    }
}
