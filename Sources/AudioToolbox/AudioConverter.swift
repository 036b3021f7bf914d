// AudioConverter.h as Swift imports it: converting between linear PCM formats, and encoding to and decoding from
// codecs' packets, over `AVAudioConverter` (AudioConverterObject.swift): the same resampler, channel mapping and
// codecs. Values are Apple's headers' (the objc2-generated translation of the Xcode 26 SDK,
// AudioToolbox/AudioConverter.rs); signatures are those the Swift importer shows.
//
// Every function returns a status and never traps on wrong use: an unknown or disposed ref, a size that does not
// fit, a property that is not supported, buffers that do not match the formats. Pointers the caller passes must point
// at what they claim (as in C).

/// An audio converter object (Apple's `OpaquePointer` to an opaque struct). Here the pointer's bits are a number
/// that names the object, never memory: a ref that was disposed, or never made, is refused with `kAudio_ParamError`.
public typealias AudioConverterRef = OpaquePointer

/// A property of an audio converter.
public typealias AudioConverterPropertyID = UInt32

/// `UInt32`: the largest input packet, in bytes ('xips').
public let kAudioConverterPropertyMaximumInputPacketSize: AudioConverterPropertyID = 0x7869_7073
/// `UInt32`: the largest output packet, in bytes ('xops'): what to size an encoder's output buffers by.
public let kAudioConverterPropertyMaximumOutputPacketSize: AudioConverterPropertyID = 0x786F_7073
/// `UInt32`: the sample-rate converter's quality, one of `kAudioConverterQuality_…` ('srcq').
public let kAudioConverterSampleRateConverterQuality: AudioConverterPropertyID = 0x7372_6371
/// `UInt32`: how the converter primes, one of `kConverterPrimeMethod_…` ('prmm').
public let kAudioConverterPrimeMethod: AudioConverterPropertyID = 0x7072_6D6D
/// `AudioConverterPrimeInfo`: the frames the converter primes with ('prim').
public let kAudioConverterPrimeInfo: AudioConverterPropertyID = 0x7072_696D
/// `[Int32]`, one per output channel: the input channel each takes, or -1 for silence ('chmp').
public let kAudioConverterChannelMap: AudioConverterPropertyID = 0x6368_6D70
/// The decoder's magic cookie ('dmgc'): set it before decoding packets of a format that has one.
public let kAudioConverterDecompressionMagicCookie: AudioConverterPropertyID = 0x646D_6763
/// The encoder's magic cookie ('cmgc'), for the file the packets go into.
public let kAudioConverterCompressionMagicCookie: AudioConverterPropertyID = 0x636D_6763
/// `UInt32`: the encoder's bit rate in bits per second ('brat').
public let kAudioConverterEncodeBitRate: AudioConverterPropertyID = 0x6272_6174
/// `AudioStreamBasicDescription`: the output format, completed by the converter ('acod').
public let kAudioConverterCurrentOutputStreamDescription: AudioConverterPropertyID = 0x6163_6F64
/// `AudioStreamBasicDescription`: the input format, completed by the converter ('acid').
public let kAudioConverterCurrentInputStreamDescription: AudioConverterPropertyID = 0x6163_6964

/// The highest sample-rate converter quality.
public let kAudioConverterQuality_Max: UInt32 = 0x7F
/// High quality.
public let kAudioConverterQuality_High: UInt32 = 0x60
/// Medium quality.
public let kAudioConverterQuality_Medium: UInt32 = 0x40
/// Low quality.
public let kAudioConverterQuality_Low: UInt32 = 0x20
/// The lowest quality.
public let kAudioConverterQuality_Min: UInt32 = 0

/// Primes with leading and trailing input frames.
public let kConverterPrimeMethod_Pre: UInt32 = 0
/// Primes with trailing (zero latency) frames only: the default.
public let kConverterPrimeMethod_Normal: UInt32 = 1
/// Does not prime: output is delayed by the converter's latency.
public let kConverterPrimeMethod_None: UInt32 = 2

/// The frames a converter primes with: before the first input frame, and after the last.
public struct AudioConverterPrimeInfo: Sendable {
    public var leadingFrames: UInt32
    public var trailingFrames: UInt32

    public init() {
        leadingFrames = 0
        trailingFrames = 0
    }

    public init(leadingFrames: UInt32, trailingFrames: UInt32) {
        self.leadingFrames = leadingFrames
        self.trailingFrames = trailingFrames
    }
}

