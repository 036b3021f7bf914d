import MediaFormats
import Testing
@testable import ISOBMFF

/// One box value to round-trip, with where it sits.
struct BoxSample: Sendable, CustomTestStringConvertible {
    let name: String
    let box: any Box
    var scope: BoxScope = .standard
    var metadataItemsUseKeys = false
    var handlerType: FourCC?

    var testDescription: String { name }

    var context: ParseContext {
        var context = ParseContext()
        context.metadataItemsUseKeys = metadataItemsUseKeys
        context.handlerType = handlerType
        return context
    }
}

/// At least one value of every registered box type, covering each version and flag variant real files use.
enum BoxSamples {
    static let matrix90 = TransformationMatrix(
        a: Fixed16x16(rawValue: 0), b: .one, u: Fixed2x30(rawValue: 0), c: Fixed16x16(rawValue: -0x1_0000),
        d: Fixed16x16(rawValue: 0), v: Fixed2x30(rawValue: 0), x: Fixed16x16(integer: 1080),
        y: Fixed16x16(rawValue: 0), w: .one)

    static let movie: [BoxSample] = [
        BoxSample(name: "ftyp", box: FileTypeBox(majorBrand: "isom", minorVersion: 512, compatibleBrands: ["isom", "iso2", "avc1", "mp41"])),
        BoxSample(name: "ftyp qt", box: FileTypeBox(majorBrand: "qt  ", minorVersion: 0x2005_0300, compatibleBrands: ["qt  "])),
        BoxSample(name: "styp", box: SegmentTypeBox(majorBrand: "msdh", compatibleBrands: ["msdh", "msix"])),
        BoxSample(name: "uuid", box: UUIDBox(userType: Array(0..<16), payload: [1, 2, 3])),
        BoxSample(name: "moov", box: MovieBox(children: [MovieHeaderBox(timescale: 1000, duration: 5000, nextTrackID: 2)])),
        BoxSample(name: "mvhd v0", box: MovieHeaderBox(creationTime: 3_600_000_000, modificationTime: 3_600_000_001,
                                                        timescale: 600, duration: 12_345, nextTrackID: 3)),
        BoxSample(name: "mvhd v1", box: MovieHeaderBox(creationTime: 1 << 33, timescale: 90_000, duration: 1 << 40,
                                                        rate: Fixed16x16(2.0), volume: Fixed8x8(0.5), matrix: matrix90,
                                                        nextTrackID: 7)),
        BoxSample(name: "mvhd quicktime fields", box: {
            var header = MovieHeaderBox(timescale: 600, duration: 600, nextTrackID: 2)
            (header.previewTime, header.previewDuration, header.posterTime) = (10, 20, 30)
            (header.selectionTime, header.selectionDuration, header.currentTime) = (40, 50, 60)
            return header
        }()),
        BoxSample(name: "trak", box: TrackBox(children: [TrackHeaderBox(trackID: 1, duration: 10)])),
        BoxSample(name: "tkhd v0 video", box: TrackHeaderBox(flags: [.enabled, .inMovie, .inPreview], trackID: 1, duration: 1000,
                                                             matrix: matrix90, width: UnsignedFixed16x16(1920.0),
                                                             height: UnsignedFixed16x16(1080.0))),
        BoxSample(name: "tkhd v1 audio", box: TrackHeaderBox(version: 1, flags: [.enabled], trackID: 2, duration: 1 << 35,
                                                             layer: -1, alternateGroup: 1, volume: .one)),
        BoxSample(name: "tkhd disabled aspect", box: TrackHeaderBox(flags: [.sizeIsAspectRatio], trackID: 3, duration: 0,
                                                                    width: UnsignedFixed16x16(16.0), height: UnsignedFixed16x16(9.0))),
        BoxSample(name: "tref", box: TrackReferenceBox(children: [TrackReferenceTypeBox(type: "chap", trackIDs: [3]),
                                                                  TrackReferenceTypeBox(type: "tmcd", trackIDs: [4, 5])])),
        BoxSample(name: "tref type", box: TrackReferenceTypeBox(type: "cdsc", trackIDs: [1, 2, 3]), scope: .trackReferences),
        BoxSample(name: "edts", box: EditBox(children: [EditListBox(entries: [.init(segmentDuration: 100, mediaTime: 0)])])),
        BoxSample(name: "elst v0 with empty edit and rate", box: EditListBox(entries: [
            .init(segmentDuration: 500, mediaTime: -1), .init(segmentDuration: 1000, mediaTime: 1024),
            .init(segmentDuration: 10, mediaTime: 0, mediaRate: Fixed16x16(0.5))])),
        BoxSample(name: "elst v1", box: EditListBox(entries: [.init(segmentDuration: 1 << 33, mediaTime: 1 << 34)])),
        BoxSample(name: "mdia", box: MediaBox(children: [MediaHeaderBox(timescale: 48_000, duration: 96_000)])),
        BoxSample(name: "mdhd v0 iso language", box: MediaHeaderBox(timescale: 44_100, duration: 441_000,
                                                                    language: PackedLanguageCode(iso639: "deu")!)),
        BoxSample(name: "mdhd v1 mac language", box: MediaHeaderBox(version: 1, timescale: 30_000, duration: 1 << 36,
                                                                    language: PackedLanguageCode(macintoshCode: 11))),
        BoxSample(name: "hdlr iso", box: HandlerBox(handlerType: "vide", name: .cString("VideoHandler"))),
        BoxSample(name: "hdlr iso unterminated", box: HandlerBox(handlerType: "soun", name: .cString(CStringField(bytes: Array("Sound".utf8), isTerminated: false)))),
        BoxSample(name: "hdlr quicktime", box: {
            var handler = HandlerBox(componentType: "mhlr", handlerType: "soun", name: .pascal(Array("Core Media Audio".utf8)))
            handler.componentManufacturer = 0x6170_706C
            handler.componentFlags = 0x1000_0000
            handler.componentFlagsMask = 0x0001_0000
            return handler
        }()),
        BoxSample(name: "hdlr quicktime empty", box: HandlerBox(componentType: "dhlr", handlerType: "alis", name: .pascal([]))),
        BoxSample(name: "minf", box: MediaInformationBox(children: [VideoMediaHeaderBox()])),
        BoxSample(name: "vmhd", box: VideoMediaHeaderBox()),
        BoxSample(name: "smhd", box: { var box = SoundMediaHeaderBox(); box.balance = Fixed8x8(-0.5); return box }()),
        BoxSample(name: "nmhd", box: NullMediaHeaderBox()),
        BoxSample(name: "sthd", box: SubtitleMediaHeaderBox()),
        BoxSample(name: "gmhd", box: BaseMediaInformationHeaderBox(children: [BaseMediaInfoBox(),
            TimecodeMediaHeaderBox(children: [TimecodeMediaInformationBox(fontName: "Lucida Grande")])])),
        BoxSample(name: "gmin", box: BaseMediaInfoBox()),
        BoxSample(name: "tmcd header", box: TimecodeMediaHeaderBox(children: [TimecodeMediaInformationBox()])),
        BoxSample(name: "tcmi", box: TimecodeMediaInformationBox(fontName: "Helvetica")),
        BoxSample(name: "dinf", box: DataInformationBox(children: [DataReferenceBox.selfContained])),
        BoxSample(name: "dref", box: DataReferenceBox(entries: [DataEntryUrlBox(location: nil),
                                                                DataEntryUrlBox(location: "http://example.com/a.mp4"),
                                                                DataEntryUrnBox(name: "urn:x", location: "here"),
                                                                DataEntryAliasBox()])),
        BoxSample(name: "url self-contained", box: DataEntryUrlBox(location: nil)),
        BoxSample(name: "url external", box: DataEntryUrlBox(location: "file:///a.mov")),
        BoxSample(name: "urn name only", box: DataEntryUrnBox(name: "urn:isbn:1")),
        BoxSample(name: "alis external", box: { var box = DataEntryAliasBox(); box.fullBoxHeader.flags = 0; box.aliasRecord = [1, 2, 3, 4]; return box }()),
        BoxSample(name: "elng", box: ExtendedLanguageBox(languageTag: "zh-Hant")),
        BoxSample(name: "load", box: TrackLoadSettingsBox(preloadStartTime: 0, preloadDuration: -1, preloadFlags: 2, defaultHints: 0x100)),
        BoxSample(name: "tapt", box: TrackApertureModeDimensionsBox(children: [
            TrackCleanApertureDimensionsBox(width: UnsignedFixed16x16(1888.0), height: UnsignedFixed16x16(1062.0)),
            TrackProductionApertureDimensionsBox(width: UnsignedFixed16x16(1920.0), height: UnsignedFixed16x16(1080.0)),
            TrackEncodedPixelsDimensionsBox(width: UnsignedFixed16x16(1920.0), height: UnsignedFixed16x16(1080.0))])),
        BoxSample(name: "clef", box: TrackCleanApertureDimensionsBox(width: UnsignedFixed16x16(640.5), height: UnsignedFixed16x16(480.0))),
        BoxSample(name: "prof", box: TrackProductionApertureDimensionsBox(width: UnsignedFixed16x16(853.0), height: UnsignedFixed16x16(480.0))),
        BoxSample(name: "enof", box: TrackEncodedPixelsDimensionsBox(width: UnsignedFixed16x16(720.0), height: UnsignedFixed16x16(480.0))),
        BoxSample(name: "udta", box: UserDataBox(children: [
            UserDataTextBox(type: "©xyz", strings: [.init("+37.7749-122.4194/", language: PackedLanguageCode(rawValue: 0x15C7))]),
            UserDataTextBox(type: "©nam", strings: [.init("Title", language: PackedLanguageCode(macintoshCode: 0)),
                                                   .init("Titre", language: PackedLanguageCode(macintoshCode: 1))])])),
        BoxSample(name: "©day text", box: UserDataTextBox(type: "©day", strings: [.init("2024")]), scope: .userData),
        BoxSample(name: "©xyz raw", box: UserDataTextBox(type: "©xyz", strings: []), scope: .userData),
        BoxSample(name: "name text", box: UserDataTextBox(type: "name", strings: [.init("Reel 1")])),
        BoxSample(name: "free", box: FreeSpaceBox(type: "free", payload: [0, 0, 0, 0])),
        BoxSample(name: "skip", box: FreeSpaceBox(type: "skip", payload: [9])),
        BoxSample(name: "wide", box: FreeSpaceBox(type: "wide")),
        BoxSample(name: "unknown", box: UnknownBox(type: "zzzz", payload: [1, 2, 3])),
    ]

