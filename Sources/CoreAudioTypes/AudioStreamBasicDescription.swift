// The stream, packet and range value types of CoreAudioBaseTypes.h, with Apple's field names and the
// initialisers Swift imports for them (a zeroing `init()` and a memberwise one).

/// Describes a stream of audio: sample rate, format, and how samples are packed into frames and packets.
public struct AudioStreamBasicDescription: Sendable {
    /// Frames per second of the stream.
    public var mSampleRate: Float64
    /// The data format (`kAudioFormatLinearPCM`, `kAudioFormatMPEG4AAC`, …).
    public var mFormatID: AudioFormatID
    /// Format-specific flags (`kLinearPCMFormatFlag…`, `kAppleLosslessFormatFlag_…`, or an AAC object type).
    public var mFormatFlags: AudioFormatFlags
    /// Bytes in a packet; 0 when packets vary in size.
    public var mBytesPerPacket: UInt32
    /// Frames in a packet; 0 when packets vary in duration.
    public var mFramesPerPacket: UInt32
    /// Bytes from one frame's start to the next in a buffer; 0 for compressed formats.
    public var mBytesPerFrame: UInt32
    /// Channels in each frame.
    public var mChannelsPerFrame: UInt32
    /// Bits of sample data per channel; 0 for compressed formats.
    public var mBitsPerChannel: UInt32
    /// Pads the structure to an 8-byte multiple; must be 0.
    public var mReserved: UInt32

    /// A description with every field zero.
    public init() {
        self.init(mSampleRate: 0, mFormatID: 0, mFormatFlags: 0, mBytesPerPacket: 0, mFramesPerPacket: 0,
                  mBytesPerFrame: 0, mChannelsPerFrame: 0, mBitsPerChannel: 0, mReserved: 0)
    }

    /// A description with every field given.
    public init(mSampleRate: Float64, mFormatID: AudioFormatID, mFormatFlags: AudioFormatFlags,
                mBytesPerPacket: UInt32, mFramesPerPacket: UInt32, mBytesPerFrame: UInt32, mChannelsPerFrame: UInt32,
                mBitsPerChannel: UInt32, mReserved: UInt32) {
        self.mSampleRate = mSampleRate
        self.mFormatID = mFormatID
        self.mFormatFlags = mFormatFlags
        self.mBytesPerPacket = mBytesPerPacket
        self.mFramesPerPacket = mFramesPerPacket
        self.mBytesPerFrame = mBytesPerFrame
        self.mChannelsPerFrame = mChannelsPerFrame
        self.mBitsPerChannel = mBitsPerChannel
        self.mReserved = mReserved
    }
}

extension AudioStreamBasicDescription {
    /// Whether every field equals `other`'s, bit for bit (the sample rate compared as a number). Apple's type
    /// is not `Equatable`, so neither is this one; this is for the package's own comparisons.
    package func hasSameFields(as other: AudioStreamBasicDescription) -> Bool {
        mSampleRate == other.mSampleRate && mFormatID == other.mFormatID && mFormatFlags == other.mFormatFlags
            && mBytesPerPacket == other.mBytesPerPacket && mFramesPerPacket == other.mFramesPerPacket
            && mBytesPerFrame == other.mBytesPerFrame && mChannelsPerFrame == other.mChannelsPerFrame
            && mBitsPerChannel == other.mBitsPerChannel && mReserved == other.mReserved
    }
}

/// `mSampleRate` value meaning "any sample rate" in a format query.
public let kAudioStreamAnyRate: Float64 = 0

/// Where one packet of a variable-size or variable-duration stream lies in a buffer.
public struct AudioStreamPacketDescription: Sendable {
    /// Byte offset of the packet from the buffer's start.
    public var mStartOffset: Int64
    /// Frames in the packet; 0 when the stream's packets all have `mFramesPerPacket` frames.
    public var mVariableFramesInPacket: UInt32
    /// Bytes in the packet.
    public var mDataByteSize: UInt32

