import CoreAudioTypes
import Testing

/// A four-character code as Apple's headers write it ('lpcm' is 0x6C70636D).
private func code(_ text: String) -> UInt32 { text.utf8.reduce(0) { $0 << 8 | UInt32($1) } }

@Suite("Core Audio types")
struct CoreAudioTypesTests {
    @Test("format IDs are the four-character codes of CoreAudioBaseTypes.h")
    func formatIDs() {
        let expected: [(AudioFormatID, String)] = [
            (kAudioFormatLinearPCM, "lpcm"), (kAudioFormatAC3, "ac-3"), (kAudioFormatAppleIMA4, "ima4"),
            (kAudioFormatMPEG4AAC, "aac "), (kAudioFormatMPEG4AAC_HE, "aach"), (kAudioFormatMPEG4AAC_HE_V2, "aacp"),
            (kAudioFormatMPEG4AAC_LD, "aacl"), (kAudioFormatMPEG4AAC_ELD, "aace"), (kAudioFormatAppleLossless, "alac"),
            (kAudioFormatMPEGLayer1, ".mp1"), (kAudioFormatMPEGLayer2, ".mp2"), (kAudioFormatMPEGLayer3, ".mp3"),
            (kAudioFormatAMR, "samr"), (kAudioFormatAMR_WB, "sawb"), (kAudioFormatOpus, "opus"),
            (kAudioFormatFLAC, "flac"), (kAudioFormatEnhancedAC3, "ec-3"), (kAudioFormatULaw, "ulaw"),
            (kAudioFormatALaw, "alaw"), (kAudioFormatiLBC, "ilbc"), (kAudioFormatMPEGD_USAC, "usac"),
        ]
        for (value, text) in expected { #expect(value == code(text), "\(text)") }
        #expect(kAudioFormatDVIIntelIMA == 0x6D73_0011 && kAudioFormatMicrosoftGSM == 0x6D73_0031)
    }

    @Test("format flags have the header's bit values; native-endian packed float is 0x9 here")
    func formatFlags() {
        #expect(kAudioFormatFlagIsFloat == 1 && kAudioFormatFlagIsBigEndian == 2 && kAudioFormatFlagIsSignedInteger == 4)
        #expect(kAudioFormatFlagIsPacked == 8 && kAudioFormatFlagIsAlignedHigh == 16)
        #expect(kAudioFormatFlagIsNonInterleaved == 32 && kAudioFormatFlagIsNonMixable == 64)
        #expect(kAudioFormatFlagsAreAllClear == 0x8000_0000 && kLinearPCMFormatFlagsAreAllClear == 0x8000_0000)
        #expect(kLinearPCMFormatFlagIsSignedInteger == kAudioFormatFlagIsSignedInteger)
        #expect(kLinearPCMFormatFlagsSampleFractionShift == 7 && kLinearPCMFormatFlagsSampleFractionMask == 0x1F80)
        #expect(kAppleLosslessFormatFlag_16BitSourceData == 1 && kAppleLosslessFormatFlag_32BitSourceData == 4)
        #expect(kAudioFormatFlagsNativeEndian == 0, "x86-64 and arm64 Linux are little-endian")
        #expect(kAudioFormatFlagsNativeFloatPacked == 9 && kAudioFormatFlagsCanonical == 9)
        #expect(kAudioFormatFlagsAudioUnitCanonical == 41)
    }

    @Test("AudioStreamBasicDescription: Apple's memberwise labels, a zeroing init, C layout (40 bytes)")
    func streamDescription() {
        // The compat sample's form.
        let description = AudioStreamBasicDescription(
            mSampleRate: 44_100, mFormatID: kAudioFormatLinearPCM,
            mFormatFlags: kLinearPCMFormatFlagIsSignedInteger | kLinearPCMFormatFlagIsPacked,
            mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: 2, mBitsPerChannel: 16,
            mReserved: 0)
        #expect(description.mFormatFlags == 12)
        let zero = AudioStreamBasicDescription()
        #expect(zero.mSampleRate == 0 && zero.mFormatID == 0 && zero.mReserved == 0)
        #expect(!zero.hasSameFields(as: description) && description.hasSameFields(as: description))
        // sizeof(AudioStreamBasicDescription) is 40 on Apple platforms: a Float64 then eight UInt32s.
        #expect(MemoryLayout<AudioStreamBasicDescription>.size == 40)
        #expect(MemoryLayout<AudioStreamPacketDescription>.size == 16)
        #expect(AudioStreamPacketDescription(mStartOffset: 7, mVariableFramesInPacket: 0, mDataByteSize: 9).mDataByteSize == 9)
        #expect(AudioValueRange(mMinimum: 8000, mMaximum: 48000).mMaximum == 48000)
    }

    @Test("channel layout tags carry their channel count in the low 16 bits and Apple's layout numbers")
    func layoutTags() {
        // Values from CoreAudioBaseTypes.h: (layout number << 16) | channel count.
        #expect(kAudioChannelLayoutTag_Mono == 0x0064_0001)
        #expect(kAudioChannelLayoutTag_Stereo == 0x0065_0002)
        #expect(kAudioChannelLayoutTag_MPEG_3_0_A == 113 << 16 | 3)
        #expect(kAudioChannelLayoutTag_MPEG_5_1_A == 121 << 16 | 6 && kAudioChannelLayoutTag_MPEG_5_1_D == 124 << 16 | 6)
        #expect(kAudioChannelLayoutTag_MPEG_7_1_C == 128 << 16 | 8)
        #expect(kAudioChannelLayoutTag_AAC_5_1 == kAudioChannelLayoutTag_MPEG_5_1_D)
        #expect(kAudioChannelLayoutTag_AAC_7_1_C == 184 << 16 | 8)
        #expect(kAudioChannelLayoutTag_AudioUnit_5_0 == kAudioChannelLayoutTag_MPEG_5_0_B)
        #expect(kAudioChannelLayoutTag_AudioUnit_7_0_Front == 148 << 16 | 7)
        #expect(kAudioChannelLayoutTag_Atmos_7_1_4 == 192 << 16 | 12)
        #expect(kAudioChannelLayoutTag_Logic_Atmos_7_1_6 == 13_303_822)
        #expect(kAudioChannelLayoutTag_DiscreteInOrder == 9_633_792)
        #expect(kAudioChannelLayoutTag_MPEG_7_1_D == 219 << 16 | 8)
        #expect(kAudioChannelLayoutTag_UseChannelDescriptions == 0 && kAudioChannelLayoutTag_UseChannelBitmap == 0x1_0000)
        #expect(kAudioChannelLayoutTag_Unknown == 0xFFFF_0000)
        #expect(AudioChannelLayoutTag_GetNumberOfChannels(kAudioChannelLayoutTag_TMH_10_2_full) == 21)
        #expect(AudioChannelLayoutTag_GetNumberOfChannels(kAudioChannelLayoutTag_DiscreteInOrder | 5) == 5)
    }

    @Test("channel labels and bitmaps have Apple's values")
    func labelsAndBitmaps() {
        #expect(kAudioChannelLabel_Left == 1 && kAudioChannelLabel_LFEScreen == 4 && kAudioChannelLabel_Mono == 42)
        #expect(kAudioChannelLabel_Unknown == 0xFFFF_FFFF && kAudioChannelLabel_UseCoordinates == 100)
        #expect(kAudioChannelLabel_LeftTopFront == kAudioChannelLabel_VerticalHeightLeft)
        #expect(kAudioChannelLabel_Discrete_0 == 65_536 && kAudioChannelLabel_Discrete_65535 == 131_071)
        #expect(kAudioChannelLabel_HOA_ACN_0 == 131_072 && kAudioChannelLabel_HOA_N3D == 196_608)
        #expect(kAudioChannelLabel_Object == 262_144 && kAudioChannelLabel_RightEdgeOfScreen == 66)
        let surround: AudioChannelBitmap = [.bit_Left, .bit_Right, .bit_Center, .bit_LFEScreen, .bit_LeftSurround,
                                            .bit_RightSurround]
        #expect(surround.rawValue == 0x3F, "5.1 is WAVEFORMATEXTENSIBLE's 0x3F")
        #expect(AudioChannelBitmap.bit_RightTopRear.rawValue == 1 << 26)
        #expect(AudioChannelFlags.meters.rawValue == 4 && AudioChannelFlags().rawValue == 0)
    }

    @Test("AudioChannelLayout has C's layout (32 bytes); ChannelLayout round-trips a 6-description list")
    func variableLengthLayout() throws {
        #expect(MemoryLayout<AudioChannelDescription>.size == 20)
        #expect(MemoryLayout<AudioChannelLayout>.size == 32)
        let labels = [kAudioChannelLabel_Left, kAudioChannelLabel_Right, kAudioChannelLabel_Center,
                      kAudioChannelLabel_LFEScreen, kAudioChannelLabel_LeftSurround, kAudioChannelLabel_RightSurround]
        let layout = ChannelLayout(labels: labels)
        #expect(layout.numberOfChannels == 6)
        #expect(ChannelLayout.byteCount(descriptions: 6) == 32 + 5 * 20)
        let copy = layout.withUnsafeAudioChannelLayout { pointer, size -> ChannelLayout? in
            #expect(size == 132)
            #expect(pointer.pointee.mNumberChannelDescriptions == 6)
            #expect(pointer.pointee.mChannelDescriptions.mChannelLabel == kAudioChannelLabel_Left)
            #expect(ChannelLayout(pointer, byteCount: size - 1) == nil, "one byte short cannot hold six descriptions")
            return ChannelLayout(pointer, byteCount: size)
        }
        #expect(try #require(copy) == layout)
        #expect(copy?.descriptions.map(\.mChannelLabel) == labels)

        var tagged = AudioChannelLayout()
        tagged.mChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_1_A
        let fromTag = try #require(ChannelLayout(&tagged, byteCount: MemoryLayout<AudioChannelLayout>.size))
        #expect(fromTag.numberOfChannels == 6 && fromTag.descriptions.isEmpty)
        #expect(ChannelLayout(tag: kAudioChannelLayoutTag_UseChannelBitmap, bitmap: [.bit_Left, .bit_Right]).numberOfChannels == 2)
        #expect(ChannelLayout(tag: kAudioChannelLayoutTag_DiscreteInOrder).numberOfChannels == nil)
    }

    @Test("UnsafeMutableAudioBufferListPointer reaches every buffer of a variable-length list")
    func bufferList() {
        #expect(MemoryLayout<AudioBufferList>.size == 24 && MemoryLayout<AudioBuffer>.stride == 16)
        #expect(AudioBufferList.sizeInBytes(maximumBuffers: 3) == 56)
        let list = AudioBufferList.allocate(maximumBuffers: 3)
        defer { free(list.unsafeMutablePointer) }
        #expect(list.count == 3)
        var samples = [Float](repeating: 0, count: 8)
        samples.withUnsafeMutableBufferPointer { pointer in
            for index in list.indices { list[index] = AudioBuffer(pointer, numberOfChannels: index + 1) }
        }
        #expect(list.map(\.mNumberChannels) == [1, 2, 3])
        #expect(list[2].mDataByteSize == 32)
        #expect(list.unsafePointer.pointee.mBuffers.mNumberChannels == 1)
        list.count = 2
        #expect(list.count == 2 && Array(list).count == 2)
        #expect(UnsafeMutableAudioBufferListPointer(nil) == nil)
    }
}
