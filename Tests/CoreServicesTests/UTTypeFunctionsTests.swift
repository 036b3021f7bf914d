import Foundation
import Testing
import MobileCoreServices

@Suite("UTType functions (CoreServices, MobileCoreServices)")
struct UTTypeFunctionsTests {
    @Test("a filename extension gives the declared identifier, and its MIME type and extension back")
    func extensionToMIMEType() throws {
        let uti = try #require(UTTypeCreatePreferredIdentifierForTag(kUTTagClassFilenameExtension, "mp4" as CFString, nil)?
            .takeRetainedValue())
        #expect(uti as String == "public.mpeg-4")
        #expect(UTTypeEqual(uti, kUTTypeMPEG4))
        #expect(UTTypeCopyPreferredTagWithClass(uti, kUTTagClassMIMEType)?.takeRetainedValue() as String? == "video/mp4")
        #expect(UTTypeCopyPreferredTagWithClass(kUTTypeQuickTimeMovie, kUTTagClassFilenameExtension)?.takeRetainedValue()
                as String? == "mov")
        let mime = try #require(UTTypeCreatePreferredIdentifierForTag(kUTTagClassMIMEType, "audio/x-wav" as CFString,
                                                                       nil)?.takeRetainedValue())
        #expect(UTTypeEqual(mime, kUTTypeWaveformAudio))
    }

    @Test("conformance, equality without case, declared and dynamic types")
    func conformance() throws {
        #expect(UTTypeConformsTo(kUTTypeQuickTimeMovie, kUTTypeMovie))
        #expect(UTTypeConformsTo(kUTTypeMPEG4Audio, kUTTypeAudio))
        #expect(UTTypeConformsTo(kUTTypeJPEG, kUTTypeImage) && !UTTypeConformsTo(kUTTypeJPEG, kUTTypeMovie))
        #expect(UTTypeEqual("PUBLIC.JPEG" as CFString, kUTTypeJPEG))
        #expect(UTTypeIsDeclared(kUTTypePNG) && !UTTypeIsDynamic(kUTTypePNG))
        let dynamic = try #require(UTTypeCreatePreferredIdentifierForTag(kUTTagClassFilenameExtension, "qqq" as CFString,
                                                                          kUTTypeData)?.takeRetainedValue())
        #expect(UTTypeIsDynamic(dynamic) && !UTTypeIsDeclared(dynamic))
        #expect(UTTypeConformsTo(dynamic, kUTTypeData))
        // A dynamic identifier carries its tag.
        #expect(UTTypeCopyPreferredTagWithClass(dynamic, kUTTagClassFilenameExtension)?.takeRetainedValue() as String? == "qqq")
        #expect(UTTypeCopyDescription(kUTTypeMovie)?.takeRetainedValue() != nil)
    }

    @Test("all identifiers and all tags come as arrays; no tag class or no tag gives nil")
    func arrays() throws {
        let tags = try #require(UTTypeCopyAllTagsWithClass(kUTTypeJPEG, kUTTagClassFilenameExtension)?.takeRetainedValue()
                                as? [String])
        #expect(tags.first == "jpeg" || tags.first == "jpg")
        #expect(tags.contains("jpg") && tags.contains("jpeg"))
        let all = try #require(UTTypeCreateAllIdentifiersForTag(kUTTagClassFilenameExtension, "mp4" as CFString, kUTTypeMovie)?
            .takeRetainedValue() as? [String])
        #expect(all.contains("public.mpeg-4"))
        #expect(UTTypeCreatePreferredIdentifierForTag(kUTTagClassOSType, "MooV" as CFString, nil) == nil)
        #expect(UTTypeCreatePreferredIdentifierForTag(kUTTagClassFilenameExtension, "" as CFString, nil) == nil)
        #expect(UTTypeCopyPreferredTagWithClass(kUTTypeItem, kUTTagClassMIMEType) == nil)
    }

    @Test("the constants are the identifiers AVFoundation's file types use")
    func fileTypes() {
        #expect(kUTTypeQuickTimeMovie as String == "com.apple.quicktime-movie")
        #expect(kUTTypeMPEG4 as String == "public.mpeg-4")
        #expect(kUTTypeAppleProtectedMPEG4Audio as String == "com.apple.protected-mpeg-4-audio")
        #expect(kUTTagClassFilenameExtension as String == "public.filename-extension")
        #expect(kUTTagClassMIMEType as String == "public.mime-type")
    }
}
