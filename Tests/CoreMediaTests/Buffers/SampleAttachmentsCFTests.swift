import CoreMedia
import Foundation
import Testing

/// The sample attachments array through CoreFoundation's functions, as iOS code uses it: the array and its
/// dictionaries are the buffer's own, so changes made through them are changes to the buffer.
@Suite("Sample attachments through the CF functions")
struct SampleAttachmentsCFTests {
    @Test("the frame-dropping idiom sets the buffer's own attachment; the overlay and the writer's view see it")
    func frameDroppingIdiom() throws {
        let buffer = try SampleBuffers.video(sizes: [1, 1], timings: [])
        let array = try #require(CMSampleBufferGetSampleAttachmentsArray(buffer, createIfNecessary: true))
        #expect(CFArrayGetCount(array) == 2)
        let dictionary = unsafeBitCast(CFArrayGetValueAtIndex(array, 1), to: CFMutableDictionary.self)
        CFDictionarySetValue(dictionary, Unmanaged.passUnretained(kCMSampleAttachmentKey_DoNotDisplay).toOpaque(),
                             Unmanaged.passUnretained(kCFBooleanTrue).toOpaque())
        #expect(buffer.sampleAttachments[1][.doNotDisplay] as? Bool == true)
        #expect(buffer.sampleAttachments[0][.doNotDisplay] == nil)
        #expect(buffer.existingSampleAttachments?[1][kCMSampleAttachmentKey_DoNotDisplay as String] as? Bool == true)
        // The same array on every call, and its value is the shared Boolean object itself.
        let again = try #require(CMSampleBufferGetSampleAttachmentsArray(buffer, createIfNecessary: false))
        #expect(again === array)
        let value = try #require(CFDictionaryGetValue(dictionary,
                                                      Unmanaged.passUnretained(kCMSampleAttachmentKey_DoNotDisplay).toOpaque()))
        let boolean = Unmanaged<CFBoolean>.fromOpaque(value).takeUnretainedValue()
        let isShared = boolean === kCFBooleanTrue
        #expect(isShared && CFBooleanGetValue(boolean))
    }

    @Test("keyframe checks: CFDictionaryContainsKey on NotSync, and as? [[CFString: Any]]")
    func keyframeChecks() throws {
        let buffer = try SampleBuffers.video(sizes: [1, 1], timings: [])
        buffer.sampleAttachments[1][.notSync] = true
        let array = try #require(CMSampleBufferGetSampleAttachmentsArray(buffer, createIfNecessary: false))
        let key = Unmanaged.passUnretained(kCMSampleAttachmentKey_NotSync).toOpaque()
        #expect(!CFDictionaryContainsKey(unsafeBitCast(CFArrayGetValueAtIndex(array, 0), to: CFDictionary.self), key))
        #expect(CFDictionaryContainsKey(unsafeBitCast(CFArrayGetValueAtIndex(array, 1), to: CFDictionary.self), key))
        let swift = try #require(array as? [[CFString: Any]])
        #expect(swift[1][kCMSampleAttachmentKey_NotSync] as? Bool == true && swift[0].isEmpty)
    }

    @Test("a dictionary taken with array[i] as! NSMutableDictionary is the buffer's; copies do not share it")
    func subscriptAndCopies() throws {
        let buffer = try SampleBuffers.video(sizes: [1], timings: [])
        let array = try #require(CMSampleBufferGetSampleAttachmentsArray(buffer, createIfNecessary: true))
        let attachments = try #require(array[0] as? NSMutableDictionary)
        attachments[kCMSampleAttachmentKey_DisplayImmediately] = true
        #expect(buffer.sampleAttachments[0][.displayImmediately] as? Bool == true)
        var copy: CMSampleBuffer?
        #expect(CMSampleBufferCreateCopy(allocator: nil, sampleBuffer: buffer, sampleBufferOut: &copy) == noErr)
        let copied = try #require(copy)
        #expect(copied.sampleAttachments[0][.displayImmediately] as? Bool == true)
        attachments[kCMSampleAttachmentKey_DisplayImmediately] = nil
        #expect(buffer.sampleAttachments[0][.displayImmediately] == nil)
        #expect(copied.sampleAttachments[0][.displayImmediately] as? Bool == true, "the copy has its own dictionaries")
    }

    @Test("format description extensions: the same dictionary object each time, read with the CF functions")
    func formatExtensions() throws {
        var format: CMFormatDescription?
        let extensions = [kCMFormatDescriptionExtension_FormatName as String: "Example"] as CFDictionary
        CMVideoFormatDescriptionCreate(allocator: nil, codecType: kCMVideoCodecType_H264, width: 64, height: 48,
                                       extensions: extensions, formatDescriptionOut: &format)
        let description = try #require(format)
        let first = try #require(CMFormatDescriptionGetExtensions(description))
        let second = try #require(CMFormatDescriptionGetExtensions(description))
        #expect(first === second)
        let name = try #require(CFDictionaryGetValue(first,
                                                     Unmanaged.passUnretained(kCMFormatDescriptionExtension_FormatName).toOpaque()))
        #expect(Unmanaged<CFString>.fromOpaque(name).takeUnretainedValue() == "Example")
    }
}

/// `CFGetTypeID` on Core Media and Core Video objects, as code that receives a `CFTypeRef` checks what it holds.
@Suite("CFGetTypeID of Core Media and Core Video objects")
struct CoreMediaTypeIDTests {
    @Test("sample buffers, block buffers, format descriptions and pixel buffers have their own identifiers")
    func typeIDs() throws {
        let buffer = try SampleBuffers.video(sizes: [1], timings: [])
        let block = try #require(CMSampleBufferGetDataBuffer(buffer))
        let format = try #require(CMSampleBufferGetFormatDescription(buffer))
        var pixels: CVPixelBuffer?
        CVPixelBufferCreate(nil, 4, 4, kCVPixelFormatType_32BGRA, nil, &pixels)
        let pixelBuffer = try #require(pixels)
        #expect(CFGetTypeID(buffer) == CMSampleBufferGetTypeID())
        #expect(CFGetTypeID(block) == CMBlockBufferGetTypeID())
        #expect(CFGetTypeID(format) == CMFormatDescriptionGetTypeID())
        #expect(CFGetTypeID(pixelBuffer) == CVPixelBufferGetTypeID())
        let ids: Set<CFTypeID> = [CMSampleBufferGetTypeID(), CMBlockBufferGetTypeID(), CMFormatDescriptionGetTypeID(),
                                  CVPixelBufferGetTypeID(), CVPixelBufferPoolGetTypeID(), CFDictionaryGetTypeID(),
                                  CFStringGetTypeID(), CFNumberGetTypeID(), CFBooleanGetTypeID(), CFArrayGetTypeID()]
        #expect(ids.count == 10)
    }
}
