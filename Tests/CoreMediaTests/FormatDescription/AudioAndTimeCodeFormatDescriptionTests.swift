import CoreMedia
import Foundation
import Testing

@Suite("CMAudioFormatDescription and CMTimeCodeFormatDescription")
struct AudioAndTimeCodeFormatDescriptionTests {
    static func stereoPCM() -> AudioStreamBasicDescription {
        AudioStreamBasicDescription(mSampleRate: 48_000, mFormatID: kAudioFormatLinearPCM,
                                    mFormatFlags: kLinearPCMFormatFlagIsFloat | kLinearPCMFormatFlagIsPacked,
                                    mBytesPerPacket: 8, mFramesPerPacket: 1, mBytesPerFrame: 8, mChannelsPerFrame: 2,
                                    mBitsPerChannel: 32, mReserved: 0)
    }

    @Test("The stream description, a channel layout with its whole description list, and the cookie are kept")
    func audioParts() throws {
        var asbd = Self.stereoPCM()
        // A layout with two descriptions: the C struct holds one, the second follows it in memory.
        let size = MemoryLayout<AudioChannelLayout>.size + MemoryLayout<AudioChannelDescription>.stride
        let raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<AudioChannelLayout>.alignment)
        defer { raw.deallocate() }
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        let layout = raw.bindMemory(to: AudioChannelLayout.self, capacity: 1)
        layout.pointee.mChannelLayoutTag = kAudioChannelLayoutTag_UseChannelDescriptions
        layout.pointee.mNumberChannelDescriptions = 2
        layout.pointee.mChannelDescriptions.mChannelLabel = kAudioChannelLabel_Left
        let second = (raw + MemoryLayout<AudioChannelLayout>.offset(of: \.mChannelDescriptions)!
                      + MemoryLayout<AudioChannelDescription>.stride).bindMemory(to: AudioChannelDescription.self, capacity: 1)
        second.pointee.mChannelLabel = kAudioChannelLabel_Right

