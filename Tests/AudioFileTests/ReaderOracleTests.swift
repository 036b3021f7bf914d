import CoreAudioTypes
import CoreMedia
import Foundation
import MediaContainer
import Testing
@testable import AudioFile
import TestSupport

/// One generated file and how its reading is judged.
struct ReaderCase: Sendable, CustomTestStringConvertible {
    enum Judge: Sendable {
        /// Compressed packets: ours must be ffprobe's, one for one. `headerBytes`: ffprobe's ADTS packets include
        /// the 7-byte header, ours are the raw data blocks a decoder takes with the cookie.
        case packets(headerBytes: Int)
        /// PCM and G.711: ffprobe packetises differently (4096-byte reads), so totals and byte ranges are compared,
        /// and our packets' bytes must equal ffmpeg's copy of the samples into the raw format.
        case pcm(raw: String)
        /// Constant-size codec packets that ffprobe reads several at a time (FFmpeg's WAVE demuxer reads about
        /// 4 KiB of ADPCM blocks per packet): every ffprobe packet must start on one of our packet boundaries, and
        /// bytes and frames must add up.
        case groupedPackets
        /// An MP3 with junk between frames: FFmpeg's parser puts the junk at the start of the following packet,
        /// so ffprobe's sizes are ours plus the junk; count and packet ends must match.
        case packetsWithJunk
    }

    let file: String
    let format: ContainerFormat
    let judge: Judge
    /// The file ends inside a packet: ffprobe hands out the partial packet, we drop it (whole packets only).
    var dropsPartialPacket = false

    var testDescription: String { file }

