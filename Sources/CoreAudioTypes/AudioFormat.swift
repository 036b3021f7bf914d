import CoreFoundationShims

// Audio format identifiers and flags (CoreAudioBaseTypes.h). Identifiers are four-character codes stored as
// big-endian `UInt32`s, with the values of Apple's header.

/// A four-character code identifying an audio data format.
public typealias AudioFormatID = UInt32

/// Flags that qualify an `AudioFormatID` (endianness, sample type, packing, interleaving).
public typealias AudioFormatFlags = UInt32

/// Linear PCM ('lpcm').
public let kAudioFormatLinearPCM: AudioFormatID = 0x6C70_636D

/// AC-3 ('ac-3').
public let kAudioFormatAC3: AudioFormatID = 0x6163_2D33

/// AC-3 packaged for IEC 60958 transport ('cac3').
public let kAudioFormat60958AC3: AudioFormatID = 0x6361_6333

/// Apple's IMA 4:1 ADPCM ('ima4').
public let kAudioFormatAppleIMA4: AudioFormatID = 0x696D_6134

/// MPEG-4 AAC (low complexity) ('aac ').
public let kAudioFormatMPEG4AAC: AudioFormatID = 0x6161_6320

/// MPEG-4 CELP ('celp').
public let kAudioFormatMPEG4CELP: AudioFormatID = 0x6365_6C70

/// MPEG-4 HVXC ('hvxc').
public let kAudioFormatMPEG4HVXC: AudioFormatID = 0x6876_7863

/// MPEG-4 TwinVQ ('twvq').
public let kAudioFormatMPEG4TwinVQ: AudioFormatID = 0x7477_7671

/// MACE 3:1 ('MAC3').
public let kAudioFormatMACE3: AudioFormatID = 0x4D41_4333

/// MACE 6:1 ('MAC6').
public let kAudioFormatMACE6: AudioFormatID = 0x4D41_4336

/// µ-law 2:1 ('ulaw').
public let kAudioFormatULaw: AudioFormatID = 0x756C_6177

/// A-law 2:1 ('alaw').
public let kAudioFormatALaw: AudioFormatID = 0x616C_6177

/// QDesign music ('QDMC').
public let kAudioFormatQDesign: AudioFormatID = 0x5144_4D43

/// QDesign2 music ('QDM2').
public let kAudioFormatQDesign2: AudioFormatID = 0x5144_4D32

/// QUALCOMM PureVoice ('Qclp').
public let kAudioFormatQUALCOMM: AudioFormatID = 0x5163_6C70

/// MPEG-1/2 Layer I ('.mp1').
public let kAudioFormatMPEGLayer1: AudioFormatID = 0x2E6D_7031

/// MPEG-1/2 Layer II ('.mp2').
public let kAudioFormatMPEGLayer2: AudioFormatID = 0x2E6D_7032

/// MPEG-1/2 Layer III ('.mp3').
public let kAudioFormatMPEGLayer3: AudioFormatID = 0x2E6D_7033

/// A stream of IOAudioTimeStamps ('time').
public let kAudioFormatTimeCode: AudioFormatID = 0x7469_6D65

/// A stream of MIDI packets ('midi').
public let kAudioFormatMIDIStream: AudioFormatID = 0x6D69_6469

/// A stream of audio unit parameter values ('apvs').
public let kAudioFormatParameterValueStream: AudioFormatID = 0x6170_7673

/// Apple Lossless ('alac').
public let kAudioFormatAppleLossless: AudioFormatID = 0x616C_6163

/// MPEG-4 High Efficiency AAC (SBR) ('aach').
public let kAudioFormatMPEG4AAC_HE: AudioFormatID = 0x6161_6368

/// MPEG-4 AAC Low Delay ('aacl').
public let kAudioFormatMPEG4AAC_LD: AudioFormatID = 0x6161_636C

/// MPEG-4 AAC Enhanced Low Delay ('aace').
public let kAudioFormatMPEG4AAC_ELD: AudioFormatID = 0x6161_6365

/// MPEG-4 AAC Enhanced Low Delay with SBR ('aacf').
public let kAudioFormatMPEG4AAC_ELD_SBR: AudioFormatID = 0x6161_6366

/// MPEG-4 AAC Enhanced Low Delay version 2 ('aacg').
public let kAudioFormatMPEG4AAC_ELD_V2: AudioFormatID = 0x6161_6367

/// MPEG-4 High Efficiency AAC version 2 (SBR and PS) ('aacp').
public let kAudioFormatMPEG4AAC_HE_V2: AudioFormatID = 0x6161_6370

/// MPEG-4 Spatial Audio ('aacs').
public let kAudioFormatMPEG4AAC_Spatial: AudioFormatID = 0x6161_6373

/// MPEG-D Unified Speech and Audio Coding ('usac').
public let kAudioFormatMPEGD_USAC: AudioFormatID = 0x7573_6163

/// AMR narrowband ('samr').
public let kAudioFormatAMR: AudioFormatID = 0x7361_6D72

/// AMR wideband ('sawb').
public let kAudioFormatAMR_WB: AudioFormatID = 0x7361_7762

/// Audible's audio books ('AUDB').
public let kAudioFormatAudible: AudioFormatID = 0x4155_4442

/// iLBC speech ('ilbc').
public let kAudioFormatiLBC: AudioFormatID = 0x696C_6263

/// DVI/Intel IMA ADPCM (WAVE format 0x11) (0x6D730011).
public let kAudioFormatDVIIntelIMA: AudioFormatID = 0x6D73_0011

