/// Colour information (`colr`, ISO/IEC 14496-12 §12.1.5; QuickTime "Color parameter atom"): `nclx` code points
/// (ISO/IEC 23091-2), QuickTime's `nclc`, or an ICC profile (`prof` restricted, `rICC` unrestricted).
package struct ColourInformationBox: SingleTypeBox {
    package static let type: FourCC = "colr"

    /// What the box holds.
    package enum Content: Hashable, Sendable {
        /// `nclx`: primaries, transfer, matrix code points and the full-range flag (the other 7 bits kept).
        case nclx(primaries: UInt16, transfer: UInt16, matrix: UInt16, fullRangeByte: UInt8)
        /// QuickTime `nclc`: primaries, transfer, matrix (video range implied).
        case nclc(primaries: UInt16, transfer: UInt16, matrix: UInt16)
        /// An ICC profile (`prof` or `rICC`).
        case iccProfile(type: FourCC, profile: [UInt8])
        /// Any other colour type, as stored.
        case other(type: FourCC, payload: [UInt8])
    }

    /// The content.
    package var content: Content

    /// A box holding `content`.
    package init(content: Content) { self.content = content }

    /// `nclx` code points; `fullRange` sets the top bit.
    package static func nclx(primaries: UInt16, transfer: UInt16, matrix: UInt16, fullRange: Bool) -> ColourInformationBox {
        ColourInformationBox(content: .nclx(primaries: primaries, transfer: transfer, matrix: matrix,
                                            fullRangeByte: fullRange ? 0x80 : 0))
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        let colourType = try reader.readFourCC()
        switch colourType {
        case "nclx":
            content = .nclx(primaries: try reader.readUInt16(), transfer: try reader.readUInt16(),
                            matrix: try reader.readUInt16(), fullRangeByte: try reader.readUInt8())
        case "nclc":
            content = .nclc(primaries: try reader.readUInt16(), transfer: try reader.readUInt16(),
                            matrix: try reader.readUInt16())
        case "prof", "rICC":
            content = .iccProfile(type: colourType, profile: reader.readRemainingBytes())
        default:
            content = .other(type: colourType, payload: reader.readRemainingBytes())
        }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        switch content {
        case .nclx(let primaries, let transfer, let matrix, let fullRangeByte):
            writer.writeFourCC("nclx")
            for value in [primaries, transfer, matrix] { writer.writeUInt16(value) }
            writer.writeUInt8(fullRangeByte)
        case .nclc(let primaries, let transfer, let matrix):
            writer.writeFourCC("nclc")
            for value in [primaries, transfer, matrix] { writer.writeUInt16(value) }
        case .iccProfile(let type, let profile):
            writer.writeFourCC(type)
            writer.writeBytes(profile)
        case .other(let type, let payload):
            writer.writeFourCC(type)
            writer.writeBytes(payload)
        }
    }
}
