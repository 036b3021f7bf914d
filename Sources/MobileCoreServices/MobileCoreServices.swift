// iOS's MobileCoreServices: the same UTType functions and kUTType/kUTTagClass constants as macOS's CoreServices,
// which this module re-exports (one implementation, two of Apple's module names).
@_exported import CoreServices
