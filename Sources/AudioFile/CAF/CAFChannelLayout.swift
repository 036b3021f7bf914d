import CoreAudioTypes

/// The channel layout chunk (`chan`, Core Audio Format Specification, "Channel Layout Chunk"): an
/// `AudioChannelLayout` stored big-endian, each description 20 bytes (label, flags, three `Float32` coordinates).
enum CAFChannelLayout {
    /// Bytes of one stored channel description.
    static let descriptionSize = 20

    /// Reads a layout.
    static func parse(_ cursor: inout ChunkReader) throws(AudioFileError) -> ChannelLayout {
        let start = cursor.offset
        let tag = try cursor.readUInt32()
        let bitmap = try cursor.readUInt32()
        let count = Int(try cursor.readUInt32())
        guard count <= AudioFileLimits.maximumChannels, count * descriptionSize <= cursor.readableBytes else {
            throw cursor.error("\(count) channel descriptions do not fit in \(cursor.readableBytes) bytes", at: start + 8)
        }
        var descriptions: [AudioChannelDescription] = []
        descriptions.reserveCapacity(count)
        for _ in 0..<count {
            let label = try cursor.readUInt32()
            let flags = try cursor.readUInt32()
            let x = Float32(bitPattern: try cursor.readUInt32())
            let y = Float32(bitPattern: try cursor.readUInt32())
            let z = Float32(bitPattern: try cursor.readUInt32())
            descriptions.append(AudioChannelDescription(mChannelLabel: label, mChannelFlags: AudioChannelFlags(rawValue: flags),
                                                        mCoordinates: (x, y, z)))
        }
        return ChannelLayout(tag: tag, bitmap: AudioChannelBitmap(rawValue: bitmap),
                             descriptions: tag == kAudioChannelLayoutTag_UseChannelDescriptions ? descriptions : [])
    }

    /// The chunk payload for `layout`.
    static func payload(_ layout: ChannelLayout) -> [UInt8] {
        var bytes: [UInt8] = []
        func put(_ value: UInt32) { bytes += FourCharacterCode.bytes(value) }
        put(layout.tag)
        put(layout.bitmap.rawValue)
        let descriptions = layout.tag == kAudioChannelLayoutTag_UseChannelDescriptions ? layout.descriptions : []
        put(UInt32(descriptions.count))
        for description in descriptions {
            put(description.mChannelLabel)
            put(description.mChannelFlags.rawValue)
            put(description.mCoordinates.0.bitPattern)
            put(description.mCoordinates.1.bitPattern)
            put(description.mCoordinates.2.bitPattern)
        }
        return bytes
    }
}
