import Foundation

/// Rewrites the edit list of a track of an MP4/MOV whose movie box comes last (ffmpeg's default layout, so no
/// chunk offset moves), to make test files with the edit lists a test needs: several segments, empty edits, edits
/// starting inside a frame, edits at other rates. The track and movie durations are set to the edits' total.
///
/// The edits written are checked independently: ffprobe reads them back (`EditListWriterTests`).
enum EditListWriter {
    /// One `elst` entry: duration in movie ticks, media time in media ticks (−1: empty), rate as 16.16.
    struct Edit {
        var duration: UInt32
        var mediaTime: Int32
        var rate: Int32 = 0x10000
    }

    /// A copy of `source` in which track number `trackIndex` (0-based, in file order) has `edits`.
    static func rewrite(_ source: URL, trackIndex: Int, edits: [Edit], to destination: URL) throws {
        var bytes = [UInt8](try Data(contentsOf: source))
        let top = boxes(in: bytes, 0..<bytes.count)
        guard let moov = top.last, moov.type == "moov" else { throw ReaderTestFailure("the movie box is not last") }
        let children = boxes(in: bytes, moov.payload)
        let traks = children.filter { $0.type == "trak" }
        guard trackIndex < traks.count else { throw ReaderTestFailure("no track \(trackIndex)") }
        let total = edits.reduce(UInt64(0)) { $0 + UInt64($1.duration) }
        var newMovie: [UInt8] = []
        var trakNumber = 0
        for child in children {
            var box = Array(bytes[child.range])
            if child.type == "mvhd" {
                setDuration(&box, of: "mvhd", to: total, atLeast: false)
            } else if child.type == "trak" {
                if trakNumber == trackIndex { box = trakWithEdits(box, edits: edits, total: total) }
                trakNumber += 1
            }
            newMovie += box
        }
        let header = sizeHeader(8 + newMovie.count, "moov")
        bytes.replaceSubrange(moov.range, with: header + newMovie)
        try Data(bytes).write(to: destination)
    }

    private struct Box {
        var type: String
        var range: Range<Int>
        var payload: Range<Int>
    }

    private static func boxes(in bytes: [UInt8], _ range: Range<Int>) -> [Box] {
        var result: [Box] = []
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound {
            var size = Int(read32(bytes, offset))
            var header = 8
            if size == 1 { size = Int(read32(bytes, offset + 8)) << 32 | Int(read32(bytes, offset + 12)); header = 16 }
            if size == 0 { size = range.upperBound - offset }
            guard size >= header, offset + size <= range.upperBound else { break }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            result.append(Box(type: type, range: offset..<(offset + size), payload: (offset + header)..<(offset + size)))
            offset += size
        }
        return result
    }

    private static func trakWithEdits(_ trak: [UInt8], edits: [Edit], total: UInt64) -> [UInt8] {
        var body: [UInt8] = []
        for child in boxes(in: trak, 8..<trak.count) where child.type != "edts" {
            var box = Array(trak[child.range])
            if child.type == "tkhd" { setDuration(&box, of: "tkhd", to: total, atLeast: false) }
            body += box
            if child.type == "tkhd" {
                var elst: [UInt8] = [0, 0, 0, 0] + be32(UInt32(edits.count))
                for edit in edits {
                    elst += be32(edit.duration) + be32(UInt32(bitPattern: edit.mediaTime)) + be32(UInt32(bitPattern: edit.rate))
                }
                let elstBox = sizeHeader(8 + elst.count, "elst") + elst
                body += sizeHeader(8 + elstBox.count, "edts") + elstBox
            }
        }
        return sizeHeader(8 + body.count, "trak") + body
    }

    /// Sets the duration field of a version-0 or -1 `mvhd`/`tkhd`.
    private static func setDuration(_ box: inout [UInt8], of type: String, to duration: UInt64, atLeast: Bool) {
        let version = box[8]
        // mvhd: creation, modification, timescale, duration; tkhd: creation, modification, track ID, reserved, duration.
        let offset = type == "mvhd" ? (version == 1 ? 8 + 4 + 16 + 4 : 8 + 4 + 8 + 4)
                                    : (version == 1 ? 8 + 4 + 16 + 8 : 8 + 4 + 8 + 8)
        if version == 1 {
            let old = UInt64(read32(box, offset)) << 32 | UInt64(read32(box, offset + 4))
            let value = atLeast ? max(old, duration) : duration
            box.replaceSubrange(offset..<(offset + 8), with: be32(UInt32(value >> 32)) + be32(UInt32(truncatingIfNeeded: value)))
        } else {
            let value = atLeast ? max(UInt64(read32(box, offset)), duration) : duration
            box.replaceSubrange(offset..<(offset + 4), with: be32(UInt32(clamping: value)))
        }
    }

    private static func read32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    private static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    private static func sizeHeader(_ size: Int, _ type: String) -> [UInt8] { be32(UInt32(size)) + Array(type.utf8) }
}
