/// A box (ISO/IEC 14496-12 §4.2; QuickTime calls it an atom) that parses and writes its own payload.
///
/// `init(parsing:)` receives a reader over the payload only (the header is already read; `reader.path.lastType` is
/// the box's type) and `write(to:)` appends the payload only: framing is the writer's job (`BoxWriter.writeBox`).
/// The two are symmetric: `parse(write(x)) == x` for every box.
package protocol Box: Sendable, Equatable {
    /// The type code this box is written with.
    var boxType: FourCC { get }
    /// Parses the payload in `reader`. Bytes left unread are kept by the caller as trailing bytes.
    init(parsing reader: inout BoxReader) throws(BoxParseError)
    /// Appends the payload (not the header).
    func write(to writer: inout BoxWriter) throws(BoxWriteError)
}

/// A box whose type code is fixed: `static let type: FourCC = "stsz"`.
package protocol SingleTypeBox: Box {
    /// The box's type code.
    static var type: FourCC { get }
}

extension SingleTypeBox {
    package var boxType: FourCC { Self.type }
}

extension Box {
    /// True when `other` is a box of the same type with equal contents.
    package func isEqual(to other: any Box) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

/// Version and flags of a full box (ISO/IEC 14496-12 §4.2).
package struct FullBoxHeader: Hashable, Sendable {
    /// The version byte.
    package var version: UInt8
    /// The 24-bit flags.
    package var flags: UInt32

    /// A header with the given version and flags.
    package init(version: UInt8 = 0, flags: UInt32 = 0) {
        self.version = version
        self.flags = flags
    }
}

extension BoxReader {
    /// Reads a full box's version and flags.
    package mutating func readFullBoxHeader() throws(BoxParseError) -> FullBoxHeader {
        FullBoxHeader(version: try readUInt8(), flags: try readUInt24())
    }

    /// Reads a full box's version and flags and refuses versions above `maximumVersion`.
    package mutating func readFullBoxHeader(maximumVersion: UInt8) throws(BoxParseError) -> FullBoxHeader {
        let start = offset
        let header = try readFullBoxHeader()
        guard header.version <= maximumVersion else {
            throw error(.invalidValue, "version \(header.version) is not supported (known: 0…\(maximumVersion))",
                        at: start)
        }
        return header
    }
}

extension BoxWriter {
    /// Appends a full box's version and flags.
    package mutating func writeFullBoxHeader(_ header: FullBoxHeader) {
        writeFullBoxHeader(version: header.version, flags: header.flags)
    }
}
