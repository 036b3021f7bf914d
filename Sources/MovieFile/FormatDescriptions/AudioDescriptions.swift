import CoreAudioTypes
import CoreMedia
import Foundation
import ISOBMFF
import MediaFormats

/// Audio sample entries → audio format descriptions: the stream basic description filled as Apple's AudioToolbox
/// fills it for each codec, the magic cookie in the form the package's decoders share, and the channel layout from
/// `chan` or the codec configuration.
///
/// Magic cookies (shared convention with the audio-file and codec code): AAC and MPEG audio in MP4 get the
/// ES_Descriptor (the `esds` payload after its version and flags), as AudioToolbox hands it out; ALAC the `alac`
/// box content after its version and flags (the 24-byte ALACSpecificConfig and any channel layout info after it);
/// FLAC, Opus, AC-3, E-AC-3 and AMR the whole payload of `dfLa` (version, flags and metadata blocks), `dOps`,
/// `dac3`, `dec3` and `damr`.
enum AudioDescriptions {
    /// A description for `entry`, or `nil` when its fields cannot make a valid stream description.
    static func make(_ entry: AudioSampleEntry, extensions base: [String: Any], context: SampleDescriptionContext)
        -> CMFormatDescription? {
        guard var format = streamFormat(for: entry, context: context) else { return nil }
        var extensions = base
        let converted: Set<FourCC> = ["chan", "free", "skip", "wide"]
        let atoms = FormatDescriptionFactory.extensionAtoms(entry.children, excluding: converted)
        if !atoms.isEmpty { extensions[kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms as String] = atoms }
        if let chan = entry.channelLayout { format.layout = channelLayout(chan) }
        return create(format, extensions: extensions)
    }

    /// What a stream description is made from.
    struct StreamFormat {
        var asbd: AudioStreamBasicDescription
        var cookie: [UInt8]?
        var layout: ChannelLayout?
    }

    /// Creates the description, dropping a channel layout that disagrees with the channel count (a `chan` box
    /// from another configuration) rather than the whole description.
    static func create(_ format: StreamFormat, extensions: [String: Any]) -> CMFormatDescription? {
        func attempt(_ layout: ChannelLayout?) -> CMFormatDescription? {
            var asbd = format.asbd
            var description: CMFormatDescription?
            let cookie = format.cookie ?? []
            _ = cookie.withUnsafeBytes { cookieBytes in
                if let layout {
                    layout.withUnsafeAudioChannelLayout { pointer, size in
                        CMAudioFormatDescriptionCreate(
                            allocator: nil, asbd: &asbd, layoutSize: size, layout: pointer,
                            magicCookieSize: cookie.count, magicCookie: cookie.isEmpty ? nil : cookieBytes.baseAddress,
                            extensions: extensions as CFDictionary, formatDescriptionOut: &description)
                    }
                } else {
                    CMAudioFormatDescriptionCreate(
                        allocator: nil, asbd: &asbd, layoutSize: 0, layout: nil, magicCookieSize: cookie.count,
                        magicCookie: cookie.isEmpty ? nil : cookieBytes.baseAddress, extensions: extensions as CFDictionary,
                        formatDescriptionOut: &description)
                }
            }
            return description
        }
        return attempt(format.layout) ?? (format.layout == nil ? nil : attempt(nil))
    }

    // MARK: Stream descriptions per codec

