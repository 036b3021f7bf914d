/// H.264 / HEVC parameter sets split out of a stream, in stream order within each kind (for `avcC`/`hvcC`, or
/// `CMVideoFormatDescriptionCreateFromH264ParameterSets`).
package struct ParameterSets: Hashable, Sendable {
    /// HEVC video parameter sets (empty for H.264).
    package var videoParameterSets: [[UInt8]] = []
    /// Sequence parameter sets (for H.264 also SPS extensions, type 13).
    package var sequenceParameterSets: [[UInt8]] = []
    /// Picture parameter sets.
    package var pictureParameterSets: [[UInt8]] = []

    /// No parameter sets.
    package init() {}

    /// All of them in the order a decoder needs them (VPS, SPS, PPS).
    package var all: [[UInt8]] { videoParameterSets + sequenceParameterSets + pictureParameterSets }
}
