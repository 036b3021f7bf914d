import Foundation

/// A Swift type wrapping a Core Video buffer (iOS 26). Core Video's own types adopt it (`CVReadOnlyPixelBuffer`,
/// `CVMutablePixelBuffer`); other types should not.
public protocol CVBufferRepresentable<Buffer>: ~Copyable {
    /// The Core Video buffer type wrapped.
    associatedtype Buffer: CVBuffer

    /// Calls `body` with the wrapped buffer, for code written against the C-style API. The buffer must not be used
    /// after `body` returns in ways the wrapper forbids (a read-only wrapper's pixels must not be written).
    func withUnsafeBuffer<R>(_ body: (Buffer) throws -> sending R) rethrows -> sending R
}

/// A Swift type wrapping a Core Video image buffer (iOS 26).
public protocol CVImageBufferRepresentable: CVBufferRepresentable, ~Copyable {}

/// A Swift type wrapping a Core Video pixel buffer (iOS 26).
public protocol CVPixelBufferRepresentable: CVImageBufferRepresentable, ~Copyable {}

/// The position of an image's first pixel (iOS 26).
public enum CVImageBufferOriginPosition: Hashable, Sendable {
    /// The first row is the bottom one.
    case bottomLeft
    /// The first row is the top one (every pixel buffer here).
    case topLeft
}

extension CVImageBufferRepresentable where Self: ~Copyable {
    /// The clean aperture inside the encoded size (`CVImageBufferGetCleanRect`).
    public var cleanRect: CGRect { withUnsafeBuffer { CVImageBufferGetCleanRect($0) } }

    /// The colour space attached under `kCVImageBufferCGColorSpaceKey`, if any. A colour space is not derived from
    /// the colour code-point attachments here.
    public var colorSpace: CGColorSpace? {
        withUnsafeBuffer { $0.attachment(kCVImageBufferCGColorSpaceKey as String)?.value as? CGColorSpace }
    }

    /// The size to display the image at, in square pixels (`CVImageBufferGetDisplaySize`).
    public var displaySize: CGSize { withUnsafeBuffer { CVImageBufferGetDisplaySize($0) } }

    /// The full image size in pixels (`CVImageBufferGetEncodedSize`).
    public var encodedSize: CGSize { withUnsafeBuffer { CVImageBufferGetEncodedSize($0) } }

    /// Where the first pixel is: the top left for every buffer here (`CVImageBufferIsFlipped` is always false).
    public var originPosition: CVImageBufferOriginPosition {
        withUnsafeBuffer { CVImageBufferIsFlipped($0) ? .bottomLeft : .topLeft }
    }
}

extension CVPixelBufferRepresentable where Self: ~Copyable {
    /// The pixel format.
    public var pixelFormatType: CVPixelFormatType {
        withUnsafeBuffer { CVPixelFormatType(rawValue: $0.pixelFormat) }
    }

    /// The image size in pixels.
    public var size: CVImageSize { withUnsafeBuffer { CVImageSize(width: $0.width, height: $0.height) } }

    /// Whether the format keeps its components in separate planes.
    public var isPlanar: Bool { withUnsafeBuffer { $0.layout.isPlanar } }

    /// The number of planes: 1 for a chunky format (its pixels form one plane).
    public var planeCount: Int { withUnsafeBuffer { $0.planeRecords.count } }

    /// Every plane's size and row stride; one entry for a chunky format.
    public var planeProperties: [CVPixelBufferPlaneProperties] {
        withUnsafeBuffer { buffer in
            buffer.planeRecords.map {
                CVPixelBufferPlaneProperties(size: CVImageSize(width: $0.width, height: $0.height),
                                             bytesPerRow: $0.bytesPerRow)
            }
        }
    }

    /// The extra pixels allocated around the image.
    public var extendedPixels: CVPixelBufferPadding {
        withUnsafeBuffer {
            CVPixelBufferPadding(left: $0.extendedLeft, right: $0.extendedRight, top: $0.extendedTop,
                                 bottom: $0.extendedBottom)
        }
    }

    /// The attributes the buffer was made with: its format and size, and the layout and compatibility requests
    /// recorded at creation. A buffer made by a C-style function with keys these attributes cannot express reports
    /// the part they can.
    public var creationAttributes: CVPixelBufferCreationAttributes {
        withUnsafeBuffer { buffer in
            let recorded = buffer.creationAttributes.filter {
                CVPixelBufferCreationAttributes.representableKeys.contains($0.key)
            }
            if let recordedAttributes = CVPixelBufferCreationAttributes(dictionary: recorded) {
                return recordedAttributes
            }
            var result = CVPixelBufferCreationAttributes(
                pixelFormatType: CVPixelFormatType(rawValue: buffer.pixelFormat),
                size: CVImageSize(width: buffer.width, height: buffer.height))
            result.backing = .memory
            return result
        }
    }

    /// Calls `body` with every plane's properties and bytes (rows `bytesPerRow` apart, the plane's visible pixels
    /// from the start) while the base address is locked read-only. The bytes must not be used after `body` returns.
    public func accessUnsafeRawPlaneBytes<R>(
        _ body: ([(properties: CVPixelBufferPlaneProperties, bytes: UnsafeRawBufferPointer)]) throws -> sending R
    ) rethrows -> sending R {
        try withUnsafeBuffer { buffer in
            buffer.lockBaseAddress(readOnly: true)
            defer { try? buffer.unlockBaseAddress(readOnly: true) }
            return try body(buffer.planeRecords.map { record in
                (CVPixelBufferPlaneProperties(size: CVImageSize(width: record.width, height: record.height),
                                              bytesPerRow: record.bytesPerRow),
                 UnsafeRawBufferPointer(start: record.baseAddress, count: record.bytesPerRow * record.height))
            })
        }
    }

    /// Whether the buffer meets every requirement `attributes` states (formats, size, alignments, extended pixels).
    public func isCompatibleWith(_ attributes: CVPixelBufferAttributes) -> Bool {
        withUnsafeBuffer { buffer in
            let raw = attributes.rawAttributes.mapValues { $0 as Any }
            return CVPixelBufferIsCompatibleWithAttributes(buffer, raw as CFDictionary)
        }
    }

    /// Whether the buffer meets every requirement `attributes` states.
    public func isCompatibleWith(_ attributes: CVPixelBufferCreationAttributes) -> Bool {
        withUnsafeBuffer { CVPixelBufferIsCompatibleWithAttributes($0, attributes.dictionaryRepresentation as CFDictionary) }
    }
}