    /// The stream description, cookie and codec-implied layout for `entry`.
    static func streamFormat(for entry: AudioSampleEntry, context: SampleDescriptionContext) -> StreamFormat? {
        var sampleRate = entry.effectiveSampleRate
        // ISO AudioSampleEntry stores 0 when the rate exceeds 65535 Hz; the media timescale then holds it. A QuickTime
        // v2 entry holds any Float64: a rate outside 1 Hz…Int32.max Hz (1e300 was found to trap where it became an
        // integer) is taken as absent too, as the audio-file readers refuse it.
        if !(sampleRate >= 1 && sampleRate <= Double(Int32.max)) { sampleRate = Double(context.mediaTimescale) }
        // A v2 entry's channel count is any UInt32; products of it (bytes per frame) overflowed. Beyond what any
        // layout describes, the entry is left undescribed.
        guard entry.effectiveChannelCount <= MovieFileLimits.maximumAudioChannels else { return nil }
        let channels = UInt32(clamping: entry.effectiveChannelCount)
        let type = entry.boxType
        switch type {
        case "mp4a":
            return mpeg4Audio(entry, sampleRate: sampleRate, channels: channels, context: context)
        case "alac":
            return appleLossless(entry, sampleRate: sampleRate, channels: channels)
        case "Opus":
            return opus(entry, channels: channels, context: context)
        case "fLaC":
            return flac(entry, sampleRate: sampleRate, channels: channels, context: context)
        case "ac-3":
            return ac3(entry, sampleRate: sampleRate, channels: channels)
        case "ec-3":
            return eac3(entry, sampleRate: sampleRate, channels: channels)
        case "samr", "sawb":
            let wideband = type == "sawb"
            var asbd = AudioStreamBasicDescription()
            asbd.mSampleRate = wideband ? 16000 : 8000
            asbd.mFormatID = wideband ? kAudioFormatAMR_WB : kAudioFormatAMR
            asbd.mFramesPerPacket = (wideband ? 320 : 160) * UInt32(max(1, entry.amrConfiguration?.framesPerSample ?? 1))
            asbd.mChannelsPerFrame = 1
            let cookie = entry.children.first(ofType: "damr").flatMap(payloadBytes(of:))
            return StreamFormat(asbd: asbd, cookie: cookie, layout: ChannelLayout(tag: kAudioChannelLayoutTag_Mono))
        case ".mp3":
            return mpegAudio(layer: 3, version2: sampleRate < 32000, sampleRate: sampleRate, channels: channels,
                             cookie: nil)
        case "ulaw", "alaw":
            var asbd = AudioStreamBasicDescription()
            asbd.mSampleRate = sampleRate
            asbd.mFormatID = type == "ulaw" ? kAudioFormatULaw : kAudioFormatALaw
            asbd.mFramesPerPacket = 1
            asbd.mChannelsPerFrame = channels
            asbd.mBytesPerFrame = channels
            asbd.mBytesPerPacket = channels
            asbd.mBitsPerChannel = 8
            return StreamFormat(asbd: asbd, cookie: nil, layout: defaultLayout(channels: channels))
        case "ima4":
            // Apple IMA4: 64 frames in 34 bytes per channel (QuickTime File Format, "Sound sample descriptions").
            var asbd = AudioStreamBasicDescription()
            asbd.mSampleRate = sampleRate
            asbd.mFormatID = kAudioFormatAppleIMA4
            asbd.mFramesPerPacket = 64
            asbd.mChannelsPerFrame = channels
            asbd.mBytesPerPacket = 34 * channels
            return StreamFormat(asbd: asbd, cookie: nil, layout: defaultLayout(channels: channels))
        default:
            if let pcm = PCMFormat(entry: entry, sampleRate: sampleRate) {
                return StreamFormat(asbd: pcm.streamDescription, cookie: nil, layout: defaultLayout(channels: pcm.channels))
            }
            // An unknown codec: its code as the format ID, with the rate and channels the entry states.
            var asbd = AudioStreamBasicDescription()
            asbd.mSampleRate = sampleRate
            asbd.mFormatID = type.fourCharCode
            asbd.mChannelsPerFrame = channels
            return StreamFormat(asbd: asbd, cookie: nil, layout: nil)
        }
    }

