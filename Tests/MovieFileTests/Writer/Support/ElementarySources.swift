import CoreAudioTypes
import CoreMedia
import Foundation
import ISOBMFF
import TestSupport

/// Track sources made from elementary streams the way a real caller would make them: Annex B video turned into
/// length-prefixed samples and a format description from its parameter sets (Core Media's
/// `CMVideoFormatDescriptionCreateFrom…ParameterSets`), ADTS frames into AAC packets with an ES_Descriptor cookie,
/// raw ProRes and JPEG frames, and PCM.
enum ElementarySources {
    // MARK: H.264 / HEVC from Annex B

    /// The NAL units of an Annex B access unit (start codes removed).
    static func nalUnits(_ bytes: [UInt8]) -> [[UInt8]] {
        var units: [[UInt8]] = []
        var index = 0, start: Int?
        while index + 3 <= bytes.count {
            if bytes[index] == 0, bytes[index + 1] == 0, bytes[index + 2] == 1 {
                if let start {
                    var end = index
                    while end > start, bytes[end - 1] == 0 { end -= 1 }
                    units.append(Array(bytes[start..<end]))
                }
                index += 3
                start = index
            } else {
                index += 1
            }
        }
        if let start, start < bytes.count { units.append(Array(bytes[start...])) }
        return units
    }

