import CoreAudioTypes
import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer
@testable import MovieFile
import Testing
import TestSupport

/// Track properties against ffprobe's `-show_streams` (FFmpeg 5.1): codec tag, dimensions, sample rate, channels,
/// timescale, media duration, language, rotation, codec configuration bytes; and every edit list entry against
/// what FFmpeg's demuxer logs when it reads `elst` (`-v trace`).
@Suite("Track properties against ffprobe")
struct TrackPropertyTests {
    @Test("codec, geometry, timing and language equal ffprobe's streams", arguments: MovieFile.readable)
    func propertiesMatch(_ file: MovieFile) throws {
        let url = try file.url
        let reader = try MovieFileReader(url: url)
        let streams = try FFprobe.streams(url)
        let rawStreams = try ExternalTool.ffprobeJSON(["-ignore_editlist", "1", "-show_streams", url.path])["streams"]
            as? [[String: Any]] ?? []
        let trackBoxes = try TrackBoxScan.scan(url)
        for track in reader.tracks {
            guard let (index, stream) = FFprobe.stream(forTrack: track.trackID, in: streams) else { continue }
            let label = "\(file.name) track \(track.trackID)"
            let entry = try #require(trackBoxes[track.trackID]?.media?.sampleTable?.sampleDescriptions?.children.first)
            #expect(stream["codec_tag_string"] as? String == entry.type.description, "\(label) codec tag")
            #expect(stream["time_base"] as? String == "1/\(track.mediaTimescale)", "\(label) time base")
            if let raw = rawStreams.first(where: { ($0["index"] as? Int) == index }),
               let duration = FFprobe.int64(raw["duration_ts"]) {
                #expect(duration == track.mediaDuration, "\(label) media duration")
            }
            let language = (stream["tags"] as? [String: Any])?["language"] as? String
            #expect((language == "und" ? nil : language) == track.languageCode, "\(label) language")
            let description = try #require(track.formatDescriptions.first)
            switch stream["codec_type"] as? String {
            case "video":
                let dimensions = CMVideoFormatDescriptionGetDimensions(description)
                // FFmpeg takes dimensions from the decoder; for a file cut before its first frame it reports 0.
                if FFprobe.int64(stream["width"]) != 0 {
                    #expect(FFprobe.int64(stream["width"]) == Int64(dimensions.width), "\(label) width")
                    #expect(FFprobe.int64(stream["height"]) == Int64(dimensions.height), "\(label) height")
                }
                #expect(Self.rotation(stream) == Self.rotation(track.transform), "\(label) rotation")
            case "audio":
                let asbd = try #require(CMAudioFormatDescriptionGetStreamBasicDescription(description)?.pointee,
                                        "\(label): no stream description")
                #expect(FFprobe.double(stream["sample_rate"]) == asbd.mSampleRate, "\(label) sample rate")
                #expect(FFprobe.int64(stream["channels"]) == Int64(asbd.mChannelsPerFrame), "\(label) channels")
            default:
                break
            }
            if let extradata = FFprobe.extradata(stream), !extradata.isEmpty {
                Self.expectCodecConfiguration(description, entry: entry, matches: extradata, label: label)
            }
        }
    }

    /// The codec configuration the format description carries equals FFmpeg's extradata for the same stream.
    static func expectCodecConfiguration(_ description: CMFormatDescription, entry: BoxNode, matches extradata: [UInt8],
                                         label: String) {
        let atoms = CMFormatDescriptionGetExtension(
            description, extensionKey: kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms) as? [String: Any]
        var cookieSize = 0
        let cookie = CMAudioFormatDescriptionGetMagicCookie(description, sizeOut: &cookieSize)
            .map { Array(UnsafeRawBufferPointer(start: $0, count: cookieSize)) }
        switch entry.type {
        case "avc1", "avc3", "hvc1", "hev1", "av01":
            let key = ["avc1": "avcC", "avc3": "avcC", "hvc1": "hvcC", "hev1": "hvcC", "av01": "av1C"][entry.type.description]!
            let atom = (atoms?[key] as? Data).map { [UInt8]($0) }
            // FFmpeg keeps the record as stored, except for bytes some writers append after it (x264's avcC in
            // FFmpeg's own files has 4 trailing bytes, which FFmpeg also keeps): compare the record's length.
            #expect(atom.map { extradata.starts(with: $0) || $0.starts(with: extradata) } == true,
                    "\(label): \(key) \(atom?.count ?? 0) bytes vs ffprobe extradata \(extradata.count)")
        case "mp4v":
            let esds = (atoms?["esds"] as? Data).map { [UInt8]($0) } ?? []
            #expect(esds.count >= extradata.count && Self.contains(esds, extradata),
                    "\(label): the esds does not hold ffprobe's decoder specific info")
        case "mp4a":
            // The cookie is the ES_Descriptor; FFmpeg's extradata is its decoder specific info.
            #expect(cookie.map { Self.contains($0, extradata) } == true, "\(label): ES_Descriptor lacks the ASC")
        case "alac":
            // FFmpeg's ALAC extradata is the whole 36-byte 'alac' atom; the cookie is its content after version
            // and flags.
            #expect(cookie.map { Array(extradata.dropFirst(12)) == Array($0.prefix(extradata.count - 12)) } == true,
                    "\(label): ALAC cookie differs from ffprobe's atom")
        case "fLaC":
            // FFmpeg's FLAC extradata is STREAMINFO; the cookie (the dfLa payload) holds it after version, flags
            // and its 4-byte block header.
            #expect(cookie.map { Array($0.dropFirst(8).prefix(extradata.count)) == extradata } == true,
                    "\(label): FLAC cookie lacks STREAMINFO")
        case "Opus":
            // FFmpeg turns dOps into an Ogg OpusHead (little-endian); compare channel count and pre-skip.
            if let cookie, cookie.count >= 4, extradata.count >= 12 {
                #expect(cookie[1] == extradata[9], "\(label): Opus channels")
                #expect(UInt16(cookie[2]) << 8 | UInt16(cookie[3]) == UInt16(extradata[10]) | UInt16(extradata[11]) << 8,
                        "\(label): Opus pre-skip")
            } else {
                Issue.record("\(label): no Opus configuration")
            }
        default:
            break
        }
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle }
    }

    /// ffprobe's display matrix rotation (counter-clockwise degrees), 0 when there is none.
    static func rotation(_ stream: [String: Any]) -> Int {
        let sideData = stream["side_data_list"] as? [[String: Any]] ?? []
        return sideData.compactMap { FFprobe.int64($0["rotation"]) }.first.map(Int.init) ?? 0
    }

    /// The same angle from a track matrix: the matrix rotates clockwise by atan2(b, a) on screen, which FFmpeg
    /// reports as a negative (counter-clockwise) rotation.
    static func rotation(_ matrix: TransformMatrix) -> Int {
        let degrees = Int((atan2(matrix.b, matrix.a) * 180 / .pi).rounded())
        return degrees == 0 ? 0 : -degrees
    }

    @Test("brand, codec IDs, geometry, rotation, frame counts and audio format equal mediainfo's",
          arguments: MovieFile.generated)
    func mediainfoAgrees(_ file: MovieFile) throws {
        let url = try file.url
        let reader = try MovieFileReader(url: url)
        let json = try JSONSerialization.jsonObject(
            with: try ExternalTool.check("mediainfo", ["--Output=JSON", url.path]).standardOutput) as? [String: Any]
        let tracks = (json?["media"] as? [String: Any])?["track"] as? [[String: Any]] ?? []
        if let general = tracks.first(where: { $0["@type"] as? String == "General" }),
           let brand = (general["CodecID"] as? String)?.trimmingCharacters(in: .whitespaces) {
            switch reader.format {
            case .quickTime: #expect(brand == "qt", "\(file.name): brand \(brand)")
            case .isoBaseMedia:
                let major = reader.fileType?.majorBrand.description.trimmingCharacters(in: .whitespaces)
                #expect(brand == major, "\(file.name)")
            default: Issue.record("\(file.name): not a movie format")
            }
        }
        for info in tracks {
            guard let id = (info["ID"] as? String).flatMap({ Int32($0) }), let track = reader.track(withID: id),
                  let description = track.formatDescriptions.first else { continue }
            let label = "\(file.name) track \(id)"
            let entry = try #require(try TrackBoxScan.scan(url)[id]?.media?.sampleTable?.sampleDescriptions?.children.first)
            switch info["@type"] as? String {
            case "Video":
                let dimensions = CMVideoFormatDescriptionGetDimensions(description)
                // mediainfo adds the object type to MPEG-4 Visual ("mp4v-20").
                #expect((info["CodecID"] as? String)?.hasPrefix(entry.type.description) == true, "\(label) codec ID")
                #expect(FFprobe.int64(info["Width"]) == Int64(dimensions.width), "\(label) width")
                #expect(FFprobe.int64(info["Height"]) == Int64(dimensions.height), "\(label) height")
                // mediainfo counts frames over the edited presentation; compare where the edit list shows all media.
                if track.edits.allSatisfy({ $0.mediaTime == 0 }) {
                    #expect(FFprobe.int64(info["FrameCount"]) == Int64(try track.samples.table().count), "\(label) frames")
                }
                // mediainfo reports the clockwise angle of the matrix.
                let rotation = FFprobe.double(info["Rotation"]).map { Int($0.rounded()) } ?? 0
                #expect(rotation == -Self.rotation(track.transform), "\(label) rotation")
            case "Audio":
                let asbd = try #require(CMAudioFormatDescriptionGetStreamBasicDescription(description)?.pointee)
                if let codec = info["CodecID"] as? String, codec.hasPrefix("mp4a-40-") {
                    // mp4a-40-N: MPEG-4 audio object type N, which Apple puts in mFormatFlags.
                    #expect(codec == "mp4a-40-\(asbd.mFormatFlags)", "\(label) object type")
                }
                if let rate = FFprobe.double(info["SamplingRate"]) { #expect(rate == asbd.mSampleRate, "\(label) rate") }
                if let channels = FFprobe.int64(info["Channels"]) {
                    #expect(channels == Int64(asbd.mChannelsPerFrame), "\(label) channels")
                }
            default:
                break
            }
        }
    }

    @Test("every edit list entry equals what FFmpeg reads", arguments: MovieFile.readable)
    func editListsMatch(_ file: MovieFile) throws {
        let url = try file.url
        let reader = try MovieFileReader(url: url)
        let trace = try ExternalTool.run("ffprobe", ["-v", "trace", "-show_format", url.path]).standardError
        // "track[0].edit_count = 2" followed by "duration=500 time=-1 rate=1.000000" per entry.
        var editsByTrack: [Int: [(Int64, Int64, Double)]] = [:]
        var current: Int?
        for line in trace.split(separator: "\n") {
            if let range = line.range(of: "track["), let close = line[range.upperBound...].firstIndex(of: "]"),
               line.contains("].edit_count") {
                current = Int(line[range.upperBound..<close])
                if let current { editsByTrack[current] = [] }
            } else if let current, line.contains("duration="), line.contains(" time="), line.contains(" rate=") {
                let fields = Dictionary(uniqueKeysWithValues: line.split(separator: " ").compactMap { part -> (String, String)? in
                    let pieces = part.split(separator: "=", maxSplits: 1)
                    return pieces.count == 2 ? (String(pieces[0]), String(pieces[1])) : nil
                })
                if let duration = fields["duration"].flatMap({ Int64($0) }), let time = fields["time"].flatMap({ Int64($0) }),
                   let rate = fields["rate"].flatMap({ Double($0) }) {
                    editsByTrack[current, default: []].append((duration, time, rate))
                }
            }
        }
        for (position, track) in reader.tracks.enumerated() {
            let expected = editsByTrack[position] ?? []
            let ours = track.edits.map { ($0.segmentDuration, $0.mediaTime, Double($0.mediaRateFixed) / 65536) }
            #expect(ours.count == expected.count, "\(file.name) track \(track.trackID): \(ours.count) edits, FFmpeg read \(expected.count)")
            for (a, b) in zip(ours, expected) {
                #expect(a.0 == b.0 && a.1 == b.1 && abs(a.2 - b.2) < 1e-6,
                        "\(file.name) track \(track.trackID): edit \(a) vs FFmpeg's \(b)")
            }
        }
    }
}