    /// `mp4a` with an `esds` (ISO/IEC 14496-14), directly or inside QuickTime's `wave`.
    private static func mpeg4Audio(_ entry: AudioSampleEntry, sampleRate: Double, channels: UInt32,
                                   context: SampleDescriptionContext) -> StreamFormat? {
        guard let esdsNode = entry.children.first(ofType: "esds")
                ?? entry.decompressionParameters?.children.first(ofType: "esds"),
              let esds = esdsNode.box as? ESDBox, let cookie = fullBoxContent(of: esdsNode),
              let config = esds.decoderConfig else {
            // No usable descriptor: AAC LC from the entry's own fields, as QuickTime assumes for bare 'mp4a'.
            return aac(config: nil, sampleRate: sampleRate, channels: channels, cookie: nil)
        }
        switch config.objectTypeIndication {
        case 0x40, 0x66, 0x67, 0x68:
            // MPEG-4 Audio, and MPEG-2 AAC Main/LC/SSR (ISO/IEC 14496-1 Table 5).
            let asc = config.decoderSpecificInfo.flatMap { try? AudioSpecificConfig(parsing: $0) }
            return aac(config: asc, sampleRate: sampleRate, channels: channels, cookie: cookie)
        case 0x69, 0x6B:
            // MPEG-2 (13818-3) and MPEG-1 (11172-3) audio: the layer is in every frame header, so read the first.
            let header = context.firstSampleBytes.flatMap { MPEGAudioFrameHeader(bytes: $0) }
            return mpegAudio(layer: header?.layer ?? 3, version2: header.map { $0.version != .mpeg1 }
                                ?? (config.objectTypeIndication == 0x69),
                             sampleRate: header.map { Double($0.sampleRate) } ?? sampleRate,
                             channels: header.map { UInt32($0.channels) } ?? channels, cookie: cookie)
        case 0xA5:
            return ac3(entry, sampleRate: sampleRate, channels: channels)
        case 0xA6:
            return eac3(entry, sampleRate: sampleRate, channels: channels)
        default:
            var asbd = AudioStreamBasicDescription()
            asbd.mSampleRate = sampleRate
            asbd.mFormatID = entry.boxType.fourCharCode
            asbd.mChannelsPerFrame = channels
            return StreamFormat(asbd: asbd, cookie: cookie, layout: nil)
        }
    }

    /// AAC in its flavours. Apple fills `mFormatFlags` with the MPEG-4 audio object type, `mFramesPerPacket` with
    /// the frame length (1024; 2048 with SBR, whose output rate is `mSampleRate`; 512 for LD/ELD; 960-based
    /// variants), and leaves bytes per packet and frame 0 (variable bit rate).
    private static func aac(config: AudioSpecificConfig?, sampleRate: Double, channels: UInt32, cookie: [UInt8]?)
        -> StreamFormat {
        var asbd = AudioStreamBasicDescription()
        asbd.mFormatID = kAudioFormatMPEG4AAC
        asbd.mFormatFlags = 2  // kMPEG4Object_AAC_LC
        asbd.mSampleRate = sampleRate
        asbd.mChannelsPerFrame = channels
        asbd.mFramesPerPacket = 1024
        var channelConfiguration = channels <= 2 ? Int(channels) : 0
        if let config {
            channelConfiguration = config.channelConfiguration
            let frames: UInt32 = config.usesShortFrames ? 960 : 1024
            asbd.mFormatFlags = UInt32(config.objectType)
            asbd.mSampleRate = Double(config.sampleRate)
            asbd.mFramesPerPacket = frames
            if let count = config.channelCount { asbd.mChannelsPerFrame = UInt32(count) }
            switch config.objectType {
            case 23:
                asbd.mFormatID = kAudioFormatMPEG4AAC_LD
                asbd.mFramesPerPacket = config.usesShortFrames ? 480 : 512
            case 39:
                asbd.mFormatID = config.hasSBR ? kAudioFormatMPEG4AAC_ELD_SBR : kAudioFormatMPEG4AAC_ELD
                asbd.mFramesPerPacket = config.usesShortFrames ? 480 : 512
            case 42:
                asbd.mFormatID = kAudioFormatMPEGD_USAC
            default:
                if config.hasSBR {
                    asbd.mFormatID = config.hasPS ? kAudioFormatMPEG4AAC_HE_V2 : kAudioFormatMPEG4AAC_HE
                    asbd.mFormatFlags = config.hasPS ? 29 : 5
                    asbd.mSampleRate = Double(config.outputSampleRate)
                    asbd.mFramesPerPacket = frames * 2
                    // Parametric stereo makes stereo out of a mono core.
                    if config.hasPS { asbd.mChannelsPerFrame = 2 }
                }
            }
        }
        let layout = aacLayout(channelConfiguration: channelConfiguration, channels: asbd.mChannelsPerFrame)
        return StreamFormat(asbd: asbd, cookie: cookie, layout: layout)
    }

