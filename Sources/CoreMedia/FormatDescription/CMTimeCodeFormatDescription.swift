// Timecode format descriptions (CMFormatDescription.h, "TimeCode-specific functions").

/// The timecode settings of a timecode format description. Immutable.
struct TimeCodeDetails {
    let frameDuration: CMTime
    let frameQuanta: UInt32
    let flags: UInt32
}

extension CMFormatDescription {
    /// The timecode settings, for timecode descriptions.
    var timeCodeDetails: TimeCodeDetails? {
        if case .timeCode(let details) = details { return details }
        return nil
    }
}

/// Creates a timecode format description: the duration of a frame (e.g. 1001/30000), frames per second (or per
/// tick in counter mode), and `kCMTimeCodeFlag_…` flags.
@discardableResult
public func CMTimeCodeFormatDescriptionCreate(
    allocator: CFAllocator?, timeCodeFormatType: CMTimeCodeFormatType, frameDuration: CMTime, frameQuanta: UInt32,
    flags: UInt32, extensions: CFDictionary?, formatDescriptionOut: UnsafeMutablePointer<CMTimeCodeFormatDescription?>
) -> OSStatus {
    formatDescriptionOut.pointee = nil
    guard frameDuration.isNumeric, frameDuration > .zero,
          let extensions = CMFormatDescription.extensions(from: extensions) else {
        return kCMFormatDescriptionError_InvalidParameter
    }
    formatDescriptionOut.pointee = CMFormatDescription(
        mediaType: kCMMediaType_TimeCode, mediaSubType: timeCodeFormatType, extensions: extensions,
        details: .timeCode(TimeCodeDetails(frameDuration: frameDuration, frameQuanta: frameQuanta, flags: flags)))
    return noErr
}

/// The duration of a frame (invalid for non-timecode descriptions).
public func CMTimeCodeFormatDescriptionGetFrameDuration(
    _ timeCodeFormatDescription: CMTimeCodeFormatDescription
) -> CMTime {
    timeCodeFormatDescription.timeCodeDetails?.frameDuration ?? .invalid
}

/// Frames per second, or frames per tick in counter mode (0 for non-timecode descriptions).
public func CMTimeCodeFormatDescriptionGetFrameQuanta(_ timeCodeFormatDescription: CMTimeCodeFormatDescription) -> UInt32 {
    timeCodeFormatDescription.timeCodeDetails?.frameQuanta ?? 0
}

/// The `kCMTimeCodeFlag_…` flags (0 for non-timecode descriptions).
public func CMTimeCodeFormatDescriptionGetTimeCodeFlags(_ desc: CMTimeCodeFormatDescription) -> UInt32 {
    desc.timeCodeDetails?.flags ?? 0
}

extension CMFormatDescription {
    /// Timecode values of the overlay.
    public struct TimeCode {
        /// Timecode flags as an option set.
        public struct Flag: OptionSet, Sendable {
            /// The raw value.
            public let rawValue: UInt32
            /// A value from its raw value.
            public init(rawValue: UInt32) { self.rawValue = rawValue }
            /// Drop-frame timecode.
            public static let dropFrame = Flag(rawValue: kCMTimeCodeFlag_DropFrame)
            /// Rolls over every 24 hours.
            public static let twentyFourHourMax = Flag(rawValue: kCMTimeCodeFlag_24HourMax)
            /// Negative times allowed.
            public static let negTimesOK = Flag(rawValue: kCMTimeCodeFlag_NegTimesOK)
        }
    }

    /// Creates a timecode format description.
    public convenience init(timeCodeFormatType: CMFormatDescription.MediaSubType, frameDuration: CMTime,
                            frameQuanta: Int, flags: CMFormatDescription.TimeCode.Flag,
                            extensions: CMFormatDescription.Extensions? = nil) throws {
        guard let quanta = UInt32(exactly: frameQuanta) else { throw CMFormatDescription.Error.invalidParameter }
        self.init(copying: try Self.created {
            CMTimeCodeFormatDescriptionCreate(allocator: nil, timeCodeFormatType: timeCodeFormatType.rawValue,
                                              frameDuration: frameDuration, frameQuanta: quanta, flags: flags.rawValue,
                                              extensions: extensions?.dictionary, formatDescriptionOut: $0)
        })
    }

    /// The duration of a frame.
    public var frameDuration: CMTime { CMTimeCodeFormatDescriptionGetFrameDuration(self) }

    /// Frames per second, or per tick in counter mode.
    public var frameQuanta: UInt32 { CMTimeCodeFormatDescriptionGetFrameQuanta(self) }

    /// The timecode flags.
    public var timeCodeFlags: CMFormatDescription.TimeCode.Flag {
        TimeCode.Flag(rawValue: CMTimeCodeFormatDescriptionGetTimeCodeFlags(self))
    }
}
