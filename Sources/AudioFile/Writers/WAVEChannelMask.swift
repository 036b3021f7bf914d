import CoreAudioTypes
import MediaContainer

/// The WAVE_FORMAT_EXTENSIBLE speaker mask for a channel layout. WAVE fixes the order of channels (the mask's bit
/// order), so only layouts whose channels already come in that order have a mask; the bits are those of
/// `AudioChannelBitmap`, and labels 1…18 (`kAudioChannelLabel_Left` … `_TopBackRight`) are bits 0…17.
enum WAVEChannelMask {
    /// Masks of the layout tags whose channel order is a WAVE order (CoreAudioBaseTypes.h lists each tag's
    /// channels; in Apple's WAVE tags Ls/Rs are the side speakers and Rls/Rrs the back ones).
    private static let tagMasks: [AudioChannelLayoutTag: UInt32] = [
        kAudioChannelLayoutTag_Mono: 0x4,
        kAudioChannelLayoutTag_Stereo: 0x3,
        kAudioChannelLayoutTag_WAVE_2_1: 0xB,
        kAudioChannelLayoutTag_WAVE_3_0: 0x7,
        kAudioChannelLayoutTag_Quadraphonic: 0x33,
        kAudioChannelLayoutTag_WAVE_4_0_A: 0x603,
        kAudioChannelLayoutTag_WAVE_4_0_B: 0x33,
        kAudioChannelLayoutTag_WAVE_5_0_A: 0x607,
        kAudioChannelLayoutTag_WAVE_5_0_B: 0x37,
        kAudioChannelLayoutTag_WAVE_5_1_A: 0x60F,
        kAudioChannelLayoutTag_WAVE_5_1_B: 0x3F,
        kAudioChannelLayoutTag_WAVE_6_1: 0x70F,
        kAudioChannelLayoutTag_WAVE_7_1: 0x63F,
    ]

    /// The mask for `layout` on `channels` channels, or a message saying why WAVE cannot describe it.
    static func mask(for layout: ChannelLayout, channels: Int) -> Result<UInt32, ContainerWriterError> {
        func refuse(_ why: String) -> Result<UInt32, ContainerWriterError> {
            .failure(ContainerWriterError.refused(format: "WAVE", "channel layout: \(why)"))
        }
        var mask: UInt32
        switch layout.tag {
        case kAudioChannelLayoutTag_UseChannelBitmap:
            mask = layout.bitmap.rawValue
        case kAudioChannelLayoutTag_UseChannelDescriptions:
            mask = 0
            var previous: UInt32 = 0
            for description in layout.descriptions {
                let label = description.mChannelLabel
                guard (1...18).contains(label) else {
                    return refuse("label \(label) has no WAVE speaker position")
                }
                guard label > previous else {
                    return refuse("labels must come in WAVE's speaker order (ascending), found \(label) after \(previous)")
                }
                mask |= 1 << (label - 1)
                previous = label
            }
        default:
            guard let known = tagMasks[layout.tag] else {
                return refuse("tag 0x\(String(layout.tag, radix: 16)) orders its channels differently from WAVE; "
                              + "give a bitmap or channel descriptions in WAVE order")
            }
            mask = known
        }
        guard mask.nonzeroBitCount == channels, mask >> 18 == 0 else {
            return refuse("names \(mask.nonzeroBitCount) WAVE speakers for \(channels) channels")
        }
        return .success(mask)
    }
}