    /// The layout an AAC channel configuration implies (ISO/IEC 14496-3 Table 1.19, Core Audio's AAC layout tags).
    private static func aacLayout(channelConfiguration: Int, channels: UInt32) -> ChannelLayout? {
        let tags: [Int: AudioChannelLayoutTag] = [
            1: kAudioChannelLayoutTag_Mono, 2: kAudioChannelLayoutTag_Stereo, 3: kAudioChannelLayoutTag_AAC_3_0,
            4: kAudioChannelLayoutTag_AAC_4_0, 5: kAudioChannelLayoutTag_AAC_5_0, 6: kAudioChannelLayoutTag_AAC_5_1,
            7: kAudioChannelLayoutTag_AAC_7_1,
        ]
        // With parametric stereo the configuration says mono but the output is stereo.
        if channelConfiguration == 1, channels == 2 { return ChannelLayout(tag: kAudioChannelLayoutTag_Stereo) }
        return tags[channelConfiguration].map { ChannelLayout(tag: $0) }
    }

    /// MPEG-1/2 audio layers I–III.
    private static func mpegAudio(layer: Int, version2: Bool, sampleRate: Double, channels: UInt32, cookie: [UInt8]?)
        -> StreamFormat {
        var asbd = AudioStreamBasicDescription()
        asbd.mSampleRate = sampleRate
        asbd.mFormatID = layer == 1 ? kAudioFormatMPEGLayer1 : layer == 2 ? kAudioFormatMPEGLayer2 : kAudioFormatMPEGLayer3
        // ISO/IEC 11172-3 and 13818-3: 384 frames for layer I, 1152 for II, 1152 (MPEG-1) or 576 (MPEG-2/2.5) for III.
        asbd.mFramesPerPacket = layer == 1 ? 384 : layer == 2 ? 1152 : version2 ? 576 : 1152
        asbd.mChannelsPerFrame = channels
        return StreamFormat(asbd: asbd, cookie: cookie, layout: defaultLayout(channels: channels))
    }

    /// Apple Lossless: the stream description comes from the ALACSpecificConfig (Apple's ALAC specification).
    private static func appleLossless(_ entry: AudioSampleEntry, sampleRate: Double, channels: UInt32) -> StreamFormat? {
        guard let node = entry.children.first(ofType: "alac")
                ?? entry.decompressionParameters?.children.first(ofType: "alac"),
              let config = node.box as? ALACSpecificBox, let cookie = fullBoxContent(of: node) else { return nil }
        var asbd = AudioStreamBasicDescription()
        asbd.mSampleRate = config.sampleRate > 0 ? Double(config.sampleRate) : sampleRate
        asbd.mFormatID = kAudioFormatAppleLossless
        asbd.mFormatFlags = losslessBitDepthFlag(Int(config.bitDepth))
        asbd.mFramesPerPacket = config.frameLength
        asbd.mChannelsPerFrame = config.numberOfChannels > 0 ? UInt32(config.numberOfChannels) : channels
        return StreamFormat(asbd: asbd, cookie: cookie, layout: defaultLayout(channels: asbd.mChannelsPerFrame))
    }

    /// `kAppleLosslessFormatFlag_…BitSourceData` for a bit depth (Apple also uses these for FLAC).
    private static func losslessBitDepthFlag(_ bits: Int) -> AudioFormatFlags {
        switch bits {
        case 16: kAppleLosslessFormatFlag_16BitSourceData
        case 20: kAppleLosslessFormatFlag_20BitSourceData
        case 24: kAppleLosslessFormatFlag_24BitSourceData
        case 32: kAppleLosslessFormatFlag_32BitSourceData
        default: 0
        }
    }

