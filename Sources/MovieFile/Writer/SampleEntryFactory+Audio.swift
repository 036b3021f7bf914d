import CoreAudioTypes
import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer
import MediaFormats

extension SampleEntryFactory {
    /// An audio sample entry from the stream description, magic cookie and channel layout.
    ///
    /// Cookies follow the package convention (`MediaFormats.MagicCookie`): AAC and MP3 give the ES_Descriptor (the
    /// `esds` payload after version and flags); ALAC the ALACSpecificConfig (the `alac` payload after version and
    /// flags, optionally followed by its channel layout info); FLAC the whole `dfLa` payload (the older form without
    /// version and flags is read too); Opus, AC-3, E-AC-3 and AMR the whole `dOps`, `dac3`, `dec3`, `damr` payload.
    /// Each configuration box is written through the typed box the reader parses it with, so a cookie that box
    /// cannot read is refused rather than written blind.
    static func audioEntry(_ description: CMFormatDescription, context: SampleEntryContext)
        throws(ContainerWriterError) -> AudioSampleEntry {
        guard let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(description)?.pointee else {
            throw ContainerWriterError(.invalidArgument, "an audio track's format description has no stream description")
        }
        let codec = subtype(description)
        let cookie = description.magicCookie.map { [UInt8]($0) } ?? []
        let channels = asbd.mChannelsPerFrame
        let rate = asbd.mSampleRate
        guard channels > 0, channels <= 0xFFFF, rate > 0, rate.isFinite, rate < 4_294_967_296 else {
            throw ContainerWriterError(.invalidArgument, "audio '\(codec)' has \(channels) channels at \(rate) Hz")
        }
        let quickTime = context.fileType.isQuickTime
        let layout = channelLayoutBox(description)
        var entry: AudioSampleEntry
        switch codec {
        case _ where CodecSupport.aacSubtypes.contains(codec), ".mp3":
            let esds = try elementaryStreamDescriptorBox(cookie: cookie, asbd: asbd, isMP3: codec == ".mp3")
            if quickTime, codec == ".mp3" {
                entry = quickTimeCompressed(".mp3", asbd: asbd, framesPerPacket: 1152, bytesPerSample: 2,
                                            children: [], context: context)
            } else if quickTime {
                let wave = waveBox(format: "mp4a", configuration: [BoxNode(UnknownBox(type: "mp4a", payload: [0, 0, 0, 0])), esds])
                entry = quickTimeCompressed("mp4a", asbd: asbd, framesPerPacket: max(asbd.mFramesPerPacket, 1024),
                                            bytesPerSample: 2, children: [wave], context: context)
            } else {
                entry = isoEntry("mp4a", asbd: asbd, sampleSize: 16, children: [esds], context: context)
            }
        case "alac":
            guard cookie.count >= 24 else {
                throw ContainerWriterError(.invalidArgument, "an ALAC description needs its 24-byte ALACSpecificConfig "
                                       + "magic cookie, not \(cookie.count) bytes")
            }
            let alac = try configurationBox(ALACSpecificBox.self, payload: [0, 0, 0, 0] + cookie[0..<24], codec: "ALAC")
            let bitDepth = UInt16((alac.box as? ALACSpecificBox)?.bitDepth ?? 16)
            // Channel layout info may follow the config as a 24-byte 'chan' atom (ALAC's magic cookie layout).
            var extra: [BoxNode] = []
            if cookie.count >= 48, cookie[28..<32].elementsEqual(Array("chan".utf8)) {
                extra.append(try configurationBox(ChannelLayoutBox.self, payload: Array(cookie[32..<48]), codec: "ALAC"))
            }
            if quickTime {
                // Apple writes ALAC in movies inside 'wave' (frma, alac, terminator), as for AAC.
                let wave = waveBox(format: "alac", configuration: [alac])
                entry = quickTimeCompressed("alac", asbd: asbd, framesPerPacket: asbd.mFramesPerPacket,
                                            bytesPerSample: UInt32(max(bitDepth, 16) / 8), children: [wave],
                                            context: context)
                entry.sampleSize = bitDepth
                if layout == nil { entry.children.nodes.append(contentsOf: extra) }
            } else {
                entry = isoEntry("alac", asbd: asbd, sampleSize: bitDepth, children: [alac] + extra, context: context)
            }
        case "lpcm":
            entry = try linearPCMEntry(asbd: asbd, context: context)
        case "ulaw", "alaw":
            entry = isoEntry(codec, asbd: asbd, sampleSize: 8, children: [], context: context)
        case "ima4":
            entry = quickTimeCompressed("ima4", asbd: asbd, framesPerPacket: 64, bytesPerSample: 2, children: [],
                                        context: context)
            entry.quickTimeVersion1?.bytesPerPacket = 34
            entry.quickTimeVersion1?.bytesPerFrame = 34 * channels
        case "opus":
            guard cookie.count >= 11 else { throw missingCookie("Opus", "its dOps payload (OpusSpecificBox)") }
            entry = isoEntry("Opus", asbd: asbd, sampleSize: 16,
                             children: [try configurationBox(OpusSpecificBox.self, payload: cookie, codec: "Opus")],
                             context: context)
            // Opus in ISOBMFF §4.3: the sample rate field is 48000 whatever the input rate.
            entry.sampleRate = UnsignedFixed16x16(rawValue: 48_000 << 16)
        case "flac":
            guard cookie.count >= 4 else { throw missingCookie("FLAC", "its metadata blocks (dfLa payload)") }
            let dfLa = try configurationBox(FLACSpecificBox.self, payload: MagicCookie.dfLaPayload(fromCookie: cookie),
                                            codec: "FLAC")
            entry = isoEntry("fLaC", asbd: asbd, sampleSize: UInt16(clamping: max(Int(asbd.mBitsPerChannel), 16)),
                             children: [dfLa], context: context)
        case "ac-3", "ec-3":
            let isAC3 = codec == "ac-3"
            guard cookie.count >= 2 else { throw missingCookie(codec.description, "its \(isAC3 ? "dac3" : "dec3") payload") }
            let config = isAC3 ? try configurationBox(AC3SpecificBox.self, payload: cookie, codec: "AC-3")
                : try configurationBox(EC3SpecificBox.self, payload: cookie, codec: "E-AC-3")
            entry = isoEntry(codec, asbd: asbd, sampleSize: 16, children: [config], context: context)
        case "samr", "sawb":
            let damr = cookie.count >= 9 ? try configurationBox(AMRSpecificBox.self, payload: cookie, codec: "AMR")
                : BoxNode(defaultAMRConfiguration)
            entry = isoEntry(codec, asbd: asbd, sampleSize: 16, children: [damr], context: context)
            entry.channelCount = 1
        default:
            throw ContainerWriterError(.unsupportedFormat, "audio codec '\(codec)' has no sample entry this writer can "
                                   + "build (and the description carries no verbatim sample entry)")
        }
        if quickTime, let layout, !entry.children.contains(where: { $0.type == "chan" }) {
            entry.children.append(layout)
        }
        // Atoms the description carries that this writer does not build itself (vendor boxes).
        let built: Set<FourCC> = ["esds", "wave", "alac", "dOps", "dfLa", "dac3", "dec3", "damr", "chan", "frma",
                                  "btrt", "free", "skip", "wide"]
        for atom in extensionAtoms(description) where !built.contains(atom.type) {
            entry.children.append(UnknownBox(type: atom.type, payload: atom.payload))
        }
        return entry
    }

