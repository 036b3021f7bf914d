internal import StillImageCodecs
import Foundation

/// Reads images from the bytes of an image file: its type, how many images it holds, their properties and pixels.
/// PNG and JPEG files hold one image each; GIF files one for each frame, composited as Apple's ImageIO gives them.
///
/// The bytes are read once, at creation, and never change; every call decodes afresh, except that a GIF's block
/// structure and the canvas after the last frame composed are kept (under a lock, in `GIFFrames`). So a source may
/// be used from any thread.
// Safe because immutable; its `GIFFrames` locks its own state.
public final class CGImageSource: @unchecked Sendable {
    /// The file's bytes.
    let bytes: Data
    /// The format, if the bytes are of one decoded here.
    let format: ImageFileFormat?
    /// The type identifier of the bytes: a format decoded here, or one only recognised.
    let typeIdentifier: String?
    /// The frames, for a GIF.
    let gif: GIFFrames?

    init(bytes: Data, typeHint: String?) {
        self.bytes = bytes
        let sniffed = ImageFileFormat(sniffing: bytes)
        gif = sniffed == .gif ? GIFFrames(bytes: bytes) : nil
        if let format = sniffed {
            self.format = format
            typeIdentifier = format.identifier
        } else {
            // A hint names the type only when the bytes are too short to say otherwise; it never makes foreign bytes
            // decodable.
            format = nil
            typeIdentifier = ImageFileFormat.recognizedIdentifier(sniffing: bytes)
                ?? (bytes.count < 16 ? typeHint.flatMap(ImageFileFormat.init(identifier:))?.identifier : nil)
        }
    }

    /// The header, or the bridge's reason it cannot be read.
    func header() -> Result<ImageHeader, StillImageError> {
        guard let format else {
            return .failure(StillImageError(.invalidData, operation: "CGImageSource", message: "not a PNG, JPEG or GIF file"))
        }
        if let gif {
            return gif.info.map { ImageHeader(width: $0.width, height: $0.height, hasColor: true, hasAlpha: true, isProgressive: false) }
        }
        return bytes.withUnsafeBytes { raw in Result { () throws(StillImageError) in try format.header(raw) } }
    }

    /// Decodes the image at `index`, or gives the bridge's reason it cannot be decoded.
    func decode(at index: Int = 0) -> Result<CGImage, StillImageError> {
        guard let format else {
            return .failure(StillImageError(.invalidData, operation: "CGImageSource", message: "not a PNG, JPEG or GIF file"))
        }
        if let gif { return gif.image(at: index) }
        guard index == 0 else {
            return .failure(StillImageError(.invalidArgument, operation: "CGImageSource", message: "a \(format.identifier) file holds one image"))
        }
        let picture = bytes.withUnsafeBytes { raw in Result { () throws(StillImageError) in try format.decode(raw) } }
        return picture.flatMap { picture in
            guard let image = StillImageConversion.image(from: picture) else {
                return .failure(StillImageError(.failed, operation: "CGImageSource", message: "the decoded pixels do not form an image"))
            }
            return .success(image)
        }
    }

    /// How far the data gets: complete when the whole image decodes (for a GIF, when its blocks run to the trailer
    /// and its last frame decodes).
    var status: CGImageSourceStatus {
        guard format != nil else { return bytes.isEmpty ? .statusReadingHeader : .statusUnknownType }
        guard case .success = header() else { return .statusInvalidData }
        let outcome: Result<CGImage, StillImageError>
        if let gif, case .success(let info) = gif.info {
            if let failure = info.failure {
                outcome = .failure(failure)
            } else if info.frames.isEmpty {
                return .statusInvalidData
            } else {
                outcome = decode(at: info.frames.count - 1)
            }
        } else {
            outcome = decode()
        }
        switch outcome {
        case .success: return .statusComplete
        case .failure(let error):
            let text = error.message.lowercased()
            return text.contains("premature") || text.contains("end of") || text.contains("truncated")
                || text.contains("not enough") ? .statusUnexpectedEOF : .statusInvalidData
        }
    }

    /// The images the data holds: a GIF's complete frames; one for a PNG or JPEG whose header reads; otherwise none.
    var count: Int {
        if let gif { return (try? gif.info.get())?.frames.count ?? 0 }
        guard case .success = header() else { return 0 }
        return 1
    }

    /// The properties of the image (`kCGImagePropertyPixelWidth` and the others), or `nil` if its header does not
    /// read.
    func properties(at index: Int = 0) -> [String: Any]? {
        guard let format, case .success(let header) = header(), index >= 0, index < count else { return nil }
        var properties: [String: Any] = [
            kCGImagePropertyPixelWidth as String: header.width,
            kCGImagePropertyPixelHeight as String: header.height,
            kCGImagePropertyDepth as String: 8,
            kCGImagePropertyColorModel as String: header.hasColor ? kCGImagePropertyColorModelRGB : kCGImagePropertyColorModelGray,
            kCGImagePropertyHasAlpha as String: header.hasAlpha,
            kCGImagePropertyOrientation as String: Int(CGImagePropertyOrientation.up.rawValue),
        ]
        if header.hasColor { properties[kCGImagePropertyProfileName as String] = "sRGB IEC61966-2.1" }
        switch format {
        case .png: properties[kCGImagePropertyPNGDictionary as String] = [String: Any]()
        case .jpeg: properties[kCGImagePropertyJFIFDictionary as String] = [kCGImagePropertyJFIFIsProgressive: header.isProgressive]
        case .gif:
            if let frame = (try? gif?.info.get())?.frames[index] {
                properties[kCGImagePropertyGIFDictionary as String] = GIFFrames.timing(frame)
            }
        }
        return properties
    }

    /// Reports why an image could not be had, as Apple's ImageIO logs such failures.
    static func log(_ function: String, _ error: StillImageError) {
        FileHandle.standardError.write(Data("\(function): \(error.message) (\(error.operation))\n".utf8))
    }
}