    /// Opus (Encapsulation of Opus in ISO Base Media File Format §4.3): always decoded at 48 kHz; packets vary
    /// in length, so frames per packet is the track's constant sample duration when it has one, else 0.
    private static func opus(_ entry: AudioSampleEntry, channels: UInt32, context: SampleDescriptionContext) -> StreamFormat? {
        guard let node = entry.children.first(ofType: "dOps"), let config = node.box as? OpusSpecificBox,
              let cookie = payloadBytes(of: node) else { return nil }
        var asbd = AudioStreamBasicDescription()
        asbd.mSampleRate = 48000
        asbd.mFormatID = kAudioFormatOpus
        asbd.mChannelsPerFrame = config.outputChannelCount > 0 ? UInt32(config.outputChannelCount) : channels
        asbd.mFramesPerPacket = framesPerPacket(context: context, rate: 48000)
        return StreamFormat(asbd: asbd, cookie: cookie,
                            layout: config.channelMappingFamily <= 1 ? defaultLayout(channels: asbd.mChannelsPerFrame) : nil)
    }

    /// FLAC (Encapsulation of FLAC in ISO Base Media File Format §3.3): the stream description from STREAMINFO.
    private static func flac(_ entry: AudioSampleEntry, sampleRate: Double, channels: UInt32,
                             context: SampleDescriptionContext) -> StreamFormat? {
        guard let node = entry.children.first(ofType: "dfLa"), let config = node.box as? FLACSpecificBox,
              let cookie = payloadBytes(of: node) else { return nil }
        var asbd = AudioStreamBasicDescription()
        asbd.mFormatID = kAudioFormatFLAC
        asbd.mSampleRate = sampleRate
        asbd.mChannelsPerFrame = channels
        if let info = config.streamInfo, info.count >= 18 {
            // STREAMINFO: min/max block size (16 bits each), min/max frame size (24 each), then 20 bits of sample
            // rate, 3 of channels − 1, 5 of bits per sample − 1.
            let minimumBlock = UInt32(info[0]) << 8 | UInt32(info[1])
            let maximumBlock = UInt32(info[2]) << 8 | UInt32(info[3])
            let packed = UInt64(info[10]) << 24 | UInt64(info[11]) << 16 | UInt64(info[12]) << 8 | UInt64(info[13])
            let rate = UInt32(packed >> 12)
            let channelCount = UInt32((packed >> 9) & 0x7) + 1
            let bits = Int((packed >> 4) & 0x1F) + 1
            if rate > 0 { asbd.mSampleRate = Double(rate) }
            asbd.mChannelsPerFrame = channelCount
            asbd.mFormatFlags = losslessBitDepthFlag(bits)
            asbd.mFramesPerPacket = minimumBlock == maximumBlock ? maximumBlock
                : framesPerPacket(context: context, rate: asbd.mSampleRate)
        }
        return StreamFormat(asbd: asbd, cookie: cookie, layout: defaultLayout(channels: asbd.mChannelsPerFrame))
    }

    /// AC-3 (ETSI TS 102 366 Annex F): 1536 frames per syncframe.
    private static func ac3(_ entry: AudioSampleEntry, sampleRate: Double, channels: UInt32) -> StreamFormat {
        var asbd = AudioStreamBasicDescription()
        asbd.mFormatID = kAudioFormatAC3
        asbd.mSampleRate = sampleRate
        asbd.mFramesPerPacket = 1536
        asbd.mChannelsPerFrame = channels
        let node = entry.children.first(ofType: "dac3")
        if let config = node?.box as? AC3SpecificBox {
            if let rate = dolbySampleRate(config.fscod) { asbd.mSampleRate = rate }
            asbd.mChannelsPerFrame = dolbyChannels(acmod: config.acmod, lfe: config.lfeon)
        }
        return StreamFormat(asbd: asbd, cookie: node.flatMap(payloadBytes(of:)), layout: nil)
    }

