import MediaFormats

/// What kind of media or metadata a track or `meta` holds (`hdlr`, ISO/IEC 14496-12 §8.4.3; QuickTime "Handler
/// reference atom").
///
/// ISO files end with a NUL-terminated UTF-8 name; QuickTime files with a Pascal string (a count byte first), and
/// Apple's writers fill the component fields ISO reserves. Both forms are read and written back as found.
package struct HandlerBox: SingleTypeBox {
    package static let type: FourCC = "hdlr"

    /// How the name is stored.
    package enum Name: Hashable, Sendable {
        /// ISO: bytes then NUL (the NUL may be missing at the box end).
        case cString(CStringField)
        /// QuickTime: a count byte, then the bytes.
        case pascal([UInt8])

        /// The name's text.
        package var text: String {
            switch self {
            case .cString(let field): return field.text
            case .pascal(let bytes): return TextEncoding.decodeUTF8OrMacRoman(bytes)
            }
        }
    }

    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// QuickTime component type (`mhlr` for media, `dhlr` for data); zero in ISO files.
    package var componentType: FourCC
    /// The handler: `vide`, `soun`, `hint`, `meta`, `text`, `sbtl`, `subt`, `tmcd`, `mdir`, `mdta`, `alis`…
    package var handlerType: FourCC
    /// QuickTime component manufacturer (`appl`); zero in ISO files.
    package var componentManufacturer: UInt32 = 0
    /// QuickTime component flags; zero in ISO files.
    package var componentFlags: UInt32 = 0
    /// QuickTime component flags mask; zero in ISO files.
    package var componentFlagsMask: UInt32 = 0
    /// The human-readable name, in its stored form.
    package var name: Name

    /// A handler; ISO form unless a component type is given.
    package init(componentType: FourCC = FourCC(rawValue: 0), handlerType: FourCC, name: Name) {
        self.componentType = componentType
        self.handlerType = handlerType
        self.name = name
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        componentType = try reader.readFourCC()
        handlerType = try reader.readFourCC()
        componentManufacturer = try reader.readUInt32()
        componentFlags = try reader.readUInt32()
        componentFlagsMask = try reader.readUInt32()
        let remaining = reader.readableBytes
        // QuickTime writers (those that fill the component type) write a Pascal string. Otherwise: a count byte
        // below 0x20 cannot start a C string (names are printable), and a larger one is a count only if it spans
        // the whole rest of the box and the box does not end with the NUL a C string would have.
        if let count = reader.peekUInt8().map(Int.init), count <= remaining - 1,
           componentType.rawValue != 0
            || (count > 0 && (count < 0x20 || (count == remaining - 1 && reader.getUInt8(at: reader.endIndex - 1) != 0))) {
            name = .pascal(try reader.readPascalString())
        } else {
            name = .cString(try reader.readCStringField())
        }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        writer.writeFourCC(componentType)
        writer.writeFourCC(handlerType)
        writer.writeUInt32(componentManufacturer)
        writer.writeUInt32(componentFlags)
        writer.writeUInt32(componentFlagsMask)
        switch name {
        case .cString(let field): writer.writeCStringField(field)
        case .pascal(let bytes): try writer.writePascalString(bytes, in: Self.type)
        }
    }

    /// The handler type of the first `hdlr` child in `reader`'s window, read without parsing anything else.
    static func peekHandlerType(in reader: BoxReader) -> FourCC? {
        var scan = reader
        var counts: [FourCC: Int] = [:]
        while let child = try? scan.readChild(counts: &counts) {
            if child.header.type == type { return child.payload.peekFourCC(skipping: 8) }
        }
        return nil
    }
}
