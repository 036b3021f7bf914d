import CoreMedia
import Foundation
import Testing

/// A reader's per-sample flags (`SampleAttachmentFlags`): kept as bits, they read back through every public view as the
/// dictionaries the reader used to set, and the muxer's view of dictionaries set by callers gives the same flags.
@Suite("Sample attachments kept as flags")
struct SampleAttachmentFlagsTests {
    /// A dependent sample from `sdtp`, and a sync sample that is decoded but not shown.
    static let flags: [SampleAttachmentFlags] = {
        var dependent = SampleAttachmentFlags()
        dependent.isNotSync = true
        dependent.dependsOnOthers = true
        dependent.isDependedOnByOthers = false
        dependent.hasRedundantCoding = false
        var hidden = SampleAttachmentFlags()
        hidden.isPartialSync = true
        hidden.dependsOnOthers = false
        hidden.doesNotDisplay = true
        return [dependent, hidden]
    }()

    @Test("flags read through the overlay, the CF array and existingSampleAttachments as Boolean attachments")
    func publicViews() throws {
        let buffer = try SampleBuffers.video(sizes: [1, 1], timings: [])
        buffer.setSampleFlags(Self.flags)
        let dictionaries = try #require(buffer.existingSampleAttachments)
        #expect(dictionaries[0].count == 4 && dictionaries[1].count == 3)
        #expect(dictionaries[0][kCMSampleAttachmentKey_NotSync as String] as? Bool == true)
        #expect(dictionaries[0][kCMSampleAttachmentKey_DependsOnOthers as String] as? Bool == true)
        #expect(dictionaries[0][kCMSampleAttachmentKey_IsDependedOnByOthers as String] as? Bool == false)
        #expect(dictionaries[0][kCMSampleAttachmentKey_HasRedundantCoding as String] as? Bool == false)
        #expect(dictionaries[1][kCMSampleAttachmentKey_PartialSync as String] as? Bool == true)
        #expect(dictionaries[1][kCMSampleAttachmentKey_DependsOnOthers as String] as? Bool == false)
        #expect(dictionaries[1][kCMSampleAttachmentKey_DoNotDisplay as String] as? Bool == true)
        #expect(buffer.existingSampleFlags == Self.flags)
        // The live views: the overlay's and the CF array's.
        #expect(buffer.sampleAttachments[0][.notSync] as? Bool == true)
        #expect(buffer.sampleAttachments[1][.notSync] == nil)
        #expect(buffer.sampleAttachments[1][.doNotDisplay] as? Bool == true)
        let array = try #require(CMSampleBufferGetSampleAttachmentsArray(buffer, createIfNecessary: false))
        let swift = try #require(array as? [[CFString: Any]])
        #expect(swift[0][kCMSampleAttachmentKey_NotSync] as? Bool == true && swift[0].count == 4)
        #expect(swift[1][kCMSampleAttachmentKey_PartialSync] as? Bool == true && swift[1].count == 3)
    }

    @Test("copies and slices keep each sample's attachments, which then change apart from the original's")
    func copiesKeepAttachments() throws {
        let buffer = try SampleBuffers.video(sizes: [1, 1], timings: [])
        buffer.setSampleFlags(Self.flags)
        var copied: CMSampleBuffer?
        #expect(CMSampleBufferCreateCopy(allocator: nil, sampleBuffer: buffer, sampleBufferOut: &copied) == noErr)
        let copy = try #require(copied)
        #expect(copy.existingSampleFlags == Self.flags)
        var sliced: CMSampleBuffer?
        #expect(CMSampleBufferCopySampleBufferForRange(allocator: nil, sampleBuffer: buffer,
                                                       sampleRange: CFRange(location: 1, length: 1),
                                                       sampleBufferOut: &sliced) == noErr)
        #expect(try #require(sliced).existingSampleFlags == [Self.flags[1]])
        // A change to the copy stays in the copy.
        copy.sampleAttachments[0][.notSync] = nil
        #expect(copy.existingSampleFlags?[0].isNotSync == false)
        #expect(buffer.existingSampleFlags == Self.flags)
        // A copy of a buffer whose attachments a caller was handed (Apple's mutable dictionaries) holds the values
        // they had, and keeps them when the original's change.
        buffer.sampleAttachments[1][.doNotDisplay] = false
        var second: CMSampleBuffer?
        #expect(CMSampleBufferCreateCopy(allocator: nil, sampleBuffer: buffer, sampleBufferOut: &second) == noErr)
        let secondCopy = try #require(second)
        buffer.sampleAttachments[0][.notSync] = nil
        let kept = try #require(secondCopy.existingSampleFlags)
        #expect(kept[0].isNotSync && !kept[1].doesNotDisplay && kept[1].isPartialSync)
        // A buffer without per-sample attachments gives copies without them.
        let plain = try SampleBuffers.video(sizes: [1, 1], timings: [])
        var plainCopy: CMSampleBuffer?
        #expect(CMSampleBufferCreateCopy(allocator: nil, sampleBuffer: plain, sampleBufferOut: &plainCopy) == noErr)
        #expect(try #require(plainCopy).existingSampleFlags == nil)
    }

    @Test("a change made through the live views after the flags were set is what the muxer's view reads")
    func changesThroughLiveViews() throws {
        let buffer = try SampleBuffers.video(sizes: [1, 1], timings: [])
        buffer.setSampleFlags(Self.flags)
        buffer.sampleAttachments[0][.notSync] = nil
        buffer.sampleAttachments[1][.doNotDisplay] = false
        let flags = try #require(buffer.existingSampleFlags)
        #expect(!flags[0].isNotSync && flags[0].dependsOnOthers == true)
        #expect(!flags[1].doesNotDisplay && flags[1].isPartialSync)
    }

    @Test("dictionaries set by callers give flags read leniently (Bool, NSNumber, Int); other keys are ignored")
    func flagsFromDictionaries() throws {
        let buffer = try SampleBuffers.video(sizes: [1, 1, 1], timings: [])
        buffer.setSampleAttachments([
            [kCMSampleAttachmentKey_NotSync as String: NSNumber(value: true),
             kCMSampleAttachmentKey_DependsOnOthers as String: 1,
             kCMSampleAttachmentKey_DisplayImmediately as String: true],
            [:],
            [kCMSampleAttachmentKey_DoNotDisplay as String: true, kCMSampleAttachmentKey_NotSync as String: false],
        ])
        let flags = try #require(buffer.existingSampleFlags)
        var first = SampleAttachmentFlags()
        first.isNotSync = true
        first.dependsOnOthers = true
        var third = SampleAttachmentFlags()
        third.doesNotDisplay = true
        #expect(flags == [first, SampleAttachmentFlags(), third])
        #expect(SampleAttachmentFlags().isEmpty && !first.isEmpty)
        #expect(SampleAttachmentFlags(first.dictionary) == first && SampleAttachmentFlags(third.dictionary) == third)
    }

    @Test("flags for another number of samples than the buffer's are ignored")
    func wrongCount() throws {
        let buffer = try SampleBuffers.video(sizes: [1, 1], timings: [])
        buffer.setSampleFlags([Self.flags[0]])
        #expect(buffer.existingSampleFlags == nil && buffer.existingSampleAttachments == nil)
    }
}