    /// H.264 (`hevc == false`) or HEVC from an MPEG-TS file of Annex B packets: parameter sets out of band, access
    /// unit delimiters and in-band parameter sets dropped, each NAL unit prefixed with its 4-byte length.
    static func annexBVideo(_ url: URL, hevc: Bool) throws -> TrackSource {
        let packets = try PacketProbe.packets(url, stream: "v:0", withData: true)
        var parameterSets: [[UInt8]] = []
        var seen = Set<[UInt8]>()
        var samples: [TrackSource.Sample] = []
        for packet in packets {
            guard let data = packet.data, let pts = packet.pts, let dts = packet.dts else { continue }
            var sample: [UInt8] = []
            for unit in nalUnits(data) where !unit.isEmpty {
                let type = hevc ? (unit[0] >> 1) & 0x3F : unit[0] & 0x1F
                let isParameterSet = hevc ? (32...34).contains(type) : (type == 7 || type == 8)
                let isDelimiter = hevc ? type == 35 : type == 9
                if isParameterSet {
                    if seen.insert(unit).inserted { parameterSets.append(unit) }
                    continue
                }
                if isDelimiter { continue }
                let length = UInt32(unit.count)
                sample += [UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF),
                           UInt8(length & 0xFF)] + unit
            }
            samples.append(.init(data: sample, decodeTime: dts, presentationTime: pts,
                                 duration: packet.duration ?? 3600, isSync: packet.isKey))
        }
        // Rebase so the first presented frame is at 0 (decode times before it negative), as Video Toolbox's encoders
        // time their output; MPEG-TS starts at an arbitrary 1.4 s.
        let origin = samples.map(\.presentationTime).min() ?? 0
        for index in samples.indices {
            samples[index].decodeTime -= origin
            samples[index].presentationTime -= origin
        }
        if hevc {
            // VPS, SPS, PPS order for hvcC arrays.
            parameterSets.sort { ($0[0] >> 1) & 0x3F < ($1[0] >> 1) & 0x3F }
        } else {
            parameterSets.sort { $0[0] & 0x1F < $1[0] & 0x1F }
        }
        var description: CMFormatDescription?
        let status = withParameterSetPointers(parameterSets) { pointers, sizes in
            hevc ? CMVideoFormatDescriptionCreateFromHEVCParameterSets(
                       allocator: nil, parameterSetCount: parameterSets.count, parameterSetPointers: pointers,
                       parameterSetSizes: sizes, nalUnitHeaderLength: 4, extensions: nil,
                       formatDescriptionOut: &description)
                : CMVideoFormatDescriptionCreateFromH264ParameterSets(
                       allocator: nil, parameterSetCount: parameterSets.count, parameterSetPointers: pointers,
                       parameterSetSizes: sizes, nalUnitHeaderLength: 4, formatDescriptionOut: &description)
        }
        guard status == noErr, let description else { throw SourceError("parameter sets rejected: \(status)") }
        return TrackSource(name: url.lastPathComponent, mediaType: kCMMediaType_Video, timescale: 90_000,
                           description: description, samples: samples, origin: url)
    }

    private static func withParameterSetPointers(
        _ sets: [[UInt8]], _ body: (UnsafePointer<UnsafePointer<UInt8>>, UnsafePointer<Int>) -> OSStatus
    ) -> OSStatus {
        let buffers = sets.map { set -> UnsafeMutablePointer<UInt8> in
            let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: set.count)
            pointer.initialize(from: set, count: set.count)
            return pointer
        }
        defer { buffers.forEach { $0.deallocate() } }
        let pointers = buffers.map { UnsafePointer($0) }
        let sizes = sets.map(\.count)
        return pointers.withUnsafeBufferPointer { p in sizes.withUnsafeBufferPointer { s in body(p.baseAddress!, s.baseAddress!) } }
    }

    // MARK: AAC from ADTS

    /// AAC packets from an ADTS file (headers stripped), with an ES_Descriptor cookie made from the first header
    /// (ISO/IEC 14496-3 §1.6.2.1 AudioSpecificConfig in a DecoderConfigDescriptor, OTI 0x40).
    static func adts(_ url: URL, encoderDelay: Int64 = 1024) throws -> TrackSource {
        let bytes = [UInt8](try Data(contentsOf: url))
        var offset = 0
        var samples: [TrackSource.Sample] = []
        var objectType = 0, rateIndex = 0, channels = 0
        // Timed as Apple's AAC encoder times its output: the priming packets before 0, the first real sample at 0.
        var time: Int64 = -encoderDelay
        while offset + 7 <= bytes.count {
            guard bytes[offset] == 0xFF, bytes[offset + 1] & 0xF0 == 0xF0 else { throw SourceError("lost ADTS sync") }
            let protectionAbsent = bytes[offset + 1] & 1 == 1
            objectType = Int(bytes[offset + 2] >> 6) + 1
            rateIndex = Int((bytes[offset + 2] >> 2) & 0xF)
            channels = Int((bytes[offset + 2] & 1) << 2 | bytes[offset + 3] >> 6)
            let length = Int(bytes[offset + 3] & 3) << 11 | Int(bytes[offset + 4]) << 3 | Int(bytes[offset + 5] >> 5)
            let header = protectionAbsent ? 7 : 9
            guard length > header, offset + length <= bytes.count else { throw SourceError("bad ADTS frame") }
            samples.append(.init(data: Array(bytes[(offset + header)..<(offset + length)]), decodeTime: time,
                                 presentationTime: time, duration: 1024, isSync: true))
            time += 1024
            offset += length
        }
        let rates = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350]
        let rate = rates[rateIndex]
        let config: [UInt8] = [UInt8(objectType << 3 | rateIndex >> 1), UInt8((rateIndex & 1) << 7 | channels << 3)]
        let cookie = esDescriptor(objectTypeIndication: 0x40, specificInfo: config)
        var asbd = AudioStreamBasicDescription()
        asbd.mSampleRate = Double(rate)
        asbd.mFormatID = kAudioFormatMPEG4AAC
        asbd.mFormatFlags = UInt32(objectType)
        asbd.mFramesPerPacket = 1024
        asbd.mChannelsPerFrame = UInt32(channels)
        var source = TrackSource(name: url.lastPathComponent, mediaType: kCMMediaType_Audio, timescale: Int32(rate),
                                 description: try audioDescription(asbd, cookie: cookie), samples: samples, origin: url)
        source.encoderDelay = encoderDelay
        return source
    }

    /// An ES_Descriptor with 4-byte lengths, as Apple's encoders hand out magic cookies.
    static func esDescriptor(objectTypeIndication: UInt8, specificInfo: [UInt8]) -> [UInt8] {
        func descriptor(_ tag: UInt8, _ body: [UInt8]) -> [UInt8] {
            let n = body.count
            return [tag, UInt8(0x80 | (n >> 21) & 0x7F), UInt8(0x80 | (n >> 14) & 0x7F),
                    UInt8(0x80 | (n >> 7) & 0x7F), UInt8(n & 0x7F)] + body
        }
        let config = [objectTypeIndication, 0x15, 0, 0x18, 0, 0, 1, 0xF4, 0, 0, 1, 0xF4, 0] + descriptor(5, specificInfo)
        return descriptor(3, [0, 0, 0] + descriptor(4, config) + descriptor(6, [2]))
    }

    /// An audio format description.
    static func audioDescription(_ asbd: AudioStreamBasicDescription, cookie: [UInt8],
                                 layout: AudioChannelLayoutTag? = nil) throws -> CMFormatDescription {
        var description: CMFormatDescription?
        var asbd = asbd
        var channelLayout = AudioChannelLayout()
        if let layout { channelLayout.mChannelLayoutTag = layout }
        let status = cookie.withUnsafeBytes { raw in
            withUnsafePointer(to: &channelLayout) { layoutPointer in
                CMAudioFormatDescriptionCreate(
                    allocator: nil, asbd: &asbd, layoutSize: layout == nil ? 0 : MemoryLayout<AudioChannelLayout>.size,
                    layout: layout == nil ? nil : layoutPointer, magicCookieSize: cookie.count,
                    magicCookie: cookie.isEmpty ? nil : raw.baseAddress, extensions: nil,
                    formatDescriptionOut: &description)
            }
        }
        guard status == noErr, let description else { throw SourceError("audio description rejected: \(status)") }
        return description
    }

    // MARK: Intra-frame video and PCM

    /// ProRes frames from a raw stream (each frame starts with its 32-bit size and 'icpf').
    static func prores(_ url: URL, codec: String = "apcn") throws -> TrackSource {
        let bytes = [UInt8](try Data(contentsOf: url))
        var frames: [[UInt8]] = []
        var offset = 0
        while offset + 8 <= bytes.count {
            let size = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
                | Int(bytes[offset + 3])
            guard size >= 8, offset + size <= bytes.count, bytes[(offset + 4)..<(offset + 8)].elementsEqual(Array("icpf".utf8))
            else { throw SourceError("bad ProRes frame at \(offset)") }
            frames.append(Array(bytes[offset..<(offset + size)]))
            offset += size
        }
        return try intraVideo(frames, codec: codec, url: url)
    }

    /// JPEG frames from a raw MJPEG stream (SOI … EOI).
    static func mjpeg(_ url: URL) throws -> TrackSource {
        let bytes = [UInt8](try Data(contentsOf: url))
        var frames: [[UInt8]] = []
        var start = 0, index = 2
        while index + 1 < bytes.count {
            if bytes[index] == 0xFF, bytes[index + 1] == 0xD9 {
                frames.append(Array(bytes[start..<(index + 2)]))
                start = index + 2
                index = start + 2
            } else {
                index += 1
            }
        }
        return try intraVideo(frames, codec: "jpeg", url: url)
    }

    /// 64×48 intra-only frames at 25 fps (timescale 600, as Apple's writers use for video).
    private static func intraVideo(_ frames: [[UInt8]], codec: String, url: URL) throws -> TrackSource {
        var description: CMFormatDescription?
        let codecType = codec.utf8.reduce(FourCharCode(0)) { $0 << 8 | FourCharCode($1) }
        CMVideoFormatDescriptionCreate(allocator: nil, codecType: codecType, width: 64, height: 48, extensions: nil,
                                       formatDescriptionOut: &description)
        guard let description else { throw SourceError("video description rejected") }
        let samples = frames.enumerated().map { index, frame in
            TrackSource.Sample(data: frame, decodeTime: Int64(index) * 24, presentationTime: Int64(index) * 24,
                               duration: 24, isSync: true)
        }
        return TrackSource(name: url.lastPathComponent, mediaType: kCMMediaType_Video, timescale: 600,
                           description: description, samples: samples, origin: url)
    }

    /// AMR-NB made up frame by frame (Debian's FFmpeg has no AMR encoder): 12.2 kb/s frames (RFC 4867 §5.3
    /// storage format: a header byte with frame type 7 and the quality bit, then 31 bytes of speech bits, which any
    /// bit pattern fills), 20 ms each, one frame per sample, no magic cookie (the writer makes the `damr`).
    static func syntheticAMR(frames: Int = 50) throws -> TrackSource {
        var generator = SplitMix64(seed: 7)
        let samples = (0..<frames).map { index -> TrackSource.Sample in
            let body = (0..<31).map { _ in UInt8.random(in: 0...255, using: &generator) }
            return .init(data: [0x3C] + body, decodeTime: Int64(index) * 160, presentationTime: Int64(index) * 160,
                         duration: 160, isSync: true)
        }
        var asbd = AudioStreamBasicDescription()
        asbd.mSampleRate = 8_000
        asbd.mFormatID = kAudioFormatAMR
        asbd.mFramesPerPacket = 160
        asbd.mChannelsPerFrame = 1
        return TrackSource(name: "amr-nb", mediaType: kCMMediaType_Audio, timescale: 8_000,
                           description: try audioDescription(asbd, cookie: []), samples: samples)
    }

    /// Interleaved signed 16-bit little-endian PCM, appended 1024 frames at a time as runs of one-frame samples.
    static func pcm(_ url: URL, rate: Int = 48_000, channels: Int = 2) throws -> TrackSource {
        let bytes = [UInt8](try Data(contentsOf: url))
        let frameSize = 2 * channels
        var asbd = AudioStreamBasicDescription()
        asbd.mSampleRate = Double(rate)
        asbd.mFormatID = kAudioFormatLinearPCM
        asbd.mFormatFlags = kLinearPCMFormatFlagIsSignedInteger | kAudioFormatFlagIsPacked
        asbd.mBytesPerPacket = UInt32(frameSize)
        asbd.mFramesPerPacket = 1
        asbd.mBytesPerFrame = UInt32(frameSize)
        asbd.mChannelsPerFrame = UInt32(channels)
        asbd.mBitsPerChannel = 16
        var samples: [TrackSource.Sample] = []
        var offset = 0
        while offset < bytes.count {
            let frames = min(1024, (bytes.count - offset) / frameSize)
            guard frames > 0 else { break }
            let time = Int64(offset / frameSize)
            samples.append(.init(data: Array(bytes[offset..<(offset + frames * frameSize)]), decodeTime: time,
                                 presentationTime: time, duration: 1, isSync: true, count: frames))
            offset += frames * frameSize
        }
        return TrackSource(name: url.lastPathComponent, mediaType: kCMMediaType_Audio, timescale: Int32(rate),
                           description: try audioDescription(asbd, cookie: [],
                                                             layout: channels == 2 ? kAudioChannelLayoutTag_Stereo
                                                                 : kAudioChannelLayoutTag_Mono),
                           samples: samples, origin: url)
    }
}

/// A test input that could not be made.
struct SourceError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
