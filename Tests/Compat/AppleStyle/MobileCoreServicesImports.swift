// iOS code that imports MobileCoreServices and uses iOS 14's UTType, which that import brings on iOS 14 and later.
// It must compile unchanged against Apple's iOS SDK.
import Foundation
import MobileCoreServices

/// The type identifier for a file name extension, as an upload handler asks for it.
func typeIdentifierThroughMobileCoreServices(_ pathExtension: String) -> String? {
    UTType(filenameExtension: pathExtension)?.identifier
}