    static let sampleTables: [BoxSample] = [
        BoxSample(name: "stbl", box: SampleTableBox(children: [TimeToSampleBox(entries: [.init(sampleCount: 1, sampleDelta: 1)])])),
        BoxSample(name: "stsd", box: SampleDescriptionBox(entries: [UnknownSampleEntry(type: "rtp ", payload: [1, 2])])),
        BoxSample(name: "stts", box: TimeToSampleBox(entries: [.init(sampleCount: 100, sampleDelta: 1001), .init(sampleCount: 1, sampleDelta: 500)])),
        BoxSample(name: "stts empty", box: TimeToSampleBox(entries: [])),
        BoxSample(name: "ctts v0", box: CompositionOffsetBox(entries: [.init(sampleCount: 1, sampleOffset: 1024), .init(sampleCount: 2, sampleOffset: 0)])),
        BoxSample(name: "ctts v1 negative", box: CompositionOffsetBox(entries: [.init(sampleCount: 1, sampleOffset: -512)])),
        BoxSample(name: "ctts v0 negative (QuickTime)", box: CompositionOffsetBox(version: 0, entries: [.init(sampleCount: 3, sampleOffset: -1)])),
        BoxSample(name: "cslg v0", box: CompositionToDecodeBox(compositionToDTSShift: 1024, leastDecodeToDisplayDelta: -1024,
                                                               greatestDecodeToDisplayDelta: 2048, compositionStartTime: 0, compositionEndTime: 90_000)),
        BoxSample(name: "cslg v1", box: CompositionToDecodeBox(compositionToDTSShift: 0, leastDecodeToDisplayDelta: 0,
                                                               greatestDecodeToDisplayDelta: 0, compositionStartTime: 0, compositionEndTime: 1 << 40)),
        BoxSample(name: "stss", box: SyncSampleBox(sampleNumbers: [1, 31, 61])),
        BoxSample(name: "stps", box: PartialSyncSampleBox(sampleNumbers: [16])),
        BoxSample(name: "sdtp", box: SampleDependencyTypeBox(samples: [
            .init(isLeading: 0, dependsOn: 2, isDependedOn: 1, hasRedundancy: 0), .init(rawValue: 0x18)])),
        BoxSample(name: "stsc", box: SampleToChunkBox(entries: [.init(firstChunk: 1, samplesPerChunk: 10, sampleDescriptionIndex: 1),
                                                                .init(firstChunk: 5, samplesPerChunk: 3, sampleDescriptionIndex: 2)])),
        BoxSample(name: "stsz constant", box: SampleSizeBox(sizes: .constant(size: 4, count: 1_000_000))),
        BoxSample(name: "stsz per sample", box: SampleSizeBox(sizes: .perSample([100, 200, 0, 4_000_000]))),
        BoxSample(name: "stz2 4-bit odd", box: CompactSampleSizeBox(fieldSize: 4, sizes: [1, 15, 7])),
        BoxSample(name: "stz2 8-bit", box: CompactSampleSizeBox(fieldSize: 8, sizes: [255, 0, 17])),
        BoxSample(name: "stz2 16-bit", box: CompactSampleSizeBox(fieldSize: 16, sizes: [65535, 1])),
        BoxSample(name: "stco", box: ChunkOffsetBox(offsets: [48, 1_000_000, UInt32.max])),
        BoxSample(name: "co64", box: ChunkLargeOffsetBox(offsets: [48, 1 << 33])),
        BoxSample(name: "sgpd v1 roll", box: SampleGroupDescriptionBox(groupingType: "roll", entries: [[0xFF, 0xFF]])),
        BoxSample(name: "sgpd v1 variable lengths", box: SampleGroupDescriptionBox(groupingType: "seig", entries: [[1, 2, 3], [4]])),
        BoxSample(name: "sgpd v2 sync", box: {
            var box = SampleGroupDescriptionBox(groupingType: "sync", entries: [[0x13], [0x14]])
            box.version = 2
            box.defaultLength = 0
            box.defaultSampleDescriptionIndex = 1
            return box
        }()),
        BoxSample(name: "sgpd v0 prol", box: { var box = SampleGroupDescriptionBox(groupingType: "prol", entries: [[0, 3]]); box.version = 0; box.defaultLength = 0; return box }()),
        BoxSample(name: "sbgp v0", box: SampleToGroupBox(groupingType: "roll", entries: [.init(sampleCount: 10, groupDescriptionIndex: 1)])),
        BoxSample(name: "sbgp v1", box: SampleToGroupBox(groupingType: "sync", groupingTypeParameter: 7,
                                                         entries: [.init(sampleCount: 1, groupDescriptionIndex: 0x10001)])),
    ]