    static let all: [ReaderCase] = [
        .init(file: "wav-s16le-mono-list-info.wav", format: .wave, judge: .pcm(raw: "s16le")),
        .init(file: "wav-s24le-stereo-extensible.wav", format: .wave, judge: .pcm(raw: "s24le")),
        .init(file: "wav-s32le-stereo.wav", format: .wave, judge: .pcm(raw: "s32le")),
        .init(file: "wav-f32le-stereo-float.wav", format: .wave, judge: .pcm(raw: "f32le")),
        .init(file: "wav-f64le-mono-float.wav", format: .wave, judge: .pcm(raw: "f64le")),
        .init(file: "wav-u8-mono-odd-data-size.wav", format: .wave, judge: .pcm(raw: "u8")),
        .init(file: "wav-s16le-5.1-extensible-mask.wav", format: .wave, judge: .pcm(raw: "s16le")),
        .init(file: "wav-rf64-always-ds64.wav", format: .wave, judge: .pcm(raw: "s16le")),
        .init(file: "wav-alaw-g711.wav", format: .wave, judge: .pcm(raw: "alaw")),
        .init(file: "wav-mulaw-g711.wav", format: .wave, judge: .pcm(raw: "mulaw")),
        .init(file: "wav-ima-adpcm-blocks.wav", format: .wave, judge: .groupedPackets),
        .init(file: "wav-streamed-pipe-sizes.wav", format: .wave, judge: .pcm(raw: "s16le")),
        .init(file: "wav-truncated-mid-frame.wav", format: .wave, judge: .pcm(raw: "s24le"), dropsPartialPacket: true),
        .init(file: "wav-id3-chunk.wav", format: .wave, judge: .pcm(raw: "s16le")),
        .init(file: "wav-bw64-id.wav", format: .wave, judge: .pcm(raw: "s16le")),
        .init(file: "wav-data-size-zero-streamed.wav", format: .wave, judge: .pcm(raw: "s16le")),
        .init(file: "aiff-s16be-stereo-text-chunks.aiff", format: .aiff, judge: .pcm(raw: "s16be")),
        .init(file: "aiff-s24be-mono.aiff", format: .aiff, judge: .pcm(raw: "s24be")),
        .init(file: "aiff-s8-mono.aiff", format: .aiff, judge: .pcm(raw: "s8")),
        .init(file: "aifc-sowt-s16le.aifc", format: .aifc, judge: .pcm(raw: "s16le")),
        .init(file: "aifc-fl32-float.aifc", format: .aifc, judge: .pcm(raw: "f32be")),
        .init(file: "aifc-fl64-float.aifc", format: .aifc, judge: .pcm(raw: "f64be")),
        .init(file: "aifc-ulaw.aifc", format: .aifc, judge: .pcm(raw: "mulaw")),
        .init(file: "aifc-ima4-packets.aifc", format: .aifc, judge: .packets(headerBytes: 0)),
        .init(file: "aiff-id3-chunk.aiff", format: .aiff, judge: .pcm(raw: "s16be")),
        .init(file: "aiff-truncated-ssnd.aiff", format: .aiff, judge: .pcm(raw: "s24be"), dropsPartialPacket: true),
        .init(file: "caf-lpcm-s16le.caf", format: .caf, judge: .pcm(raw: "s16le")),
        .init(file: "caf-lpcm-f32be.caf", format: .caf, judge: .pcm(raw: "f32be")),
        .init(file: "caf-lpcm-s24be.caf", format: .caf, judge: .pcm(raw: "s24be")),
        .init(file: "caf-alac-frma-atom-cookie.caf", format: .caf, judge: .packets(headerBytes: 0)),
        .init(file: "caf-opus-no-cookie.caf", format: .caf, judge: .packets(headerBytes: 0)),
        .init(file: "caf-ima4-constant-packets.caf", format: .caf, judge: .packets(headerBytes: 0)),
        .init(file: "caf-ulaw.caf", format: .caf, judge: .pcm(raw: "mulaw")),
        .init(file: "caf-lpcm-streamed-data-size-minus-one.caf", format: .caf, judge: .pcm(raw: "s16le")),
        .init(file: "caf-alac-truncated-data.caf", format: .caf, judge: .packets(headerBytes: 0),
              dropsPartialPacket: true),
        .init(file: "amr-nb-speech-modes.amr", format: .amr, judge: .packets(headerBytes: 0)),
        .init(file: "amr-wb-speech-modes.awb", format: .amr, judge: .packets(headerBytes: 0)),
        .init(file: "amr-nb-sid-and-no-data.amr", format: .amr, judge: .packets(headerBytes: 0)),
        .init(file: "amr-wb-sid-and-no-data.awb", format: .amr, judge: .packets(headerBytes: 0)),
        .init(file: "amr-nb-truncated-last-frame.amr", format: .amr, judge: .packets(headerBytes: 0),
              dropsPartialPacket: true),
        .init(file: "mp3-cbr-info-lame-tag.mp3", format: .mp3, judge: .packets(headerBytes: 0)),
        .init(file: "mp3-vbr-xing-lame-tag-id3v2.mp3", format: .mp3, judge: .packets(headerBytes: 0)),
        .init(file: "mp3-mpeg2-22khz-id3v1.mp3", format: .mp3, judge: .packets(headerBytes: 0)),
        .init(file: "mp3-mpeg25-8khz-no-xing.mp3", format: .mp3, judge: .packets(headerBytes: 0)),
        .init(file: "mp2-layer2-48khz.mp2", format: .mp3, judge: .packets(headerBytes: 0)),
        .init(file: "mp3-junk-between-frames.mp3", format: .mp3, judge: .packetsWithJunk),
        .init(file: "mp3-truncated-last-frame.mp3", format: .mp3, judge: .packets(headerBytes: 0),
              dropsPartialPacket: true),
        .init(file: "adts-aac-lc-mono.aac", format: .adts, judge: .packets(headerBytes: 7)),
        .init(file: "adts-aac-lc-stereo-48k-id3.aac", format: .adts, judge: .packets(headerBytes: 7)),
        .init(file: "adts-aac-pce-channel-config-0.aac", format: .adts, judge: .packets(headerBytes: 7)),
        .init(file: "adts-crc-protected.aac", format: .adts, judge: .packets(headerBytes: 9)),
        .init(file: "adts-truncated-last-frame.aac", format: .adts, judge: .packets(headerBytes: 7),
              dropsPartialPacket: true),
    ]

    static var packetCases: [ReaderCase] {
        all.filter { switch $0.judge { case .packets, .packetsWithJunk: true; default: false } }
    }
    static var groupedCases: [ReaderCase] { all.filter { if case .groupedPackets = $0.judge { true } else { false } } }
    static var pcmCases: [ReaderCase] { all.filter { if case .pcm = $0.judge { true } else { false } } }
}

/// Opens `url` the way the asset layer will: sniffing, mapping, the matching reader.
func openReader(_ url: URL) throws -> any AudioFileReader {
    try AudioFileOpener.makeReader(url: url)
}