/// The converter cannot convert between the formats ('fmt?').
public let kAudioConverterErr_FormatNotSupported: OSStatus = 0x666D_743F
/// The operation is not supported by this converter ('op??').
public let kAudioConverterErr_OperationNotSupported: OSStatus = 0x6F70_3F3F
/// The property is not one this converter has ('prop').
public let kAudioConverterErr_PropertyNotSupported: OSStatus = 0x7072_6F70
/// The input size is not a whole number of packets ('insz').
public let kAudioConverterErr_InvalidInputSize: OSStatus = 0x696E_737A
/// The output buffer cannot hold what is to be written ('otsz').
public let kAudioConverterErr_InvalidOutputSize: OSStatus = 0x6F74_737A
/// An unspecified error ('what').
public let kAudioConverterErr_UnspecifiedError: OSStatus = 0x7768_6174
/// The property's data size is wrong ('!siz').
public let kAudioConverterErr_BadPropertySizeError: OSStatus = 0x2173_697A
/// The format's packets need packet descriptions, and none were given ('!pkd').
public let kAudioConverterErr_RequiresPacketDescriptionsError: OSStatus = 0x2170_6B64
/// The input sample rate is out of the converter's range ('!isr').
public let kAudioConverterErr_InputSampleRateOutOfRange: OSStatus = 0x2169_7372
/// The output sample rate is out of the converter's range ('!osr').
public let kAudioConverterErr_OutputSampleRateOutOfRange: OSStatus = 0x216F_7372

/// Supplies input to `AudioConverterFillComplexBuffer`: asked for at least `ioNumberDataPackets` packets, it points
/// `ioData`'s buffers at its data (kept valid until it is called again), sets `ioNumberDataPackets` to the packets
/// given (0: the end of the input), and fills in a packet description per packet when the last argument is not nil
/// (compressed input). A non-zero status with 0 packets means "no input now": the fill returns what it made, with
/// that status.
///
/// Apple declares it `@convention(c)`; here the audio structs are Swift structs, which a C function type cannot
/// carry, so it is a Swift function type (as CoreMedia's C callbacks are here): a `@convention(c)` function, a
/// function name or a closure all pass.
public typealias AudioConverterComplexInputDataProc = (
    AudioConverterRef, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<AudioBufferList>,
    UnsafeMutablePointer<UnsafeMutablePointer<AudioStreamPacketDescription>?>?, UnsafeMutableRawPointer?
) -> OSStatus

/// Makes a converter from `inSourceFormat` to `inDestinationFormat`: linear PCM to linear PCM (rate, channels,
/// sample type, interleaving), PCM to a codec (AAC, Apple Lossless, FLAC, Opus) or a codec to PCM. A codec's
/// description may leave its packet fields 0; the converter completes them
/// (`kAudioConverterCurrentOutputStreamDescription`). Formats it cannot convert between give
/// `kAudioConverterErr_FormatNotSupported` and no converter.
@discardableResult
public func AudioConverterNew(_ inSourceFormat: UnsafePointer<AudioStreamBasicDescription>,
                              _ inDestinationFormat: UnsafePointer<AudioStreamBasicDescription>,
                              _ outAudioConverter: UnsafeMutablePointer<AudioConverterRef?>) -> OSStatus {
    outAudioConverter.pointee = nil
    switch AudioConverterObject.make(from: inSourceFormat.pointee, to: inDestinationFormat.pointee) {
    case .success(let converter):
        outAudioConverter.pointee = AudioConverterTable.shared.register(converter)
        return noErr
    case .failure(let failure):
        return failure.status
    }
}

/// `AudioConverterNew` with the codecs named: `inClassDescriptions` (`inNumberClassDescriptions` of them) must
/// name, for each codec the conversion uses, the one this build has: Apple's software codec ('appl'), as a decoder
/// ('adec') of a compressed source's format and an encoder ('aenc') of a compressed destination's. A list that does
/// not (another maker's or a hardware codec, or a conversion between linear PCM formats, which uses no codec) gives
/// `kAudioConverterErr_FormatNotSupported` and no converter; an empty list `kAudio_ParamError`.
@discardableResult
public func AudioConverterNewSpecific(_ inSourceFormat: UnsafePointer<AudioStreamBasicDescription>,
                                      _ inDestinationFormat: UnsafePointer<AudioStreamBasicDescription>,
                                      _ inNumberClassDescriptions: UInt32,
                                      _ inClassDescriptions: UnsafePointer<AudioClassDescription>,
                                      _ outAudioConverter: UnsafeMutablePointer<AudioConverterRef?>) -> OSStatus {
    outAudioConverter.pointee = nil
    guard inNumberClassDescriptions > 0 else { return kAudio_ParamError }
    let given = UnsafeBufferPointer(start: inClassDescriptions, count: Int(inNumberClassDescriptions))
    let decoder = kAudioDecoderComponentType, encoder = kAudioEncoderComponentType
    let software = kAppleSoftwareAudioCodecManufacturer
    var needed: [(type: OSType, format: AudioFormatID)] = []
    if !inSourceFormat.pointee.isLinearPCM { needed.append((decoder, inSourceFormat.pointee.mFormatID)) }
    if !inDestinationFormat.pointee.isLinearPCM { needed.append((encoder, inDestinationFormat.pointee.mFormatID)) }
    let named = needed.allSatisfy { codec in
        given.contains { $0.mType == codec.type && $0.mSubType == codec.format && $0.mManufacturer == software }
    }
    guard !needed.isEmpty, named else { return kAudioConverterErr_FormatNotSupported }
    return AudioConverterNew(inSourceFormat, inDestinationFormat, outAudioConverter)
}

