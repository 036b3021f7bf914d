// The codec component types (AudioCodec.h) and Apple's codec makers (AudioFormat.h) that name a codec in an
// `AudioClassDescription`, as `AudioConverterNewSpecific` takes them. Swift imports each as a `UInt32`.

/// A decoder ('adec'): its `AudioClassDescription.mSubType` is the format it decodes.
public let kAudioDecoderComponentType: UInt32 = 0x6164_6563
/// An encoder ('aenc'): its `AudioClassDescription.mSubType` is the format it encodes.
public let kAudioEncoderComponentType: UInt32 = 0x6165_6E63
/// A codec whose input and output are one format, converting between its sample rates or bit rates ('acdc').
public let kAudioUnityCodecComponentType: UInt32 = 0x6163_6463
/// Apple's software codecs ('appl'): the codecs this package uses.
public let kAppleSoftwareAudioCodecManufacturer: UInt32 = 0x6170_706C
/// Apple's hardware codecs ('aphw'), which this package does not have.
public let kAppleHardwareAudioCodecManufacturer: UInt32 = 0x6170_6877