    /// The error for a codec whose description lacks the magic cookie its sample entry needs.
    private static func missingCookie(_ codec: String, _ what: String) -> ContainerWriterError {
        ContainerWriterError(.invalidArgument, "a \(codec) format description needs a magic cookie holding \(what)")
    }

    /// An ISO AudioSampleEntry (version 0; a rate above 65535 Hz is stored as 0, the media timescale holds it).
    private static func isoEntry(_ type: FourCC, asbd: AudioStreamBasicDescription, sampleSize: UInt16,
                                 children: [BoxNode], context: SampleEntryContext) -> AudioSampleEntry {
        AudioSampleEntry(type: type, dataReferenceIndex: context.dataReferenceIndex,
                         channelCount: UInt16(clamping: asbd.mChannelsPerFrame), sampleSize: sampleSize,
                         sampleRate: UInt32(asbd.mSampleRate.rounded()), children: BoxList(nodes: children))
    }

    /// A QuickTime sound description for a compressed format: version 1 (compression ID -2, the four packet
    /// fields) as Apple writes AAC and ALAC in movies; version 2 when the rate does not fit 16.16 bits.
    private static func quickTimeCompressed(_ type: FourCC, asbd: AudioStreamBasicDescription, framesPerPacket: UInt32,
                                            bytesPerSample: UInt32, children: [any Box],
                                            context: SampleEntryContext) -> AudioSampleEntry {
        let rate = UInt32(asbd.mSampleRate.rounded())
        var entry = AudioSampleEntry(type: type, dataReferenceIndex: context.dataReferenceIndex,
                                     channelCount: UInt16(clamping: asbd.mChannelsPerFrame), sampleSize: 16,
                                     sampleRate: rate, children: BoxList(children))
        entry.compressionID = -2
        if rate <= 0xFFFF, asbd.mSampleRate == asbd.mSampleRate.rounded() {
            entry.version = 1
            entry.quickTimeVersion1 = .init(samplesPerPacket: framesPerPacket, bytesPerPacket: 0, bytesPerFrame: 0,
                                            bytesPerSample: bytesPerSample)
        } else {
            makeVersion2(&entry, asbd: asbd, bitsPerChannel: 0, flags: asbd.mFormatFlags, bytesPerPacket: 0,
                         framesPerPacket: framesPerPacket)
        }
        return entry
    }