        var format: CMFormatDescription?
        #expect(CMAudioFormatDescriptionCreate(allocator: nil, asbd: &asbd, layoutSize: size, layout: layout,
                                               magicCookieSize: 0, magicCookie: nil, extensions: nil,
                                               formatDescriptionOut: &format) == noErr)
        let audio = try #require(format)
        #expect(CMFormatDescriptionGetMediaType(audio) == kCMMediaType_Audio)
        #expect(CMFormatDescriptionGetMediaSubType(audio) == kAudioFormatLinearPCM)
        let stored = try #require(CMAudioFormatDescriptionGetStreamBasicDescription(audio))
        #expect(stored.pointee.mSampleRate == 48_000 && stored.pointee.mChannelsPerFrame == 2)
        #expect(stored == CMAudioFormatDescriptionGetStreamBasicDescription(audio), "the same memory each time")
        var layoutSize = 0
        let storedLayout = try #require(CMAudioFormatDescriptionGetChannelLayout(audio, sizeOut: &layoutSize))
        #expect(layoutSize == size)
        let secondStored = (UnsafeRawPointer(storedLayout) + MemoryLayout<AudioChannelLayout>.offset(of: \.mChannelDescriptions)!
                            + MemoryLayout<AudioChannelDescription>.stride).load(as: AudioChannelDescription.self)
        #expect(secondStored.mChannelLabel == kAudioChannelLabel_Right)
        #expect(CMAudioFormatDescriptionGetMagicCookie(audio, sizeOut: nil) == nil)
        #expect(audio.audioStreamBasicDescription?.mBytesPerFrame == 8 && audio.magicCookie == nil)

        // A layout claiming three channels for a two-channel stream, or claiming more descriptions than fit.
        layout.pointee.mNumberChannelDescriptions = 3
        #expect(CMAudioFormatDescriptionCreate(allocator: nil, asbd: &asbd, layoutSize: size, layout: layout,
                                               magicCookieSize: 0, magicCookie: nil, extensions: nil,
                                               formatDescriptionOut: &format) == kCMFormatDescriptionError_InvalidParameter)
        var broken = Self.stereoPCM()
        broken.mBytesPerPacket = 7
        #expect(CMAudioFormatDescriptionCreate(allocator: nil, asbd: &broken, layoutSize: 0, layout: nil,
                                               magicCookieSize: 0, magicCookie: nil, extensions: nil,
                                               formatDescriptionOut: &format) == kCMFormatDescriptionError_InvalidParameter)
        #expect(CMAudioFormatDescriptionCreate(allocator: nil, asbd: &asbd, layoutSize: 0, layout: nil,
                                               magicCookieSize: 4, magicCookie: nil, extensions: nil,
                                               formatDescriptionOut: &format) == kCMFormatDescriptionError_InvalidParameter)
    }

    @Test("Audio equality by parts")
    func audioEquality() throws {
        let plain = try CMFormatDescription(audioStreamBasicDescription: Self.stereoPCM(), layoutSize: 0, layout: nil,
                                            magicCookie: nil)
        let cookie = try CMFormatDescription(audioStreamBasicDescription: Self.stereoPCM(), layoutSize: 0, layout: nil,
                                             magicCookie: Data([1, 2, 3]))
        #expect(plain != cookie)
        var mask: CMAudioFormatDescriptionMask = 0
        #expect(!CMAudioFormatDescriptionEqual(plain, otherFormatDescription: cookie,
                                               equalityMask: kCMAudioFormatDescriptionMask_All, equalityMaskOut: &mask))
        #expect(mask == kCMAudioFormatDescriptionMask_All & ~kCMAudioFormatDescriptionMask_MagicCookie)
        #expect(CMAudioFormatDescriptionEqual(plain, otherFormatDescription: cookie,
                                              equalityMask: kCMAudioFormatDescriptionMask_StreamBasicDescription,
                                              equalityMaskOut: nil))
        let (equal, parts) = cookie.equalTo(plain, equalityMask: [.streamBasicDescription, .magicCookie])
        #expect(!equal && parts == .streamBasicDescription)
        #expect(cookie.magicCookie == Data([1, 2, 3]))
        #expect(cookie.withMagicCookie { $0?.count } == 3)
    }

    @Test("Timecode descriptions keep frame duration, quanta and flags")
    func timeCode() throws {
        var format: CMFormatDescription?
        #expect(CMTimeCodeFormatDescriptionCreate(
            allocator: nil, timeCodeFormatType: kCMTimeCodeFormatType_TimeCode32,
            frameDuration: CMTime(value: 1001, timescale: 30_000), frameQuanta: 30,
            flags: kCMTimeCodeFlag_DropFrame | kCMTimeCodeFlag_24HourMax, extensions: nil,
            formatDescriptionOut: &format) == noErr)
        let timeCode = try #require(format)
        #expect(CMFormatDescriptionGetMediaType(timeCode) == kCMMediaType_TimeCode)
        #expect(CMTimeCodeFormatDescriptionGetFrameDuration(timeCode) == CMTime(value: 1001, timescale: 30_000))
        #expect(CMTimeCodeFormatDescriptionGetFrameQuanta(timeCode) == 30)
        #expect(timeCode.timeCodeFlags == [.dropFrame, .twentyFourHourMax])
        let same = try CMFormatDescription(timeCodeFormatType: .timeCode32, frameDuration: CMTime(value: 1001, timescale: 30_000),
                                           frameQuanta: 30, flags: [.dropFrame, .twentyFourHourMax])
        #expect(same == timeCode)
        #expect(CMTimeCodeFormatDescriptionCreate(
            allocator: nil, timeCodeFormatType: kCMTimeCodeFormatType_TimeCode32, frameDuration: .invalid,
            frameQuanta: 30, flags: 0, extensions: nil, formatDescriptionOut: &format)
                == kCMFormatDescriptionError_InvalidParameter)
    }
}
