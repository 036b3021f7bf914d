// Audio format descriptions (CMFormatDescription.h, "Audio-specific functions"): the stream basic description,
// the channel layout with its whole description list, and the magic cookie, each copied into memory that lives as
// long as the description so the Get… functions can return pointers.

/// The audio parts of a format description, in memory owned by it. Immutable after `init`.
// Safe because immutable after `init`; the memory is owned and freed in `deinit`.
final class AudioDetails: @unchecked Sendable {
    let streamDescription: UnsafeMutablePointer<AudioStreamBasicDescription>
    let layout: UnsafeMutableRawPointer?
    let layoutSize: Int
    let channelLayout: ChannelLayout?
    let cookie: UnsafeMutableRawPointer?
    let cookieSize: Int

    init(asbd: AudioStreamBasicDescription, layout source: UnsafePointer<AudioChannelLayout>?, layoutSize: Int,
         channelLayout: ChannelLayout?, cookie cookieSource: UnsafeRawPointer?, cookieSize: Int) {
        streamDescription = .allocate(capacity: 1)
        streamDescription.initialize(to: asbd)
        if let source, layoutSize > 0 {
            let copy = UnsafeMutableRawPointer.allocate(byteCount: layoutSize,
                                                        alignment: MemoryLayout<AudioChannelLayout>.alignment)
            copy.copyMemory(from: source, byteCount: layoutSize)
            layout = copy
            self.layoutSize = layoutSize
        } else {
            layout = nil
            self.layoutSize = 0
        }
        self.channelLayout = channelLayout
        if let cookieSource, cookieSize > 0 {
            let copy = UnsafeMutableRawPointer.allocate(byteCount: cookieSize, alignment: 16)
            copy.copyMemory(from: cookieSource, byteCount: cookieSize)
            cookie = copy
            self.cookieSize = cookieSize
        } else {
            cookie = nil
            self.cookieSize = 0
        }
    }

    deinit {
        streamDescription.deallocate()
        layout?.deallocate()
        cookie?.deallocate()
    }

    var cookieBytes: Data? { cookie.map { Data(bytes: $0, count: cookieSize) } }
    var layoutBytes: Data? { layout.map { Data(bytes: $0, count: layoutSize) } }

    /// Which of the stream description, cookie and channel layout (within `mask`) equal those of `other`.
    func equalParts(_ other: AudioDetails, mask: CMAudioFormatDescriptionMask) -> CMAudioFormatDescriptionMask {
        var equal: CMAudioFormatDescriptionMask = 0
        if mask & kCMAudioFormatDescriptionMask_StreamBasicDescription != 0,
           streamDescriptionsEqual(streamDescription.pointee, other.streamDescription.pointee) {
            equal |= kCMAudioFormatDescriptionMask_StreamBasicDescription
        }
        if mask & kCMAudioFormatDescriptionMask_MagicCookie != 0, cookieBytes == other.cookieBytes {
            equal |= kCMAudioFormatDescriptionMask_MagicCookie
        }
        if mask & kCMAudioFormatDescriptionMask_ChannelLayout != 0, layoutBytes == other.layoutBytes {
            equal |= kCMAudioFormatDescriptionMask_ChannelLayout
        }
        return equal
    }
}

/// Field-by-field equality of two stream descriptions.
func streamDescriptionsEqual(_ a: AudioStreamBasicDescription, _ b: AudioStreamBasicDescription) -> Bool {
    a.mSampleRate == b.mSampleRate && a.mFormatID == b.mFormatID && a.mFormatFlags == b.mFormatFlags
        && a.mBytesPerPacket == b.mBytesPerPacket && a.mFramesPerPacket == b.mFramesPerPacket
        && a.mBytesPerFrame == b.mBytesPerFrame && a.mChannelsPerFrame == b.mChannelsPerFrame
        && a.mBitsPerChannel == b.mBitsPerChannel && a.mReserved == b.mReserved
}

/// Parts of an audio format description, for `CMAudioFormatDescriptionEqual`.
public typealias CMAudioFormatDescriptionMask = UInt32
/// The stream basic description.
public let kCMAudioFormatDescriptionMask_StreamBasicDescription: CMAudioFormatDescriptionMask = 1 << 0
/// The magic cookie.
public let kCMAudioFormatDescriptionMask_MagicCookie: CMAudioFormatDescriptionMask = 1 << 1
/// The channel layout.
public let kCMAudioFormatDescriptionMask_ChannelLayout: CMAudioFormatDescriptionMask = 1 << 2
/// The extensions.
public let kCMAudioFormatDescriptionMask_Extensions: CMAudioFormatDescriptionMask = 1 << 3
/// Every part.
public let kCMAudioFormatDescriptionMask_All: CMAudioFormatDescriptionMask = 0xF

