import CoreMedia
import Foundation
import MediaContainer
import TestSupport
@testable import AVFoundation

/// A container reader built by hand: what a real reader would give the asset layer for a file, without a file
/// format in between. Sample offsets point into a scratch file of `fileLength` zero bytes so that storage ranges are
/// real.
final class TestReader: ContainerReader, @unchecked Sendable {
    var format: ContainerFormat = .quickTime
    var movieTimescale: CMTimeScale = 600
    var movieDuration: Int64 = 0
    var preferredRate: Float = 1
    var preferredVolume: Float = 1
    var preferredTransform: TransformMatrix = .identity
    var creationDate: Date?
    var tracks: [ContainerTrack] = []
    var metadata: [MetadataEntry] = []
    var canContainFragments = false
    var containsFragments = false
    let file: MappedFile

    /// A reader over a scratch file of `fileLength` bytes (kept alive by the mapping).
    init(fileLength: Int = 1 << 16) throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("lavf-testreader-\(UUID().uuidString).bin")
        try Data(count: fileLength).write(to: url)
        file = try MappedFile(url: url)
        try? FileManager.default.removeItem(at: url)
    }
}

/// Builders for the pieces of hand-built readers.
enum Build {
    /// A four-character code.
    static func code(_ text: String) -> FourCharCode {
        text.utf8.reduce(0) { $0 << 8 | FourCharCode($1) }
    }

    /// An H.264-like video format description of `width`×`height`, optionally with a pixel aspect ratio.
    static func videoFormat(_ codec: String = "avc1", width: Int32, height: Int32,
                            pixelAspect: (Int, Int)? = nil) -> CMFormatDescription {
        var extensions: [String: Any] = [:]
        if let (h, v) = pixelAspect {
            extensions[kCMFormatDescriptionExtension_PixelAspectRatio as String] = [
                kCMFormatDescriptionKey_PixelAspectRatioHorizontalSpacing as String: h,
                kCMFormatDescriptionKey_PixelAspectRatioVerticalSpacing as String: v,
            ]
        }
        var format: CMFormatDescription?
        CMVideoFormatDescriptionCreate(allocator: nil, codecType: code(codec), width: width, height: height,
                                       extensions: extensions as CFDictionary, formatDescriptionOut: &format)
        return format!
    }

    /// An AAC (or other compressed) audio format description.
    static func audioFormat(_ formatID: AudioFormatID = kAudioFormatMPEG4AAC, sampleRate: Double = 44_100,
                            channels: UInt32 = 2) -> CMFormatDescription {
        var asbd = AudioStreamBasicDescription(mSampleRate: sampleRate, mFormatID: formatID, mFormatFlags: 0,
                                               mBytesPerPacket: 0, mFramesPerPacket: 1024, mBytesPerFrame: 0,
                                               mChannelsPerFrame: channels, mBitsPerChannel: 0, mReserved: 0)
        var format: CMFormatDescription?
        CMAudioFormatDescriptionCreate(allocator: nil, asbd: &asbd, layoutSize: 0, layout: nil, magicCookieSize: 0,
                                       magicCookie: nil, extensions: nil, formatDescriptionOut: &format)
        return format!
    }

    /// A format description of another media type (text, timecode, metadata).
    static func otherFormat(mediaType: String, subType: String) -> CMFormatDescription {
        var format: CMFormatDescription?
        CMFormatDescriptionCreate(allocator: nil, mediaType: code(mediaType), mediaSubType: code(subType),
                                  extensions: nil, formatDescriptionOut: &format)
        return format!
    }

    /// A run-length column of the given values, one per sample.
    static func column(_ values: [Int64]) -> RunLengthColumn {
        var column = RunLengthColumn()
        for value in values { column.append(value, count: 1) }
        return column
    }

    /// A column of `count` equal values.
    static func column(_ value: Int64, count: Int) -> RunLengthColumn {
        var column = RunLengthColumn()
        column.append(value, count: count)
        return column
    }

    /// A sample table with per-sample durations, optional composition offsets, sizes and sync samples; samples
    /// are laid out back to back from `firstOffset`.
    static func table(durations: RunLengthColumn, compositionOffsets: RunLengthColumn? = nil, sizes: [UInt32],
                      sync: [Int]? = nil, partialSync: [Int] = [], dependencyBytes: [UInt8]? = nil,
                      firstOffset: UInt64 = 64, firstDecodeTime: Int64 = 0,
                      descriptionIndices: RunLengthColumn? = nil) -> SampleTable {
        var offsets: [UInt64] = []
        var next = firstOffset
        for size in sizes {
            offsets.append(next)
            next += UInt64(size)
        }
        return SampleTable(durations: durations, compositionOffsets: compositionOffsets,
                           descriptionIndices: descriptionIndices ?? column(1, count: sizes.count),
                           sizes: .perSample(sizes), offsets: offsets, syncIndices: sync,
                           partialSyncIndices: partialSync, dependencyBytes: dependencyBytes,
                           firstDecodeTime: firstDecodeTime)!
    }

    /// A track of `mediaType` with a built table.
    static func track(id: CMPersistentTrackID, mediaType: String, timescale: CMTimeScale, format: CMFormatDescription,
                      table: SampleTable, configure: (inout ContainerTrack) -> Void = { _ in }) -> ContainerTrack {
        var track = ContainerTrack(trackID: id, mediaType: code(mediaType), mediaTimescale: timescale,
                                   mediaDuration: table.durations.cumulativeSumAtEnd, formatDescriptions: [format],
                                   samples: LazySampleTable(table))
        configure(&track)
        return track
    }

    /// The transform of a 90° clockwise rotation of a `width`-wide picture, as iPhones and AVAssetWriter write it
    /// (CGAffineTransform(rotationAngle: .pi / 2) with the translation that keeps the picture in view).
    static func rotation90(height: Double) -> TransformMatrix {
        TransformMatrix(a: 0, b: 1, c: -1, d: 0, x: height, y: 0)
    }

    /// The reader the compat sample's `readMovie` expects: 3 s of 640x360 H.264-like video at 30 fps rotated 90°,
    /// 3 s of 44.1 kHz stereo AAC in English, and the title "Compat sample" (QuickTime metadata).
    static func compatReader(seconds: Int = 3) throws -> TestReader {
        let reader = try TestReader()
        reader.movieTimescale = 600
        reader.movieDuration = Int64(600 * seconds)
        let frames = 30 * seconds
        let videoTable = table(durations: column(20, count: frames), sizes: Array(repeating: 100, count: frames),
                               sync: Array(stride(from: 0, to: frames, by: 30)))
        let video = track(id: 1, mediaType: "vide", timescale: 600, format: videoFormat(width: 640, height: 360),
                          table: videoTable) { track in
            track.width = 640
            track.height = 360
            track.transform = rotation90(height: 360)
            track.volume = 0
            track.languageCode = nil
        }
        let packets = (44_100 * seconds + 1023) / 1024
        let audioTable = table(durations: column(1024, count: packets),
                               sizes: Array(repeating: 200, count: packets), firstOffset: 20_000)
        let audio = track(id: 2, mediaType: "soun", timescale: 44_100, format: audioFormat(), table: audioTable) {
            $0.languageCode = "eng"
        }
        reader.tracks = [video, audio]
        reader.metadata = [MetadataEntry(keySpace: .quickTimeMetadata, key: .string("com.apple.quicktime.title"),
                                         value: .string("Compat sample"), dataType: kCMMetadataBaseDataType_UTF8)]
        return reader
    }
}
