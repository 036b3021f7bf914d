import CoreMedia
import Foundation
import MediaContainer

/// The errors a failed asset load reports, in the domains and codes Apple's AVFoundation uses.
///
/// - A file that cannot be opened is a URL loading failure: Apple reports a missing file as `NSURLErrorDomain`
///   `NSURLErrorFileDoesNotExist` (-1100, "The requested URL was not found on this server.") with the POSIX error
///   underneath (`NSPOSIXErrorDomain` 2), as seen in the load failures applications log. Unreadable files and
///   directories get the neighbouring codes (-1102, -1101).
/// - A file with no media signature is `AVError.fileFormatNotRecognized` (-11828, "Cannot Open").
/// - A file of a known format that its reader rejects is `AVError.fileFailedToParse` (-11829, "This media may be
///   damaged"), with the reader's error (box path, byte offset, track) under `NSUnderlyingErrorKey`.
enum AssetLoadError {
    /// `NSURLErrorFileDoesNotExist`.
    static let fileDoesNotExistCode = -1100
    /// `NSURLErrorFileIsDirectory`.
    static let fileIsDirectoryCode = -1101
    /// `NSURLErrorNoPermissionsToReadFile`.
    static let noPermissionsToReadFileCode = -1102
    /// `NSURLErrorUnsupportedURL`.
    static let unsupportedURLCode = -1002
    /// `NSURLErrorCannotOpenFile`.
    static let cannotOpenFileCode = -3000

    /// A URL that is not a file URL: only local files are read.
    static func unsupportedURL(_ url: URL) -> NSError {
        NSError(domain: NSURLErrorDomain, code: unsupportedURLCode, userInfo: [
            NSLocalizedDescriptionKey: "unsupported URL: only file URLs can be opened (\(url.absoluteString))",
            NSURLErrorFailingURLErrorKey: url,
        ])
    }

    /// The file could not be opened or mapped.
    static func cannotOpen(_ url: URL, _ failure: MappedFile.Failure) -> NSError {
        let code: Int
        let description: String
        var isDirectory: ObjCBool = false
        switch failure.code {
        case ENOENT, ENOTDIR:
            code = fileDoesNotExistCode
            description = "The requested URL was not found on this server."
        case EACCES, EPERM:
            code = noPermissionsToReadFileCode
            description = "The file \(url.lastPathComponent) could not be read: permission denied."
        default:
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
                code = fileIsDirectoryCode
                description = "\(url.path) is a directory, not a media file."
            } else {
                code = cannotOpenFileCode
                description = "The file \(url.lastPathComponent) could not be opened: \(failure.description)."
            }
        }
        var info: [String: Any] = [
            NSLocalizedDescriptionKey: description,
            NSURLErrorFailingURLErrorKey: url,
            NSFilePathErrorKey: url.path,
        ]
        info[NSUnderlyingErrorKey] = failure.code == 0
            ? failure as NSError
            : NSError(domain: NSPOSIXErrorDomain, code: Int(failure.code), userInfo: [
                NSLocalizedDescriptionKey: String(cString: strerror(failure.code)),
                NSLocalizedFailureReasonErrorKey: failure.description,
            ])
        return NSError(domain: NSURLErrorDomain, code: code, userInfo: info)
    }

    /// The file's bytes match no media format and its name suggests none.
    static func notMedia(_ url: URL, prefix: [UInt8]) -> AVError {
        let shown = prefix.prefix(16).map { String(format: "%02x", $0) }.joined(separator: " ")
        return AVError(.fileFormatNotRecognized, "Cannot Open: \(url.lastPathComponent) is not a media file",
                       underlying: UnrecognizedFormat(path: url.path, firstBytes: shown),
                       extra: [NSURLErrorKey: url])
    }

    /// The file is of a format for which no reader is built in.
    static func noReader(_ url: URL, _ format: ContainerFormat) -> AVError {
        AVError(.fileFormatNotRecognized,
                "Cannot Open: \(url.lastPathComponent) is \(format.rawValue), which has no reader in this build",
                underlying: UnrecognizedFormat(path: url.path, firstBytes: "recognised as \(format.rawValue)"),
                extra: [NSURLErrorKey: url])
    }

    /// The reader for the format the file's name or first bytes suggested found it is not of that format.
    static func notRecognized(_ url: URL, _ format: ContainerFormat, _ cause: any Error) -> AVError {
        AVError(.fileFormatNotRecognized,
                "Cannot Open: \(url.lastPathComponent) is not a media file (\(format.rawValue) reader: \(cause))",
                underlying: cause, extra: [NSURLErrorKey: url])
    }

    /// The reader for the file's format rejected it.
    static func malformed(_ url: URL, _ format: ContainerFormat, _ cause: any Error) -> AVError {
        AVError(.fileFailedToParse,
                "Cannot Open: \(url.lastPathComponent) may be damaged (\(format.rawValue)): \(cause)",
                underlying: cause, extra: [NSURLErrorKey: url])
    }

    /// A track's sample table could not be built when a property needed it.
    static func malformedTrack(_ trackID: CMPersistentTrackID, _ cause: any Error) -> AVError {
        AVError(.fileFailedToParse, "The sample table of track \(trackID) could not be read: \(cause)",
                underlying: cause, extra: [AVErrorPersistentTrackIDKey: NSNumber(value: trackID)])
    }
}

/// The underlying error of `fileFormatNotRecognized`: which file, and what its first bytes were.
struct UnrecognizedFormat: Error, CustomStringConvertible {
    /// The file's path.
    let path: String
    /// The first bytes in hex (or what was recognised).
    let firstBytes: String

    var description: String { "\(path): no known media signature (first bytes: \(firstBytes))" }
}
