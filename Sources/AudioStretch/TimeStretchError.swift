/// Why a time stretcher refused its configuration or its input: what was attempted, the setting at fault when a
/// configuration value cannot be honoured, and what went wrong.
package struct TimeStretchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The broad cause, so MediaCodecs can map it onto its own error kinds without parsing text.
    package enum Kind: Sendable, Equatable {
        /// The library lacks the engine asked for (Rubber Band built without R3).
        case engineUnavailable
        /// A configuration value cannot be honoured (see `setting`).
        case invalidConfiguration
        /// The caller broke the API's contract (wrong plane count, planes of different lengths).
        case invalidArgument
        /// An allocation failed.
        case outOfMemory
        /// The library refused for another reason (the message says which).
        case failed
    }

    /// The broad cause.
    package var kind: Kind
    /// What was being done, naming the library call where there is one (`rubberband_new`).
    package var operation: String
    /// The configuration setting at fault, by the name of the initializer's parameter (`tempo`, `channelCount`).
    package var setting: String?
    /// What went wrong, in words a person can act on.
    package var message: String

    /// An error of the given kind.
    package init(_ kind: Kind, operation: String, setting: String? = nil, message: String) {
        self.kind = kind
        self.operation = operation
        self.setting = setting
        self.message = message
    }

    package var description: String {
        var parts = [operation]
        if let setting { parts.append("setting '\(setting)'") }
        if !message.isEmpty { parts.append(message) }
        return parts.joined(separator: ": ")
    }
}
