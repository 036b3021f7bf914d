// Time stamps (CoreAudioBaseTypes.h): a moment as a sample time, a host time, a rate scalar, a word clock time and
// a SMPTE time, with flags saying which of them hold a value. AVAudioTime is built on it.

/// The frame rates SMPTE time codes count in.
public enum SMPTETimeType: UInt32, Sendable {
    case type24 = 0
    case type25 = 1
    case type30Drop = 2
    case type30 = 3
    case type2997 = 4
    case type2997Drop = 5
    case type60 = 6
    case type5994 = 7
    case type60Drop = 8
    case type5994Drop = 9
    case type50 = 10
    case type2398 = 11
}

/// The state of a SMPTE time.
public struct SMPTETimeFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The time holds a value.
    public static let valid = SMPTETimeFlags(rawValue: 1 << 0)
    /// The time is running.
    public static let running = SMPTETimeFlags(rawValue: 1 << 1)
}

/// A SMPTE time code.
public struct SMPTETime: Sendable {
    /// Subframes of the current frame.
    public var mSubframes: Int16
    /// Subframes per frame (usually 80).
    public var mSubframeDivisor: Int16
    /// A total of frames, for formats that count that way.
    public var mCounter: UInt32
    /// The frame rate.
    public var mType: SMPTETimeType
    /// Whether the time holds a value and is running.
    public var mFlags: SMPTETimeFlags
    public var mHours: Int16
    public var mMinutes: Int16
    public var mSeconds: Int16
    public var mFrames: Int16

    /// A time with every field zero (24 fps, no flags).
    public init() {
        self.init(mSubframes: 0, mSubframeDivisor: 0, mCounter: 0, mType: .type24, mFlags: [], mHours: 0,
                  mMinutes: 0, mSeconds: 0, mFrames: 0)
    }

    /// A time with every field given.
    public init(mSubframes: Int16, mSubframeDivisor: Int16, mCounter: UInt32, mType: SMPTETimeType,
                mFlags: SMPTETimeFlags, mHours: Int16, mMinutes: Int16, mSeconds: Int16, mFrames: Int16) {
        self.mSubframes = mSubframes
        self.mSubframeDivisor = mSubframeDivisor
        self.mCounter = mCounter
        self.mType = mType
        self.mFlags = mFlags
        self.mHours = mHours
        self.mMinutes = mMinutes
        self.mSeconds = mSeconds
        self.mFrames = mFrames
    }
}

/// Which fields of an `AudioTimeStamp` hold a value.
public struct AudioTimeStampFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// `mSampleTime` holds a value.
    public static let sampleTimeValid = AudioTimeStampFlags(rawValue: 1 << 0)
    /// `mHostTime` holds a value.
    public static let hostTimeValid = AudioTimeStampFlags(rawValue: 1 << 1)
    /// `mRateScalar` holds a value.
    public static let rateScalarValid = AudioTimeStampFlags(rawValue: 1 << 2)
    /// `mWordClockTime` holds a value.
    public static let wordClockTimeValid = AudioTimeStampFlags(rawValue: 1 << 3)
    /// `mSMPTETime` holds a value.
    public static let smpteTimeValid = AudioTimeStampFlags(rawValue: 1 << 4)
    /// Both the sample time and the host time hold a value.
    public static let sampleHostTimeValid: AudioTimeStampFlags = [.sampleTimeValid, .hostTimeValid]
}

/// A moment, in as many of its representations as `mFlags` says hold a value.
public struct AudioTimeStamp: Sendable {
    /// Sample frames since a reference point.
    public var mSampleTime: Float64
    /// The host clock's time (on Linux: nanoseconds of `CLOCK_MONOTONIC`, see `AVAudioTime`).
    public var mHostTime: UInt64
    /// The ratio of the actual host ticks per sample frame to the nominal.
    public var mRateScalar: Float64
    /// The word clock time.
    public var mWordClockTime: UInt64
    /// The SMPTE time.
    public var mSMPTETime: SMPTETime
    /// Which fields hold a value.
    public var mFlags: AudioTimeStampFlags
    /// Reserved: pads the structure to 8-byte alignment.
    public var mReserved: UInt32

    /// A time stamp with every field zero and no field valid.
    public init() {
        self.init(mSampleTime: 0, mHostTime: 0, mRateScalar: 0, mWordClockTime: 0, mSMPTETime: SMPTETime(),
                  mFlags: [], mReserved: 0)
    }

    /// A time stamp with every field given.
    public init(mSampleTime: Float64, mHostTime: UInt64, mRateScalar: Float64, mWordClockTime: UInt64,
                mSMPTETime: SMPTETime, mFlags: AudioTimeStampFlags, mReserved: UInt32) {
        self.mSampleTime = mSampleTime
        self.mHostTime = mHostTime
        self.mRateScalar = mRateScalar
        self.mWordClockTime = mWordClockTime
        self.mSMPTETime = mSMPTETime
        self.mFlags = mFlags
        self.mReserved = mReserved
    }
}
