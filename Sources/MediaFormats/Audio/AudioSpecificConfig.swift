/// MPEG-4 AudioSpecificConfig (ISO/IEC 14496-3 §1.6.2.1): the AAC setup in an ES_Descriptor's DecoderSpecificInfo,
/// in an encoder's extradata, and implied by every ADTS header. Holds the core object type, sample rate and
/// channels, the frame length, whether SBR (HE-AAC) or PS (HE-AAC v2) is signalled (explicitly, object type 5 or 29
/// first, or backward-compatibly, the sync extension 0x2B7 after the core configuration), and, for channel
/// configuration 0, the program config element that names the channels.
package struct AudioSpecificConfig: Hashable, Sendable {
    /// The sampling frequencies of `samplingFrequencyIndex` 0…12 (ISO/IEC 14496-3 Table 1.18); 13 and 14 are
    /// reserved, 15 means an explicit 24-bit frequency follows.
    package static let samplingFrequencies = [96_000, 88_200, 64_000, 48_000, 44_100, 32_000, 24_000, 22_050, 16_000,
                                              12_000, 11_025, 8_000, 7_350]

    /// The `samplingFrequencyIndex` of `rate`, when Table 1.18 lists it.
    package static func samplingFrequencyIndex(of rate: Int) -> Int? { samplingFrequencies.firstIndex(of: rate) }

    /// Audio object type of the core coder (2 AAC LC, 1 Main, 3 SSR, 4 LTP, 23 ER AAC LD, 39 ER AAC ELD, 42 USAC…).
    package var objectType: Int
    /// Sample rate of the core coder, in Hz.
    package var sampleRate: Int
    /// `channelConfiguration` (1–7, 11–14); 0 means the channels are in a program config element.
    package var channelConfiguration: Int
    /// Channels: from `channelConfiguration`, or from the program config element when that is 0; `nil` when
    /// neither says.
    package var channelCount: Int?
    /// `frameLengthFlag`: frames of 960 (or 480 for LD/ELD) samples instead of 1024 (or 512).
    package var usesShortFrames: Bool
    /// Whether SBR is signalled.
    package var hasSBR = false
    /// Whether parametric stereo is signalled.
    package var hasPS = false
    /// The output sample rate with SBR (the extension sampling frequency); `nil` without SBR.
    package var extensionSampleRate: Int?
    /// The program config element of channel configuration 0, kept bit for bit.
    package var programConfigElement: ProgramConfigElement?

    /// A plain configuration (no SBR or PS), with the channel count its configuration implies.
    package init(objectType: Int = 2, sampleRate: Int, channelConfiguration: Int, usesShortFrames: Bool = false,
                 programConfigElement: ProgramConfigElement? = nil) {
        self.objectType = objectType
        self.sampleRate = sampleRate
        self.channelConfiguration = channelConfiguration
        self.usesShortFrames = usesShortFrames
        self.programConfigElement = programConfigElement
        channelCount = channelConfiguration == 0 ? programConfigElement?.channels
            : Self.channels(ofConfiguration: channelConfiguration)
    }

    /// Channels of `channelConfiguration` 1–14 (Table 1.19 and its amendments: 11 is 6.1, 12 and 14 are 7.1
    /// variants, 13 is 22.2), `nil` for 0 and the reserved values.
    package static func channels(ofConfiguration configuration: Int) -> Int? {
        switch configuration {
        case 1...6: configuration
        case 7: 8
        case 11: 7
        case 12, 14: 8
        case 13: 24
        default: nil
        }
    }

    /// Samples per channel the decoder outputs per frame (1024 or 960, doubled with SBR).
    package var samplesPerFrame: Int { (usesShortFrames ? 960 : 1024) * (hasSBR ? 2 : 1) }

    /// The output sample rate (the SBR rate when SBR is present).
    package var outputSampleRate: Int { extensionSampleRate ?? sampleRate * (hasSBR ? 2 : 1) }
}
