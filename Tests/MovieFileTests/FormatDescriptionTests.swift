import CoreAudioTypes
import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer
import MediaFormats
@testable import MovieFile
import Testing
import TestSupport

/// Format descriptions as Apple's importer builds them: stream descriptions per codec (Apple's AudioToolbox
/// conventions, CoreAudioTypes.h), the shared magic cookie convention, video extensions, timecode and timed
/// metadata. Whole files come from ffmpeg; configurations ffmpeg cannot write (HE-AAC, `mebx`, QuickTime's
/// `enda`) are built with the box model and parsed back through the real parser.
@Suite("Format descriptions")
struct FormatDescriptionTests {
    // MARK: Helpers

    static func reader(_ name: String) throws -> MovieFileReader { try MovieFileReader(url: try MovieFiles.generated(name)) }

    static func asbd(_ description: CMFormatDescription) throws -> AudioStreamBasicDescription {
        try #require(CMAudioFormatDescriptionGetStreamBasicDescription(description)?.pointee)
    }

    static func cookie(_ description: CMFormatDescription) -> [UInt8] {
        var size = 0
        guard let pointer = CMAudioFormatDescriptionGetMagicCookie(description, sizeOut: &size) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: size))
    }

    static func layoutTag(_ description: CMFormatDescription) -> AudioChannelLayoutTag? {
        var size = 0
        return CMAudioFormatDescriptionGetChannelLayout(description, sizeOut: &size)?.pointee.mChannelLayoutTag
    }

    static func atoms(_ description: CMFormatDescription) -> [String: Any] {
        CMFormatDescriptionGetExtension(description, extensionKey: kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms)
            as? [String: Any] ?? [:]
    }

    /// The sample entry node of the first description of `track`.
    static func entry(_ url: URL, _ track: ContainerTrack) throws -> BoxNode {
        try #require(try TrackBoxScan.firstSampleEntry(url, trackID: track.trackID))
    }

    /// `box` written and read back as a sample entry of a track with handler `handler`, through the real parser.
    static func parsedEntry(_ box: any Box, handler: FourCC) throws -> BoxNode {
        var writer = BoxWriter()
        try writer.writeBox(box)
        var context = ParseContext()
        context.handlerType = handler
        var reader = BoxReader(writer.bytes, path: BoxPath.root.appending("stsd"), context: context)
        var counts: [FourCC: Int] = [:]
        let (header, payload) = try #require(try reader.readChild(counts: &counts))
        return try BoxNode.parse(header: header, payload: payload, scope: .sampleDescriptions)
    }

    static func describe(_ node: BoxNode, handler: FourCC = "soun", timescale: UInt32 = 48000,
                         isQuickTime: Bool = false) -> CMFormatDescription {
        FormatDescriptionFactory.makeDescription(for: node, context: SampleDescriptionContext(
            isQuickTime: isQuickTime, handler: handler, mediaTimescale: timescale, constantSampleDuration: nil,
            firstSampleBytes: nil))
    }

    /// An `mp4a` entry whose `esds` carries `audioSpecificConfig`.
    static func aacEntry(_ audioSpecificConfig: [UInt8], channels: UInt16 = 2, rate: UInt32 = 24000) throws -> BoxNode {
        let config = DecoderConfigDescriptor(objectTypeIndication: 0x40, streamType: 5,
                                             decoderSpecificInfo: audioSpecificConfig)
        let esds = ESDBox(descriptor: ESDescriptor(decoderConfig: config))
        return try parsedEntry(AudioSampleEntry(type: "mp4a", channelCount: channels, sampleRate: rate, children: [esds]),
                               handler: "soun")
    }

    /// Bits packed most significant first, as AudioSpecificConfig is written.
    static func bits(_ fields: [(UInt32, Int)]) -> [UInt8] {
        var writer = BitWriter()
        for (value, count) in fields { writer.writeBits(value, count: count) }
        return writer.bytes
    }

    // MARK: AAC

    @Test("AAC LC: 'aac ', object type in the flags, 1024 frames, VBR, ES_Descriptor cookie, mono layout")
    func aacLC() throws {
        let reader = try Self.reader("aac-lc.m4a")
        let track = try #require(reader.tracks.first)
        let description = try #require(track.formatDescriptions.first)
        let asbd = try Self.asbd(description)
        #expect(asbd.mFormatID == kAudioFormatMPEG4AAC)
        #expect(asbd.mFormatFlags == 2)
        #expect(asbd.mSampleRate == 48000)
        #expect(asbd.mFramesPerPacket == 1024)
        #expect(asbd.mBytesPerPacket == 0 && asbd.mBytesPerFrame == 0 && asbd.mBitsPerChannel == 0)
        #expect(asbd.mChannelsPerFrame == 1)
        #expect(Self.layoutTag(description) == kAudioChannelLayoutTag_Mono)
        // The cookie is the esds payload after version and flags: an ES_Descriptor (tag 3).
        let esds = try #require(try Self.entry(try MovieFiles.generated("aac-lc.m4a"), track).box as? AudioSampleEntry).children.first(ofType: "esds")
        let payload = try #require(esds.flatMap(payloadBytes(of:)))
        #expect(Self.cookie(description) == Array(payload.dropFirst(4)))
        #expect(Self.cookie(description).first == 0x03)
    }

    @Test("HE-AAC signalled explicitly (object type 5 first): 'aach', output rate, 2048 frames")
    func heAACExplicit() throws {
        // AOT 5, 24 kHz core (index 6), stereo, extension 48 kHz (index 3), core AOT 2, GASpecificConfig zeros.
        let asc = Self.bits([(5, 5), (6, 4), (2, 4), (3, 4), (2, 5), (0, 3)])
        let description = Self.describe(try Self.aacEntry(asc))
        let asbd = try Self.asbd(description)
        #expect(asbd.mFormatID == kAudioFormatMPEG4AAC_HE)
        #expect(asbd.mFormatFlags == 5)
        #expect(asbd.mSampleRate == 48000)
        #expect(asbd.mFramesPerPacket == 2048)
        #expect(asbd.mChannelsPerFrame == 2)
    }

    @Test("HE-AAC v2 signalled backward-compatibly (sync extensions 0x2B7 and 0x548): 'aacp', stereo from mono")
    func heAACv2BackwardCompatible() throws {
        // AOT 2, 24 kHz, mono, GASpecificConfig, then 0x2B7 + AOT 5 + SBR 1 + 48 kHz, then 0x548 + PS 1.
        let asc = Self.bits([(2, 5), (6, 4), (1, 4), (0, 3), (0x2B7, 11), (5, 5), (1, 1), (3, 4), (0x548, 11), (1, 1)])
        let asbd = try Self.asbd(Self.describe(try Self.aacEntry(asc, channels: 1)))
        #expect(asbd.mFormatID == kAudioFormatMPEG4AAC_HE_V2)
        #expect(asbd.mFormatFlags == 29)
        #expect(asbd.mSampleRate == 48000)
        #expect(asbd.mFramesPerPacket == 2048)
        #expect(asbd.mChannelsPerFrame == 2)
    }

    // MARK: Other audio codecs

    @Test("MP3 in MP4: layer III from the frame header, 1152 frames, ES_Descriptor cookie")
    func mp3() throws {
        let description = try #require(try Self.reader("mp3-in-mp4.mp4").tracks.first?.formatDescriptions.first)
        let asbd = try Self.asbd(description)
        #expect(asbd.mFormatID == kAudioFormatMPEGLayer3)
        #expect(asbd.mFramesPerPacket == 1152)
        #expect(asbd.mSampleRate == 44100 && asbd.mChannelsPerFrame == 2)
        #expect(Self.cookie(description).first == 0x03)
    }

    @Test("ALAC: stream description from ALACSpecificConfig, 24-byte cookie, bit-depth flag")
    func alac() throws {
        for name in ["alac.m4a", "alac-in-wave.mov"] {
            let reader = try Self.reader(name)
            let track = try #require(reader.tracks.first)
            let description = try #require(track.formatDescriptions.first)
            let asbd = try Self.asbd(description)
            #expect(asbd.mFormatID == kAudioFormatAppleLossless, "\(name)")
            #expect(asbd.mFormatFlags == kAppleLosslessFormatFlag_16BitSourceData, "\(name)")
            #expect(asbd.mFramesPerPacket == 4096, "\(name)")
            let cookie = Self.cookie(description)
            #expect(cookie.count == 24, "\(name): cookie of \(cookie.count) bytes")
            // frameLength (4096) leads the ALACSpecificConfig.
            #expect(Array(cookie.prefix(4)) == [0, 0, 0x10, 0], "\(name)")
        }
    }

    @Test("Opus, FLAC, AC-3, E-AC-3: format IDs, rates, frames per packet and their configuration as the cookie")
    func otherCodecs() throws {
        let opus = try #require(try Self.reader("opus-in-mp4.mp4").tracks.first)
        let opusDescription = try #require(opus.formatDescriptions.first)
        let opusFormat = try Self.asbd(opusDescription)
        #expect(opusFormat.mFormatID == kAudioFormatOpus && opusFormat.mSampleRate == 48000)
        #expect(Self.cookie(opusDescription).count == 11)  // dOps, channel mapping family 0
        #expect(opus.priming == 312, "Opus pre-skip (libopus: 312 at 48 kHz) through the edit list")

        let flac = try #require(try Self.reader("flac-in-mp4.mp4").tracks.first?.formatDescriptions.first)
        let flacFormat = try Self.asbd(flac)
        #expect(flacFormat.mFormatID == kAudioFormatFLAC && flacFormat.mSampleRate == 48000)
        #expect(flacFormat.mFormatFlags == kAppleLosslessFormatFlag_16BitSourceData)
        // The cookie is the dfLa payload: version and flags, then the metadata blocks, STREAMINFO (type 0, 34
        // bytes) first.
        #expect(Array(Self.cookie(flac).prefix(8)).map { $0 & 0x7F } == [0, 0, 0, 0, 0, 0, 0, 34])

        for (name, format, cookieSize) in [("ac3-dac3.mp4", kAudioFormatAC3, 3), ("eac3-dec3.mp4", kAudioFormatEnhancedAC3, 5)] {
            let description = try #require(try Self.reader(name).tracks.first?.formatDescriptions.first)
            let asbd = try Self.asbd(description)
            #expect(asbd.mFormatID == format && asbd.mFramesPerPacket == 1536 && asbd.mChannelsPerFrame == 2, "\(name)")
            #expect(asbd.mSampleRate == 44100, "\(name)")
            #expect(Self.cookie(description).count == cookieSize, "\(name)")
        }
    }

    @Test("AMR-NB and AMR-WB (3GPP TS 26.244): 8 and 16 kHz mono, 160 and 320 frames per sample, damr as the cookie")
    func amr() throws {
        // Debian's FFmpeg has no AMR encoder, so the entries are built; 3GP files from phones look like this.
        for (type, rate, frames) in [("samr", 8000.0, UInt32(160)), ("sawb", 16000.0, UInt32(320))] {
            let damr = AMRSpecificBox(vendor: "FFMP", modeSet: 0x81FF)
            let entry = AudioSampleEntry(type: FourCC(type)!, channelCount: 1, sampleRate: UInt32(rate), children: [damr])
            let description = Self.describe(try Self.parsedEntry(entry, handler: "soun"), timescale: UInt32(rate))
            let asbd = try Self.asbd(description)
            #expect(asbd.mFormatID == (type == "samr" ? kAudioFormatAMR : kAudioFormatAMR_WB))
            #expect(asbd.mSampleRate == rate && asbd.mFramesPerPacket == frames && asbd.mChannelsPerFrame == 1)
            #expect(Self.cookie(description) == [0x46, 0x46, 0x4D, 0x50, 0, 0x81, 0xFF, 0, 1])
        }
    }

    @Test("Linear PCM from QuickTime sound descriptions: endianness, signedness, float, bits, packing",
          arguments: [("pcm-s16le-sowt.mov", 16, false, false, 4), ("pcm-s16be-twos.mov", 16, true, false, 4),
                      ("pcm-s24le.mov", 24, false, false, 3), ("pcm-f32le.mov", 32, false, true, 4)])
    func linearPCM(_ name: String, bits: Int, bigEndian: Bool, float: Bool, bytesPerFrame: Int) throws {
        let asbd = try Self.asbd(try #require(try Self.reader(name).tracks.first?.formatDescriptions.first))
        #expect(asbd.mFormatID == kAudioFormatLinearPCM)
        #expect(asbd.mBitsPerChannel == UInt32(bits))
        #expect((asbd.mFormatFlags & kAudioFormatFlagIsBigEndian != 0) == bigEndian)
        #expect((asbd.mFormatFlags & kAudioFormatFlagIsFloat != 0) == float)
        #expect((asbd.mFormatFlags & kAudioFormatFlagIsSignedInteger != 0) == !float)
        #expect(asbd.mFormatFlags & kAudioFormatFlagIsPacked != 0)
        #expect(asbd.mBytesPerFrame == UInt32(bytesPerFrame) && asbd.mBytesPerPacket == UInt32(bytesPerFrame))
        #expect(asbd.mFramesPerPacket == 1)
    }

    @Test("QuickTime 'in24' with an 'enda' atom in 'wave' is little-endian; without it big-endian")
    func endianAtom() throws {
        let enda = UnknownBox(type: "enda", payload: [0, 1])
        let wave = DecompressionParametersBox(children: [OriginalFormatBox(dataFormat: "in24"), enda])
        var entry = AudioSampleEntry(type: "in24", channelCount: 2, sampleSize: 24, sampleRate: 48000, children: [wave])
        entry.version = 1
        entry.quickTimeVersion1 = .init(samplesPerPacket: 1, bytesPerPacket: 3, bytesPerFrame: 6, bytesPerSample: 3)
        let little = try Self.asbd(Self.describe(try Self.parsedEntry(entry, handler: "soun"), isQuickTime: true))
        #expect(little.mFormatFlags & kAudioFormatFlagIsBigEndian == 0)
        #expect(little.mBitsPerChannel == 24 && little.mBytesPerFrame == 6)
        entry.children = []
        let big = try Self.asbd(Self.describe(try Self.parsedEntry(entry, handler: "soun"), isQuickTime: true))
        #expect(big.mFormatFlags & kAudioFormatFlagIsBigEndian != 0)
    }

    @Test("A 'chan' box gives the channel layout; one that contradicts the channel count is dropped")
    func channelLayoutBox() throws {
        let layout = ChannelLayoutBox(layoutTag: kAudioChannelLayoutTag_MPEG_5_1_A)
        let entry = AudioSampleEntry(type: "sowt", channelCount: 6, sampleSize: 16, sampleRate: 48000, children: [layout])
        let description = Self.describe(try Self.parsedEntry(entry, handler: "soun"))
        #expect(Self.layoutTag(description) == kAudioChannelLayoutTag_MPEG_5_1_A)
        let stereo = AudioSampleEntry(type: "sowt", channelCount: 2, sampleSize: 16, sampleRate: 48000, children: [layout])
        let mismatched = Self.describe(try Self.parsedEntry(stereo, handler: "soun"))
        #expect(CMAudioFormatDescriptionGetStreamBasicDescription(mismatched)?.pointee.mChannelsPerFrame == 2)
        #expect(Self.layoutTag(mismatched) == nil)
    }

    @Test("An entry whose fields cannot make a stream description becomes a generic description with its code")
    func unusableAudioEntry() throws {
        let entry = AudioSampleEntry(type: "sowt", channelCount: 0, sampleSize: 16, sampleRate: 48000)
        let node = try Self.parsedEntry(entry, handler: "soun")
        let description = Self.describe(node)
        #expect(CMFormatDescriptionGetMediaType(description) == kCMMediaType_Audio)
        #expect(CMFormatDescriptionGetMediaSubType(description) == FourCC("sowt").rawValue)
        let verbatim = CMFormatDescriptionGetExtension(description, extensionKey: kCMFormatDescriptionExtension_VerbatimISOSampleEntry)
        #expect((verbatim as? Data).map([UInt8].init) == boxBytes(of: node))
    }

    // MARK: Video

    @Test("H.264: avcC in the extension atoms, parameter sets readable, verbatim ISO entry equals the file's bytes")
    func h264() throws {
        let url = try MovieFiles.generated("h264-bframes-aac-no-pns.mp4")
        let reader = try MovieFileReader(url: url)
        let track = try #require(reader.tracks.first { $0.mediaType == kCMMediaType_Video })
        let description = try #require(track.formatDescriptions.first)
        #expect(CMFormatDescriptionGetMediaSubType(description) == kCMVideoCodecType_H264)
        #expect(Self.atoms(description)["avcC"] is Data)
        var count = 0
        #expect(CMVideoFormatDescriptionGetH264ParameterSetAtIndex(description, parameterSetIndex: 0, parameterSetPointerOut: nil,
                                                                   parameterSetSizeOut: nil, parameterSetCountOut: &count,
                                                                   nalUnitHeaderLengthOut: nil) == noErr)
        #expect(count == 2)
        let entry = try Self.entry(url, track)
        // The compressor name as stored (FFmpeg writes its encoder's name there).
        let compressor = try #require(entry.box as? VisualSampleEntry).compressorName.text
        #expect(compressor.hasPrefix("Lavc"))
        #expect(CMFormatDescriptionGetExtension(description, extensionKey: kCMFormatDescriptionExtension_FormatName) as? String
                == compressor)
        #expect(CMFormatDescriptionGetExtension(description, extensionKey: kCMFormatDescriptionExtension_Depth) as? Int == 24)
        let verbatim = try #require(CMFormatDescriptionGetExtension(
            description, extensionKey: kCMFormatDescriptionExtension_VerbatimISOSampleEntry) as? Data)
        let file = try Data(contentsOf: url)
        let start = try #require(entry.header.map { Int($0.offset) })
        #expect(verbatim == file[start..<(start + verbatim.count)])
        // ISO files get no QuickTime image description fields.
        #expect(CMFormatDescriptionGetExtension(description, extensionKey: kCMFormatDescriptionExtension_Vendor) == nil)
    }

    @Test("HEVC: hvc1 and hev1 keep their codes, hvcC parameter sets readable")
    func hevc() throws {
        for (name, code) in [("hevc-hvc1.mp4", "hvc1"), ("hevc-hev1.mp4", "hev1")] {
            let description = try #require(try Self.reader(name).tracks.first?.formatDescriptions.first)
            #expect(CMFormatDescriptionGetMediaSubType(description) == FourCC(code)!.rawValue)
            var count = 0
            #expect(CMVideoFormatDescriptionGetHEVCParameterSetAtIndex(description, parameterSetIndex: 0,
                                                                       parameterSetPointerOut: nil, parameterSetSizeOut: nil,
                                                                       parameterSetCountOut: &count,
                                                                       nalUnitHeaderLengthOut: nil) == noErr, "\(name)")
            #expect(count >= 3, "\(name): VPS, SPS and PPS")
        }
    }

    @Test("Other video codecs keep their sample entry codes and configuration atoms",
          arguments: [("prores-422.mov", "apcn", nil), ("prores-4444-alpha.mov", "ap4h", nil), ("mjpeg.mov", "jpeg", nil),
                      ("mpeg4-part2.mp4", "mp4v", "esds"), ("av1-libaom.mp4", "av01", "av1C")] as [(String, String, String?)])
    func otherVideo(_ name: String, code: String, atom: String?) throws {
        let reader = try Self.reader(name)
        let description = try #require(reader.tracks.first?.formatDescriptions.first)
        #expect(CMFormatDescriptionGetMediaSubType(description) == FourCC(code)!.rawValue)
        #expect(CMVideoFormatDescriptionGetDimensions(description).width == (code == "av01" ? 64 : 64))
        if let atom { #expect(Self.atoms(description)[atom] is Data) }
        if reader.format == .quickTime {
            // QuickTime image description fields, as Apple's QuickTime importer exposes them.
            #expect(CMFormatDescriptionGetExtension(description, extensionKey: kCMFormatDescriptionExtension_Vendor) as? String == "FFMP")
            #expect(CMFormatDescriptionGetExtension(description, extensionKey: kCMFormatDescriptionExtension_Version) as? Int == 0)
            #expect(CMFormatDescriptionGetExtension(description, extensionKey: kCMFormatDescriptionExtension_VerbatimSampleDescription) is Data)
        }
    }

    @Test("colr nclx → BT.709 primaries, transfer and matrix, full range; pasp → pixel aspect ratio")
    func colour() throws {
        let description = try #require(try Self.reader("h264-bt709-full-range.mp4").tracks.first?.formatDescriptions.first)
        func value(_ key: String) -> Any? { CMFormatDescriptionGetExtension(description, extensionKey: key as CFString) }
        #expect(value(kCMFormatDescriptionExtension_ColorPrimaries as String) as? String == kCMFormatDescriptionColorPrimaries_ITU_R_709_2 as String)
        #expect(value(kCMFormatDescriptionExtension_TransferFunction as String) as? String == kCMFormatDescriptionTransferFunction_ITU_R_709_2 as String)
        #expect(value(kCMFormatDescriptionExtension_YCbCrMatrix as String) as? String == kCMFormatDescriptionYCbCrMatrix_ITU_R_709_2 as String)
        #expect(value(kCMFormatDescriptionExtension_FullRangeVideo as String) as? Bool == true)
        #expect(Self.atoms(description)["colr"] == nil, "colr is translated, not kept as an atom")
        let sar = try #require(try MovieFileReader(url: MovieFiles.fixturesDirectory.appendingPathComponent("mb-sar-2x1.mp4"))
            .tracks.first?.formatDescriptions.first)
        let pasp = CMFormatDescriptionGetExtension(sar, extensionKey: kCMFormatDescriptionExtension_PixelAspectRatio) as? [String: Any]
        #expect(pasp?[kCMFormatDescriptionKey_PixelAspectRatioHorizontalSpacing as String] as? Int == 2)
        #expect(pasp?[kCMFormatDescriptionKey_PixelAspectRatioVerticalSpacing as String] as? Int == 1)
    }

    @Test("clap, fiel, mdcv and clli become Apple's extensions")
    func pictureProperties() throws {
        let mdcv: [UInt8] = Array(0..<24)
        let clli: [UInt8] = [0x03, 0xE8, 0x01, 0x90]
        let entry = VisualSampleEntry(type: "hvc1", width: 1920, height: 1080, children: [
            CleanApertureBox(width: 1888, height: 1062), FieldHandlingBox(fieldCount: 2, fieldOrdering: 9),
            UnknownBox(type: "mdcv", payload: mdcv), UnknownBox(type: "clli", payload: clli),
        ])
        let description = Self.describe(try Self.parsedEntry(entry, handler: "vide"), handler: "vide")
        func value(_ key: String) -> Any? { CMFormatDescriptionGetExtension(description, extensionKey: key as CFString) }
        let clap = value(kCMFormatDescriptionExtension_CleanAperture as String) as? [String: Any]
        #expect(clap?[kCMFormatDescriptionKey_CleanApertureWidth as String] as? Double == 1888)
        #expect(clap?[kCMFormatDescriptionKey_CleanApertureHeight as String] as? Double == 1062)
        #expect(value(kCMFormatDescriptionExtension_FieldCount as String) as? Int == 2)
        #expect(value(kCMFormatDescriptionExtension_FieldDetail as String) as? String == kCMFormatDescriptionFieldDetail_SpatialFirstLineEarly as String)
        #expect((value(kCMFormatDescriptionExtension_MasteringDisplayColorVolume as String) as? Data).map([UInt8].init) == mdcv)
        #expect((value(kCMFormatDescriptionExtension_ContentLightLevelInfo as String) as? Data).map([UInt8].init) == clli)
        #expect(value(kCMFormatDescriptionExtension_FormatName as String) as? String == "HEVC")
    }

    // MARK: Timecode, text, metadata

    @Test("tmcd: timecode description with frame duration, frame quanta and flags")
    func timecode() throws {
        let reader = try Self.reader("timecode-tmcd.mov")
        let track = try #require(reader.tracks.first { $0.mediaType == kCMMediaType_TimeCode })
        let description = try #require(track.formatDescriptions.first)
        #expect(CMFormatDescriptionGetMediaSubType(description) == kCMTimeCodeFormatType_TimeCode32)
        // ffmpeg writes 10 fps timecode as timescale 10, frame duration 1, 10 frames (ffprobe: timecode 01:00:00:00).
        #expect(CMTimeCodeFormatDescriptionGetFrameDuration(description) == CMTime(value: 1, timescale: 10))
        #expect(CMTimeCodeFormatDescriptionGetFrameQuanta(description) == 10)
        #expect(CMTimeCodeFormatDescriptionGetTimeCodeFlags(description) & kCMTimeCodeFlag_DropFrame == 0)
        #expect(track.references.isEmpty)
        let video = try #require(reader.tracks.first { $0.mediaType == kCMMediaType_Video })
        #expect(video.references[FourCC("tmcd").rawValue] == [track.trackID])
    }

    @Test("tx3g subtitles: a subtitle description with the entry verbatim")
    func subtitles() throws {
        let reader = try Self.reader("subtitles-tx3g.mp4")
        let track = try #require(reader.tracks.first { $0.mediaType == kCMMediaType_Subtitle })
        let description = try #require(track.formatDescriptions.first)
        #expect(CMFormatDescriptionGetMediaSubType(description) == kCMSubtitleFormatType_3GText)
        #expect(CMFormatDescriptionGetExtension(description, extensionKey: kCMFormatDescriptionExtension_VerbatimISOSampleEntry) is Data)
    }

    @Test("mebx timed metadata: a boxed metadata description whose key table comes from keyd, dtyp and loca")
    func boxedMetadata() throws {
        let key = MetadataKeyBox(localKeyID: 1, children: [
            MetadataKeyDeclarationBox(keyNamespace: "mdta", keyValue: "com.apple.quicktime.detected-face"),
            MetadataDatatypeDefinitionBox(datatypeNamespace: 0, datatypeValue: [0, 0, 0, 1]),
            MetadataLocaleBox(locale: CStringField("en_US")),
        ])
        let entry = BoxedMetadataSampleEntry(children: [MetadataKeyTableBox(children: [key])])
        let description = Self.describe(try Self.parsedEntry(entry, handler: "meta"), handler: "meta")
        #expect(CMFormatDescriptionGetMediaType(description) == kCMMediaType_Metadata)
        #expect(CMFormatDescriptionGetMediaSubType(description) == kCMMetadataFormatType_Boxed)
        let found = CMMetadataFormatDescriptionGetKeyWithLocalID(description, localKeyID: 1) as? [String: Any]
        #expect(found?[kCMMetadataFormatDescriptionKey_Namespace as String] as? Int == Int(FourCC("mdta").rawValue))
        #expect((found?[kCMMetadataFormatDescriptionKey_Value as String] as? Data).map { String(decoding: $0, as: UTF8.self) }
                == "com.apple.quicktime.detected-face")
        #expect(found?[kCMMetadataFormatDescriptionKey_DataType as String] as? String == "com.apple.metadata.datatype.UTF-8")
        #expect(found?[kCMMetadataFormatDescriptionKey_LanguageTag as String] as? String == "en_US")
        #expect(CMFormatDescriptionGetExtension(description, extensionKey: kCMFormatDescriptionExtension_VerbatimISOSampleEntry) is Data)
    }

    /// A QuickTime v2 sound entry holds a Float64 rate and a UInt32 channel count: 1e300 Hz trapped where the rate
    /// became an integer (avinfo, a passthrough export), and 2³¹ channels overflowed bytes × channels as the
    /// description was made (docs/notes/hostile-arithmetic-audit.md, 3 and 4).
    @Test("a v2 sound entry's absurd rate falls back to the media timescale; absurd channel counts are not described",
          arguments: [(1e300, 2), (1e-300, 2), (Double.nan, 2), (48_000, 0x8000_0000), (48_000, 1_025)]
            as [(Double, UInt32)])
    func version2Extremes(rate: Double, channels: UInt32) throws {
        for type in ["lpcm", "ima4", "ulaw"] as [FourCC] {
            var entry = AudioSampleEntry(type: type, channelCount: 2, sampleRate: 1, children: [])
            (entry.version, entry.sampleSize, entry.compressionID, entry.packetSize) = (2, 16, -2, 0)
            entry.version2 = .init(sampleRate: rate, numberOfAudioChannels: channels, constBitsPerChannel: 16,
                                   formatSpecificFlags: 0xC, constBytesPerAudioPacket: 0,
                                   constLPCMFramesPerAudioPacket: 1)
            let description = Self.describe(try Self.parsedEntry(entry, handler: "soun"), timescale: 44_100,
                                            isQuickTime: true)
            let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(description)?.pointee
            if channels > 1_024 {
                #expect(asbd == nil || asbd?.mChannelsPerFrame ?? 0 <= 1_024, "\(type): \(channels) channels described")
            } else {
                #expect(asbd?.mSampleRate == 44_100, "\(type) at \(rate) Hz: \(String(describing: asbd?.mSampleRate))")
            }
        }
    }
}
