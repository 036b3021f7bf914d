import AVFoundation
import DynamicAdaptiveStreaming
import Foundation

/// The MPEG-DASH manifest of a CMAF package (`--dash`), made with `DynamicAdaptiveStreaming`: a static MPD of one
/// Period, an adaptation set per media type and a representation per rendition, each a `SegmentTemplate` over the
/// files the writer made (`init.mp4`, `NAME$Number$.m4s` from 0) with a `SegmentTimeline` of the segments' exact
/// times in the track's timescale, as the writer reported them.
enum ManifestFile {
    /// One rendition of the package: its representation id and the folder its files are in ("" or "720p/").
    struct Entry {
        var id: String
        var folder: String
        var rendition: SegmentedRendition
    }

    /// The MPD's text for `entries`, whose segment files are named `baseName0.m4s`, `baseName1.m4s`… and whose URLs
    /// start with `baseURL`.
    static func render(_ entries: [Entry], baseName: String, baseURL: String) throws -> String {
        // A client buffers the longest segment before it plays: one whole segment, whichever it starts at.
        var minBuffer: MediaTime?
        for entry in entries {
            for segment in entry.rendition.segments {
                let time = MediaTime(value: segment.duration.value, timescale: Int64(segment.duration.timescale))
                if let current = minBuffer, !isLater(time, than: current) { continue }
                minBuffer = time
            }
        }
        guard let minBuffer, minBuffer.value > 0 else { throw SegmenterError("the package has no segments to list") }
        var video: [Representation] = [], audio: [Representation] = []
        for entry in entries {
            let representation = try self.representation(entry, baseName: baseName, baseURL: baseURL,
                                                          minBuffer: minBuffer)
            if entry.rendition.videoFormat != nil { video.append(representation) } else { audio.append(representation) }
        }
        let sets = [AdaptationSet(contentType: .video, representations: video),
                    AdaptationSet(contentType: .audio, representations: audio)].filter { !$0.representations.isEmpty }
        return try MediaPresentation(minBufferTime: minBuffer, adaptationSets: sets).render()
    }

    private static func representation(_ entry: Entry, baseName: String, baseURL: String,
                                       minBuffer: MediaTime) throws -> Representation {
        let rendition = entry.rendition
        guard let format = rendition.videoFormat ?? rendition.audioFormat, let first = rendition.segments.first else {
            throw SegmenterError("rendition \(entry.id) has no track or no segments")
        }
        guard let codecs = try FormatCodecString.make(format) else {
            throw SegmenterError("rendition \(entry.id): its codec has no RFC 6381 string for the MPD's codecs")
        }
        // The writer reports times in the track's timescale; every segment's are converted to it exactly.
        let timescale = Int64(first.duration.timescale)
        var starts = try rendition.segments.map { try ticks($0.start, timescale: timescale, entry: entry) }
        let ends = try rendition.segments.map {
            try ticks(CMTimeAdd($0.start, $0.duration), timescale: timescale, entry: entry)
        }
        // Samples presented before zero (an AAC encoder's priming: segments carry no edit list to hide it) fall
        // before the Period, which starts at zero, and are not played: the first segment's MPD time starts at zero.
        starts[0] = max(0, starts[0])
        guard starts.dropFirst().allSatisfy({ $0 > 0 }), starts.count > 1 || ends[0] > 0 else {
            throw SegmenterError("rendition \(entry.id) has a segment that ends before zero; a DASH timeline cannot "
                                 + "list it")
        }
        // Each segment lasts until the next one starts, the last for its reported duration: the timeline has no gap
        // the media does not have.
        var segments: [SegmentTemplate.Segment] = []
        for index in starts.indices {
            let end = index + 1 < starts.count ? starts[index + 1] : ends[index]
            segments.append(.init(start: starts[index], duration: end - starts[index]))
        }
        let bufferTicks = (minBuffer.value * timescale + minBuffer.timescale - 1) / minBuffer.timescale
        let bandwidth = try RepresentationBandwidth.bitsPerSecond(byteCounts: rendition.segments.map(\.bytes),
                                                                  starts: starts, timescale: timescale,
                                                                  minBufferTicks: bufferTicks)
        let prefix = SegmentTemplate.escaped(baseURL + entry.folder)
        let template = SegmentTemplate(
            timescale: timescale, initialization: prefix + SegmentTemplate.escaped(rendition.initializationFile),
            media: prefix + SegmentTemplate.escaped(baseName) + "$Number$.m4s", startNumber: 0, segments: segments)
        var representation = Representation(id: entry.id, codecs: codecs, bandwidth: bandwidth,
                                            segmentTemplate: template)
        if let video = rendition.videoFormat {
            let size = CMVideoFormatDescriptionGetDimensions(video)
            representation.width = Int(size.width)
            representation.height = Int(size.height)
            representation.frameRate = rendition.frameRate.flatMap(frameRate)
        } else if let description = CMAudioFormatDescriptionGetStreamBasicDescription(format)?.pointee {
            representation.audioSamplingRate = Int(exactly: description.mSampleRate)
            representation.audioChannelCount = Int(description.mChannelsPerFrame)
        }
        return representation
    }

    /// `time` in ticks of `timescale`, when it is a whole number of them.
    private static func ticks(_ time: CMTime, timescale: Int64, entry: Entry) throws -> Int64 {
        let (product, overflow) = time.value.multipliedReportingOverflow(by: timescale)
        guard time.isNumeric, !overflow, product % Int64(time.timescale) == 0 else {
            throw SegmenterError("rendition \(entry.id): a segment time (\(time.value)/\(time.timescale) s) is not a "
                                 + "whole number of 1/\(timescale) s ticks")
        }
        return product / Int64(time.timescale)
    }

    /// A nominal frame rate as `@frameRate` writes it: whole (30), or NTSC's (30000/1001); nil for anything else,
    /// which is left out rather than rounded.
    private static func frameRate(_ rate: Double) -> FrameRate? {
        guard rate > 0, rate.isFinite else { return nil }
        if abs(rate - rate.rounded()) < 0.001 { return FrameRate(frames: Int(rate.rounded())) }
        let ntsc = rate * 1.001
        if abs(ntsc - ntsc.rounded()) < 0.001 { return FrameRate(frames: Int(ntsc.rounded()) * 1000, perSeconds: 1001) }
        return nil
    }

    private static func isLater(_ a: MediaTime, than b: MediaTime) -> Bool {
        a.value.multipliedFullWidth(by: b.timescale) > b.value.multipliedFullWidth(by: a.timescale)
    }
}