    static let fragments: [BoxSample] = [
        BoxSample(name: "mvex", box: MovieExtendsBox(children: [MovieExtendsHeaderBox(fragmentDuration: 10), TrackExtendsBox(trackID: 1)])),
        BoxSample(name: "mehd v0", box: MovieExtendsHeaderBox(fragmentDuration: 123_456)),
        BoxSample(name: "mehd v1", box: MovieExtendsHeaderBox(fragmentDuration: 1 << 33)),
        BoxSample(name: "trex", box: TrackExtendsBox(trackID: 2, defaultSampleDuration: 1024, defaultSampleSize: 10,
                                                     defaultSampleFlags: .nonSyncSample)),
        BoxSample(name: "moof", box: MovieFragmentBox(children: [MovieFragmentHeaderBox(sequenceNumber: 1)])),
        BoxSample(name: "mfhd", box: MovieFragmentHeaderBox(sequenceNumber: 42)),
        BoxSample(name: "traf", box: TrackFragmentBox(children: [TrackFragmentHeaderBox(trackID: 1, defaultBaseIsMoof: true)])),
        BoxSample(name: "tfhd minimal", box: TrackFragmentHeaderBox(trackID: 1)),
        BoxSample(name: "tfhd every flag", box: TrackFragmentHeaderBox(trackID: 3, baseDataOffset: 1 << 34, sampleDescriptionIndex: 2,
                                                                       defaultSampleDuration: 3000, defaultSampleSize: 512,
                                                                       defaultSampleFlags: .syncSample, durationIsEmpty: true,
                                                                       defaultBaseIsMoof: true)),
        BoxSample(name: "tfdt v0", box: TrackFragmentBaseMediaDecodeTimeBox(baseMediaDecodeTime: 90_000)),
        BoxSample(name: "tfdt v1", box: TrackFragmentBaseMediaDecodeTimeBox(baseMediaDecodeTime: 1 << 40)),
        BoxSample(name: "trun no per-sample fields", box: TrackRunBox(sampleCount: 10, dataOffset: 100)),
        BoxSample(name: "trun every flag v0", box: TrackRunBox(sampleCount: 3, dataOffset: -8, firstSampleFlags: .syncSample,
                                                               sampleDurations: [1, 2, 3], sampleSizes: [10, 20, 30],
                                                               sampleFlags: [0, 0x10000, 0x10000],
                                                               sampleCompositionTimeOffsets: [0, 2048, 1024])),
        BoxSample(name: "trun v1 signed offsets", box: TrackRunBox(version: 1, sampleCount: 2, sampleSizes: [5, 6],
                                                                   sampleCompositionTimeOffsets: [-1024, 0])),
        BoxSample(name: "sidx v0", box: SegmentIndexBox(referenceID: 1, timescale: 90_000, earliestPresentationTime: 0, firstOffset: 0,
                                                        references: [.init(referencedSize: 1000, subsegmentDuration: 180_000, startsWithSAP: true, sapType: 1)])),
        BoxSample(name: "sidx v1 nested", box: SegmentIndexBox(referenceID: 2, timescale: 1000, earliestPresentationTime: 1 << 33,
                                                               firstOffset: 12, references: [
            .init(referencesIndex: true, referencedSize: 0x7FFF_FFFF, subsegmentDuration: 1, startsWithSAP: false, sapType: 0, sapDeltaTime: 0x0FFF_FFFF)])),
        BoxSample(name: "mfra", box: MovieFragmentRandomAccessBox(children: [
            TrackFragmentRandomAccessBox(trackID: 1, entries: [.init(time: 0, moofOffset: 1152)]),
            MovieFragmentRandomAccessOffsetBox(mfraSize: 16)])),
        BoxSample(name: "tfra v0", box: TrackFragmentRandomAccessBox(trackID: 1, entries: [.init(time: 0, moofOffset: 100), .init(time: 90_000, moofOffset: 5000)])),
        BoxSample(name: "tfra v1 wide numbers", box: {
            var box = TrackFragmentRandomAccessBox(trackID: 2, entries: [.init(time: 1 << 33, moofOffset: 1 << 35, trafNumber: 300,
                                                                                trunNumber: 70_000, sampleNumber: 16_000_000)])
            (box.trafNumberSize, box.trunNumberSize, box.sampleNumberSize) = (2, 3, 4)
            return box
        }()),
        BoxSample(name: "mfro", box: MovieFragmentRandomAccessOffsetBox(mfraSize: 1234)),
    ]

