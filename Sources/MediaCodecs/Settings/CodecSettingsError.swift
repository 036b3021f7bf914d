/// Why an output-settings dictionary cannot be honoured: which key (a path through nested dictionaries, such as
/// `AVVideoCompressionPropertiesKey.AverageBitRate`) and why, in words a person can act on.
package struct CodecSettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The broad cause, so the layer above can pick an `AVError` code without parsing text.
    package enum Kind: Sendable, Equatable {
        /// The key is not one this kind of settings dictionary takes.
        case unknownKey
        /// The value has the wrong type (a string where a number belongs).
        case wrongType
        /// The value is of the right type but impossible (negative bit rate, odd width for 4:2:0).
        case invalidValue
        /// A required key is missing.
        case missingKey
        /// The value is valid but this build cannot do it (no encoder for the codec, a profile x264 lacks).
        case unsupported
        /// The setting contradicts another setting or the file type.
        case conflict
    }

    /// The broad cause.
    package var kind: Kind
    /// The key at fault, as a dotted path from the top-level dictionary.
    package var key: String
    /// What is wrong and, where possible, what would work.
    package var reason: String

    /// Describes an error.
    package init(_ kind: Kind, key: String, _ reason: String) {
        self.kind = kind
        self.key = key
        self.reason = reason
    }

    package var description: String { "\(key): \(reason)" }
}
