internal import StillImageCodecs
import Foundation

/// Writes an image file: to a URL or into mutable data, in a format named by type identifier (`public.png`,
/// `public.jpeg`, `com.compuserve.gif`). Add the image (a GIF's frames), then `CGImageDestinationFinalize` encodes
/// them and writes the bytes.
///
/// A lock guards the destination's state, so it may be used from any thread.
// Safe because `lock` guards the destination's state.
public final class CGImageDestination: @unchecked Sendable {
    /// Where the bytes go.
    enum Target {
        case url(URL)
        case data(NSMutableData)
    }

    /// An image waiting for `finalize`, with the properties it was added with.
    private struct Pending {
        var image: CGImage
        var properties: [String: Any]
    }

    let format: ImageFileFormat
    private let target: Target
    private let capacity: Int
    private let lock = NSLock()
    private var pending: [Pending] = []
    private var destinationProperties: [String: Any] = [:]
    private var isFinalized = false

    init(format: ImageFileFormat, target: Target, capacity: Int) {
        self.format = format
        self.target = target
        self.capacity = capacity
    }

    /// Makes a destination, or logs why not and returns `nil`: an unknown type, a count other than 1 for PNG and
    /// JPEG (they hold one image), or less than 1 for GIF.
    static func make(_ function: String, type: String, count: Int, target: Target) -> CGImageDestination? {
        guard let format = ImageFileFormat(identifier: type) else {
            log(function, "cannot write images of type '\(type)' (supported: "
                + ImageFileFormat.all.map(\.identifier).joined(separator: ", ") + ")")
            return nil
        }
        if format == .gif {
            guard count >= 1 else {
                log(function, "a GIF file holds at least one image; \(count) were asked for")
                return nil
            }
        } else {
            guard count == 1 else {
                log(function, "a \(format.identifier) file holds one image; \(count) were asked for")
                return nil
            }
        }
        return CGImageDestination(format: format, target: target, capacity: count)
    }

    func setProperties(_ properties: [String: Any]) {
        lock.withLock { destinationProperties.merge(properties) { _, new in new } }
    }

    func add(_ image: CGImage, properties: [String: Any]) {
        lock.withLock {
            guard !isFinalized else {
                Self.log("CGImageDestinationAddImage", "the destination is already finalized")
                return
            }
            guard pending.count < capacity else {
                Self.log("CGImageDestinationAddImage", "the destination was made for \(capacity) image(s)")
                return
            }
            pending.append(Pending(image: image, properties: properties))
        }
    }

    /// Encodes the added images and writes the file or data; `false` (and a message on standard error) if an image
    /// is missing, cannot be encoded, or the bytes cannot be written. A destination finalizes once.
    func finalize() -> Bool {
        lock.withLock {
            let function = "CGImageDestinationFinalize"
            guard !isFinalized else {
                Self.log(function, "the destination is already finalized")
                return false
            }
            isFinalized = true
            guard pending.count == capacity, let first = pending.first else {
                Self.log(function, "\(pending.count) of \(capacity) image(s) were added")
                return false
            }
            let options = destinationProperties.merging(first.properties) { _, new in new }
            let encoded: Data
            let result = format == .gif
                ? GIFEncoding.encode(pending.map { ($0.image, $0.properties) }, destinationProperties: destinationProperties)
                : encode(first.image, options: options)
            switch result {
            case .success(let data): encoded = data
            case .failure(let error):
                Self.log(function, "\(error.message) (\(error.operation))")
                return false
            }
            switch target {
            case .data(let data):
                data.append(encoded)
            case .url(let url):
                if let failure = Self.replaceFile(at: url, with: encoded) {
                    Self.log(function, "cannot write \(url.path): \(failure)")
                    return false
                }
            }
            return true
        }
    }