extension CMFormatDescription {
    /// The audio parts, for audio descriptions.
    var audioDetails: AudioDetails? {
        if case .audio(let details) = details { return details }
        return nil
    }
}

/// Whether a stream description is usable: a format, a finite non-negative sample rate, and for linear PCM the
/// packing of frames into packets that the format implies.
private func isUsable(_ asbd: AudioStreamBasicDescription) -> Bool {
    guard asbd.mFormatID != 0, asbd.mSampleRate.isFinite, asbd.mSampleRate >= 0 else { return false }
    if asbd.mFormatID == kAudioFormatLinearPCM {
        guard asbd.mChannelsPerFrame > 0, asbd.mFramesPerPacket == 1, asbd.mBytesPerFrame > 0,
              asbd.mBytesPerPacket == asbd.mBytesPerFrame else { return false }
    }
    return true
}

/// Creates an audio format description from a stream basic description and, optionally, a channel layout of
/// `layoutSize` bytes (with its whole description list), a magic cookie and extensions. Everything is copied.
@discardableResult
public func CMAudioFormatDescriptionCreate(
    allocator: CFAllocator?, asbd: UnsafePointer<AudioStreamBasicDescription>, layoutSize: Int,
    layout: UnsafePointer<AudioChannelLayout>?, magicCookieSize: Int, magicCookie: UnsafeRawPointer?,
    extensions: CFDictionary?, formatDescriptionOut: UnsafeMutablePointer<CMAudioFormatDescription?>
) -> OSStatus {
    formatDescriptionOut.pointee = nil
    let description = asbd.pointee
    guard isUsable(description), let extensions = CMFormatDescription.extensions(from: extensions),
          layoutSize >= 0, magicCookieSize >= 0, (layout == nil) == (layoutSize == 0),
          magicCookieSize == 0 || magicCookie != nil else {
        return kCMFormatDescriptionError_InvalidParameter
    }
    var channelLayout: ChannelLayout?
    if let layout {
        guard let parsed = ChannelLayout(layout, byteCount: layoutSize) else {
            return kCMFormatDescriptionError_InvalidParameter
        }
        // A layout that names a channel count must agree with the stream description.
        if let count = parsed.numberOfChannels, description.mChannelsPerFrame != 0,
           count != Int(description.mChannelsPerFrame) {
            return kCMFormatDescriptionError_InvalidParameter
        }
        channelLayout = parsed
    }
    let details = AudioDetails(asbd: description, layout: layout, layoutSize: layoutSize, channelLayout: channelLayout,
                               cookie: magicCookie, cookieSize: magicCookieSize)
    formatDescriptionOut.pointee = CMFormatDescription(mediaType: kCMMediaType_Audio, mediaSubType: description.mFormatID,
                                                      extensions: extensions, details: .audio(details))
    return noErr
}

/// The stream basic description, valid as long as the description lives; nil for non-audio descriptions.
public func CMAudioFormatDescriptionGetStreamBasicDescription(
    _ desc: CMAudioFormatDescription
) -> UnsafePointer<AudioStreamBasicDescription>? {
    desc.audioDetails.map { UnsafePointer($0.streamDescription) }
}

/// The channel layout and its size in bytes (with every description), or nil when there is none.
public func CMAudioFormatDescriptionGetChannelLayout(
    _ desc: CMAudioFormatDescription, sizeOut: UnsafeMutablePointer<Int>?
) -> UnsafePointer<AudioChannelLayout>? {
    guard let details = desc.audioDetails, let layout = details.layout else {
        sizeOut?.pointee = 0
        return nil
    }
    sizeOut?.pointee = details.layoutSize
    return UnsafePointer(layout.assumingMemoryBound(to: AudioChannelLayout.self))
}

/// The magic cookie and its size, or nil when there is none.
public func CMAudioFormatDescriptionGetMagicCookie(
    _ desc: CMAudioFormatDescription, sizeOut: UnsafeMutablePointer<Int>?
) -> UnsafeRawPointer? {
    guard let details = desc.audioDetails, let cookie = details.cookie else {
        sizeOut?.pointee = 0
        return nil
    }
    sizeOut?.pointee = details.cookieSize
    return UnsafeRawPointer(cookie)
}

