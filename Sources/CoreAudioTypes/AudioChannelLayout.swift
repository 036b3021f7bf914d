// Channel layouts (CoreAudioBaseTypes.h) with Apple's field names and Swift-imported spellings.
//
// The variable-length story: in C, `AudioChannelLayout` ends with `mChannelDescriptions[1]` and is allocated with
// room for `mNumberChannelDescriptions` descriptions; APIs take it as a pointer plus a byte size
// (`CMAudioFormatDescriptionCreate(…, layoutSize:, layout:, …)`). This struct has the same memory layout, so a
// pointer to memory holding the header followed by further descriptions is read the way C reads it. Swift code
// in this package should not build that memory by hand: `ChannelLayout` carries the full description list as an
// array and converts to and from the C form, checking the byte size.

/// Bit flags saying how an `AudioChannelDescription`'s coordinates are to be read.
public struct AudioChannelFlags: OptionSet, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The coordinates are Cartesian: left/right, back/front, down/up.
    public static let rectangularCoordinates = AudioChannelFlags(rawValue: 1 << 0)
    /// The coordinates are spherical: azimuth, elevation, distance.
    public static let sphericalCoordinates = AudioChannelFlags(rawValue: 1 << 1)
    /// Distances are in metres (otherwise relative to the listening setup, 1 being the unit circle).
    public static let meters = AudioChannelFlags(rawValue: 1 << 2)
}

/// An index into `AudioChannelDescription.mCoordinates`.
public struct AudioChannelCoordinateIndex: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }
}

/// Which standard speaker positions a layout uses (bit values of the WAVEFORMATEXTENSIBLE channel mask for the
/// first 18).
public struct AudioChannelBitmap: OptionSet, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Left.
    public static let bit_Left = AudioChannelBitmap(rawValue: 1 << 0)
    /// Right.
    public static let bit_Right = AudioChannelBitmap(rawValue: 1 << 1)
    /// Centre.
    public static let bit_Center = AudioChannelBitmap(rawValue: 1 << 2)
    /// Low-frequency effects.
    public static let bit_LFEScreen = AudioChannelBitmap(rawValue: 1 << 3)
    /// Left surround.
    public static let bit_LeftSurround = AudioChannelBitmap(rawValue: 1 << 4)
    /// Right surround.
    public static let bit_RightSurround = AudioChannelBitmap(rawValue: 1 << 5)
    /// Left centre.
    public static let bit_LeftCenter = AudioChannelBitmap(rawValue: 1 << 6)
    /// Right centre.
    public static let bit_RightCenter = AudioChannelBitmap(rawValue: 1 << 7)
    /// Centre surround.
    public static let bit_CenterSurround = AudioChannelBitmap(rawValue: 1 << 8)
    /// Left surround direct.
    public static let bit_LeftSurroundDirect = AudioChannelBitmap(rawValue: 1 << 9)
    /// Right surround direct.
    public static let bit_RightSurroundDirect = AudioChannelBitmap(rawValue: 1 << 10)
    /// Top centre surround.
    public static let bit_TopCenterSurround = AudioChannelBitmap(rawValue: 1 << 11)
    /// Vertical height left.
    public static let bit_VerticalHeightLeft = AudioChannelBitmap(rawValue: 1 << 12)
    /// Vertical height centre.
    public static let bit_VerticalHeightCenter = AudioChannelBitmap(rawValue: 1 << 13)
    /// Vertical height right.
    public static let bit_VerticalHeightRight = AudioChannelBitmap(rawValue: 1 << 14)
    /// Top back left.
    public static let bit_TopBackLeft = AudioChannelBitmap(rawValue: 1 << 15)
    /// Top back centre.
    public static let bit_TopBackCenter = AudioChannelBitmap(rawValue: 1 << 16)
    /// Top back right.
    public static let bit_TopBackRight = AudioChannelBitmap(rawValue: 1 << 17)
    /// Left top front (same bit as vertical height left).
    public static let bit_LeftTopFront = bit_VerticalHeightLeft
    /// Centre top front (same bit as vertical height centre).
    public static let bit_CenterTopFront = bit_VerticalHeightCenter
    /// Right top front (same bit as vertical height right).
    public static let bit_RightTopFront = bit_VerticalHeightRight
    /// Left top middle.
    public static let bit_LeftTopMiddle = AudioChannelBitmap(rawValue: 1 << 21)
    /// Centre top middle (same bit as top centre surround).
    public static let bit_CenterTopMiddle = bit_TopCenterSurround
    /// Right top middle.
    public static let bit_RightTopMiddle = AudioChannelBitmap(rawValue: 1 << 23)
    /// Left top rear.
    public static let bit_LeftTopRear = AudioChannelBitmap(rawValue: 1 << 24)
    /// Centre top rear.
    public static let bit_CenterTopRear = AudioChannelBitmap(rawValue: 1 << 25)
    /// Right top rear.
    public static let bit_RightTopRear = AudioChannelBitmap(rawValue: 1 << 26)
}

/// One channel of a layout: its role, or its position.
public struct AudioChannelDescription: Sendable {
    /// The channel's role (`kAudioChannelLabel_…`); `kAudioChannelLabel_UseCoordinates` to use the coordinates.
    public var mChannelLabel: AudioChannelLabel
    /// How to read the coordinates.
    public var mChannelFlags: AudioChannelFlags
    /// The position, indexed by `AudioChannelCoordinateIndex`.
    public var mCoordinates: (Float32, Float32, Float32)

    /// A description with every field zero.
    public init() {
        self.init(mChannelLabel: 0, mChannelFlags: [], mCoordinates: (0, 0, 0))
    }

    /// A description with every field given.
    public init(mChannelLabel: AudioChannelLabel, mChannelFlags: AudioChannelFlags,
                mCoordinates: (Float32, Float32, Float32)) {
        self.mChannelLabel = mChannelLabel
        self.mChannelFlags = mChannelFlags
        self.mCoordinates = mCoordinates
    }
}

/// A channel layout in its C form: a tag, a bitmap, or (when the tag is
/// `kAudioChannelLayoutTag_UseChannelDescriptions`) `mNumberChannelDescriptions` descriptions, of which this
/// struct holds the first; the rest follow it in memory. See `ChannelLayout` for the whole list in Swift.
public struct AudioChannelLayout: Sendable {
    /// The layout, or `kAudioChannelLayoutTag_UseChannelBitmap` / `_UseChannelDescriptions`.
    public var mChannelLayoutTag: AudioChannelLayoutTag
    /// The speaker positions, when the tag is `kAudioChannelLayoutTag_UseChannelBitmap`.
    public var mChannelBitmap: AudioChannelBitmap
    /// How many descriptions follow, starting with `mChannelDescriptions`.
    public var mNumberChannelDescriptions: UInt32
    /// The first channel description (C's one-element array).
    public var mChannelDescriptions: AudioChannelDescription

    /// A layout with every field zero.
    public init() {
        self.init(mChannelLayoutTag: 0, mChannelBitmap: [], mNumberChannelDescriptions: 0,
                  mChannelDescriptions: AudioChannelDescription())
    }

    /// A layout with every field given.
    public init(mChannelLayoutTag: AudioChannelLayoutTag, mChannelBitmap: AudioChannelBitmap,
                mNumberChannelDescriptions: UInt32, mChannelDescriptions: AudioChannelDescription) {
        self.mChannelLayoutTag = mChannelLayoutTag
        self.mChannelBitmap = mChannelBitmap
        self.mNumberChannelDescriptions = mNumberChannelDescriptions
        self.mChannelDescriptions = mChannelDescriptions
    }
}