@Suite("Readers against ffprobe, ffmpeg and mediainfo")
struct ReaderOracleTests {
    @Test("every generated file is generated and covered by a case")
    func coverage() {
        let covered = Set(ReaderCase.all.map(\.file))
        #expect(Set(GeneratedAudio.names).subtracting(covered).isEmpty)
    }

    @Test("compressed packets: count, time, duration, size and position match ffprobe", arguments: ReaderCase.packetCases)
    func packets(_ testCase: ReaderCase) throws {
        var headerBytes = 0
        var junkAllowed = false
        switch testCase.judge {
        case .packets(let bytes): headerBytes = bytes
        case .packetsWithJunk: junkAllowed = true
        default: return
        }
        let url = try GeneratedAudio.url(testCase.file)
        let reader = try openReader(url)
        #expect(reader.format == testCase.format)
        let table = try #require(try reader.tracks.first?.samples.table())
        let stream = try Probe.stream(url)
        var theirs = try Probe.packets(url, stream: stream)
        if testCase.dropsPartialPacket {
            // ffprobe's last packet is the fragment the file ends in; we hand out whole packets only.
            try #require(theirs.count == table.count + 1, "ffprobe \(theirs.count) packets, ours \(table.count)")
            theirs.removeLast()
        }
        try #require(table.count == theirs.count, "ffprobe \(theirs.count) packets, ours \(table.count)")
        var previousEnd: Int64?
        for (index, packet) in theirs.enumerated() {
            let pts = table.decodeTime(at: index)
            if let theirPTS = packet.pts {
                // MP3 and CAF Opus streams start at ffprobe's time 0 after its own priming shift; compare deltas.
                #expect(pts - table.decodeTime(at: 0) == theirPTS - (theirs[0].pts ?? 0), "pts of packet \(index)")
            }
            if let duration = packet.duration { #expect(table.duration(at: index) == duration, "duration of packet \(index)") }
            if junkAllowed {
                #expect(table.size(at: index) <= packet.size, "size of packet \(index)")
            } else {
                #expect(table.size(at: index) + headerBytes == packet.size, "size of packet \(index)")
            }
            if let position = packet.position {
                if junkAllowed {
                    // FFmpeg's packet starts at the junk before the frame; both end where the frame ends.
                    #expect(Int64(table.offset(at: index)) + Int64(table.size(at: index)) == position + Int64(packet.size),
                            "end of packet \(index)")
                } else {
                    #expect(Int64(table.offset(at: index)) - Int64(headerBytes) == position, "position of packet \(index)")
                }
            }
            if previousEnd == nil { previousEnd = pts }
        }
        // Durations without an ffprobe value (CAF) still sum to the stream's frames.
        if let ticks = stream.durationTicks, stream.timeBase.denominator == Int64(stream.sampleRate),
           !testCase.dropsPartialPacket, testCase.format == .caf {
            #expect(table.durations.cumulativeSumAtEnd == ticks)
        }
    }

