/// Descriptions of sample groups (`sgpd`, ISO/IEC 14496-12 §8.9.3): entries kept as raw bytes, with typed views of
/// the kinds a demuxer acts on (`roll`/`prol` recovery distances, `sync` NAL unit types).
package struct SampleGroupDescriptionBox: SingleTypeBox {
    package static let type: FourCC = "sgpd"

    /// A typed view of one entry.
    package enum TypedEntry: Hashable, Sendable {
        /// `roll` (AudioRollRecoveryEntry / VisualRollRecoveryEntry) or `prol` (AudioPreRollEntry): how many samples
        /// before (negative) or after a sample decoding must start to be correct at it (§10.1).
        case rollRecovery(rollDistance: Int16)
        /// `sync` (ISO/IEC 14496-15 SyncSampleEntry): the NAL unit type of the sync sample.
        case sync(nalUnitType: UInt8)
        /// Any other entry, as stored.
        case raw([UInt8])
    }

    /// 0 (deprecated), 1 (with `defaultLength`) or 2 (with a default description index).
    package var version: UInt8
    /// Flags (zero).
    package var flags: UInt32 = 0
    /// The grouping type these entries describe (`roll`, `prol`, `sync`, `rap `, `seig`…).
    package var groupingType: FourCC
    /// Version 1: the length of every entry, or 0 when each entry states its own.
    package var defaultLength: UInt32 = 0
    /// Version 2 and later: the description applying to samples no `sbgp` maps.
    package var defaultSampleDescriptionIndex: UInt32 = 0
    /// The entries as stored.
    package var entries: [[UInt8]]

    /// A version-1 table of `entries`; `defaultLength` is their common length, or 0 if they differ.
    package init(groupingType: FourCC, entries: [[UInt8]]) {
        version = 1
        self.groupingType = groupingType
        let lengths = Set(entries.map(\.count))
        defaultLength = lengths.count == 1 ? UInt32(lengths.first ?? 0) : 0
        self.entries = entries
    }

    /// The typed view of the entry at 0-based `index`.
    package func typedEntry(at index: Int) -> TypedEntry? {
        guard entries.indices.contains(index) else { return nil }
        let bytes = entries[index]
        switch groupingType {
        case "roll" where bytes.count == 2, "prol" where bytes.count == 2:
            return .rollRecovery(rollDistance: Int16(bitPattern: UInt16(bytes[0]) << 8 | UInt16(bytes[1])))
        case "sync" where bytes.count == 1:
            return .sync(nalUnitType: bytes[0] & 0x3F)
        default:
            return .raw(bytes)
        }
    }

    /// Entry sizes fixed by the grouping type, for versions without `defaultLength`.
    private static func implicitEntrySize(_ type: FourCC) -> Int? {
        switch type {
        case "roll", "prol": return 2
        case "sync", "rap ", "tele", "stsa", "tsas", "tscl": return 1
        default: return nil
        }
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        let full = try reader.readFullBoxHeader()
        version = full.version
        flags = full.flags
        groupingType = try reader.readFourCC()
        if version == 1 { defaultLength = try reader.readUInt32() }
        if version >= 2 { defaultSampleDescriptionIndex = try reader.readUInt32() }
        let count = try reader.readUInt32()
        var fixedLength: Int?
        if version == 1 {
            fixedLength = defaultLength == 0 ? nil : try reader.checkCount(defaultLength, elementSize: 1, "entry length")
        } else if let size = Self.implicitEntrySize(groupingType) {
            fixedLength = size
        } else if count > 0, reader.readableBytes % Int(count) == 0 {
            // Unknown grouping type without lengths: the only consistent split is into equal parts.
            fixedLength = reader.readableBytes / Int(count)
        } else if count > 0 {
            throw reader.error(.invalidValue, "cannot split \(reader.readableBytes) bytes into \(count) "
                               + "'\(groupingType)' entries of unknown size")
        }
        let n = try reader.checkCount(count, elementSize: max(fixedLength ?? 4, 1), "sample group entry")
        entries = []
        entries.reserveCapacity(n)
        for _ in 0..<n {
            var length = fixedLength ?? 0
            if fixedLength == nil { length = try reader.checkCount(try reader.readUInt32(), elementSize: 1, "entry length") }
            entries.append(try reader.readBytes(count: length))
        }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(version: version, flags: flags)
        writer.writeFourCC(groupingType)
        if version == 1 { writer.writeUInt32(defaultLength) }
        if version >= 2 { writer.writeUInt32(defaultSampleDescriptionIndex) }
        try writer.writeCount(entries.count, in: Self.type)
        for entry in entries {
            if version == 1 && defaultLength == 0 {
                try writer.writeCount(entry.count, in: Self.type)
            } else if version == 1 && entry.count != Int(defaultLength) {
                throw BoxWriteError(Self.type, "an entry of \(entry.count) bytes differs from defaultLength \(defaultLength)")
            }
            writer.writeBytes(entry)
        }
    }
}