/// Whether the parts of two audio descriptions named in `equalityMask` are equal; `equalityMaskOut` receives the
/// parts (within the mask) that are.
public func CMAudioFormatDescriptionEqual(
    _ formatDescription: CMAudioFormatDescription, otherFormatDescription: CMAudioFormatDescription,
    equalityMask: CMAudioFormatDescriptionMask, equalityMaskOut: UnsafeMutablePointer<CMAudioFormatDescriptionMask>?
) -> Bool {
    guard let a = formatDescription.audioDetails, let b = otherFormatDescription.audioDetails else {
        equalityMaskOut?.pointee = 0
        return false
    }
    var equal = a.equalParts(b, mask: equalityMask)
    if equalityMask & kCMAudioFormatDescriptionMask_Extensions != 0,
       PropertyListEquality.isEqual(formatDescription.extensionStorage, otherFormatDescription.extensionStorage) {
        equal |= kCMAudioFormatDescriptionMask_Extensions
    }
    equalityMaskOut?.pointee = equal
    return equal == equalityMask & kCMAudioFormatDescriptionMask_All
}

extension CMFormatDescription {
    /// Parts of an audio format description, as an option set.
    public struct EqualityMask: OptionSet, Sendable {
        /// The raw value.
        public let rawValue: CMAudioFormatDescriptionMask
        /// A value from its raw value.
        public init(rawValue: CMAudioFormatDescriptionMask) { self.rawValue = rawValue }
        /// The stream basic description.
        public static let streamBasicDescription = EqualityMask(rawValue: kCMAudioFormatDescriptionMask_StreamBasicDescription)
        /// The magic cookie.
        public static let magicCookie = EqualityMask(rawValue: kCMAudioFormatDescriptionMask_MagicCookie)
        /// The channel layout.
        public static let channelLayout = EqualityMask(rawValue: kCMAudioFormatDescriptionMask_ChannelLayout)
        /// The extensions.
        public static let extensions = EqualityMask(rawValue: kCMAudioFormatDescriptionMask_Extensions)
        /// Every part.
        public static let all = EqualityMask(rawValue: kCMAudioFormatDescriptionMask_All)
    }

    /// Creates an audio format description from a stream description, a C channel layout of `layoutSize` bytes,
    /// a magic cookie and extensions.
    public convenience init(audioStreamBasicDescription: AudioStreamBasicDescription, layoutSize: Int,
                            layout: UnsafePointer<AudioChannelLayout>?, magicCookie: Data?,
                            extensions: CMFormatDescription.Extensions? = nil) throws {
        var asbd = audioStreamBasicDescription
        let cookie = magicCookie ?? Data()
        self.init(copying: try cookie.withUnsafeBytes { bytes in
            try Self.created {
                CMAudioFormatDescriptionCreate(allocator: nil, asbd: &asbd, layoutSize: layoutSize, layout: layout,
                                               magicCookieSize: bytes.count,
                                               magicCookie: bytes.count > 0 ? bytes.baseAddress : nil,
                                               extensions: extensions?.dictionary, formatDescriptionOut: $0)
            }
        })
    }

    /// The stream basic description, for audio descriptions.
    public var audioStreamBasicDescription: AudioStreamBasicDescription? { audioDetails?.streamDescription.pointee }

    /// Calls `body` with the magic cookie's bytes (nil when there is none).
    public func withMagicCookie<R>(_ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        guard let details = audioDetails, let cookie = details.cookie else { return try body(nil) }
        return try body(UnsafeRawBufferPointer(start: cookie, count: details.cookieSize))
    }

    /// A copy of the magic cookie, if any.
    public var magicCookie: Data? { audioDetails?.cookieBytes }

    /// Whether the parts in `equalityMask` equal those of another audio description, and which of them do.
    public func equalTo(_ otherFormatDescription: CMAudioFormatDescription,
                        equalityMask: CMFormatDescription.EqualityMask = .all)
        -> (Bool, equalityMask: CMFormatDescription.EqualityMask) {
        var equal: CMAudioFormatDescriptionMask = 0
        let result = CMAudioFormatDescriptionEqual(self, otherFormatDescription: otherFormatDescription,
                                                   equalityMask: equalityMask.rawValue, equalityMaskOut: &equal)
        return (result, EqualityMask(rawValue: equal))
    }
}