    static let metadata: [BoxSample] = [
        BoxSample(name: "meta iso", box: MetaBox(children: [HandlerBox(handlerType: "mdir", name: .cString("")),
                                                            MetadataItemListBox(children: [])])),
        BoxSample(name: "meta quicktime keys", box: MetaBox(fullBoxHeader: nil, children: [
            HandlerBox(handlerType: "mdta", name: .cString("")),
            MetadataKeysBox(keys: [.init("com.apple.quicktime.make"), .init("com.apple.quicktime.location.ISO6709")]),
            MetadataItemListBox(children: [
                MetadataItemBox(key: .keyIndex(1), children: [MetadataDataBox(text: "Apple")]),
                MetadataItemBox(key: .keyIndex(2), children: [MetadataDataBox(text: "+48.8577+002.2950/")])])])),
        BoxSample(name: "keys", box: MetadataKeysBox(keys: [.init(namespace: "udta", value: [0xA9, 0x6E, 0x61, 0x6D])])),
        BoxSample(name: "ilst itunes", box: MetadataItemListBox(children: [
            MetadataItemBox(key: .code("©nam"), children: [MetadataDataBox(text: "Song")]),
            MetadataItemBox(key: .code("trkn"), children: [MetadataDataBox(type: .implicit, payload: [0, 0, 0, 3, 0, 12, 0, 0])]),
            MetadataItemBox(key: .code("covr"), children: [MetadataDataBox(type: .png, payload: [0x89, 0x50]),
                                                          MetadataDataBox(type: .jpeg, payload: [0xFF, 0xD8])]),
            MetadataItemBox(key: .code("----"), children: [MetadataItemMeaningBox("com.apple.iTunes"), MetadataItemNameBox("iTunSMPB"),
                                                          MetadataDataBox(text: " 00000000 00000840 000001C0")])])),
        BoxSample(name: "ilst item by key index", box: MetadataItemBox(key: .keyIndex(3), children: [
            { var data = MetadataDataBox(type: .signedIntegerBigEndian, payload: [0xFF]); data.country = 0x5553; data.language = 1; return data }()]),
                  scope: .itemList, metadataItemsUseKeys: true),
        BoxSample(name: "data", box: MetadataDataBox(type: .float32BigEndian, payload: [0x3F, 0x80, 0, 0]), scope: .metadataItem),
        BoxSample(name: "mean", box: MetadataItemMeaningBox("com.apple.iTunes"), scope: .metadataItem),
        BoxSample(name: "name", box: MetadataItemNameBox("iTunNORM"), scope: .metadataItem),
    ]

