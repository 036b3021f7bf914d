// Core Video: pixel buffers, pixel buffer pools, pixel formats and buffer attachments.
@_exported import CoreFoundationShims
// Apple's CoreVideo headers are written in CoreGraphics' types (CVImageBufferGetColorSpace's CGColorSpace,
// CVImageBufferGetCleanRect's CGRect) and its module re-exports CoreGraphics, so `import CoreVideo` brings it here
// too. The cost is small: CoreGraphics links only Raster (pixman, libyuv), no codec library.
@_exported import CoreGraphics