/// Disposes of the converter; the ref is invalid afterwards.
@discardableResult
public func AudioConverterDispose(_ inAudioConverter: AudioConverterRef) -> OSStatus {
    AudioConverterTable.shared.remove(inAudioConverter) == nil ? kAudio_ParamError : noErr
}

/// Forgets the input and output in flight, for a new stream (after a seek, or once the input has ended).
@discardableResult
public func AudioConverterReset(_ inAudioConverter: AudioConverterRef) -> OSStatus {
    guard let converter = AudioConverterTable.shared.object(inAudioConverter) else { return kAudio_ParamError }
    converter.reset()
    return noErr
}

/// The size of a property's value, and whether it can be set. A property the converter does not have gives
/// `kAudioConverterErr_PropertyNotSupported`.
@discardableResult
public func AudioConverterGetPropertyInfo(_ inAudioConverter: AudioConverterRef,
                                          _ inPropertyID: AudioConverterPropertyID,
                                          _ outSize: UnsafeMutablePointer<UInt32>?,
                                          _ outWritable: UnsafeMutablePointer<DarwinBoolean>?) -> OSStatus {
    guard let converter = AudioConverterTable.shared.object(inAudioConverter) else { return kAudio_ParamError }
    switch converter.propertyInfo(inPropertyID) {
    case .success(let info):
        outSize?.pointee = info.size
        outWritable?.pointee = DarwinBoolean(info.writable)
        return noErr
    case .failure(let failure):
        return failure.status
    }
}

/// Copies a property's value into `outPropertyData`, whose size `ioPropertyDataSize` gives (too small:
/// `kAudioConverterErr_BadPropertySizeError`); on return it holds the value's size.
@discardableResult
public func AudioConverterGetProperty(_ inAudioConverter: AudioConverterRef, _ inPropertyID: AudioConverterPropertyID,
                                      _ ioPropertyDataSize: UnsafeMutablePointer<UInt32>,
                                      _ outPropertyData: UnsafeMutableRawPointer) -> OSStatus {
    guard let converter = AudioConverterTable.shared.object(inAudioConverter) else { return kAudio_ParamError }
    return converter.getProperty(inPropertyID, ioPropertyDataSize, outPropertyData)
}

/// Sets a property from the `inPropertyDataSize` bytes at `inPropertyData`. A value the converter cannot honour
/// (a bit rate for a lossless codec, a channel map of the wrong length) is refused, never ignored.
@discardableResult
public func AudioConverterSetProperty(_ inAudioConverter: AudioConverterRef, _ inPropertyID: AudioConverterPropertyID,
                                      _ inPropertyDataSize: UInt32, _ inPropertyData: UnsafeRawPointer) -> OSStatus {
    guard let converter = AudioConverterTable.shared.object(inAudioConverter) else { return kAudio_ParamError }
    return converter.setProperty(inPropertyID, inPropertyDataSize, inPropertyData)
}

/// Converts `inInputDataSize` bytes of interleaved PCM at `inInputData` into `outOutputData` (`ioOutputDataSize`
/// bytes; on return, the bytes written). Only for PCM to PCM at one sample rate, as Apple's: other conversions give
/// `kAudioConverterErr_OperationNotSupported` (use `AudioConverterFillComplexBuffer`). Input that is not whole
/// frames gives `kAudioConverterErr_InvalidInputSize`, an output too small for it
/// `kAudioConverterErr_InvalidOutputSize`.
@discardableResult
public func AudioConverterConvertBuffer(_ inAudioConverter: AudioConverterRef, _ inInputDataSize: UInt32,
                                        _ inInputData: UnsafeRawPointer,
                                        _ ioOutputDataSize: UnsafeMutablePointer<UInt32>,
                                        _ outOutputData: UnsafeMutableRawPointer) -> OSStatus {
    guard let converter = AudioConverterTable.shared.object(inAudioConverter) else { return kAudio_ParamError }
    return converter.convertBuffer(inInputDataSize, inInputData, ioOutputDataSize, outOutputData)
}

