import AVFAudio
import Foundation
import Testing

/// AVAudioFormat and AVAudioChannelLayout against what Apple's headers and documentation say each initialiser makes.
@Suite("AVAudioFormat")
struct AVAudioFormatTests {
    @Test("the standard format: deinterleaved native-endian Float32, Core Audio's canonical stream description")
    func standardFormat() throws {
        let format = try #require(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 2))
        #expect(format.isStandard)
        #expect(format.commonFormat == .pcmFormatFloat32)
        #expect(!format.isInterleaved)
        #expect(format.sampleRate == 44_100 && format.channelCount == 2)
        let asbd = format.streamDescription.pointee
        #expect(asbd.mFormatID == kAudioFormatLinearPCM)
        // kAudioFormatFlagIsFloat | IsPacked | IsNonInterleaved on a little-endian machine: 0x29.
        #expect(asbd.mFormatFlags == 0x29)
        #expect(asbd.mBytesPerFrame == 4 && asbd.mBytesPerPacket == 4 && asbd.mFramesPerPacket == 1)
        #expect(asbd.mBitsPerChannel == 32 && asbd.mChannelsPerFrame == 2)
    }

    @Test("common formats: sizes, flags and the common format read back from the stream description",
          arguments: [AVAudioCommonFormat.pcmFormatInt16, .pcmFormatInt32, .pcmFormatFloat64, .pcmFormatFloat32])
    func commonFormats(_ common: AVAudioCommonFormat) throws {
        let bytes: UInt32 = [.pcmFormatInt16: 2, .pcmFormatInt32: 4, .pcmFormatFloat64: 8][common] ?? 4
        let interleaved = try #require(AVAudioFormat(commonFormat: common, sampleRate: 48_000, channels: 2,
                                                     interleaved: true))
        #expect(interleaved.commonFormat == common)
        #expect(interleaved.isInterleaved && !interleaved.isStandard)
        #expect(interleaved.streamDescription.pointee.mBytesPerFrame == 2 * bytes)
        let planar = try #require(AVAudioFormat(commonFormat: common, sampleRate: 48_000, channels: 2,
                                                interleaved: false))
        #expect(planar.streamDescription.pointee.mBytesPerFrame == bytes)
        #expect(planar.isStandard == (common == .pcmFormatFloat32))
        // The same stream description gives the same format.
        let again = try #require(AVAudioFormat(streamDescription: interleaved.streamDescription))
        #expect(again == interleaved)
        #expect(again != planar)
    }

    @Test("formats that are not: other format, no channels, more than 2 without a layout, a rate of 0")
    func refusals() throws {
        #expect(AVAudioFormat(commonFormat: .otherFormat, sampleRate: 44_100, channels: 2, interleaved: true) == nil)
        #expect(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 0) == nil)
        #expect(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 3) == nil)
        #expect(AVAudioFormat(standardFormatWithSampleRate: 0, channels: 1) == nil)
        #expect(AVAudioFormat(standardFormatWithSampleRate: .nan, channels: 1) == nil)
        var asbd = try #require(AVAudioFormat(standardFormatWithSampleRate: 8_000, channels: 1))
            .streamDescription.pointee
        asbd.mBytesPerFrame = 3  // disagrees with 32 bits per channel
        #expect(AVAudioFormat(streamDescription: &asbd) == nil)
    }

    @Test("more than 2 channels take a layout that counts as many")
    func layouts() throws {
        let surround = try #require(AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_MPEG_5_1_A))
        #expect(surround.channelCount == 6)
        let format = AVAudioFormat(standardFormatWithSampleRate: 48_000, channelLayout: surround)
        #expect(format.channelCount == 6 && format.channelLayout == surround)
        var asbd = format.streamDescription.pointee
        #expect(AVAudioFormat(streamDescription: &asbd) == nil)
        #expect(AVAudioFormat(streamDescription: &asbd, channelLayout: surround) == format)
        let stereo = try #require(AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_Stereo))
        #expect(AVAudioFormat(streamDescription: &asbd, channelLayout: stereo) == nil)
        #expect(AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_UseChannelDescriptions) == nil)
        #expect(AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_UseChannelBitmap) == nil)
    }

    @Test("a layout of channel descriptions is copied whole from C memory")
    func descriptionLayout() throws {
        let labels: [AudioChannelLabel] = [kAudioChannelLabel_Left, kAudioChannelLabel_Right,
                                           kAudioChannelLabel_Center]
        let size = MemoryLayout<AudioChannelLayout>.size + 2 * MemoryLayout<AudioChannelDescription>.stride
        let memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        let layout = memory.assumingMemoryBound(to: AudioChannelLayout.self)
        layout.pointee.mChannelLayoutTag = kAudioChannelLayoutTag_UseChannelDescriptions
        layout.pointee.mNumberChannelDescriptions = 3
        let first = memory + MemoryLayout<AudioChannelLayout>.offset(of: \.mChannelDescriptions)!
        for (index, label) in labels.enumerated() {
            first.storeBytes(of: label, toByteOffset: index * MemoryLayout<AudioChannelDescription>.stride,
                             as: AudioChannelLabel.self)
        }
        let copied = AVAudioChannelLayout(layout: layout)
        memory.initializeMemory(as: UInt8.self, repeating: 0xFF, count: size)  // the copy must not see this
        #expect(copied.channelCount == 3)
        #expect(copied.layoutTag == kAudioChannelLayoutTag_UseChannelDescriptions)
        let view = UnsafeRawPointer(copied.layout) + MemoryLayout<AudioChannelLayout>.offset(of: \.mChannelDescriptions)!
        let read = (0..<3).map {
            view.load(fromByteOffset: $0 * MemoryLayout<AudioChannelDescription>.stride, as: AudioChannelLabel.self)
        }
        #expect(read == labels)
    }

    @Test("settings: PCM formats round-trip; compressed ones get the codec's packet length")
    func settings() throws {
        for format in [AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 1, interleaved: true),
                       AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 2)] {
            let format = try #require(format)
            let again = try #require(AVAudioFormat(settings: format.settings))
            #expect(again == format, "\(format.settings)")
        }
        let aac = try #require(AVAudioFormat(settings: [AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44_100,
                                                        AVNumberOfChannelsKey: 2, AVEncoderBitRateKey: 128_000]))
        #expect(aac.commonFormat == .otherFormat)
        #expect(aac.streamDescription.pointee.mFramesPerPacket == 1024)
        #expect(aac.settings[AVFormatIDKey] as? Int == Int(kAudioFormatMPEG4AAC))
        // Without AVFormatIDKey: 16-bit interleaved linear PCM, Apple's defaults.
        let plain = try #require(AVAudioFormat(settings: [AVSampleRateKey: 8_000.0, AVNumberOfChannelsKey: 1]))
        #expect(plain.commonFormat == .pcmFormatInt16 && plain.isInterleaved)
        let surround = try #require(AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_MPEG_5_1_A))
        let six = AVAudioFormat(standardFormatWithSampleRate: 48_000, channelLayout: surround)
        #expect(AVAudioFormat(settings: six.settings) == six)
    }

    @Test("settings that are not a format give nil",
          arguments: [[AVSampleRateKey: "fast", AVNumberOfChannelsKey: 2] as [String: any Sendable],
                      [AVNumberOfChannelsKey: 2], [AVSampleRateKey: 44_100], [AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 0],
                      [AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 6],
                      [AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 2, AVLinearPCMBitDepthKey: 12]])
    func badSettings(_ settings: [String: any Sendable]) {
        #expect(AVAudioFormat(settings: settings) == nil)
    }

    @Test("a Core Media format description round-trips with its layout and magic cookie")
    func formatDescription() throws {
        let aac = try #require(AVAudioFormat(settings: [AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 48_000,
                                                        AVNumberOfChannelsKey: 2]))
        let cookie = Data([0x11, 0x90])  // AudioSpecificConfig: AAC LC, 48 kHz, stereo
        aac.magicCookie = cookie
        let description = aac.formatDescription
        #expect(CMFormatDescriptionGetMediaSubType(description) == kAudioFormatMPEG4AAC)
        let again = AVAudioFormat(cmAudioFormatDescription: description)
        #expect(again == aac)
        #expect(again.magicCookie == cookie)
        let surround = try #require(AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_MPEG_5_1_A))
        let six = AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 48_000, interleaved: true,
                                channelLayout: surround)
        let back = AVAudioFormat(cmAudioFormatDescription: six.formatDescription)
        #expect(back == six && back.channelLayout?.layoutTag == kAudioChannelLayoutTag_MPEG_5_1_A)
    }
}