    /// Linear PCM as Apple writes it in movies: an `lpcm` sound description version 2 with the stream
    /// description's flags, bits per channel and bytes per frame (QuickTime File Format, "Sound sample description
    /// (version 2)").
    private static func linearPCMEntry(asbd: AudioStreamBasicDescription, context: SampleEntryContext)
        throws(ContainerWriterError) -> AudioSampleEntry {
        guard asbd.mBytesPerFrame > 0, asbd.mFramesPerPacket == 1, asbd.mBitsPerChannel > 0 else {
            throw ContainerWriterError(.invalidArgument, "linear PCM needs one frame per packet and a frame size, not "
                                   + "\(asbd.mFramesPerPacket) frames of \(asbd.mBytesPerFrame) bytes")
        }
        var entry = AudioSampleEntry(type: "lpcm", dataReferenceIndex: context.dataReferenceIndex,
                                     channelCount: UInt16(clamping: asbd.mChannelsPerFrame), sampleSize: 16,
                                     sampleRate: 0)
        makeVersion2(&entry, asbd: asbd, bitsPerChannel: asbd.mBitsPerChannel, flags: asbd.mFormatFlags,
                     bytesPerPacket: asbd.mBytesPerFrame, framesPerPacket: 1)
        return entry
    }

    /// Fills the version 2 fields: the fixed slots (3 channels, 16 bits, -2, 0, 1.0 Hz) and the real values.
    private static func makeVersion2(_ entry: inout AudioSampleEntry, asbd: AudioStreamBasicDescription,
                                     bitsPerChannel: UInt32, flags: UInt32, bytesPerPacket: UInt32,
                                     framesPerPacket: UInt32) {
        entry.version = 2
        entry.channelCount = 3
        entry.sampleSize = 16
        entry.compressionID = -2
        entry.packetSize = 0
        entry.sampleRate = UnsignedFixed16x16(rawValue: 0x1_0000)
        entry.quickTimeVersion1 = nil
        entry.version2 = .init(sampleRate: asbd.mSampleRate, numberOfAudioChannels: asbd.mChannelsPerFrame,
                               constBitsPerChannel: bitsPerChannel, formatSpecificFlags: flags,
                               constBytesPerAudioPacket: bytesPerPacket, constLPCMFramesPerAudioPacket: framesPerPacket)
    }

    /// QuickTime's `wave` atom: `frma` naming the format, the codec configuration, and the 8-byte terminator.
    private static func waveBox(format: FourCC, configuration: [BoxNode]) -> DecompressionParametersBox {
        var children = BoxList([OriginalFormatBox(dataFormat: format)])
        children.nodes.append(contentsOf: configuration)
        children.append(UnknownBox(type: FourCC(rawValue: 0), payload: []))
        return DecompressionParametersBox(children: children)
    }