/// Fills `outOutputData` with up to `ioOutputDataPacketSize` packets of output (frames, for PCM), asking
/// `inInputDataProc` (with `inInputDataProcUserData`) for input as it needs it. For compressed output,
/// `outPacketDescription` receives a description per packet (nil there gives
/// `kAudioConverterErr_RequiresPacketDescriptionsError`); the buffer's `mDataByteSize` is its capacity on entry and
/// what was written on return. On return `ioOutputDataPacketSize` is the packets written: 0 with `noErr` once the
/// input has ended and everything was returned. A non-zero status from the callback ends the call with that status
/// and what was made so far.
@discardableResult
public func AudioConverterFillComplexBuffer(_ inAudioConverter: AudioConverterRef,
                                            _ inInputDataProc: AudioConverterComplexInputDataProc,
                                            _ inInputDataProcUserData: UnsafeMutableRawPointer?,
                                            _ ioOutputDataPacketSize: UnsafeMutablePointer<UInt32>,
                                            _ outOutputData: UnsafeMutablePointer<AudioBufferList>,
                                            _ outPacketDescription: UnsafeMutablePointer<AudioStreamPacketDescription>?)
    -> OSStatus {
    guard let converter = AudioConverterTable.shared.object(inAudioConverter) else {
        ioOutputDataPacketSize.pointee = 0
        return kAudio_ParamError
    }
    // The callback is used only during this call: the feeder that holds it is released before the call returns.
    return withoutActuallyEscaping(inInputDataProc) { proc in
        converter.fill(ref: inAudioConverter, input: proc, userData: inInputDataProcUserData,
                       packets: ioOutputDataPacketSize, output: outOutputData, descriptions: outPacketDescription)
    }
}

/// `AudioConverterFillComplexBuffer` that also describes each output packet's dependencies on the others, for output
/// formats whose packets can depend on earlier ones (those with `kAudioFormatProperty_FormatEmploysDependentPackets`:
/// USAC, for instance). AudioConverter.h: `outPacketDependencies` holds `ioOutputDataPacketSize` descriptions and is
/// filled only by encoders of such formats. None of the formats made here is one (linear PCM, AAC, Apple Lossless,
/// FLAC, Opus: every packet stands alone in Core Audio's model), so it is left as it is and the call converts
/// exactly as `AudioConverterFillComplexBuffer` does, with the same results.
@discardableResult
public func AudioConverterFillComplexBufferWithPacketDependencies(
    _ inAudioConverter: AudioConverterRef, _ inInputDataProc: AudioConverterComplexInputDataProc,
    _ inInputDataProcUserData: UnsafeMutableRawPointer?, _ ioOutputDataPacketSize: UnsafeMutablePointer<UInt32>,
    _ outOutputData: UnsafeMutablePointer<AudioBufferList>,
    _ outPacketDescriptions: UnsafeMutablePointer<AudioStreamPacketDescription>?,
    _ outPacketDependencies: UnsafeMutablePointer<AudioStreamPacketDependencyDescription>
) -> OSStatus {
    AudioConverterFillComplexBuffer(inAudioConverter, inInputDataProc, inInputDataProcUserData, ioOutputDataPacketSize,
                                    outOutputData, outPacketDescriptions)
}

/// Converts `inNumberPCMFrames` frames of linear PCM from the buffers of `inInputData` into those of `outOutputData`
/// (as many buffers as each format has: one interleaved, or one a channel), the same number of frames out as in: only
/// for PCM to PCM at one sample rate, as Apple's (other conversions give `kAudioConverterErr_OperationNotSupported`;
/// use `AudioConverterFillComplexBuffer`). Each output buffer's `mDataByteSize` is its capacity on entry and the
/// bytes written on return. Input buffers holding fewer frames give `kAudioConverterErr_InvalidInputSize`, output
/// buffers too small `kAudioConverterErr_InvalidOutputSize`, a list with the wrong number of buffers or a buffer
/// without memory `kAudio_ParamError`.
@discardableResult
public func AudioConverterConvertComplexBuffer(_ inAudioConverter: AudioConverterRef, _ inNumberPCMFrames: UInt32,
                                               _ inInputData: UnsafePointer<AudioBufferList>,
                                               _ outOutputData: UnsafeMutablePointer<AudioBufferList>) -> OSStatus {
    guard let converter = AudioConverterTable.shared.object(inAudioConverter) else { return kAudio_ParamError }
    return converter.convertComplexBuffer(inNumberPCMFrames, inInputData, outOutputData)
}
