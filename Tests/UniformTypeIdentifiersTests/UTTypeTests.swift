import Foundation
import Testing
import UniformTypeIdentifiers

@Suite("UTType")
struct UTTypeTests {
    @Test("system types have Apple's identifiers, preferred tags and conformance", arguments: [
        (UTType.png, "public.png", "png", "image/png", UTType.image),
        (.jpeg, "public.jpeg", "jpeg", "image/jpeg", .image),
        (.heic, "public.heic", "heic", "image/heic", .image),
        (.tiff, "public.tiff", "tiff", "image/tiff", .image),
        (.gif, "com.compuserve.gif", "gif", "image/gif", .image),
        (.mpeg4Movie, "public.mpeg-4", "mp4", "video/mp4", .movie),
        (.quickTimeMovie, "com.apple.quicktime-movie", "mov", "video/quicktime", .audiovisualContent),
        (.mpeg4Audio, "public.mpeg-4-audio", "m4a", "audio/mp4", .audio),
        (.wav, "com.microsoft.waveform-audio", "wav", "audio/wav", .audio),
        (.aiff, "public.aiff-audio", "aiff", "audio/aiff", .audio),
        (.mp3, "public.mp3", "mp3", "audio/mpeg", .audio),
    ])
    func systemTypes(type: UTType, identifier: String, fileExtension: String, mime: String, supertype: UTType) {
        #expect(type.identifier == identifier)
        #expect(type.preferredFilenameExtension == fileExtension)
        #expect(type.preferredMIMEType == mime)
        #expect(type.conforms(to: supertype) && type.conforms(to: .data) && type.conforms(to: .item))
        #expect(type.isDeclared && !type.isDynamic)
        #expect(UTType(identifier) == type && UTType(identifier.uppercased()) == type)
        #expect(UTType(filenameExtension: fileExtension) == type || type == .mpeg4Audio)
        #expect(UTType(mimeType: mime) == type)
        #expect(type.tags[.filenameExtension]?.contains(fileExtension) == true)
        #expect(type.description == identifier)
    }

    @Test("conformance follows Apple's graph, transitively")
    func conformance() {
        #expect(UTType.mpeg4Audio.conforms(to: .mpeg4Movie) && UTType.mpeg4Audio.conforms(to: .audio))
        #expect(UTType.appleProtectedMPEG4Audio.conforms(to: .audio) && !UTType.appleProtectedMPEG4Audio.conforms(to: .movie))
        #expect(UTType.appleProtectedMPEG4Video.conforms(to: .mpeg4Movie))
        #expect(UTType.video.conforms(to: .movie) && !UTType.movie.conforms(to: .video))
        #expect(UTType.aiff.conforms(to: UTType("public.aifc-audio")!))
        #expect(UTType.heic.conforms(to: UTType("public.heif-standard")!) && UTType.heif.conforms(to: .image))
        #expect(!UTType.png.conforms(to: .audiovisualContent) && !UTType.png.conforms(to: .jpeg))
        #expect(UTType.image.isSupertype(of: .png) && UTType.png.isSubtype(of: .image) && !UTType.png.isSubtype(of: .png))
        #expect(UTType.png.supertypes == [.image, .data, .content, .item])
        #expect(UTType.png.conforms(to: .png))
    }

    @Test("extensions and MIME types look up any case and prefer the most specific type")
    func tagLookups() {
        #expect(UTType(filenameExtension: "JPG") == .jpeg && UTType(filenameExtension: "jpe") == .jpeg)
        #expect(UTType(filenameExtension: "m4a")?.identifier == "com.apple.m4a-audio")
        #expect(UTType(filenameExtension: "m4v")?.identifier == "com.apple.m4v-video")
        #expect(UTType(filenameExtension: "caf")?.identifier == "com.apple.coreaudio-format")
        #expect(UTType(filenameExtension: "3gp")?.identifier == "public.3gpp")
        #expect(UTType(filenameExtension: "aif") == .aiff && UTType(filenameExtension: "wave") == .wav)
        #expect(UTType(mimeType: "VIDEO/QUICKTIME") == .quickTimeMovie && UTType(mimeType: "audio/x-wav") == .wav)
        #expect(UTType(filenameExtension: "png", conformingTo: .audio)?.isDynamic == true)
        #expect(UTType.types(tag: "m4a", tagClass: .filenameExtension, conformingTo: nil).map(\.identifier)
                    == ["com.apple.m4a-audio", "public.mpeg-4-audio"])
        #expect(UTType(filenameExtension: "") == nil)
        #expect(UTType(tag: "png", tagClass: UTTagClass(rawValue: "com.apple.ostype"), conformingTo: nil) == nil)
        #expect(UTTagClass.filenameExtension.rawValue == "public.filename-extension")
        #expect(UTTagClass.mimeType.rawValue == "public.mime-type")
    }

    @Test("an unknown extension gives a dynamic type that can be made again from its identifier")
    func dynamicTypes() throws {
        let type = try #require(UTType(filenameExtension: "Xyz"))
        #expect(type.isDynamic && !type.isDeclared && !type.isPublic)
        #expect(type.identifier.hasPrefix("dyn."))
        #expect(type.preferredFilenameExtension == "xyz" && type.preferredMIMEType == nil)
        #expect(type.conforms(to: .data) && !type.conforms(to: .image))
        let again = try #require(UTType(type.identifier))
        #expect(again == type && again.conforms(to: .data) && again.tags == [.filenameExtension: ["xyz"]])
        #expect(UTType("com.example.unknown") == nil)
        #expect(UTType("dyn.notbase32!") == nil)
    }

    @Test("exported types keep the conformance they are given, and types round-trip through Codable")
    func exportedAndCodable() throws {
        let custom = UTType(exportedAs: "com.example.thumbnail-set", conformingTo: .image)
        #expect(custom.identifier == "com.example.thumbnail-set" && !custom.isDeclared && !custom.isDynamic)
        #expect(custom.conforms(to: .image) && custom.conforms(to: .data))
        #expect(UTType(importedAs: "public.png") == .png && UTType(importedAs: "public.png").isDeclared)
        let encoded = try JSONEncoder().encode([UTType.png, custom])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["public.png","com.example.thumbnail-set"]"#)
        let decoded = try JSONDecoder().decode([UTType].self, from: encoded)
        #expect(decoded == [.png, custom])
    }

    @Test("the identifier works where Apple code passes a CFString-like String")
    func identifierAsString() {
        let identifier: String = UTType.png.identifier
        #expect(identifier == "public.png")
        #expect(UTType.png.localizedDescription == "PNG image")
    }
}
