internal import CFFmpeg

/// An error from the FFmpeg bridge: what was attempted, FFmpeg's own error code and text when FFmpeg reported one,
/// and, for configurations that cannot be honoured, the name of the setting at fault.
package struct FFError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The broad cause, so the layer above can map it onto `AVError` codes without parsing text.
    package enum Kind: Sendable, Equatable {
        /// No decoder or encoder for the codec is compiled into this FFmpeg build.
        case codecNotAvailable
        /// A configuration value cannot be honoured (see `setting`).
        case invalidConfiguration
        /// The caller broke the API's contract (wrong plane count, timestamps going backwards, use after flush).
        case invalidArgument
        /// The input bytes are not a valid bitstream for the codec.
        case invalidData
        /// An allocation failed.
        case outOfMemory
        /// FFmpeg reported another failure (the code and text say which).
        case failed
    }

    /// The broad cause.
    package var kind: Kind
    /// What was being done, naming the FFmpeg call and codec where there is one (`avcodec_open2(libx264)`).
    package var operation: String
    /// FFmpeg's negative `AVERROR` code, when FFmpeg returned one.
    package var code: Int32?
    /// FFmpeg's text for `code` (`av_strerror`), when there is a code.
    package var ffmpegMessage: String?
    /// The configuration setting at fault, by the name of our configuration's property (`profile`, `pixelFormat`).
    package var setting: String?
    /// What went wrong, in words a person can act on.
    package var message: String

    /// Creates an error that FFmpeg did not report (a failed check of our own).
    package init(_ kind: Kind, operation: String, setting: String? = nil, message: String) {
        self.kind = kind
        self.operation = operation
        self.code = nil
        self.ffmpegMessage = nil
        self.setting = setting
        self.message = message
    }

    /// Creates an error from an FFmpeg return code.
    package init(code: Int32, operation: String, setting: String? = nil, message: String = "") {
        self.kind = FFError.kind(of: code)
        self.operation = operation
        self.code = code
        self.ffmpegMessage = FFError.text(of: code)
        self.setting = setting
        self.message = message
    }

    package var description: String {
        var parts = [operation]
        if let setting { parts.append("setting '\(setting)'") }
        if !message.isEmpty { parts.append(message) }
        if let code, let ffmpegMessage { parts.append("FFmpeg error \(code): \(ffmpegMessage)") }
        return parts.joined(separator: ": ")
    }

    /// Whether the error concerns one packet's data, after which the decoder can keep going.
    package var isRecoverable: Bool { kind == .invalidData }

    /// FFmpeg's text for an error code (`av_strerror`).
    package static func text(of code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: Int(AV_ERROR_MAX_STRING_SIZE))
        if av_strerror(code, &buffer, buffer.count) < 0 {
            return "unknown error \(code)"
        }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    private static func kind(of code: Int32) -> Kind {
        switch code {
        case FFErrorCode.invalidData: return .invalidData
        case FFErrorCode.outOfMemory: return .outOfMemory
        case FFErrorCode.invalidArgument: return .invalidArgument
        case FFErrorCode.patchWelcome: return .invalidData
        default: return .failed
        }
    }
}

/// FFmpeg's error codes that are built by macros Swift cannot import, evaluated once.
enum FFErrorCode {
    static let again: Int32 = cff_averror_eagain()
    static let endOfFile: Int32 = cff_averror_eof()
    static let invalidData: Int32 = cff_averror_invaliddata()
    static let optionNotFound: Int32 = cff_averror_option_not_found()
    static let patchWelcome: Int32 = cff_averror_patchwelcome()
    static let experimental: Int32 = cff_averror_experimental()
    static let outOfMemory: Int32 = cff_averror(ENOMEM)
    static let invalidArgument: Int32 = cff_averror(EINVAL)
}

/// Throws an `FFError` when an FFmpeg call returned a negative code; returns the (non-negative) result otherwise.
@discardableResult
func ffCheck(_ result: Int32, _ operation: @autoclosure () -> String, setting: String? = nil,
             message: @autoclosure () -> String = "") throws(FFError) -> Int32 {
    if result < 0 {
        throw FFError(code: result, operation: operation(), setting: setting, message: message())
    }
    return result
}

/// `Array.withUnsafeBytes` is `rethrows` and so loses the typed error; this keeps it.
func ffWithBytes<Result>(_ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws(FFError) -> Result)
    throws(FFError) -> Result {
    let result = bytes.withUnsafeBytes { raw in
        Swift.Result { () throws(FFError) -> Result in try body(raw) }
    }
    return try result.get()
}
