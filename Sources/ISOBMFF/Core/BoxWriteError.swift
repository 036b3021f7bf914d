import MediaFormats

/// A box that cannot be written as it stands: a value too large for its field in the chosen version, arrays whose
/// lengths disagree, a string too long for a counted field.
package struct BoxWriteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The type of the box being written.
    package var boxType: FourCC
    /// What is wrong and how to fix it.
    package var message: String

    /// An error writing a box of type `boxType`.
    package init(_ boxType: FourCC, _ message: String) {
        self.boxType = boxType
        self.message = message
    }

    /// An error writing a box of type `boxType` whose payload the shared grammar could not write.
    package init(_ boxType: FourCC, _ error: MediaFormatError) {
        self.init(boxType, error.message)
    }

    package var description: String { "cannot write '\(boxType)': \(message)" }
}
