import Foundation
import CoreMedia
import TestSupport

/// One stream of a file as ffprobe (not our demuxer) describes it: codec, size or audio format, setup bytes, and
/// every packet's timing and place in the file, so tests can feed our decoders exactly what the file holds.
struct ProbedStream {
    struct Packet {
        var pts: Int64
        var dts: Int64
        var duration: Int64
        var isKey: Bool
        var bytes: [UInt8]
    }

    var codecName: String
    var codecTag: String
    var width: Int
    var height: Int
    var sampleRate: Int
    var channels: Int
    var extradata: [UInt8]
    var timescale: Int32
    var packets: [Packet]

    /// A stream described field by field.
    init(codecName: String, codecTag: String, width: Int, height: Int, sampleRate: Int, channels: Int, extradata: [UInt8],
         timescale: Int32, packets: [Packet]) {
        self.codecName = codecName
        self.codecTag = codecTag
        self.width = width
        self.height = height
        self.sampleRate = sampleRate
        self.channels = channels
        self.extradata = extradata
        self.timescale = timescale
        self.packets = packets
    }

    /// Probes the first stream of `kind` ("v" or "a") of `url`.
    init(_ url: URL, kind: String = "v") throws {
        let streams = try ExternalTool.ffprobeJSON(["-show_streams", "-show_data", "-select_streams", "\(kind):0", url.path])
        guard let stream = (streams["streams"] as? [[String: Any]])?.first else { throw TestFailure("no \(kind) stream in \(url.lastPathComponent)") }
        codecName = stream["codec_name"] as? String ?? ""
        codecTag = stream["codec_tag_string"] as? String ?? ""
        width = stream["width"] as? Int ?? 0
        height = stream["height"] as? Int ?? 0
        sampleRate = Int(stream["sample_rate"] as? String ?? "") ?? 0
        channels = stream["channels"] as? Int ?? 0
        extradata = Self.parseHexDump(stream["extradata"] as? String ?? "")
        let timeBase = (stream["time_base"] as? String ?? "1/1").split(separator: "/")
        guard timeBase.count == 2, timeBase[0] == "1", let scale = Int32(timeBase[1]) else {
            throw TestFailure("unexpected time base \(stream["time_base"] ?? "")")
        }
        timescale = scale
        let probed = try ExternalTool.ffprobeJSON(["-show_packets", "-select_streams", "\(kind):0", url.path])
        let file = try Data(contentsOf: url)
        packets = try (probed["packets"] as? [[String: Any]] ?? []).map { packet in
            guard let pos = Int(packet["pos"] as? String ?? ""), let size = Int(packet["size"] as? String ?? ""),
                  pos >= 0, pos + size <= file.count else { throw TestFailure("packet without a file position") }
            let pts = packet["pts"] as? Int64 ?? (packet["pts"] as? Int).map(Int64.init) ?? 0
            let dts = packet["dts"] as? Int64 ?? (packet["dts"] as? Int).map(Int64.init) ?? pts
            let duration = packet["duration"] as? Int64 ?? (packet["duration"] as? Int).map(Int64.init) ?? 0
            return Packet(pts: pts, dts: dts, duration: duration, isKey: (packet["flags"] as? String ?? "").hasPrefix("K"),
                          bytes: [UInt8](file[pos..<(pos + size)]))
        }
    }

    /// ffprobe's `-show_data` hex dump ("00000000: 0164 000d …  .d..") as bytes.
    static func parseHexDump(_ dump: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for line in dump.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            // Hex groups follow the offset; the ASCII column starts after two spaces.
            let rest = line[line.index(after: colon)...]
            let hexPart = rest.components(separatedBy: "  ").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            for group in hexPart.split(separator: " ") {
                var text = Substring(group)
                while text.count >= 2, let byte = UInt8(text.prefix(2), radix: 16) {
                    bytes.append(byte)
                    text = text.dropFirst(2)
                }
            }
        }
        return bytes
    }

    /// A video format description as MP4 carries it: the subtype, size, and the setup atom.
    func videoFormatDescription(atom: String? = nil) throws -> CMFormatDescription {
        var extensions: [String: Any] = [:]
        if let atom { extensions[kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms as String] = [atom: Data(extradata)] }
        var description: CMFormatDescription?
        let status = CMVideoFormatDescriptionCreate(allocator: nil, codecType: fourCC(codecTag), width: Int32(width),
                                                    height: Int32(height), extensions: extensions as CFDictionary,
                                                    formatDescriptionOut: &description)
        guard status == noErr, let description else { throw TestFailure("CMVideoFormatDescriptionCreate: \(status)") }
        return description
    }

    /// Sample buffers of `perBuffer` packets each, in file (decode) order, with exact timing and sync attachments.
    func sampleBuffers(format: CMFormatDescription, perBuffer: Int = 1) throws -> [CMSampleBuffer] {
        var result: [CMSampleBuffer] = []
        for start in stride(from: 0, to: packets.count, by: perBuffer) {
            let group = Array(packets[start..<min(packets.count, start + perBuffer)])
            let bytes = group.flatMap(\.bytes)
            let block = try makeBlockBuffer(bytes)
            var timings = group.map {
                CMSampleTimingInfo(duration: CMTime(value: $0.duration, timescale: timescale),
                                   presentationTimeStamp: CMTime(value: $0.pts, timescale: timescale),
                                   decodeTimeStamp: CMTime(value: $0.dts, timescale: timescale))
            }
            var sizes = group.map { $0.bytes.count }
            var buffer: CMSampleBuffer?
            let status = CMSampleBufferCreateReady(allocator: nil, dataBuffer: block, formatDescription: format,
                                                   sampleCount: group.count, sampleTimingEntryCount: timings.count,
                                                   sampleTimingArray: &timings, sampleSizeEntryCount: sizes.count,
                                                   sampleSizeArray: &sizes, sampleBufferOut: &buffer)
            guard status == noErr, let buffer else { throw TestFailure("CMSampleBufferCreateReady: \(status)") }
            for (index, packet) in group.enumerated() where !packet.isKey {
                buffer.sampleAttachments[index][.notSync] = true
            }
            result.append(buffer)
        }
        return result
    }
}

/// A block buffer holding a copy of `bytes`.
func makeBlockBuffer(_ bytes: [UInt8]) throws -> CMBlockBuffer {
    var block: CMBlockBuffer?
    var status = CMBlockBufferCreateWithMemoryBlock(allocator: nil, memoryBlock: nil, blockLength: max(1, bytes.count),
                                                    blockAllocator: nil, customBlockSource: nil, offsetToData: 0,
                                                    dataLength: bytes.count, flags: kCMBlockBufferAssureMemoryNowFlag,
                                                    blockBufferOut: &block)
    guard status == kCMBlockBufferNoErr, let block else { throw TestFailure("CMBlockBufferCreateWithMemoryBlock: \(status)") }
    if !bytes.isEmpty {
        status = bytes.withUnsafeBytes {
            CMBlockBufferReplaceDataBytes(with: $0.baseAddress!, blockBuffer: block, offsetIntoDestination: 0, dataLength: bytes.count)
        }
        guard status == kCMBlockBufferNoErr else { throw TestFailure("CMBlockBufferReplaceDataBytes: \(status)") }
    }
    return block
}

/// A four-character code from its text.
func fourCC(_ text: String) -> FourCharCode {
    text.utf8.reduce(0) { $0 << 8 | FourCharCode($1) }
}