    /// A description with every field zero.
    public init() {
        self.init(mStartOffset: 0, mVariableFramesInPacket: 0, mDataByteSize: 0)
    }

    /// A description with every field given.
    public init(mStartOffset: Int64, mVariableFramesInPacket: UInt32, mDataByteSize: UInt32) {
        self.mStartOffset = mStartOffset
        self.mVariableFramesInPacket = mVariableFramesInPacket
        self.mDataByteSize = mDataByteSize
    }
}

/// A closed range of values, such as the sample rates a device supports.
public struct AudioValueRange: Sendable {
    /// The smallest value.
    public var mMinimum: Float64
    /// The largest value.
    public var mMaximum: Float64

    /// A range from 0 to 0.
    public init() {
        self.init(mMinimum: 0, mMaximum: 0)
    }

    /// A range with the given bounds.
    public init(mMinimum: Float64, mMaximum: Float64) {
        self.mMinimum = mMinimum
        self.mMaximum = mMaximum
    }
}

/// How one packet depends on others (CoreAudioBaseTypes.h), for formats whose packets are not all independently
/// decodable (`kAudioFormatProperty_FormatEmploysDependentPackets`).
public struct AudioStreamPacketDependencyDescription: Sendable {
    /// 1 if the packet can be decoded on its own, 0 otherwise.
    public var mIsIndependentlyDecodable: UInt32
    /// For an independently decodable packet: the packets to decode after it before the decoder is refreshed.
    public var mPreRollCount: UInt32
    /// Unused.
    public var mFlags: UInt32
    /// Reserved.
    public var mReserved: UInt32

    /// A description with every field zero.
    public init() {
        self.init(mIsIndependentlyDecodable: 0, mPreRollCount: 0, mFlags: 0, mReserved: 0)
    }

    /// A description with every field given.
    public init(mIsIndependentlyDecodable: UInt32, mPreRollCount: UInt32, mFlags: UInt32, mReserved: UInt32) {
        self.mIsIndependentlyDecodable = mIsIndependentlyDecodable
        self.mPreRollCount = mPreRollCount
        self.mFlags = mFlags
        self.mReserved = mReserved
    }
}

/// Names one implementation of a codec (CoreAudioBaseTypes.h): its type (encoder 'aenc' or decoder 'adec'), the
/// format it encodes or decodes, and its maker ('appl' for Apple's software codecs).
public struct AudioClassDescription: Sendable {
    /// The codec's type: encoder or decoder.
    public var mType: OSType
    /// The format the codec encodes or decodes.
    public var mSubType: OSType
    /// The codec's maker.
    public var mManufacturer: OSType

    /// A description with every field zero.
    public init() {
        self.init(mType: 0, mSubType: 0, mManufacturer: 0)
    }

    /// A description with every field given.
    public init(mType: OSType, mSubType: OSType, mManufacturer: OSType) {
        self.mType = mType
        self.mSubType = mSubType
        self.mManufacturer = mManufacturer
    }
}

// MARK: Error codes (CoreAudioBaseTypes.h) shared by Core Audio's APIs

/// No error (0).
public let kAudio_NoError: OSStatus = 0
/// The function is not implemented (-4).
public let kAudio_UnimplementedError: OSStatus = -4
/// The file was not found (-43).
public let kAudio_FileNotFoundError: OSStatus = -43
/// The file cannot be opened with the permissions asked for (-54).
public let kAudio_FilePermissionError: OSStatus = -54
/// Too many files are open (-42).
public let kAudio_TooManyFilesOpenError: OSStatus = -42
/// The path is not a valid file path ('!pth').
public let kAudio_BadFilePathError: OSStatus = 0x2170_7468
/// A parameter is wrong (-50).
public let kAudio_ParamError: OSStatus = -50
/// Memory could not be allocated (-108).
public let kAudio_MemFullError: OSStatus = -108
