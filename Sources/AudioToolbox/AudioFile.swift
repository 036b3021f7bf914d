// AudioFile.h's file type identifiers, result codes and creation flags, which the AudioFile and ExtAudioFile
// functions take and return. The property IDs are in AudioFileProperties.swift, the functions in
// AudioFileFunctions.swift.

/// A four-character code naming an audio file type.
public typealias AudioFileTypeID = UInt32

/// AIFF ('AIFF').
public let kAudioFileAIFFType: AudioFileTypeID = 0x4149_4646
/// AIFF-C ('AIFC').
public let kAudioFileAIFCType: AudioFileTypeID = 0x4149_4643
/// WAVE ('WAVE').
public let kAudioFileWAVEType: AudioFileTypeID = 0x5741_5645
/// RF64 ('RF64').
public let kAudioFileRF64Type: AudioFileTypeID = 0x5246_3634
/// BW64 ('BW64').
public let kAudioFileBW64Type: AudioFileTypeID = 0x4257_3634
/// Sony Wave64 ('W64f').
public let kAudioFileWave64Type: AudioFileTypeID = 0x5736_3466
/// Sound Designer II ('Sd2f').
public let kAudioFileSoundDesigner2Type: AudioFileTypeID = 0x5364_3266
/// NeXT / Sun ('NeXT').
public let kAudioFileNextType: AudioFileTypeID = 0x4E65_5854
/// MPEG Audio Layer 3 ('MPG3').
public let kAudioFileMP3Type: AudioFileTypeID = 0x4D50_4733
/// MPEG Audio Layer 2 ('MPG2').
public let kAudioFileMP2Type: AudioFileTypeID = 0x4D50_4732
/// MPEG Audio Layer 1 ('MPG1').
public let kAudioFileMP1Type: AudioFileTypeID = 0x4D50_4731
/// AC-3 ('ac-3').
public let kAudioFileAC3Type: AudioFileTypeID = 0x6163_2D33
/// AAC in ADTS ('adts').
public let kAudioFileAAC_ADTSType: AudioFileTypeID = 0x6164_7473
/// MPEG-4 ('mp4f').
public let kAudioFileMPEG4Type: AudioFileTypeID = 0x6D70_3466
/// MPEG-4 audio, .m4a ('m4af').
public let kAudioFileM4AType: AudioFileTypeID = 0x6D34_6166
/// MPEG-4 audio book, .m4b ('m4bf').
public let kAudioFileM4BType: AudioFileTypeID = 0x6D34_6266
/// Core Audio Format ('caff').
public let kAudioFileCAFType: AudioFileTypeID = 0x6361_6666
/// 3GPP ('3gpp').
public let kAudioFile3GPType: AudioFileTypeID = 0x3367_7070
/// 3GPP2 ('3gp2').
public let kAudioFile3GP2Type: AudioFileTypeID = 0x3367_7032
/// AMR ('amrf').
public let kAudioFileAMRType: AudioFileTypeID = 0x616D_7266
/// FLAC ('flac').
public let kAudioFileFLACType: AudioFileTypeID = 0x666C_6163
/// LATM in LOAS ('loas').
public let kAudioFileLATMInLOASType: AudioFileTypeID = 0x6C6F_6173

/// An unspecified error ('wht?').
public let kAudioFileUnspecifiedError: OSStatus = 0x7768_743F
/// The file type is not supported ('typ?').
public let kAudioFileUnsupportedFileTypeError: OSStatus = 0x7479_703F
/// The data format is not supported by the file type ('fmt?').
public let kAudioFileUnsupportedDataFormatError: OSStatus = 0x666D_743F
/// The property is not supported ('pty?').
public let kAudioFileUnsupportedPropertyError: OSStatus = 0x7074_793F
/// The size of the property data was not correct ('!siz').
public let kAudioFileBadPropertySizeError: OSStatus = 0x2173_697A
/// The operation violated the file's permissions ('prm?').
public let kAudioFilePermissionsError: OSStatus = 0x7072_6D3F
/// The file must be optimised before more data is written ('optm').
public let kAudioFileNotOptimizedError: OSStatus = 0x6F70_746D
/// The chunk does not exist or is not supported ('chk?').
public let kAudioFileInvalidChunkError: OSStatus = 0x6368_6B3F
/// The file offset is too large for the file type ('off?').
public let kAudioFileDoesNotAllow64BitDataSizeError: OSStatus = 0x6F66_663F
/// A packet offset is out of range ('pck?').
public let kAudioFileInvalidPacketOffsetError: OSStatus = 0x7063_6B3F
/// A packet dependency is invalid ('dep?').
public let kAudioFileInvalidPacketDependencyError: OSStatus = 0x6465_703F
/// The file is malformed ('dta?').
public let kAudioFileInvalidFileError: OSStatus = 0x6474_613F
/// The operation cannot be performed ('op??').
public let kAudioFileOperationNotSupportedError: OSStatus = 0x6F70_3F3F
/// The file is closed (-38).
public let kAudioFileNotOpenError: OSStatus = -38
/// End of file (-39).
public let kAudioFileEndOfFileError: OSStatus = -39
/// Invalid file position (-40).
public let kAudioFilePositionError: OSStatus = -40
/// The file was not found (-43).
public let kAudioFileFileNotFoundError: OSStatus = -43

/// Flags for creating an audio file.
public struct AudioFileFlags: OptionSet, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Replace an existing file at the URL; without it, creating over an existing file fails.
    public static let eraseFile = AudioFileFlags(rawValue: 1)
    /// Do not pad the audio data to a page boundary (no effect here: the writer lays the file out itself).
    public static let dontPageAlignAudioData = AudioFileFlags(rawValue: 2)
}