/// Microsoft GSM 6.10 (WAVE format 0x31) (0x6D730031).
public let kAudioFormatMicrosoftGSM: AudioFormatID = 0x6D73_0031

/// AES3-2003 ('aes3').
public let kAudioFormatAES3: AudioFormatID = 0x6165_7333

/// Enhanced AC-3 (E-AC-3) ('ec-3').
public let kAudioFormatEnhancedAC3: AudioFormatID = 0x6563_2D33

/// Free Lossless Audio Codec ('flac').
public let kAudioFormatFLAC: AudioFormatID = 0x666C_6163

/// Opus ('opus').
public let kAudioFormatOpus: AudioFormatID = 0x6F70_7573

/// Apple Positional Audio Codec ('apac').
public let kAudioFormatAPAC: AudioFormatID = 0x6170_6163

// MARK: Format flags

/// Samples are floating point (otherwise integer).
public let kAudioFormatFlagIsFloat: AudioFormatFlags = 1 << 0

/// Samples are big-endian (otherwise little-endian).
public let kAudioFormatFlagIsBigEndian: AudioFormatFlags = 1 << 1

/// Integer samples are signed (otherwise unsigned).
public let kAudioFormatFlagIsSignedInteger: AudioFormatFlags = 1 << 2

/// Sample bits fill the whole channel (`mBitsPerChannel * mChannelsPerFrame / 8 == mBytesPerFrame`).
public let kAudioFormatFlagIsPacked: AudioFormatFlags = 1 << 3

/// Unpacked samples sit in the high bits of their channel (otherwise the low bits).
public let kAudioFormatFlagIsAlignedHigh: AudioFormatFlags = 1 << 4

/// Each channel is in its own buffer (otherwise channels are interleaved).
public let kAudioFormatFlagIsNonInterleaved: AudioFormatFlags = 1 << 5

/// The stream should not be mixed with others.
public let kAudioFormatFlagIsNonMixable: AudioFormatFlags = 1 << 6

/// Set when no flag is set, to tell "all clear" from "not specified".
public let kAudioFormatFlagsAreAllClear: AudioFormatFlags = 0x8000_0000

/// Linear PCM: samples are floating point.
public let kLinearPCMFormatFlagIsFloat: AudioFormatFlags = kAudioFormatFlagIsFloat

/// Linear PCM: samples are big-endian.
public let kLinearPCMFormatFlagIsBigEndian: AudioFormatFlags = kAudioFormatFlagIsBigEndian

/// Linear PCM: integer samples are signed.
public let kLinearPCMFormatFlagIsSignedInteger: AudioFormatFlags = kAudioFormatFlagIsSignedInteger

/// Linear PCM: samples are packed.
public let kLinearPCMFormatFlagIsPacked: AudioFormatFlags = kAudioFormatFlagIsPacked

/// Linear PCM: unpacked samples are aligned high.
public let kLinearPCMFormatFlagIsAlignedHigh: AudioFormatFlags = kAudioFormatFlagIsAlignedHigh

/// Linear PCM: channels are not interleaved.
public let kLinearPCMFormatFlagIsNonInterleaved: AudioFormatFlags = kAudioFormatFlagIsNonInterleaved

/// Linear PCM: the stream should not be mixed.
public let kLinearPCMFormatFlagIsNonMixable: AudioFormatFlags = kAudioFormatFlagIsNonMixable

/// Linear PCM: where the fixed-point fraction bit count starts in the flags.
public let kLinearPCMFormatFlagsSampleFractionShift: AudioFormatFlags = 7

/// Linear PCM: the fixed-point fraction bit count (6 bits from bit 7).
public let kLinearPCMFormatFlagsSampleFractionMask: AudioFormatFlags = 0x3F << kLinearPCMFormatFlagsSampleFractionShift

/// Linear PCM: no flag is set.
public let kLinearPCMFormatFlagsAreAllClear: AudioFormatFlags = kAudioFormatFlagsAreAllClear

/// Apple Lossless: the source was 16-bit.
public let kAppleLosslessFormatFlag_16BitSourceData: AudioFormatFlags = 1

/// Apple Lossless: the source was 20-bit.
public let kAppleLosslessFormatFlag_20BitSourceData: AudioFormatFlags = 2

/// Apple Lossless: the source was 24-bit.
public let kAppleLosslessFormatFlag_24BitSourceData: AudioFormatFlags = 3

/// Apple Lossless: the source was 32-bit.
public let kAppleLosslessFormatFlag_32BitSourceData: AudioFormatFlags = 4

/// The native byte order's flag: 0 on the little-endian machines Swift runs on here.
public let kAudioFormatFlagsNativeEndian: AudioFormatFlags = {
    1.littleEndian == 1 ? 0 : kAudioFormatFlagIsBigEndian
}()

/// Core Audio's canonical sample format: native-endian packed 32-bit float (deprecated by Apple, kept for old
/// code; this is its macOS definition).
public let kAudioFormatFlagsCanonical: AudioFormatFlags =
    kAudioFormatFlagIsFloat | kAudioFormatFlagsNativeEndian | kAudioFormatFlagIsPacked

/// Audio units' canonical format: the canonical format, non-interleaved (deprecated by Apple).
public let kAudioFormatFlagsAudioUnitCanonical: AudioFormatFlags =
    kAudioFormatFlagIsFloat | kAudioFormatFlagsNativeEndian | kAudioFormatFlagIsPacked | kAudioFormatFlagIsNonInterleaved

/// Native-endian packed floating point.
public let kAudioFormatFlagsNativeFloatPacked: AudioFormatFlags =
    kAudioFormatFlagIsFloat | kAudioFormatFlagsNativeEndian | kAudioFormatFlagIsPacked
