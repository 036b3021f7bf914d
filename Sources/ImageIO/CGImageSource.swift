internal import FFmpegBridge
import Foundation

/// Reads images from the bytes of an image file: its type, how many images it holds, their properties and pixels.
/// PNG and JPEG files hold one image each.
///
/// The bytes are read once, at creation, and never change; every call decodes afresh. So a source is immutable and
/// may be used from any thread.
public final class CGImageSource: @unchecked Sendable {
    /// The file's bytes.
    let bytes: Data
    /// The format, if the bytes are of one decoded here.
    let format: ImageFileFormat?
    /// The type identifier of the bytes: a format decoded here, or one only recognised.
    let typeIdentifier: String?

    init(bytes: Data, typeHint: String?) {
        self.bytes = bytes
        if let format = ImageFileFormat(sniffing: bytes) {
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
    func header() -> Result<ImageHeader, FFError> {
        guard let format else {
            return .failure(FFError(.invalidData, operation: "CGImageSource", message: "not a PNG or JPEG file"))
        }
        return bytes.withUnsafeBytes { raw in Result { () throws(FFError) in try format.header(raw) } }
    }

    /// Decodes the image, or gives the bridge's reason it cannot be decoded.
    func decode() -> Result<CGImage, FFError> {
        guard let format else {
            return .failure(FFError(.invalidData, operation: "CGImageSource", message: "not a PNG or JPEG file"))
        }
        let picture = bytes.withUnsafeBytes { raw in Result { () throws(FFError) in try format.decode(raw) } }
        return picture.flatMap { picture in
            guard let image = StillImageConversion.image(from: picture) else {
                return .failure(FFError(.failed, operation: "CGImageSource", message: "the decoded pixels do not form an image"))
            }
            return .success(image)
        }
    }

    /// How far the data gets: complete when the whole image decodes.
    var status: CGImageSourceStatus {
        guard format != nil else { return bytes.isEmpty ? .statusReadingHeader : .statusUnknownType }
        guard case .success = header() else { return .statusInvalidData }
        switch decode() {
        case .success: return .statusComplete
        case .failure(let error):
            let text = error.message.lowercased()
            return text.contains("premature") || text.contains("end of") || text.contains("truncated")
                || text.contains("not enough") ? .statusUnexpectedEOF : .statusInvalidData
        }
    }

    /// The images the data holds: one when its header reads, otherwise none.
    var count: Int {
        guard case .success = header() else { return 0 }
        return 1
    }

    /// The properties of the image (`kCGImagePropertyPixelWidth` and the others), or `nil` if its header does not
    /// read.
    func properties() -> [String: Any]? {
        guard let format, case .success(let header) = header() else { return nil }
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
        }
        return properties
    }

    /// Reports why an image could not be had, as Apple's ImageIO logs such failures.
    static func log(_ function: String, _ error: FFError) {
        FileHandle.standardError.write(Data("\(function): \(error.message) (\(error.operation))\n".utf8))
    }
}