    static let avc = AVCConfigurationBox(record: AVCDecoderConfigurationRecord(
        profileIndication: 100, profileCompatibility: 0, levelIndication: 31, sequenceParameterSets: [[0x67, 0x64, 0x00, 0x1F]],
        pictureParameterSets: [[0x68, 0xEB]],
        highProfileExtension: .init(chromaFormat: 1, bitDepthLumaMinus8: 0, bitDepthChromaMinus8: 0)))
    static let esdsAAC = ESDBox(descriptor: ESDescriptor(decoderConfig: DecoderConfigDescriptor(
        objectTypeIndication: 0x40, streamType: 5, bufferSizeDB: 768, maxBitrate: 128_000, avgBitrate: 128_000,
        decoderSpecificInfo: [0x12, 0x10])))

    static let codecConfigurations: [BoxSample] = [
        BoxSample(name: "avcC baseline", box: AVCConfigurationBox(record: AVCDecoderConfigurationRecord(
            profileIndication: 66, profileCompatibility: 0xC0, levelIndication: 30, sequenceParameterSets: [[0x67, 1, 2], [0x67, 3]],
            pictureParameterSets: [[0x68]]))),
        BoxSample(name: "avcC high with tail", box: avc),
        BoxSample(name: "avcC high with SPS ext and zero reserved bits", box: {
            var box = avc
            box.reservedBits = [0, 0]
            box.highProfileExtension?.sequenceParameterSetExtensions = [[0x6D, 1]]
            box.nalUnitLengthSize = 2
            return box
        }()),
        BoxSample(name: "hvcC", box: HEVCConfigurationBox(record: HEVCDecoderConfigurationRecord(
            generalProfileIdc: 2, generalProfileCompatibilityFlags: 0x2000_0000, generalConstraintIndicatorFlags: 0x9000_0000_0000,
            generalLevelIdc: 123, bitDepthLumaMinus8: 2, bitDepthChromaMinus8: 2, arrays: [
                .init(isComplete: true, nalUnitType: 32, nalUnits: [[0x40, 1]]),
                .init(isComplete: true, nalUnitType: 33, nalUnits: [[0x42, 1, 2]]),
                .init(isComplete: false, nalUnitType: 39, nalUnits: [[0x4E, 1], [0x4E, 2]])]))),
        BoxSample(name: "av1C", box: { var box = AV1CodecConfigurationBox(seqProfile: 0, seqLevelIdx0: 8, configOBUs: [0x0A, 0x0B, 0, 0])
                                       box.presentationDelayByte = 0x13; box.highBitdepth = true; return box }()),
        BoxSample(name: "esds AAC (4-byte lengths)", box: esdsAAC),
        BoxSample(name: "esds minimal lengths with URL and extra descriptor", box: {
            var config = DecoderConfigDescriptor(objectTypeIndication: 0x20, streamType: 4,
                                                 decoderSpecificInfo: Array(repeating: 7, count: 20))
            config.lengthFieldSize = 1
            config.subdescriptors = [.decoderSpecificInfo(DecoderSpecificInfo(bytes: Array(repeating: 7, count: 20), lengthFieldSize: 1))]
            var descriptor = ESDescriptor(decoderConfig: config)
            descriptor.lengthFieldSize = 1
            descriptor.esID = 2
            descriptor.dependsOnESID = 1
            descriptor.url = Array("http://x".utf8)
            descriptor.ocrESID = 3
            descriptor.streamPriority = 31
            descriptor.subdescriptors.append(.other(RawDescriptor(tag: 0x14, payload: [1])))
            return ESDBox(descriptor: descriptor)
        }()),
        BoxSample(name: "colr nclx", box: ColourInformationBox.nclx(primaries: 9, transfer: 16, matrix: 9, fullRange: false)),
        BoxSample(name: "colr nclc", box: ColourInformationBox(content: .nclc(primaries: 1, transfer: 1, matrix: 1))),
        BoxSample(name: "colr prof", box: ColourInformationBox(content: .iccProfile(type: "prof", profile: [0, 0, 2, 0x10]))),
        BoxSample(name: "colr rICC", box: ColourInformationBox(content: .iccProfile(type: "rICC", profile: [1]))),
        BoxSample(name: "pasp", box: PixelAspectRatioBox(hSpacing: 2, vSpacing: 1)),
        BoxSample(name: "clap", box: { var box = CleanApertureBox(width: 1888, height: 1062); box.horizontalOffsetN = -3; box.horizontalOffsetD = 2; return box }()),
        BoxSample(name: "fiel", box: FieldHandlingBox(fieldCount: 2, fieldOrdering: 9)),
        BoxSample(name: "mdcv", box: MasteringDisplayColourVolumeBox(primaryX: [13250, 7500, 34000], primaryY: [34500, 3000, 16000],
                                                                     whitePointX: 15635, whitePointY: 16450,
                                                                     maxDisplayMasteringLuminance: 10_000_000, minDisplayMasteringLuminance: 50)),
        BoxSample(name: "clli", box: ContentLightLevelBox(maxContentLightLevel: 1000, maxPicAverageLightLevel: 400)),
        BoxSample(name: "btrt", box: BitRateBox(bufferSizeDB: 0, maxBitrate: 5_000_000, avgBitrate: 4_000_000)),
        BoxSample(name: "glbl", box: GlobalHeaderBox(extradata: [0, 0, 1, 0xB0])),
        BoxSample(name: "wave", box: DecompressionParametersBox(children: [OriginalFormatBox(dataFormat: "mp4a"),
                                                                           UnknownBox(type: "mp4a", payload: [0, 0, 0, 0]), esdsAAC,
                                                                           UnknownBox(type: FourCC(rawValue: 0), payload: [])])),
        BoxSample(name: "frma", box: OriginalFormatBox(dataFormat: "avc1")),
        BoxSample(name: "sinf", box: ProtectionSchemeInfoBox(children: [OriginalFormatBox(dataFormat: "avc1"),
                                                                        SchemeInformationBox(children: [])])),
        BoxSample(name: "schi", box: SchemeInformationBox(children: [UnknownBox(type: "tenc", payload: [0, 0, 0, 0])])),
        BoxSample(name: "alac", box: ALACSpecificBox(config: ALACSpecificConfig(bitDepth: 16, numberOfChannels: 2, maxFrameBytes: 8000, avgBitRate: 700_000,
                                                                                 sampleRate: 44_100))),
        BoxSample(name: "chan tag", box: ChannelLayoutBox(layoutTag: 0x0065_0002)),
        BoxSample(name: "chan descriptions", box: ChannelLayoutBox(layoutTag: 0, descriptions: [
            .init(label: 1), .init(label: 2, flags: 1, coordinates: [-30, 0, 1])])),
        BoxSample(name: "dOps family 0", box: OpusSpecificBox(config: OpusSpecificConfig(outputChannelCount: 2, preSkip: 312, inputSampleRate: 48_000))),
        BoxSample(name: "dOps family 1", box: {
            var box = OpusSpecificBox(config: OpusSpecificConfig(outputChannelCount: 6, preSkip: 312, inputSampleRate: 48_000))
            box.channelMappingFamily = 1
            box.outputGain = -256
            box.channelMappingTable = .init(streamCount: 4, coupledCount: 2, channelMapping: [0, 4, 1, 2, 3, 5])
            return box
        }()),
        BoxSample(name: "dfLa", box: FLACSpecificBox(blocks: [.init(isLast: false, blockType: 0, data: Array(repeating: 1, count: 34)),
                                                              .init(isLast: true, blockType: 4, data: [1, 2])])),
        BoxSample(name: "dac3", box: AC3SpecificBox(config: AC3SpecificConfig(fscod: 0, bsid: 8, bsmod: 0, acmod: 7, lfeon: true, bitRateCode: 14))),
        BoxSample(name: "dec3", box: EC3SpecificBox(config: EC3SpecificConfig(dataRate: 640, substreams: [
            .init(fscod: 0, acmod: 7, lfeon: true), .init(fscod: 0, acmod: 2, lfeon: false, numberOfDependentSubstreams: 1, channelLocation: 0x1FF)]))),
        BoxSample(name: "dec3 with JOC extension", box: { var box = EC3SpecificBox(config: EC3SpecificConfig(dataRate: 768, substreams: [.init(fscod: 0, acmod: 7, lfeon: true)]))
                                                          box.extensionBytes = [0x01, 0x10]; return box }()),
        BoxSample(name: "damr", box: AMRSpecificBox(vendor: "FFMP", modeSet: 0x81FF)),
        BoxSample(name: "keys (mebx)", box: MetadataKeyTableBox(children: [MetadataKeyBox(localKeyID: 1, children: [
            MetadataKeyDeclarationBox(keyValue: "com.apple.quicktime.detected-face"),
            MetadataDatatypeDefinitionBox(datatypeNamespace: 0, datatypeValue: [0, 0, 0, 0x4C]),
            MetadataLocaleBox(locale: "en_US")])]), scope: .boxedMetadataEntry),
        BoxSample(name: "mebx key", box: MetadataKeyBox(localKeyID: 2, children: [MetadataKeyDeclarationBox(keyValue: "k")]),
                  scope: .metadataKeyTable),
        BoxSample(name: "keyd", box: MetadataKeyDeclarationBox(keyNamespace: "udta", keyValue: "©nam")),
        BoxSample(name: "dtyp", box: MetadataDatatypeDefinitionBox(datatypeNamespace: 0, datatypeValue: [0, 0, 0, 1])),
        BoxSample(name: "loca", box: MetadataLocaleBox(locale: "fr_FR")),
    ]

