// Video format descriptions that describe image buffers (CMFormatDescription.h). Every Core Video buffer on this
// platform is a pixel buffer, so the codec type is always its pixel format.

/// The extensions an image buffer implies: its attachments under the keys shared with image buffers, and the row
/// stride of a non-planar pixel buffer.
private func extensions(for imageBuffer: CVImageBuffer) -> [String: Any] {
    var extensions: [String: Any] = [:]
    for key in videoExtensionKeysCommonWithImageBuffers {
        if let value = CVBufferCopyAttachment(imageBuffer, key as CFString, nil) { extensions[key] = value }
    }
    if !CVPixelBufferIsPlanar(imageBuffer) {
        extensions[kCMFormatDescriptionExtension_BytesPerRow as String] = CVPixelBufferGetBytesPerRow(imageBuffer)
    }
    return extensions
}

/// Creates a video format description for image buffers like `imageBuffer`: its pixel format as codec type, its
/// size, and the extensions its attachments and row stride imply.
@discardableResult
public func CMVideoFormatDescriptionCreateForImageBuffer(
    allocator: CFAllocator?, imageBuffer: CVImageBuffer,
    formatDescriptionOut: UnsafeMutablePointer<CMVideoFormatDescription?>
) -> OSStatus {
    formatDescriptionOut.pointee = nil
    guard let width = Int32(exactly: CVPixelBufferGetWidth(imageBuffer)),
          let height = Int32(exactly: CVPixelBufferGetHeight(imageBuffer)) else {
        return kCMFormatDescriptionError_InvalidParameter
    }
    formatDescriptionOut.pointee = CMFormatDescription.makeVideo(
        codecType: CVPixelBufferGetPixelFormatType(imageBuffer), width: width, height: height,
        extensions: extensions(for: imageBuffer))
    return noErr
}

/// Whether `desc` describes `imageBuffer`: same codec type and size, the same attachments under every key shared
/// with image buffers (absent in both or equal), and the same row stride when the description records one.
public func CMVideoFormatDescriptionMatchesImageBuffer(
    _ desc: CMVideoFormatDescription, imageBuffer: CVImageBuffer
) -> Bool {
    guard let dimensions = desc.videoDimensions,
          desc.mediaSubTypeCode == CVPixelBufferGetPixelFormatType(imageBuffer),
          Int(dimensions.width) == CVPixelBufferGetWidth(imageBuffer),
          Int(dimensions.height) == CVPixelBufferGetHeight(imageBuffer) else { return false }
    for key in videoExtensionKeysCommonWithImageBuffers {
        guard PropertyListEquality.isEqual(desc.extensionStorage[key], CVBufferCopyAttachment(imageBuffer, key as CFString, nil))
        else { return false }
    }
    if let bytesPerRow = AttributeValue.int(desc.extensionStorage[kCMFormatDescriptionExtension_BytesPerRow as String]),
       !CVPixelBufferIsPlanar(imageBuffer), bytesPerRow != CVPixelBufferGetBytesPerRow(imageBuffer) {
        return false
    }
    return true
}

extension CMFormatDescription {
    /// Creates a video format description for image buffers like `imageBuffer`.
    public convenience init(imageBuffer: CVImageBuffer) throws {
        self.init(copying: try Self.created {
            CMVideoFormatDescriptionCreateForImageBuffer(allocator: nil, imageBuffer: imageBuffer,
                                                         formatDescriptionOut: $0)
        })
    }

    /// Whether the description describes `imageBuffer`.
    public func matchesImageBuffer(_ imageBuffer: CVImageBuffer) -> Bool {
        CMVideoFormatDescriptionMatchesImageBuffer(self, imageBuffer: imageBuffer)
    }
}
