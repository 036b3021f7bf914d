// Core Video: pixel buffers, pixel buffer pools, pixel formats and buffer attachments.
@_exported import CoreFoundationShims
@_exported import CoreGraphics
