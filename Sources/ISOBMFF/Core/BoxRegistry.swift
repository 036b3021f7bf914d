/// The one table that maps a type code, in the scope where it appears, to the type that parses it. A new box is
/// one file and one line here.
package enum BoxRegistry {
    /// One row: the type code (`nil`: any code in the scope), the scope, optionally the media handler (sample
    /// entries are chosen by handler when their coding name is not listed), and the box type.
    package struct Entry: Sendable {
        package let code: FourCC?
        package let scope: BoxScope
        package let handler: FourCC?
        package let boxType: any Box.Type

        /// A row for a box with a fixed type code.
        package init<B: SingleTypeBox>(_ boxType: B.Type, in scope: BoxScope = .standard) {
            code = B.type
            self.scope = scope
            handler = nil
            self.boxType = boxType
        }

        /// Rows for a box read under several codes.
        package static func codes(_ codes: [FourCC], _ boxType: any Box.Type, in scope: BoxScope = .standard) -> [Entry] {
            codes.map { Entry(code: $0, scope: scope, handler: nil, boxType: boxType) }
        }

        /// A row for every code in `scope` (optionally only under `handler`).
        package static func any(_ boxType: any Box.Type, in scope: BoxScope, handler: FourCC? = nil) -> Entry {
            Entry(code: nil, scope: scope, handler: handler, boxType: boxType)
        }

        private init(code: FourCC?, scope: BoxScope, handler: FourCC?, boxType: any Box.Type) {
            self.code = code
            self.scope = scope
            self.handler = handler
            self.boxType = boxType
        }
    }

    private struct Key: Hashable {
        var code: FourCC?
        var scope: BoxScope
        var handler: FourCC?
    }

    /// Every known box: the one table, in groups.
    package static let entries: [Entry] = fileAndMovie + quickTimeMovie + sampleTables + fragments
        + codecConfiguration + metadata + sampleEntries

    private static let fileAndMovie: [Entry] = [
        // File level and movie structure (ISO/IEC 14496-12 §4.3, §8.1–§8.4, §8.7, §8.10, §8.11).
        Entry(FileTypeBox.self), Entry(SegmentTypeBox.self), Entry(UUIDBox.self),
        Entry(MovieBox.self), Entry(MovieHeaderBox.self), Entry(TrackBox.self), Entry(TrackHeaderBox.self),
        Entry(TrackReferenceBox.self), .any(TrackReferenceTypeBox.self, in: .trackReferences),
        Entry(EditBox.self), Entry(EditListBox.self), Entry(MediaBox.self),
        Entry(MediaHeaderBox.self), Entry(HandlerBox.self), Entry(MediaInformationBox.self),
        Entry(VideoMediaHeaderBox.self), Entry(SoundMediaHeaderBox.self), Entry(NullMediaHeaderBox.self),
        Entry(SubtitleMediaHeaderBox.self), Entry(DataInformationBox.self), Entry(DataReferenceBox.self),
        Entry(DataEntryUrlBox.self), Entry(DataEntryUrnBox.self), Entry(DataEntryAliasBox.self),
        Entry(ExtendedLanguageBox.self), Entry(UserDataBox.self), Entry(MetaBox.self),
    ] + Entry.codes(["free", "skip", "wide"], FreeSpaceBox.self)

    private static let quickTimeMovie: [Entry] = [
        // QuickTime File Format only.
        Entry(BaseMediaInformationHeaderBox.self), Entry(BaseMediaInfoBox.self), Entry(TimecodeMediaHeaderBox.self),
        Entry(TimecodeMediaInformationBox.self), Entry(TrackLoadSettingsBox.self),
        Entry(TrackApertureModeDimensionsBox.self), Entry(TrackCleanApertureDimensionsBox.self),
        Entry(TrackProductionApertureDimensionsBox.self), Entry(TrackEncodedPixelsDimensionsBox.self),
        // International text: `name` here and in a timecode entry; `©xyz` codes in user data (see boxTypes).
    ] + Entry.codes(["name"], UserDataTextBox.self)

    private static let sampleTables: [Entry] = [
        // §8.5–§8.7, §8.9.
        Entry(SampleTableBox.self), Entry(SampleDescriptionBox.self), Entry(TimeToSampleBox.self),
        Entry(CompositionOffsetBox.self), Entry(CompositionToDecodeBox.self), Entry(SyncSampleBox.self),
        Entry(PartialSyncSampleBox.self), Entry(SampleDependencyTypeBox.self), Entry(SampleToChunkBox.self),
        Entry(SampleSizeBox.self), Entry(CompactSampleSizeBox.self), Entry(ChunkOffsetBox.self),
        Entry(ChunkLargeOffsetBox.self), Entry(SampleGroupDescriptionBox.self), Entry(SampleToGroupBox.self),
    ]

    private static let fragments: [Entry] = [
        // §8.8, §8.16.3.
        Entry(MovieExtendsBox.self), Entry(MovieExtendsHeaderBox.self), Entry(TrackExtendsBox.self),
        Entry(MovieFragmentBox.self), Entry(MovieFragmentHeaderBox.self), Entry(TrackFragmentBox.self),
        Entry(TrackFragmentHeaderBox.self), Entry(TrackFragmentBaseMediaDecodeTimeBox.self), Entry(TrackRunBox.self),
        Entry(SegmentIndexBox.self), Entry(MovieFragmentRandomAccessBox.self),
        Entry(TrackFragmentRandomAccessBox.self), Entry(MovieFragmentRandomAccessOffsetBox.self),
    ]

    private static let codecConfiguration: [Entry] = [
        // ISO/IEC 14496-12 §12, 14496-14, 14496-15, QuickTime, codec bindings.
        Entry(AVCConfigurationBox.self), Entry(HEVCConfigurationBox.self), Entry(AV1CodecConfigurationBox.self),
        Entry(ESDBox.self), Entry(ColourInformationBox.self), Entry(PixelAspectRatioBox.self),
        Entry(CleanApertureBox.self), Entry(FieldHandlingBox.self), Entry(MasteringDisplayColourVolumeBox.self),
        Entry(ContentLightLevelBox.self), Entry(BitRateBox.self), Entry(GlobalHeaderBox.self),
        Entry(DecompressionParametersBox.self), Entry(OriginalFormatBox.self), Entry(ProtectionSchemeInfoBox.self),
        Entry(SchemeInformationBox.self), Entry(ALACSpecificBox.self), Entry(ChannelLayoutBox.self),
        Entry(OpusSpecificBox.self), Entry(FLACSpecificBox.self), Entry(AC3SpecificBox.self), Entry(EC3SpecificBox.self),
        Entry(AMRSpecificBox.self),
    ]

    private static let metadata: [Entry] = [
        // iTunes and QuickTime metadata; timed metadata key tables (§12.3.3).
        Entry(MetadataKeysBox.self), Entry(MetadataItemListBox.self), .any(MetadataItemBox.self, in: .itemList),
        Entry(MetadataDataBox.self, in: .metadataItem), Entry(MetadataItemMeaningBox.self, in: .metadataItem),
        Entry(MetadataItemNameBox.self, in: .metadataItem),
        Entry(MetadataKeyTableBox.self, in: .boxedMetadataEntry), .any(MetadataKeyBox.self, in: .metadataKeyTable),
        Entry(MetadataKeyDeclarationBox.self), Entry(MetadataDatatypeDefinitionBox.self), Entry(MetadataLocaleBox.self),
    ]

    private static let sampleEntries: [Entry] =
        // By coding name first (§8.5.2), then by the media handler, else kept raw.
        Entry.codes(["avc1", "avc2", "avc3", "avc4", "hvc1", "hev1", "dvh1", "dvhe", "av01", "vp08", "vp09", "mp4v",
                     "encv", "jpeg", "mjp2", "apcn", "apch", "apcs", "apco", "ap4h", "ap4x", "s263"],
                    VisualSampleEntry.self, in: .sampleDescriptions)
        + Entry.codes(["mp4a", "alac", "Opus", "fLaC", "ac-3", "ec-3", "samr", "sawb", "enca", "lpcm", "sowt", "twos",
                       "ipcm", "fpcm", ".mp3", "ulaw", "alaw", "ima4", "in24", "in32", "fl32", "fl64"],
                      AudioSampleEntry.self, in: .sampleDescriptions)
        + Entry.codes(["tmcd"], TimecodeSampleEntry.self, in: .sampleDescriptions)
        + Entry.codes(["tx3g"], TextSampleEntry.self, in: .sampleDescriptions)
        + Entry.codes(["text"], QuickTimeTextSampleEntry.self, in: .sampleDescriptions)
        + Entry.codes(["text"], TextSampleEntry.self, in: .sampleDescriptions)
        + Entry.codes(["mebx"], BoxedMetadataSampleEntry.self, in: .sampleDescriptions)
        + [
            .any(VisualSampleEntry.self, in: .sampleDescriptions, handler: "vide"),
            .any(AudioSampleEntry.self, in: .sampleDescriptions, handler: "soun"),
            .any(UnknownSampleEntry.self, in: .sampleDescriptions),
        ]

    /// Rows listed twice for the same code and scope are alternatives, tried in order: the first that parses the
    /// whole payload wins (QuickTime's `text` sample description and FFmpeg's `tx3g`-layout `text`).
    private static let table: [Key: [any Box.Type]] = {
        var table: [Key: [any Box.Type]] = [:]
        for entry in entries {
            table[Key(code: entry.code, scope: entry.scope, handler: entry.handler), default: []].append(entry.boxType)
        }
        return table
    }()

    /// The types that may parse a box of type `code` found in `scope`, in the order to try them.
    package static func boxTypes(for code: FourCC, in scope: BoxScope, context: ParseContext) -> [any Box.Type] {
        if let types = table[Key(code: code, scope: scope)] { return types }
        if scope == .sampleDescriptions, let handler = context.handlerType,
           let types = table[Key(code: nil, scope: scope, handler: handler)] {
            return types
        }
        if let types = table[Key(code: nil, scope: scope)] { return types }
        // QuickTime: user data codes starting with © are international text.
        if scope == .userData, code.rawValue >> 24 == 0xA9 { return [UserDataTextBox.self] }
        if scope == .userData || scope == .metadataItem || scope == .boxedMetadataEntry,
           let types = table[Key(code: code, scope: .standard)] {
            return types
        }
        return [UnknownBox.self]
    }
}
