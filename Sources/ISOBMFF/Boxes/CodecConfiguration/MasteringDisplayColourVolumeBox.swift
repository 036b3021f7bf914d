/// HDR mastering display (`mdcv`, QuickTime File Format and ISO/IEC 23008-12, values as SMPTE ST 2086): display
/// primaries and white point in 0.00002 units, luminance in 0.0001 cd/m².
package struct MasteringDisplayColourVolumeBox: SingleTypeBox {
    package static let type: FourCC = "mdcv"
    /// x, y of the three display primaries (order as HEVC SEI: green, blue, red).
    package var displayPrimaries: [(x: UInt16, y: UInt16)] { zip(primaryX, primaryY).map { ($0, $1) } }
    /// x of the three primaries.
    package var primaryX: [UInt16]
    /// y of the three primaries.
    package var primaryY: [UInt16]
    /// White point x.
    package var whitePointX: UInt16
    /// White point y.
    package var whitePointY: UInt16
    /// Maximum luminance.
    package var maxDisplayMasteringLuminance: UInt32
    /// Minimum luminance.
    package var minDisplayMasteringLuminance: UInt32

    /// A description.
    package init(primaryX: [UInt16], primaryY: [UInt16], whitePointX: UInt16, whitePointY: UInt16,
                 maxDisplayMasteringLuminance: UInt32, minDisplayMasteringLuminance: UInt32) {
        self.primaryX = primaryX
        self.primaryY = primaryY
        self.whitePointX = whitePointX
        self.whitePointY = whitePointY
        self.maxDisplayMasteringLuminance = maxDisplayMasteringLuminance
        self.minDisplayMasteringLuminance = minDisplayMasteringLuminance
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        primaryX = []
        primaryY = []
        for _ in 0..<3 {
            primaryX.append(try reader.readUInt16())
            primaryY.append(try reader.readUInt16())
        }
        whitePointX = try reader.readUInt16()
        whitePointY = try reader.readUInt16()
        maxDisplayMasteringLuminance = try reader.readUInt32()
        minDisplayMasteringLuminance = try reader.readUInt32()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        guard primaryX.count == 3, primaryY.count == 3 else { throw BoxWriteError(Self.type, "three primaries needed") }
        for index in 0..<3 {
            writer.writeUInt16(primaryX[index])
            writer.writeUInt16(primaryY[index])
        }
        writer.writeUInt16(whitePointX)
        writer.writeUInt16(whitePointY)
        writer.writeUInt32(maxDisplayMasteringLuminance)
        writer.writeUInt32(minDisplayMasteringLuminance)
    }
}
