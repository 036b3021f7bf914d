import Foundation

/// Inputs whose tracks are alternatives to one another (an alternate group in the file: languages of one audio
/// programme, say), with the one a player picks by default (AVAssetWriterInputGroup, a kind of
/// `AVMediaSelectionGroup` in Apple's SDK).
// Safe because immutable, and the inputs are thread-safe.
open class AVAssetWriterInputGroup: NSObject, @unchecked Sendable {
    /// The inputs of the group.
    public let inputs: [AVAssetWriterInput]
    /// The input whose track is enabled by default; the others' tracks are disabled. nil: all disabled.
    public let defaultInput: AVAssetWriterInput?

    /// A group of `inputs` with `defaultInput` (which must be one of them) enabled.
    public init(inputs: [AVAssetWriterInput], defaultInput: AVAssetWriterInput?) {
        self.inputs = inputs
        self.defaultInput = defaultInput.flatMap { input in inputs.contains { $0 === input } ? input : nil }
        super.init()
    }
}