    /// The file's bytes for `image` under `options` (quality, background colour, largest side).
    private func encode(_ original: CGImage, options: [String: Any]) -> Result<Data, StillImageError> {
        let image: CGImage
        switch Self.fitted(original, options: options) {
        case .success(let fitted): image = fitted
        case .failure(let error): return .failure(error)
        }
        let background = Self.backgroundColor(options[kCGImageDestinationBackgroundColor as String])
        guard let picture = StillImageConversion.picture(from: image, for: format, background: background) else {
            return .failure(StillImageError(.invalidArgument, operation: "CGImageDestinationAddImage",
                                    message: "cannot read a \(image.bitsPerComponent)-bit-per-component, "
                                        + "\(image.bitsPerPixel)-bit-per-pixel image with bitmap info "
                                        + "\(image.bitmapInfo.rawValue) in colour space "
                                        + "\(image.colorSpace.map(String.init(describing:)) ?? "none")"))
        }
        return Result { () throws(StillImageError) -> Data in
            switch format {
            case .png:
                return try PNGCodec.encode(picture)
            case .gif:
                throw StillImageError(.invalidArgument, operation: "CGImageDestinationFinalize", message: "GIF files are written by GIFEncoding")
            case .jpeg:
                let quality = options[kCGImageDestinationLossyCompressionQuality as String].flatMap(Self.quality) ?? 0.75
                // Full-resolution chroma at the top qualities, where 4:2:0's loss would dominate.
                return try JPEGCodec.encode(picture, quality: Int((quality * 100).rounded()),
                                            subsampling: quality >= 0.9 ? .none : .both, progressive: false)
            }
        }
    }

    /// `image` scaled down to fit `kCGImageDestinationImageMaxPixelSize` when the options give it.
    static func fitted(_ image: CGImage, options: [String: Any]) -> Result<CGImage, StillImageError> {
        guard let limit = options[kCGImageDestinationImageMaxPixelSize as String].flatMap(ImageScaling.pixelCount) else {
            return .success(image)
        }
        guard let scaled = ImageScaling.fit(image, maxPixelSize: limit) else {
            return .failure(StillImageError(.failed, operation: "kCGImageDestinationImageMaxPixelSize",
                                    message: "the image could not be scaled to \(limit) pixels"))
        }
        return .success(scaled)
    }

    /// A quality from a dictionary value, clamped to 0…1.
    private static func quality(_ value: Any) -> Double? {
        number(value).map { min(max($0, 0), 1) }
    }

    /// A finite number from a dictionary value (a Swift number or an `NSNumber`).
    static func number(_ value: Any) -> Double? {
        let number: Double? = switch value {
        case let value as Double: value
        case let value as Float: Double(value)
        case let value as CGFloat: Double(value)
        case let value as Int: Double(value)
        case let value as NSNumber: value.doubleValue
        default: nil
        }
        return number.flatMap { $0.isFinite ? $0 : nil }
    }

    /// The straight RGB of a `CGColor` in a grey or RGB space; white for anything else, as Apple's default.
    private static func backgroundColor(_ value: Any?) -> (red: Double, green: Double, blue: Double) {
        guard let color = value as? CGColor, let components = color.components else { return (1, 1, 1) }
        switch (color.colorSpace?.model, components.count) {
        case (.monochrome?, 2): return (Double(components[0]), Double(components[0]), Double(components[0]))
        case (.rgb?, 4): return (Double(components[0]), Double(components[1]), Double(components[2]))
        default: return (1, 1, 1)
        }
    }

    /// Writes `bytes` to a new file beside `url` and renames it over `url`, so no reader sees half a file; returns
    /// why not, or `nil`. Plain write(2)s: Foundation's `Data.write(to:)` on Linux fsyncs each file, which stalls a
    /// batch of thumbnails behind other disk traffic, and Apple's ImageIO does not sync its files either.
    static func replaceFile(at url: URL, with bytes: Data) -> String? {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString.prefix(8)).partial").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        let failure: String? = bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return String(cString: strerror(errno)) }
                offset += written
            }
            return nil
        }
        let closed = close(descriptor) == 0 ? nil : String(cString: strerror(errno))
        if let problem = failure ?? closed ?? (rename(temporary, url.path) == 0 ? nil : String(cString: strerror(errno))) {
            unlink(temporary)
            return problem
        }
        return nil
    }

    static func log(_ function: String, _ message: String) {
        FileHandle.standardError.write(Data("\(function): \(message)\n".utf8))
    }
}
