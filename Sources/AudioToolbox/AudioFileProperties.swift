// AudioFile.h's object types and property identifiers, as Swift imports them. The values are the four-character
// codes of Apple's headers (from the objc2-generated translation of the Xcode 26 SDK, AudioToolbox/AudioFile.rs).

/// An audio file object (Apple's `OpaquePointer` to an opaque struct). Here the pointer's bits are a number that
/// names the object, never memory: a ref that was closed, or never made, is refused with `kAudio_ParamError`.
public typealias AudioFileID = OpaquePointer

/// A property of an audio file object.
public typealias AudioFilePropertyID = UInt32

/// How `AudioFileOpenURL` opens a file.
public enum AudioFilePermissions: Int8, Sendable {
    /// Read only.
    case readPermission = 1
    /// Write only (refused here: `AudioFileCreateWithURL` makes files to write).
    case writePermission = 2
    /// Read and write (refused here, as `writePermission`).
    case readWritePermission = 3
}

/// Priming and remainder frames of a file's packets (CAF's packet table, an MPEG-4 file's edit list).
public struct AudioFilePacketTableInfo: Sendable {
    /// The frames meant to be heard: all the packets' frames less priming and remainder.
    public var mNumberValidFrames: Int64
    /// Frames at the start that the encoder added (AAC's 2112, say).
    public var mPrimingFrames: Int32
    /// Frames at the end that pad the last packet.
    public var mRemainderFrames: Int32

    public init() {
        mNumberValidFrames = 0
        mPrimingFrames = 0
        mRemainderFrames = 0
    }

    public init(mNumberValidFrames: Int64, mPrimingFrames: Int32, mRemainderFrames: Int32) {
        self.mNumberValidFrames = mNumberValidFrames
        self.mPrimingFrames = mPrimingFrames
        self.mRemainderFrames = mRemainderFrames
    }
}

/// `AudioFileTypeID`: the file's type ('ffmt').
public let kAudioFilePropertyFileFormat: AudioFilePropertyID = 0x6666_6D74
/// `AudioStreamBasicDescription`: the format of the audio data ('dfmt').
public let kAudioFilePropertyDataFormat: AudioFilePropertyID = 0x6466_6D74
/// `UInt32`: whether the file is ready for audio data to be written ('optm').
public let kAudioFilePropertyIsOptimized: AudioFilePropertyID = 0x6F70_746D
/// The codec's magic cookie ('mgic'); set it before writing packets of a format that has one.
public let kAudioFilePropertyMagicCookieData: AudioFilePropertyID = 0x6D67_6963
/// `UInt64`: the bytes of audio data ('bcnt').
public let kAudioFilePropertyAudioDataByteCount: AudioFilePropertyID = 0x6263_6E74
/// `UInt64`: the packets of audio data ('pcnt').
public let kAudioFilePropertyAudioDataPacketCount: AudioFilePropertyID = 0x7063_6E74
/// `UInt32`: the largest packet in the file, in bytes ('psze').
public let kAudioFilePropertyMaximumPacketSize: AudioFilePropertyID = 0x7073_7A65
/// `Int64`: the byte offset of the audio data in the file ('doff').
public let kAudioFilePropertyDataOffset: AudioFilePropertyID = 0x646F_6666
/// `AudioChannelLayout`: the file's channel layout ('cmap').
public let kAudioFilePropertyChannelLayout: AudioFilePropertyID = 0x636D_6170
/// `AudioFilePacketTableInfo`: priming and remainder frames ('pnfo').
public let kAudioFilePropertyPacketTableInfo: AudioFilePropertyID = 0x706E_666F
/// `UInt32`: the largest packet the format can have, without scanning the file ('pkub').
public let kAudioFilePropertyPacketSizeUpperBound: AudioFilePropertyID = 0x706B_7562
/// `Float64`: the duration in seconds ('edur').
public let kAudioFilePropertyEstimatedDuration: AudioFilePropertyID = 0x6564_7572
/// `UInt32`: the audio data's bit rate in bits per second ('brat').
public let kAudioFilePropertyBitRate: AudioFilePropertyID = 0x6272_6174