    /// E-AC-3 (ETSI TS 102 366 Annex F.6): 1536 frames per syncframe (six blocks of 256).
    private static func eac3(_ entry: AudioSampleEntry, sampleRate: Double, channels: UInt32) -> StreamFormat {
        var asbd = AudioStreamBasicDescription()
        asbd.mFormatID = kAudioFormatEnhancedAC3
        asbd.mSampleRate = sampleRate
        asbd.mFramesPerPacket = 1536
        asbd.mChannelsPerFrame = channels
        let node = entry.children.first(ofType: "dec3")
        if let config = node?.box as? EC3SpecificBox, let first = config.substreams.first {
            if let rate = dolbySampleRate(first.fscod) { asbd.mSampleRate = rate }
            var count = dolbyChannels(acmod: first.acmod, lfe: first.lfeon)
            if first.numberOfDependentSubstreams > 0 {
                // chan_loc bits (Table F.6.1): pairs (Lc/Rc, Lrs/Rrs, Lw/Rw, Lvh/Rvh, Lsd/Rsd) and singles (Cs, Ts, Cvh,
                // LFE2).
                let pairs: [UInt16] = [0x100, 0x080, 0x020, 0x010, 0x008]
                for bit in 0..<9 where first.channelLocation & (1 << bit) != 0 {
                    count += pairs.contains(1 << bit) ? 2 : 1
                }
            }
            asbd.mChannelsPerFrame = count
        }
        return StreamFormat(asbd: asbd, cookie: node.flatMap(payloadBytes(of:)), layout: nil)
    }

    /// The sample rate of an AC-3 `fscod` (0 48 kHz, 1 44.1 kHz, 2 32 kHz).
    private static func dolbySampleRate(_ fscod: UInt8) -> Double? {
        switch fscod {
        case 0: 48000
        case 1: 44100
        case 2: 32000
        default: nil
        }
    }

    /// Channels of an AC-3 `acmod` (Table 4.3: 1+1, 1/0, 2/0, 3/0, 2/1, 3/1, 2/2, 3/2) plus the LFE.
    private static func dolbyChannels(acmod: UInt8, lfe: Bool) -> UInt32 {
        let counts: [UInt32] = [2, 1, 2, 3, 3, 4, 4, 5]
        return counts[Int(acmod & 7)] + (lfe ? 1 : 0)
    }

    /// The track's constant packet duration in frames at `rate`, when its `stts` is one run; 0 otherwise.
    private static func framesPerPacket(context: SampleDescriptionContext, rate: Double) -> UInt32 {
        guard let delta = context.constantSampleDuration, context.mediaTimescale > 0 else { return 0 }
        let frames = Double(delta) * rate / Double(context.mediaTimescale)
        return frames == frames.rounded() && frames >= 0 && frames <= Double(UInt32.max) ? UInt32(frames) : 0
    }

    /// Mono or stereo for one or two channels; nothing for more (the order is the codec's business).
    static func defaultLayout(channels: UInt32) -> ChannelLayout? {
        switch channels {
        case 1: ChannelLayout(tag: kAudioChannelLayoutTag_Mono)
        case 2: ChannelLayout(tag: kAudioChannelLayoutTag_Stereo)
        default: nil
        }
    }

    /// The layout a `chan` box states.
    static func channelLayout(_ chan: ChannelLayoutBox) -> ChannelLayout {
        ChannelLayout(tag: chan.layoutTag, bitmap: AudioChannelBitmap(rawValue: chan.channelBitmap),
                      descriptions: chan.descriptions.map { description in
                          let c = description.coordinates + [0, 0, 0]
                          return AudioChannelDescription(mChannelLabel: description.label,
                                                         mChannelFlags: AudioChannelFlags(rawValue: description.flags),
                                                         mCoordinates: (c[0], c[1], c[2]))
                      })
    }
}