    @Test("grouped codec packets: ffprobe's packets start on our packet boundaries; bytes and frames add up",
          arguments: ReaderCase.groupedCases)
    func groupedPackets(_ testCase: ReaderCase) throws {
        let url = try GeneratedAudio.url(testCase.file)
        let reader = try openReader(url)
        let table = try #require(try reader.tracks.first?.samples.table())
        let stream = try Probe.stream(url)
        let theirs = try Probe.packets(url, stream: stream)
        let boundaries = Set((0..<table.count).map { Int64(table.offset(at: $0)) })
        for packet in theirs {
            if let position = packet.position { #expect(boundaries.contains(position), "ffprobe packet at \(position)") }
        }
        #expect(table.totalSize == Int64(theirs.reduce(0) { $0 + $1.size }))
        #expect(table.durations.cumulativeSumAtEnd == theirs.reduce(Int64(0)) { $0 + ($1.duration ?? 0) })
    }

    @Test("PCM: payload bytes equal ffmpeg's copy; byte range and frames equal ffprobe's", arguments: ReaderCase.pcmCases)
    func pcmPayload(_ testCase: ReaderCase) throws {
        guard case .pcm(let raw) = testCase.judge else { return }
        let url = try GeneratedAudio.url(testCase.file)
        let reader = try openReader(url)
        #expect(reader.format == testCase.format)
        let track = try #require(reader.tracks.first)
        let table = try track.samples.table()
        let data = try AudioFileData(file: reader.file)
        var ours: [UInt8] = []
        var expectedOffset = table.count > 0 ? table.offset(at: 0) : 0
        for index in 0..<table.count {
            // PCM packets are contiguous: one byte range.
            #expect(table.offset(at: index) == expectedOffset)
            expectedOffset += UInt64(table.size(at: index))
            ours += try #require(data.reader.getBytes(at: Int(table.offset(at: index)), count: table.size(at: index)))
        }
        var theirs = try Probe.rawSamples(url, format: raw)
        let stream = try Probe.stream(url)
        let packets = try Probe.packets(url, stream: stream)
        var theirBytes = Int64(packets.reduce(0) { $0 + $1.size })
        if testCase.dropsPartialPacket {
            // ffmpeg copies the partial frame the file ends in; we hand out whole frames only.
            let frameBytes = Int(track.formatDescriptions.first?.audioStreamBasicDescription?.mBytesPerFrame ?? 1)
            #expect(theirs.count > ours.count && theirs.count - ours.count < frameBytes)
            theirBytes -= Int64(theirs.count - ours.count)
            theirs = Array(theirs.prefix(ours.count))
        }
        #expect(ours.count == theirs.count)
        let identical = ours == theirs
        #expect(identical, "sample bytes differ from ffmpeg's copy")
        if let first = packets.first?.position { #expect(Int64(table.offset(at: 0)) == first) }
        #expect(Int64(ours.count) == theirBytes)
        if !testCase.dropsPartialPacket {
            let frames = packets.reduce(Int64(0)) { $0 + ($1.duration ?? 0) }
            #expect(table.durations.cumulativeSumAtEnd == frames)
            if let ticks = stream.durationTicks, stream.timeBase.denominator == Int64(stream.sampleRate) {
                #expect(track.mediaDuration == ticks)
            }
        }
        // Linear PCM counts frames, as Apple does in every container (and MOV stores it): a sample per frame, the
        // frame count ffprobe's packets add up to, in a table of a few runs.
        let asbd = try #require(track.formatDescriptions.first?.audioStreamBasicDescription)
        if asbd.mFormatID == kAudioFormatLinearPCM, !testCase.dropsPartialPacket {
            let frames = packets.reduce(Int64(0)) { $0 + ($1.duration ?? 0) }
            #expect(Int64(table.count) == frames)
            #expect(table.duration(at: 0) == 1 && table.constantSize?.size == asbd.mBytesPerFrame)
            #expect(table.durations.runCount == 1)
        }
    }

    @Test("stream properties match ffprobe and mediainfo", arguments: ReaderCase.all)
    func streamProperties(_ testCase: ReaderCase) throws {
        let url = try GeneratedAudio.url(testCase.file)
        let reader = try openReader(url)
        let track = try #require(reader.tracks.first)
        let asbd = try #require(track.formatDescriptions.first?.audioStreamBasicDescription)
        let stream = try Probe.stream(url)
        #expect(Int(asbd.mSampleRate) == stream.sampleRate)
        #expect(Int(asbd.mChannelsPerFrame) == stream.channels)
        #expect(track.mediaTimescale == CMTimeScale(stream.sampleRate))
        #expect(track.trackID == 1 && track.mediaType == kCMMediaType_Audio)
        if asbd.mFormatID == kAudioFormatLinearPCM { #expect(Int(asbd.mBitsPerChannel) == stream.bitsPerSample) }
        let info = try Probe.mediainfo(url)
        if let rate = info["SamplingRate"].flatMap(Double.init) { #expect(rate == asbd.mSampleRate) }
        if let channels = info["Channels"].flatMap(Int.init) { #expect(channels == Int(asbd.mChannelsPerFrame)) }
        if asbd.mFormatID == kAudioFormatLinearPCM, let depth = info["BitDepth"].flatMap(Int.init) {
            #expect(depth == Int(asbd.mBitsPerChannel))
        }
        // mediainfo counts every frame of an intact MP3 (priming included), as our media duration does.
        if testCase.format == .mp3, !testCase.dropsPartialPacket, !testCase.file.contains("junk"),
           let count = info["SamplingCount"].flatMap(Int64.init) {
            #expect(track.mediaDuration == count)
        }
        // mediainfo's frame count for MPEG audio and CAF packet tables is the packet count.
        if testCase.format == .mp3 || testCase.format == .caf && asbd.mBytesPerPacket == 0, !testCase.dropsPartialPacket,
           let frames = info["FrameCount"].flatMap(Int.init) {
            #expect(try track.samples.table().count == frames)
        }
    }
}
