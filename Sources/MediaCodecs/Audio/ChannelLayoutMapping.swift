import CoreAudioTypes
import FFmpegBridge

/// Core Audio channel layouts (`AudioChannelLayout`: a tag, a bitmap or channel descriptions) to and from FFmpeg's
/// (loudspeaker positions in stream order).
///
/// Labels 1–18 (L, R, C, LFE, Ls, Rs, Lc, Rc, Cs, Lsd, Rsd, Ts, Vhl, Vhc, Vhr, Rlt, Rct, Rrt) are the WAVE channel-mask
/// positions in order, as `AudioChannelBitmap` is (CoreAudioBaseTypes.h), which FFmpeg numbers the same way. Core
/// Audio calls the surrounds of 5.1 "Ls/Rs" whether they are beside or behind; with rear surrounds also present
/// (7.1: Rls/Rrs) they are the side pair.
package enum ChannelLayoutMapping {
    /// The channel labels of the common layout tags, in stream order (CoreAudioBaseTypes.h's comments).
    static let tagLabels: [AudioChannelLayoutTag: [AudioChannelLabel]] = {
        let (l, r, c, lfe, ls, rs, lc, rc, cs) = (kAudioChannelLabel_Left, kAudioChannelLabel_Right, kAudioChannelLabel_Center,
                                                  kAudioChannelLabel_LFEScreen, kAudioChannelLabel_LeftSurround,
                                                  kAudioChannelLabel_RightSurround, kAudioChannelLabel_LeftCenter,
                                                  kAudioChannelLabel_RightCenter, kAudioChannelLabel_CenterSurround)
        let (rls, rrs, lw, rw) = (kAudioChannelLabel_RearSurroundLeft, kAudioChannelLabel_RearSurroundRight,
                                  kAudioChannelLabel_LeftWide, kAudioChannelLabel_RightWide)
        return [
            kAudioChannelLayoutTag_Mono: [kAudioChannelLabel_Mono],
            kAudioChannelLayoutTag_Stereo: [l, r],
            kAudioChannelLayoutTag_StereoHeadphones: [l, r],
            kAudioChannelLayoutTag_MPEG_3_0_A: [l, r, c],
            kAudioChannelLayoutTag_MPEG_3_0_B: [c, l, r],
            kAudioChannelLayoutTag_Quadraphonic: [l, r, ls, rs],
            kAudioChannelLayoutTag_MPEG_4_0_A: [l, r, c, cs],
            kAudioChannelLayoutTag_MPEG_4_0_B: [c, l, r, cs],
            kAudioChannelLayoutTag_MPEG_5_0_A: [l, r, c, ls, rs],
            kAudioChannelLayoutTag_MPEG_5_0_B: [l, r, ls, rs, c],
            kAudioChannelLayoutTag_MPEG_5_0_C: [l, c, r, ls, rs],
            kAudioChannelLayoutTag_MPEG_5_0_D: [c, l, r, ls, rs],
            kAudioChannelLayoutTag_MPEG_5_1_A: [l, r, c, lfe, ls, rs],
            kAudioChannelLayoutTag_MPEG_5_1_B: [l, r, ls, rs, c, lfe],
            kAudioChannelLayoutTag_MPEG_5_1_C: [l, c, r, ls, rs, lfe],
            kAudioChannelLayoutTag_MPEG_5_1_D: [c, l, r, ls, rs, lfe],
            kAudioChannelLayoutTag_MPEG_6_1_A: [l, r, c, lfe, ls, rs, cs],
            kAudioChannelLayoutTag_MPEG_7_1_A: [l, r, c, lfe, ls, rs, lc, rc],
            kAudioChannelLayoutTag_MPEG_7_1_B: [c, lc, rc, l, r, ls, rs, lfe],
            kAudioChannelLayoutTag_MPEG_7_1_C: [l, r, c, lfe, ls, rs, rls, rrs],
            kAudioChannelLayoutTag_AAC_6_1: [c, l, r, ls, rs, cs, lfe],
            kAudioChannelLayoutTag_Pentagonal: [l, r, rls, rrs, c],
            kAudioChannelLayoutTag_Hexagonal: [l, r, rls, rrs, c, cs],
            kAudioChannelLayoutTag_Octagonal: [l, r, rls, rrs, c, cs, lw, rw],
        ]
    }()

    /// The labels of a layout in stream order, or `nil` when it names no positions (discrete or unknown channels,
    /// or a tag this table lacks).
    static func labels(of layout: ChannelLayout) -> [AudioChannelLabel]? {
        switch layout.tag {
        case kAudioChannelLayoutTag_UseChannelDescriptions:
            let labels = layout.descriptions.map(\.mChannelLabel)
            return labels.allSatisfy { ffChannel($0, hasRear: false) != nil } ? labels : nil
        case kAudioChannelLayoutTag_UseChannelBitmap:
            let bits = layout.bitmap.rawValue
            return (0..<18).filter { bits & (1 << UInt32($0)) != 0 }.map { AudioChannelLabel($0 + 1) }
        default:
            return tagLabels[layout.tag]
        }
    }

    /// FFmpeg's position for a label (`hasRear`: the layout also has rear surrounds, making Ls/Rs the side pair).
    static func ffChannel(_ label: AudioChannelLabel, hasRear: Bool) -> FFChannel? {
        switch label {
        case kAudioChannelLabel_Mono: return .frontCenter
        case kAudioChannelLabel_LeftSurround: return hasRear ? .sideLeft : .backLeft
        case kAudioChannelLabel_RightSurround: return hasRear ? .sideRight : .backRight
        case 1...18: return FFChannel(rawValue: Int32(label) - 1)
        case kAudioChannelLabel_RearSurroundLeft: return .backLeft
        case kAudioChannelLabel_RearSurroundRight: return .backRight
        case kAudioChannelLabel_LeftWide: return .wideLeft
        case kAudioChannelLabel_RightWide: return .wideRight
        case kAudioChannelLabel_LFE2: return .lowFrequency2
        default: return nil
        }
    }

    /// The FFmpeg layout of a Core Audio layout with `channelCount` channels: positions when every channel has one,
    /// else FFmpeg's default layout for the count (what Core Audio's discrete and unknown layouts mean in practice).
    package static func ffLayout(_ layout: ChannelLayout?, channelCount: Int) -> Result<FFChannelLayout, CodecError> {
        guard let layout else { return .success(.default(channelCount: channelCount)) }
        if let count = layout.numberOfChannels, count != channelCount {
            return .failure(CodecError(.unsupportedFormat, "the channel layout has \(count) channels; the stream has \(channelCount)"))
        }
        guard let labels = labels(of: layout), labels.count == channelCount else {
            return .success(.default(channelCount: channelCount))
        }
        let hasRear = labels.contains(kAudioChannelLabel_RearSurroundLeft) || labels.contains(kAudioChannelLabel_RearSurroundRight)
        let channels = labels.compactMap { ffChannel($0, hasRear: hasRear) }
        guard channels.count == labels.count, Set(channels).count == channels.count else {
            return .failure(CodecError(.unsupportedFormat, "the channel layout repeats a position or names one FFmpeg has no place for"))
        }
        return .success(FFChannelLayout(channels: channels))
    }

    /// The Core Audio layout for an FFmpeg layout: a standard tag when one matches the positions in order, else a
    /// description per channel; `nil` for layouts that name no positions.
    package static func coreAudioLayout(_ layout: FFChannelLayout) -> ChannelLayout? {
        guard layout.order == .native || layout.order == .custom else { return nil }
        let hasSide = layout.channels.contains(.sideLeft) || layout.channels.contains(.sideRight)
        var labels: [AudioChannelLabel] = []
        for channel in layout.channels {
            let label: AudioChannelLabel
            switch channel {
            case .frontCenter where layout.channelCount == 1: label = kAudioChannelLabel_Mono
            case .sideLeft: label = kAudioChannelLabel_LeftSurround
            case .sideRight: label = kAudioChannelLabel_RightSurround
            case .backLeft: label = hasSide ? kAudioChannelLabel_RearSurroundLeft : kAudioChannelLabel_LeftSurround
            case .backRight: label = hasSide ? kAudioChannelLabel_RearSurroundRight : kAudioChannelLabel_RightSurround
            case .wideLeft: label = kAudioChannelLabel_LeftWide
            case .wideRight: label = kAudioChannelLabel_RightWide
            case .lowFrequency2: label = kAudioChannelLabel_LFE2
            default:
                guard (0...17).contains(channel.rawValue) else { return nil }
                label = AudioChannelLabel(channel.rawValue + 1)
            }
            labels.append(label)
        }
        let tags = [kAudioChannelLayoutTag_Mono, kAudioChannelLayoutTag_Stereo, kAudioChannelLayoutTag_MPEG_3_0_A,
                    kAudioChannelLayoutTag_Quadraphonic, kAudioChannelLayoutTag_MPEG_4_0_A, kAudioChannelLayoutTag_MPEG_5_0_A,
                    kAudioChannelLayoutTag_MPEG_5_1_A, kAudioChannelLayoutTag_MPEG_6_1_A, kAudioChannelLayoutTag_MPEG_7_1_C,
                    kAudioChannelLayoutTag_MPEG_7_1_A]
        if let tag = tags.first(where: { tagLabels[$0] == labels }) { return ChannelLayout(tag: tag) }
        return ChannelLayout(labels: labels)
    }

    /// A Core Audio layout from `AVChannelLayoutKey`'s `Data`.
    package static func parse(_ bytes: [UInt8]) -> ChannelLayout? {
        guard bytes.count >= MemoryLayout<AudioChannelLayout>.size else { return nil }
        return bytes.withUnsafeBytes { raw -> ChannelLayout? in
            let copy = UnsafeMutableRawPointer.allocate(byteCount: raw.count, alignment: MemoryLayout<AudioChannelLayout>.alignment)
            defer { copy.deallocate() }
            copy.copyMemory(from: raw.baseAddress!, byteCount: raw.count)
            return ChannelLayout(copy.assumingMemoryBound(to: AudioChannelLayout.self), byteCount: raw.count)
        }
    }
}
