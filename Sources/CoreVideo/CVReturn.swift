// Core Video's status codes. Values from Apple's CVReturn.h (CoreVideo framework headers); the documentation
// pages for each constant name them but do not print the numbers.

/// The status a Core Video function returns; `kCVReturnSuccess` (0) means success.
public typealias CVReturn = Int32

/// Bit flags passed to Core Video functions (`CVOptionFlags` is a 64-bit integer in CVBase.h).
public typealias CVOptionFlags = UInt64

/// The function succeeded.
public let kCVReturnSuccess: CVReturn = 0

/// The first Core Video error code.
public let kCVReturnFirst: CVReturn = -6660

/// An otherwise undefined error occurred.
public let kCVReturnError: CVReturn = -6660

/// At least one of the arguments is invalid.
public let kCVReturnInvalidArgument: CVReturn = -6661

/// Memory could not be allocated.
public let kCVReturnAllocationFailed: CVReturn = -6662

/// The requested operation is not supported.
public let kCVReturnUnsupported: CVReturn = -6663

/// The display specified for a display link is invalid.
public let kCVReturnInvalidDisplay: CVReturn = -6670

/// The display link is already running.
public let kCVReturnDisplayLinkAlreadyRunning: CVReturn = -6671

/// The display link is not running.
public let kCVReturnDisplayLinkNotRunning: CVReturn = -6672

/// The display link has no output callback.
public let kCVReturnDisplayLinkCallbacksNotSet: CVReturn = -6673

/// The pixel format is not supported by the buffer type.
public let kCVReturnInvalidPixelFormat: CVReturn = -6680

/// The buffer size is invalid or unsupported.
public let kCVReturnInvalidSize: CVReturn = -6681

/// A pixel buffer attribute is invalid or cannot be honoured.
public let kCVReturnInvalidPixelBufferAttributes: CVReturn = -6682

/// The pixel buffer is not compatible with OpenGL.
public let kCVReturnPixelBufferNotOpenGLCompatible: CVReturn = -6683

/// The pixel buffer is not compatible with Metal.
public let kCVReturnPixelBufferNotMetalCompatible: CVReturn = -6684

/// Allocating a buffer would exceed the pool's allocation threshold (`kCVPixelBufferPoolAllocationThresholdKey`).
public let kCVReturnWouldExceedAllocationThreshold: CVReturn = -6689

/// The pool could not allocate a buffer.
public let kCVReturnPoolAllocationFailed: CVReturn = -6690

/// A pool attribute is invalid.
public let kCVReturnInvalidPoolAttributes: CVReturn = -6691

/// A scan has not completed; try again.
public let kCVReturnRetry: CVReturn = -6692

/// The last Core Video error code.
public let kCVReturnLast: CVReturn = -6699