    static let sampleEntries: [BoxSample] = [
        BoxSample(name: "avc1", box: VisualSampleEntry(type: "avc1", width: 1920, height: 1080, compressorName: "x264",
                                                       children: [avc, PixelAspectRatioBox(hSpacing: 1, vSpacing: 1),
                                                                  BitRateBox(bufferSizeDB: 0, maxBitrate: 1, avgBitrate: 1)]),
                  scope: .sampleDescriptions),
        BoxSample(name: "apcn QuickTime image description", box: {
            var entry = VisualSampleEntry(type: "apcn", width: 720, height: 486, compressorName: "Apple ProRes 422",
                                          children: [FieldHandlingBox(fieldCount: 2, fieldOrdering: 14),
                                                     ColourInformationBox(content: .nclc(primaries: 6, transfer: 1, matrix: 6))])
            (entry.version, entry.revisionLevel, entry.vendor) = (2, 0, "appl")
            (entry.temporalQuality, entry.spatialQuality) = (0, 0x200)
            return entry
        }(), scope: .sampleDescriptions, handlerType: "vide"),
        BoxSample(name: "palettised with colour table", box: {
            var entry = VisualSampleEntry(type: "rle ", width: 16, height: 16)
            entry.depth = 8
            entry.colorTableID = 0
            entry.colorTable = [0, 0, 0, 0, 0, 0, 0, 1] + Array(repeating: 0xAB, count: 16)
            return entry
        }(), scope: .sampleDescriptions, handlerType: "vide"),
        BoxSample(name: "mp4a ISO", box: AudioSampleEntry(type: "mp4a", channelCount: 2, sampleRate: 48_000, children: [esdsAAC]),
                  scope: .sampleDescriptions),
        BoxSample(name: "mp4a QuickTime v1 with wave", box: {
            var entry = AudioSampleEntry(type: "mp4a", channelCount: 2, sampleRate: 44_100, children: [
                DecompressionParametersBox(children: [OriginalFormatBox(dataFormat: "mp4a"), esdsAAC,
                                                      UnknownBox(type: FourCC(rawValue: 0), payload: [])]),
                ChannelLayoutBox(layoutTag: 0x0065_0002)])
            entry.version = 1
            entry.compressionID = -2
            entry.quickTimeVersion1 = .init(samplesPerPacket: 1024, bytesPerPacket: 0, bytesPerFrame: 0, bytesPerSample: 2)
            return entry
        }(), scope: .sampleDescriptions),
        BoxSample(name: "lpcm QuickTime v2", box: {
            var entry = AudioSampleEntry(type: "lpcm", channelCount: 3, sampleRate: 1, children: [])
            (entry.version, entry.sampleSize, entry.compressionID, entry.packetSize) = (2, 16, -2, 0)
            entry.sampleRate = UnsignedFixed16x16(rawValue: 0x1_0000)
            entry.version2 = .init(sampleRate: 96_000, numberOfAudioChannels: 6, constBitsPerChannel: 24,
                                   formatSpecificFlags: 0xC, constBytesPerAudioPacket: 18, constLPCMFramesPerAudioPacket: 1)
            return entry
        }(), scope: .sampleDescriptions),
        BoxSample(name: "ISO v1 entry", box: { var entry = AudioSampleEntry(type: "Opus", channelCount: 2, sampleRate: 48_000,
                                                                            children: [OpusSpecificBox(config: OpusSpecificConfig(outputChannelCount: 2, preSkip: 0, inputSampleRate: 48_000))])
                                               entry.version = 1; return entry }(), scope: .sampleDescriptions),
        BoxSample(name: "alac", box: AudioSampleEntry(type: "alac", channelCount: 2, sampleRate: 44_100,
                                                      children: [ALACSpecificBox(config: ALACSpecificConfig(bitDepth: 16, numberOfChannels: 2, sampleRate: 44_100))]),
                  scope: .sampleDescriptions),
        BoxSample(name: "ac-3", box: AudioSampleEntry(type: "ac-3", channelCount: 6, sampleRate: 48_000,
                                                      children: [AC3SpecificBox(config: AC3SpecificConfig(fscod: 0, acmod: 7, lfeon: true, bitRateCode: 14))]),
                  scope: .sampleDescriptions),
        BoxSample(name: "sowt by handler", box: AudioSampleEntry(type: "sowt", channelCount: 2, sampleRate: 44_100),
                  scope: .sampleDescriptions, handlerType: "soun"),
        BoxSample(name: "tmcd", box: TimecodeSampleEntry(flags: [.dropFrame, .wrapsAt24Hours], timescale: 30_000, frameDuration: 1001,
                                                         numberOfFrames: 30, children: [UserDataTextBox(type: "name", strings: [.init("Reel 1")])]),
                  scope: .sampleDescriptions),
        BoxSample(name: "tx3g", box: TextSampleEntry(children: [UnknownBox(type: "ftab", payload: [0, 1, 0, 1, 5] + Array("Serif".utf8))]),
                  scope: .sampleDescriptions),
        BoxSample(name: "text in the tx3g layout (FFmpeg)", box: {
            var entry = TextSampleEntry(children: [UnknownBox(type: "ftab", payload: [0, 1, 0, 1, 0])])
            entry.boxType = "text"
            return entry
        }(), scope: .sampleDescriptions),
        BoxSample(name: "text (QuickTime) without a name", box: { var entry = QuickTimeTextSampleEntry(); entry.textName = nil; return entry }(),
                  scope: .sampleDescriptions),
        BoxSample(name: "text (QuickTime)", box: { var entry = QuickTimeTextSampleEntry(); entry.textName = Array("Helvetica".utf8); return entry }(),
                  scope: .sampleDescriptions),
        BoxSample(name: "mebx", box: BoxedMetadataSampleEntry(children: [MetadataKeyTableBox(children: [
            MetadataKeyBox(localKeyID: 1, children: [MetadataKeyDeclarationBox(keyValue: "com.apple.quicktime.video-orientation"),
                                                     MetadataDatatypeDefinitionBox(datatypeNamespace: 0, datatypeValue: [0, 0, 0, 66])])])]),
                  scope: .sampleDescriptions),
        BoxSample(name: "unknown entry", box: UnknownSampleEntry(type: "c608", dataReferenceIndex: 1, payload: []),
                  scope: .sampleDescriptions, handlerType: "clcp"),
    ]

    static let all: [BoxSample] = movie + sampleTables + fragments + metadata + codecConfigurations + sampleEntries
}
