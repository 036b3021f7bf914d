import AudioToolbox
import Foundation
import Testing
import TestSupport

/// AudioConverterNewSpecific: descriptions naming the codec this build has make the converter AudioConverterNew
/// makes (judged by ffmpeg); others are refused with Apple's status and no converter.
@Suite("AudioConverterNewSpecific")
struct AudioConverterSpecificTests {
    // AudioCodec.h's component types and AudioFormat.h's manufacturers (values from the objc2-generated translation
    // of the Xcode 26 SDK headers, AudioToolbox/AudioCodec.rs and AudioFormat.rs).
    static let encoder: OSType = 0x6165_6E63  // 'aenc'
    static let decoder: OSType = 0x6164_6563  // 'adec'
    static let appleSoftware: OSType = 0x6170_706C  // 'appl'
    static let appleHardware: OSType = 0x6170_6877  // 'aphw'

    @Test("PCM to ALAC with Apple's software encoder named: ffmpeg decodes the very samples given")
    func encodesWithNamedCodec() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("specific.m4a")
        // A hardware AAC encoder first (not here), then the software ALAC encoder: the list is a choice.
        let classes = [
            AudioClassDescription(mType: Self.encoder, mSubType: kAudioFormatMPEG4AAC,
                                  mManufacturer: Self.appleHardware),
            AudioClassDescription(mType: Self.encoder, mSubType: kAudioFormatAppleLossless,
                                  mManufacturer: Self.appleSoftware),
        ]
        try AudioConverterTests.encode(AudioConverterTests.codec(kAudioFormatAppleLossless), into: url,
                                       classes: classes)
        #expect(try ExternalTool.ffmpegDecodeErrors(url).isEmpty)
        let decoded = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-f", "s16le", "-"])
        #expect([UInt8](decoded.standardOutput) == (try AudioConverterTests.toneSamples()))
    }

    @Test("AAC to PCM with Apple's software decoder named: a converter whose output is the PCM asked for")
    func decodesWithNamedCodec() throws {
        var source = AudioConverterTests.codec(kAudioFormatMPEG4AAC)
        source.mFramesPerPacket = 1_024
        var destination = AudioConverterTests.int16(rate: 44_100, channels: 2)
        var classes = [AudioClassDescription(mType: Self.decoder, mSubType: kAudioFormatMPEG4AAC,
                                             mManufacturer: Self.appleSoftware)]
        var converter: AudioConverterRef?
        #expect(AudioConverterNewSpecific(&source, &destination, 1, &classes, &converter) == noErr)
        let ref = try #require(converter)
        defer { _ = AudioConverterDispose(ref) }
        var output = AudioStreamBasicDescription()
        var size = UInt32(MemoryLayout<AudioStreamBasicDescription>.size)
        #expect(AudioConverterGetProperty(ref, kAudioConverterCurrentOutputStreamDescription, &size, &output) == noErr)
        #expect(output.mFormatID == kAudioFormatLinearPCM && output.mBytesPerFrame == 4)
        var input = AudioStreamBasicDescription()
        #expect(AudioConverterGetProperty(ref, kAudioConverterCurrentInputStreamDescription, &size, &input) == noErr)
        #expect(input.mFormatID == kAudioFormatMPEG4AAC)
    }

    @Test("Descriptions not naming this build's codec: 'fmt?' and no converter; an empty list -50",
          arguments: [
            // A hardware encoder, another maker's, a decoder for an encode, another format's encoder.
            AudioClassDescription(mType: 0x6165_6E63, mSubType: kAudioFormatMPEG4AAC, mManufacturer: 0x6170_6877),
            AudioClassDescription(mType: 0x6165_6E63, mSubType: kAudioFormatMPEG4AAC, mManufacturer: 0x6661_6B65),
            AudioClassDescription(mType: 0x6164_6563, mSubType: kAudioFormatMPEG4AAC, mManufacturer: 0x6170_706C),
            AudioClassDescription(mType: 0x6165_6E63, mSubType: kAudioFormatFLAC, mManufacturer: 0x6170_706C),
          ])
    func refusesOtherCodecs(description: AudioClassDescription) throws {
        var source = AudioConverterTests.int16(rate: 44_100, channels: 2)
        var destination = AudioConverterTests.codec(kAudioFormatMPEG4AAC)
        var classes = [description]
        var converter: AudioConverterRef? = OpaquePointer(bitPattern: 1)
        #expect(AudioConverterNewSpecific(&source, &destination, 1, &classes, &converter)
            == kAudioConverterErr_FormatNotSupported)
        #expect(converter == nil)
        #expect(AudioConverterNewSpecific(&source, &destination, 0, &classes, &converter) == kAudio_ParamError)
        #expect(converter == nil)
    }

    @Test("PCM to PCM uses no codec: naming one is refused with 'fmt?'")
    func refusesCodecForPCM() throws {
        var source = AudioConverterTests.int16(rate: 44_100, channels: 2)
        var destination = AudioConverterTests.float32(rate: 44_100, channels: 2)
        var classes = [AudioClassDescription(mType: Self.encoder, mSubType: kAudioFormatLinearPCM,
                                             mManufacturer: Self.appleSoftware)]
        var converter: AudioConverterRef?
        #expect(AudioConverterNewSpecific(&source, &destination, 1, &classes, &converter)
            == kAudioConverterErr_FormatNotSupported)
        #expect(converter == nil)
    }
}
