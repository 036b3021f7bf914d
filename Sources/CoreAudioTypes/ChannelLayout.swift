/// A channel layout with its whole description list, for the package's own code: the Swift value that
/// `AudioChannelLayout` plus "more descriptions follow in memory" stands for in C.
///
/// Read one from C memory with `init(_:byteCount:)` (which refuses sizes that cannot hold the descriptions the
/// header claims) and hand one to C-style APIs with `withUnsafeAudioChannelLayout`, which lays out the header
/// and every description contiguously and reports the byte size those APIs want.
package struct ChannelLayout: Sendable {
    /// The layout tag.
    package var tag: AudioChannelLayoutTag
    /// The bitmap, meaningful when `tag` is `kAudioChannelLayoutTag_UseChannelBitmap`.
    package var bitmap: AudioChannelBitmap
    /// Every channel description, meaningful when `tag` is `kAudioChannelLayoutTag_UseChannelDescriptions`.
    package var descriptions: [AudioChannelDescription]

    /// A layout from its parts.
    package init(tag: AudioChannelLayoutTag, bitmap: AudioChannelBitmap = [],
                 descriptions: [AudioChannelDescription] = []) {
        self.tag = tag
        self.bitmap = bitmap
        self.descriptions = descriptions
    }

    /// A layout described by channel labels, in order.
    package init(labels: [AudioChannelLabel]) {
        self.init(tag: kAudioChannelLayoutTag_UseChannelDescriptions,
                  descriptions: labels.map { AudioChannelDescription(mChannelLabel: $0, mChannelFlags: [],
                                                                      mCoordinates: (0, 0, 0)) })
    }

    /// The bytes a C `AudioChannelLayout` with `count` descriptions occupies (never less than the struct, which
    /// holds one description).
    package static func byteCount(descriptions count: Int) -> Int {
        MemoryLayout<AudioChannelLayout>.size + max(0, count - 1) * MemoryLayout<AudioChannelDescription>.stride
    }

    /// Reads a C layout of `byteCount` bytes, or returns `nil` if the bytes cannot hold the header and the
    /// descriptions it claims.
    package init?(_ layout: UnsafePointer<AudioChannelLayout>, byteCount: Int) {
        guard byteCount >= MemoryLayout<AudioChannelLayout>.size else { return nil }
        let header = layout.pointee
        let count = Int(header.mNumberChannelDescriptions)
        guard count <= (byteCount - MemoryLayout<AudioChannelLayout>.size) / MemoryLayout<AudioChannelDescription>.stride + 1
        else { return nil }
        let first = UnsafeRawPointer(layout) + Self.descriptionsOffset
        let descriptions = (0..<count).map { index in
            first.loadUnaligned(fromByteOffset: index * MemoryLayout<AudioChannelDescription>.stride,
                                as: AudioChannelDescription.self)
        }
        self.init(tag: header.mChannelLayoutTag, bitmap: header.mChannelBitmap, descriptions: descriptions)
    }

    /// Calls `body` with a C layout holding this layout's header and every description, and its size in bytes.
    /// The pointer is valid only during the call.
    package func withUnsafeAudioChannelLayout<Result>(
        _ body: (UnsafePointer<AudioChannelLayout>, Int) throws -> Result
    ) rethrows -> Result {
        let size = Self.byteCount(descriptions: descriptions.count)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<AudioChannelLayout>.alignment)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        memory.storeBytes(of: AudioChannelLayout(mChannelLayoutTag: tag, mChannelBitmap: bitmap,
                                                 mNumberChannelDescriptions: UInt32(descriptions.count),
                                                 mChannelDescriptions: descriptions.first ?? AudioChannelDescription()),
                          as: AudioChannelLayout.self)
        for (index, description) in descriptions.enumerated() {
            memory.storeBytes(of: description,
                              toByteOffset: Self.descriptionsOffset + index * MemoryLayout<AudioChannelDescription>.stride,
                              as: AudioChannelDescription.self)
        }
        return try body(memory.assumingMemoryBound(to: AudioChannelLayout.self), size)
    }

    /// The number of channels, from the tag's low 16 bits, the bitmap's set bits, or the descriptions, as the tag
    /// says; `nil` for a tag that needs a count OR-ed in and has none.
    package var numberOfChannels: Int? {
        switch tag {
        case kAudioChannelLayoutTag_UseChannelDescriptions: return descriptions.count
        case kAudioChannelLayoutTag_UseChannelBitmap: return bitmap.rawValue.nonzeroBitCount
        default:
            let count = Int(AudioChannelLayoutTag_GetNumberOfChannels(tag))
            return count == 0 ? nil : count
        }
    }

    private static let descriptionsOffset: Int = {
        guard let offset = MemoryLayout<AudioChannelLayout>.offset(of: \.mChannelDescriptions) else {
            preconditionFailure("invariant: AudioChannelLayout.mChannelDescriptions is a stored property")
        }
        return offset
    }()
}

extension ChannelLayout: Equatable {
    package static func == (lhs: ChannelLayout, rhs: ChannelLayout) -> Bool {
        lhs.tag == rhs.tag && lhs.bitmap == rhs.bitmap && lhs.descriptions.count == rhs.descriptions.count
            && zip(lhs.descriptions, rhs.descriptions).allSatisfy { a, b in
                a.mChannelLabel == b.mChannelLabel && a.mChannelFlags == b.mChannelFlags
                    && a.mCoordinates == b.mCoordinates
            }
    }
}