/// Apple's functional equality of formats.
@Suite("AVAudioFormat equality")
struct AVAudioFormatEqualityTests {
    @Test("mono ignores interleaving; a mono or stereo tag equals no layout; other layouts and sizes count")
    func functionalEquality() throws {
        let interleavedMono = try #require(AVAudioFormat(commonFormat: .pcmFormatFloat32, sampleRate: 44_100,
                                                         channels: 1, interleaved: true))
        let planarMono = try #require(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 1))
        #expect(interleavedMono == planarMono)
        let taggedMono = AVAudioFormat(standardFormatWithSampleRate: 44_100,
                                       channelLayout: try #require(AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_Mono)))
        #expect(taggedMono == planarMono)
        let stereo = try #require(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 2))
        let interleavedStereo = try #require(AVAudioFormat(commonFormat: .pcmFormatFloat32, sampleRate: 44_100,
                                                           channels: 2, interleaved: true))
        #expect(stereo != interleavedStereo)
        let binaural = AVAudioFormat(standardFormatWithSampleRate: 44_100,
                                     channelLayout: try #require(AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_Binaural)))
        #expect(binaural != stereo)
        // Packed or not says nothing when the sample fills its bytes.
        var unpacked = planarMono.streamDescription.pointee
        unpacked.mFormatFlags &= ~kAudioFormatFlagIsPacked
        #expect(AVAudioFormat(streamDescription: &unpacked) == planarMono)
        #expect(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1) != planarMono)
    }
}