    /// `chan` from the description's channel layout, if it has one.
    static func channelLayoutBox(_ description: CMFormatDescription) -> ChannelLayoutBox? {
        var size = 0
        guard let pointer = CMAudioFormatDescriptionGetChannelLayout(description, sizeOut: &size),
              let layout = ChannelLayout(pointer, byteCount: size) else { return nil }
        let descriptions = layout.tag == kAudioChannelLayoutTag_UseChannelDescriptions ? layout.descriptions : []
        return ChannelLayoutBox(
            layoutTag: layout.tag, channelBitmap: layout.bitmap.rawValue,
            descriptions: descriptions.map {
                ChannelLayoutBox.ChannelDescription(label: $0.mChannelLabel, flags: $0.mChannelFlags.rawValue,
                                                    coordinates: [$0.mCoordinates.0, $0.mCoordinates.1,
                                                                  $0.mCoordinates.2])
            })
    }

    /// The `damr` of an AMR description without one: vendor 'appl', decoder version 0, every mode allowed (0x81FF,
    /// as 3GPP TS 26.244 §6.7 recommends when unknown), mode change period 0, one frame per sample.
    private static let defaultAMRConfiguration = AMRSpecificBox(vendor: "appl", decoderVersion: 0, modeSet: 0x81FF,
                                                                modeChangePeriod: 0, framesPerSample: 1)

    /// The codec configuration box `payload` holds, parsed by the typed box `B` the reader uses, in a node that
    /// keeps any bytes the parser leaves so that the written box is the payload byte for byte.
    static func configurationBox<B: SingleTypeBox>(_ type: B.Type, payload: [UInt8], codec: String)
        throws(ContainerWriterError) -> BoxNode {
        var reader = BoxReader(payload, path: BoxPath.root.appending(B.type))
        do {
            let box = try B(parsing: &reader)
            return BoxNode(box, trailingBytes: reader.readRemainingBytes())
        } catch {
            throw ContainerWriterError(.invalidArgument, "the \(codec) data is not a '\(B.type)' payload: \(error)")
        }
    }

    /// The `esds` of AAC or MPEG audio: the cookie's ES_Descriptor; for a bare AudioSpecificConfig cookie, or none,
    /// an ES_Descriptor made for it (object type 0x40 MPEG-4 audio or 0x6B MPEG-1 audio, audio stream type 5; a
    /// missing AAC configuration is made from the stream description, ISO/IEC 14496-3 §1.6.2.1).
    private static func elementaryStreamDescriptorBox(cookie: [UInt8], asbd: AudioStreamBasicDescription, isMP3: Bool)
        throws(ContainerWriterError) -> BoxNode {
        if cookie.first == MPEG4Descriptor.esDescriptorTag {
            return try configurationBox(ESDBox.self, payload: [0, 0, 0, 0] + cookie, codec: isMP3 ? "MP3" : "AAC")
        }
        var specificInfo = cookie
        if specificInfo.isEmpty, !isMP3 {
            // Apple puts the MPEG-4 audio object type in mFormatFlags; 8 channels are channel configuration 7.
            let objectType = asbd.mFormatFlags == 0 ? 2 : Int(UInt8(clamping: asbd.mFormatFlags))
            let channels = asbd.mChannelsPerFrame == 8 ? 7 : Int(asbd.mChannelsPerFrame & 0xF)
            do {
                specificInfo = try AudioSpecificConfig(objectType: objectType, sampleRate: Int(asbd.mSampleRate.rounded()),
                                                       channelConfiguration: channels).serialized()
            } catch {
                throw ContainerWriterError(.invalidArgument, "no AudioSpecificConfig describes this AAC stream: \(error)")
            }
        }
        let config = DecoderConfigDescriptor(objectTypeIndication: isMP3 ? 0x6B : 0x40, streamType: 5,
                                             decoderSpecificInfo: specificInfo.isEmpty ? nil : specificInfo)
        return BoxNode(ESDBox(descriptor: ESDescriptor(decoderConfig: config)))
    }
}
