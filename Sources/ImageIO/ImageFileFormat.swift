internal import StillImageCodecs
import Foundation

/// The file formats ImageIO reads and writes here, by type identifier, with the codec in StillImageCodecs that serves
/// each, and the formats it only recognises (so `CGImageSourceGetType` names them while decoding fails).
enum ImageFileFormat: Sendable, Equatable {
    case png
    case jpeg
    case gif

    /// The formats, in the order `CGImageSourceCopyTypeIdentifiers` lists them.
    static let all: [ImageFileFormat] = [.png, .jpeg, .gif]

    /// The uniform type identifier (UTCoreTypes' `public.png`, `public.jpeg`, `com.compuserve.gif`).
    var identifier: String {
        switch self {
        case .png: "public.png"
        case .jpeg: "public.jpeg"
        case .gif: "com.compuserve.gif"
        }
    }

    /// The format with type identifier `identifier` (compared without case), or `nil` for one not written here.
    init?(identifier: String) {
        guard let format = Self.all.first(where: { $0.identifier.caseInsensitiveCompare(identifier) == .orderedSame })
        else { return nil }
        self = format
    }

    /// The format of a file that starts with `bytes`, by its signature: PNG's eight bytes (ISO/IEC 15948 §5.2),
    /// JPEG's start-of-image marker followed by another marker (ITU-T T.81 §B.1.1.3), GIF's `GIF87a` or `GIF89a`.
    init?(sniffing bytes: Data) {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if bytes.count >= png.count, bytes.prefix(png.count).elementsEqual(png) {
            self = .png
        } else if bytes.count >= 3, bytes.prefix(3).elementsEqual([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.count >= 6, bytes.prefix(6).elementsEqual(Array("GIF87a".utf8)) || bytes.prefix(6).elementsEqual(Array("GIF89a".utf8)) {
            self = .gif
        } else {
            return nil
        }
    }

    /// The type identifier of image files this build recognises but cannot decode (ISO BMFF brands for HEIF, and
    /// the signatures of TIFF, BMP and WebP), so a source can say what it holds.
    static func recognizedIdentifier(sniffing bytes: Data) -> String? {
        let head = [UInt8](bytes.prefix(16))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<offset + prefix.count]) == prefix
        }
        if starts(Array("ftyp".utf8), at: 4), head.count >= 12 {
            let brand = String(decoding: head[8..<12], as: UTF8.self)
            switch brand {
            case "heic", "heix", "heim", "heis": return "public.heic"
            case "hevc", "hevx": return "public.heics"
            case "mif1", "msf1": return "public.heif"
            case "avif": return "public.avif"
            default: return nil
            }
        }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "public.tiff" }
        if starts(Array("BM".utf8)), head.count >= 14 { return "com.microsoft.bmp" }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return "org.webmproject.webp" }
        return nil
    }

    /// What the file's header says, without decoding pixels.
    func header(_ bytes: UnsafeRawBufferPointer) throws(StillImageError) -> ImageHeader {
        switch self {
        case .png:
            let header = try PNGCodec.header(bytes)
            return ImageHeader(width: header.width, height: header.height, hasColor: header.layout.hasColor,
                               hasAlpha: header.layout.hasAlpha, isProgressive: false)
        case .jpeg:
            let header = try JPEGCodec.header(bytes)
            return ImageHeader(width: header.width, height: header.height, hasColor: header.colorSpace != .gray,
                               hasAlpha: false, isProgressive: Self.isProgressiveJPEG(bytes))
        case .gif:
            let info = try GIFCodec.scan(bytes, limits: StillImageLimits.standard)
            return ImageHeader(width: info.width, height: info.height, hasColor: true, hasAlpha: true, isProgressive: false)
        }
    }

    /// Decodes the whole picture.
    func decode(_ bytes: UnsafeRawBufferPointer) throws(StillImageError) -> StillImage {
        switch self {
        case .png: try PNGCodec.decode(bytes, limits: StillImageLimits.standard)
        case .jpeg: try JPEGCodec.decode(bytes, limits: StillImageLimits.standard)
        case .gif:
            // A GIF's frames are composed over one another by the source's GIFFrames, not decoded one by one.
            throw StillImageError(.invalidArgument, operation: "ImageFileFormat.decode", message: "GIF frames are read through GIFFrames")
        }
    }

    /// Whether the format stores alpha (GIF: one transparent colour).
    var supportsAlpha: Bool { self == .png || self == .gif }


    /// Whether a JPEG's first frame header is progressive (SOF2, ITU-T T.81 Table B.1), found by walking the marker
    /// segments before the first scan.
    private static func isProgressiveJPEG(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xC2 || marker == 0xC6 || marker == 0xCA || marker == 0xCE { return true }
            if marker == 0xDA || (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
                return false
            }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2 else { return false }
            offset += 2 + length
        }
        return false
    }
}

/// The facts about an image its file header gives.
struct ImageHeader: Sendable {
    var width: Int
    var height: Int
    var hasColor: Bool
    var hasAlpha: Bool
    var isProgressive: Bool
}
