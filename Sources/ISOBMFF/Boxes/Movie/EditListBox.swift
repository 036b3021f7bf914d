/// How the media timeline maps to the movie timeline (`elst`, ISO/IEC 14496-12 §8.6.6; QuickTime "Edit list atom").
package struct EditListBox: SingleTypeBox {
    package static let type: FourCC = "elst"

    /// One edit.
    package struct Entry: Hashable, Sendable {
        /// Length of the edit in the movie's timescale.
        package var segmentDuration: UInt64
        /// Start in the media's timescale; -1 is an empty edit (a gap).
        package var mediaTime: Int64
        /// Playback rate of the edit (1.0 normal; 0 a dwell).
        package var mediaRate: Fixed16x16

        /// An edit.
        package init(segmentDuration: UInt64, mediaTime: Int64, mediaRate: Fixed16x16 = .one) {
            self.segmentDuration = segmentDuration
            self.mediaTime = mediaTime
            self.mediaRate = mediaRate
        }

        /// True for an empty edit: presentation time with no media.
        package var isEmpty: Bool { mediaTime == -1 }
    }

    /// 0: 32-bit fields; 1: 64-bit fields.
    package var version: UInt8
    /// Flags (none defined).
    package var flags: UInt32 = 0
    /// The edits in order.
    package var entries: [Entry]

    /// An edit list; `version` defaults to the smallest that holds the entries.
    package init(version: UInt8? = nil, entries: [Entry]) {
        self.version = version ?? (entries.allSatisfy {
            $0.segmentDuration <= UInt64(UInt32.max) && Int32(exactly: $0.mediaTime) != nil
        } ? 0 : 1)
        self.entries = entries
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        let full = try reader.readFullBoxHeader(maximumVersion: 1)
        version = full.version
        flags = full.flags
        let count = try reader.checkCount(try reader.readUInt32(), elementSize: version == 1 ? 20 : 12, "edit")
        entries = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            if version == 1 {
                entries.append(Entry(segmentDuration: try reader.readUInt64(), mediaTime: try reader.readInt64(),
                                     mediaRate: try reader.readFixed16x16()))
            } else {
                entries.append(Entry(segmentDuration: UInt64(try reader.readUInt32()),
                                     mediaTime: Int64(try reader.readInt32()), mediaRate: try reader.readFixed16x16()))
            }
        }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(version: version, flags: flags)
        guard let count = UInt32(exactly: entries.count) else { throw BoxWriteError(Self.type, "too many edits") }
        writer.writeUInt32(count)
        for entry in entries {
            if version == 1 {
                writer.writeUInt64(entry.segmentDuration)
                writer.writeInt64(entry.mediaTime)
            } else {
                guard let duration = UInt32(exactly: entry.segmentDuration), let time = Int32(exactly: entry.mediaTime)
                else { throw BoxWriteError(Self.type, "edit \(entry) needs version 1") }
                writer.writeUInt32(duration)
                writer.writeInt32(time)
            }
            writer.writeFixed(entry.mediaRate)
        }
    }
}
