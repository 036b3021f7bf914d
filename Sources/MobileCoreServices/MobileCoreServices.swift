// iOS's MobileCoreServices: the same UTType functions and kUTType/kUTTagClass constants as macOS's CoreServices,
// which this module re-exports (one implementation, two of Apple's module names).
@_exported import CoreServices
// On iOS 14 and later MobileCoreServices' header imports UniformTypeIdentifiers, so `import MobileCoreServices` alone
// gives `UTType` too; code written then (`UTType.movie.identifier`) relies on it.
@_exported import UniformTypeIdentifiers
