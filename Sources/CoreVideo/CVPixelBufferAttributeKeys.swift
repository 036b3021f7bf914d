// Pixel buffer attribute keys (CVPixelBuffer.h). Apple's headers declare these as opaque `CFStringRef`s; the
// values are the strings Apple's CoreVideo binary holds, as exported by iOS 10.3's CoreVideo and seen in the
// attribute dictionaries real applications log. On Linux the keys are plain `String`s, so
// `kCVPixelBufferWidthKey as String` is a no-op, as on Apple platforms.
//
// What each key does here:
// - PixelFormatType, Width, Height: used by pools and `CVPixelBufferIsCompatibleWithAttributes`;
//   `CVPixelBufferCreate` takes them from its parameters instead, as Apple's does.
// - BytesPerRowAlignment, PlaneAlignment, ExtendedPixels…: honoured (rows and planes are aligned to at least
//   64 bytes whatever is asked).
// - PropagatedAttachments, NonPropagatedAttachments (kCVBuffer… keys): set on the new buffer.
// - CGImageCompatibility, CGBitmapContextCompatibility, MetalCompatibility, OpenGL…, IOSurfaceProperties,
//   MemoryAllocator: accepted and meaningless here. Every buffer is plain CPU memory that any consumer can use,
//   so the compatibility requests are satisfied by construction; there is no IOSurface, Metal or OpenGL.

/// The pixel format (a number, or for pools an array of numbers).
nonisolated(unsafe) public let kCVPixelBufferPixelFormatTypeKey: CFString = "PixelFormatType"

/// The allocator for the buffer's memory. Accepted and ignored: Swift allocates here.
nonisolated(unsafe) public let kCVPixelBufferMemoryAllocatorKey: CFString = "MemoryAllocator"

/// The width in pixels.
nonisolated(unsafe) public let kCVPixelBufferWidthKey: CFString = "Width"

/// The height in pixels.
nonisolated(unsafe) public let kCVPixelBufferHeightKey: CFString = "Height"

/// Extra columns allocated left of the image.
nonisolated(unsafe) public let kCVPixelBufferExtendedPixelsLeftKey: CFString = "ExtendedPixelsLeft"

/// Extra rows allocated above the image.
nonisolated(unsafe) public let kCVPixelBufferExtendedPixelsTopKey: CFString = "ExtendedPixelsTop"

/// Extra columns allocated right of the image.
nonisolated(unsafe) public let kCVPixelBufferExtendedPixelsRightKey: CFString = "ExtendedPixelsRight"

/// Extra rows allocated below the image.
nonisolated(unsafe) public let kCVPixelBufferExtendedPixelsBottomKey: CFString = "ExtendedPixelsBottom"

/// The alignment of each row, in bytes (rows are always aligned to at least 64 bytes here).
nonisolated(unsafe) public let kCVPixelBufferBytesPerRowAlignmentKey: CFString = "BytesPerRowAlignment"

/// Whether the buffer must be usable as a CGBitmapContext's memory. Always satisfied: buffers are CPU memory.
nonisolated(unsafe) public let kCVPixelBufferCGBitmapContextCompatibilityKey: CFString = "CGBitmapContextCompatibility"

/// Whether the buffer must be usable as a CGImage's memory. Always satisfied: buffers are CPU memory.
nonisolated(unsafe) public let kCVPixelBufferCGImageCompatibilityKey: CFString = "CGImageCompatibility"

/// Whether the buffer must be usable by OpenGL. Accepted; there is no OpenGL here.
nonisolated(unsafe) public let kCVPixelBufferOpenGLCompatibilityKey: CFString = "OpenGLCompatibility"

/// The alignment of each plane's start, in bytes (planes are always aligned to at least 64 bytes here).
nonisolated(unsafe) public let kCVPixelBufferPlaneAlignmentKey: CFString = "PlaneAlignment"

/// IOSurface properties. Accepted and meaningless here: Linux has no IOSurface, buffers are plain memory.
nonisolated(unsafe) public let kCVPixelBufferIOSurfacePropertiesKey: CFString = "IOSurfaceProperties"

/// Whether the buffer must be usable by OpenGL ES. Accepted; there is no OpenGL ES here.
nonisolated(unsafe) public let kCVPixelBufferOpenGLESCompatibilityKey: CFString = "OpenGLESCompatibility"

/// Whether the buffer must be usable by Metal. Accepted; there is no Metal here.
nonisolated(unsafe) public let kCVPixelBufferMetalCompatibilityKey: CFString = "MetalCompatibility"

/// Whether the buffer must be usable by an OpenGL texture cache (macOS only; value by Apple's naming pattern, the
/// iOS binary this file's values come from lacks it). Accepted; there is no OpenGL here.
nonisolated(unsafe) public let kCVPixelBufferOpenGLTextureCacheCompatibilityKey: CFString = "OpenGLTextureCacheCompatibility"

/// Whether the buffer must be usable by an OpenGL ES texture cache. Accepted; there is no OpenGL ES here.
nonisolated(unsafe) public let kCVPixelBufferOpenGLESTextureCacheCompatibilityKey: CFString = "OpenGLESTextureCacheCompatibility"
