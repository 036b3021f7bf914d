import Foundation

/// The errors `AVAudioFile` throws, as Apple's does: `NSError`s in AVFAudio's domain whose codes are Core Audio's
/// `OSStatus` values (four-character codes such as `'typ?'`), with our description of the real cause (file, box
/// path, byte offset, track) and the lower layer's error under `NSUnderlyingErrorKey`.
enum AVAudioFileError {
    /// Apple's domain for AVFAudio's errors.
    static let domain = "com.apple.coreaudio.avfaudio"

    /// `kAudioFileUnspecifiedError` ('wht?'): Apple's code for a file that cannot be opened at all (missing,
    /// unreadable).
    static let unspecified = 0x7768_743F
    /// `kAudioFileUnsupportedFileTypeError` ('typ?'): not a file type that is read or written.
    static let unsupportedFileType = 0x7479_703F
    /// `kAudioFileUnsupportedDataFormatError` ('fmt?'): a data format the file type or the codecs cannot carry.
    static let unsupportedDataFormat = 0x666D_743F
    /// `kAudioFileInvalidFileError` ('dta?'): the file is damaged.
    static let invalidFile = 0x6474_613F
    /// `kAudioFileNotOpenError` (-38): the file was closed.
    static let notOpen = -38
    /// `kAudio_ParamError` (-50): a wrong argument (a buffer in another format, a frame count beyond its capacity).
    static let parameter = -50
    /// `kAudioFileEndOfFileError` ('eof?').
    static let endOfFile = 0x656F_663F

    /// An error with `code`, described by `description`, keeping `underlying`.
    static func make(_ code: Int, _ description: String, underlying: (any Error)? = nil, url: URL? = nil) -> NSError {
        var info: [String: Any] = [NSLocalizedDescriptionKey: description]
        if let underlying {
            info[NSUnderlyingErrorKey] = underlying as NSError
            info[NSLocalizedFailureReasonErrorKey] = String(describing: underlying)
        }
        if let url { info[NSURLErrorKey] = url }
        return NSError(domain: domain, code: code, userInfo: info)
    }
}
