import AVFoundation
import Testing
import UniformTypeIdentifiers

@Suite("AVFileType and UTType name the same types")
struct FileTypeUTTypeTests {
    @Test("each media file type is a declared UTType with the usual extension, both ways round", arguments: [
        (AVFileType.mov, "mov"), (.mp4, "mp4"), (.m4v, "m4v"), (.m4a, "m4a"), (.mobile3GPP, "3gp"),
        (.mobile3GPP2, "3g2"), (.caf, "caf"), (.wav, "wav"), (.aiff, "aiff"), (.aifc, "aifc"), (.amr, "amr"),
        (.mp3, "mp3"), (.au, "au"), (.ac3, "ac3"), (.eac3, "eac3"), (.jpg, "jpeg"), (.heic, "heic"), (.heif, "heif"),
        (.avci, "avci"), (.tif, "tiff"), (.dng, "dng"),
    ])
    func bridges(fileType: AVFileType, fileExtension: String) throws {
        let type = try #require(UTType(fileType.rawValue))
        #expect(type.isDeclared && type.preferredFilenameExtension == fileExtension)
        #expect(AVFileType(type.identifier) == fileType)
        #expect(UTType(filenameExtension: fileExtension) == type)
    }

    @Test("movies and audio conform where AVFoundation code checks them")
    func conformance() throws {
        #expect(try #require(UTType(AVFileType.mov.rawValue)).conforms(to: .movie))
        #expect(try #require(UTType(AVFileType.m4a.rawValue)).conforms(to: .audio))
        #expect(try #require(UTType(AVFileType.m4a.rawValue)).conforms(to: .mpeg4Audio))
        #expect(try #require(UTType(AVFileType.wav.rawValue)).conforms(to: .audiovisualContent))
        #expect(try #require(UTType(AVFileType.heic.rawValue)).conforms(to: .image))
    }
}
