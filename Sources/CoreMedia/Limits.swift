// CoreMedia's limits, in one place, each with the reason for its number.

/// Limits that keep CoreMedia's buffers from being driven into unbounded work or memory by bad input.
enum CoreMediaLimits {
    /// The most sub-block slots `CMBlockBufferCreateEmpty(capacity:)` reserves up front. The capacity is only a hint;
    /// a caller's `UInt32.max` must not reserve gigabytes before anything is appended.
    static let maximumReservedSubBlocks = 4_096

    /// The most references followed to reach one byte of a block buffer. Depth optimisation keeps real chains at
    /// one or two; only chains built with `kCMBlockBufferDontOptimizeDepthFlag` grow, and past this the access
    /// fails with `kCMBlockBufferBadPointerParameterErr` instead of walking on.
    static let maximumReferenceHops = 100_000

    /// The most parameter sets one format description may be made from. An avcC record holds at most
    /// 31 SPSs + 255 PPSs + 255 SPS extensions; hvcC arrays are larger in principle, but real streams carry a few.
    static let maximumParameterSets = 1_024

    /// The most samples one sample buffer may hold: far above any real buffer (a second of 768 kHz audio is
    /// 768,000 frames), low enough that per-sample arrays sized from it cannot exhaust memory.
    static let maximumSamplesPerBuffer = 1 << 28
}
