// File-type code written before iOS 14's UniformTypeIdentifiers: a MIME type for an upload from a file extension,
// AVFileType from a kUTType constant, conformance checks on an asset's type. It must compile unchanged against
// Apple's SDKs (MobileCoreServices's functions are deprecated there, not removed).
import AVFoundation
import MobileCoreServices

func mimeType(forPathExtension pathExtension: String) -> String {
    if let uti = UTTypeCreatePreferredIdentifierForTag(kUTTagClassFilenameExtension, pathExtension as CFString, nil)?
        .takeRetainedValue(),
       let mimetype = UTTypeCopyPreferredTagWithClass(uti, kUTTagClassMIMEType)?.takeRetainedValue() {
        return mimetype as String
    }
    return "application/octet-stream"
}

func isMovie(_ url: URL) -> Bool {
    guard let uti = UTTypeCreatePreferredIdentifierForTag(kUTTagClassFilenameExtension, url.pathExtension as CFString,
                                                          nil)?.takeRetainedValue() else { return false }
    return UTTypeConformsTo(uti, kUTTypeMovie)
}

func checkLegacyTypeIdentifiers(_ url: URL) {
    check(mimeType(forPathExtension: "mov") == "video/quicktime", "mov → \(mimeType(forPathExtension: "mov"))")
    check(mimeType(forPathExtension: "m4a") == "audio/mp4" || mimeType(forPathExtension: "m4a") == "audio/x-m4a",
          "m4a → \(mimeType(forPathExtension: "m4a"))")
    check(mimeType(forPathExtension: "qqq") == "application/octet-stream", "unknown extension")
    check(isMovie(url), "\(url.lastPathComponent) is not a movie")
    check(AVFileType(rawValue: kUTTypeQuickTimeMovie as String) == .mov, "kUTTypeQuickTimeMovie is not AVFileType.mov")
    check(AVFileType(kUTTypeMPEG4 as String) == .mp4, "kUTTypeMPEG4 is not AVFileType.mp4")
}
