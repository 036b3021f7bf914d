/// QuickTime audio channel layout (`chan`, QuickTime "Audio channel layout atom"; Core Audio's
/// AudioChannelLayout): a layout tag, a channel bitmap, or explicit channel descriptions.
package struct ChannelLayoutBox: SingleTypeBox {
    package static let type: FourCC = "chan"

    /// One channel (Core Audio's AudioChannelDescription).
    package struct ChannelDescription: Hashable, Sendable {
        /// `kAudioChannelLabel_…`.
        package var label: UInt32
        /// `kAudioChannelFlags_…` (rectangular, spherical, meters).
        package var flags: UInt32
        /// Three coordinates, kept as their float bits so that equality is exact.
        package var coordinateBits: [UInt32]

        /// A description.
        package init(label: UInt32, flags: UInt32 = 0, coordinates: [Float] = [0, 0, 0]) {
            self.label = label
            self.flags = flags
            coordinateBits = coordinates.map(\.bitPattern)
        }

        /// The coordinates.
        package var coordinates: [Float] { coordinateBits.map(Float.init(bitPattern:)) }
    }

    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// `kAudioChannelLayoutTag_…` (the low 16 bits give the channel count).
    package var layoutTag: UInt32
    /// `kAudioChannelBit_…`, for `kAudioChannelLayoutTag_UseChannelBitmap`.
    package var channelBitmap: UInt32
    /// Descriptions, for `kAudioChannelLayoutTag_UseChannelDescriptions`.
    package var descriptions: [ChannelDescription]

    /// A layout.
    package init(layoutTag: UInt32, channelBitmap: UInt32 = 0, descriptions: [ChannelDescription] = []) {
        self.layoutTag = layoutTag
        self.channelBitmap = channelBitmap
        self.descriptions = descriptions
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        layoutTag = try reader.readUInt32()
        channelBitmap = try reader.readUInt32()
        let count = try reader.checkCount(try reader.readUInt32(), elementSize: 20, "channel description")
        descriptions = []
        descriptions.reserveCapacity(count)
        for _ in 0..<count {
            var description = ChannelDescription(label: try reader.readUInt32(), flags: try reader.readUInt32())
            description.coordinateBits = [try reader.readUInt32(), try reader.readUInt32(), try reader.readUInt32()]
            descriptions.append(description)
        }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        writer.writeUInt32(layoutTag)
        writer.writeUInt32(channelBitmap)
        try writer.writeCount(descriptions.count, in: Self.type)
        for description in descriptions {
            guard description.coordinateBits.count == 3 else { throw BoxWriteError(Self.type, "three coordinates needed") }
            writer.writeUInt32(description.label)
            writer.writeUInt32(description.flags)
            for bits in description.coordinateBits { writer.writeUInt32(bits) }
        }
    }
}
