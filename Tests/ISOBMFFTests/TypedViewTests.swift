import Foundation
import Testing
@testable import ISOBMFF

/// The typed views demuxers use, checked against values from the files' producers and from ffprobe/mediainfo.
@Suite("Typed views of real files")
struct TypedViewTests {
    static func scan(_ file: MediaFile) throws -> ScanResult { try FileScanner.scan(MemorySource(try file.bytes)) }
    static func generated(_ name: String) throws -> ScanResult { try scan(MediaFile(name: name, origin: .generated)) }

    @Test("mb-edts: Apple edit lists, handler names, AAC config (values from mediainfo 23.04)")
    func appleEditLists() throws {
        let movie = try #require(try Self.scan(MediaFile(name: "mb-edts.mp4", origin: .fixture)).movie)
        let tracks = movie.tracks
        try #require(tracks.count == 2)
        #expect(tracks[0].editList?.entries.first?.mediaTime == 1024)
        #expect(tracks[1].editList?.entries.first?.mediaTime == 2112)
        #expect(tracks[0].media?.handler?.name.text == "Core Media Video")
        let audio = try #require(tracks[1].media?.sampleTable?.sampleDescriptions?.children.first(AudioSampleEntry.self))
        #expect(audio.elementaryStreamDescriptor?.decoderConfig?.objectTypeIndication == 0x40)
        #expect(audio.elementaryStreamDescriptor?.decoderConfig?.decoderSpecificInfo?.isEmpty == false)
        let video = try #require(tracks[0].media?.sampleTable?.sampleDescriptions?.children.first(VisualSampleEntry.self))
        #expect(video.width == 854 && video.height == 480)
        #expect(video.avcConfiguration?.nalUnitLengthSize == 4)
    }

    @Test("mb-rotate-fragmented: -90° matrix and fragments")
    func rotation() throws {
        let result = try Self.scan(MediaFile(name: "mb-rotate-fragmented.mp4", origin: .fixture))
        let matrix = try #require(result.movie?.tracks.first?.header?.matrix)
        // b = 1, c = -1: a 90° rotation (matrix bytes as mediainfo 23.04 prints them).
        #expect(matrix.a.rawValue == 0 && matrix.b == .one && matrix.c == Fixed16x16(integer: -1) && matrix.d.rawValue == 0)
        #expect(result.fragments.count >= 2)
        #expect(result.first(MovieFragmentRandomAccessBox.self)?.trackTables.isEmpty == false)
    }

    @Test("sample table views pick stsz/stz2 and stco/co64")
    func sampleTableViews() throws {
        let co64 = try Self.scan(MediaFile(name: "mg-truncated-64bit.mp4", origin: .fixture))
        let table = try #require(co64.movie?.tracks.first?.media?.sampleTable)
        #expect(table.chunkLargeOffsets != nil && table.chunkOffsets == nil)
        #expect(table.chunkCount > 0 && table.chunkOffset(at: 0) != nil && table.chunkOffset(at: table.chunkCount) == nil)
        #expect(table.sampleCount > 0 && table.sampleSize(at: 0) != nil)
        let compact = SampleTableBox(children: [CompactSampleSizeBox(fieldSize: 8, sizes: [3, 4])])
        #expect(compact.sampleCount == 2 && compact.sampleSize(at: 1) == 4 && compact.sampleSize(at: 2) == nil)
    }

    @Test("QuickTime sound descriptions: v1 with wave, v2 LPCM (ffmpeg 5.1 writes these)")
    func soundDescriptions() throws {
        let mov = try Self.generated("h264-aac-moov-at-end.mov")
        let aac = try #require(mov.movie?.tracks.compactMap { $0.media?.sampleTable?.sampleDescriptions?.children.first(AudioSampleEntry.self) }.first)
        #expect(aac.version == 1 && aac.quickTimeVersion1 != nil)
        #expect(aac.decompressionParameters?.originalFormat?.dataFormat == "mp4a")
        #expect(aac.elementaryStreamDescriptor?.decoderConfig?.objectTypeIndication == 0x40)
        // FFmpeg's movenc writes 'lpcm' in a version 2 description when the rate does not fit 16 bits.
        let lpcm = try #require(try Self.generated("pcm-s24le-96khz-lpcm-sound-v2.mov").movie?.tracks.first?.media?.sampleTable?
            .sampleDescriptions?.children.first(AudioSampleEntry.self))
        #expect(lpcm.boxType == "lpcm" && lpcm.version == 2)
        #expect(lpcm.effectiveSampleRate == 96_000 && lpcm.effectiveChannelCount == 1)
        #expect(lpcm.version2?.constBitsPerChannel == 24)
        let in24 = try #require(try Self.generated("pcm-s24le-in24.mov").movie?.tracks.first?.media?.sampleTable?
            .sampleDescriptions?.children.first(AudioSampleEntry.self))
        #expect(in24.boxType == "in24" && in24.effectiveSampleRate == 48_000)
        let alac = try #require(try Self.generated("alac-in-wave.mov").movie?.tracks.first?.media?.sampleTable?
            .sampleDescriptions?.children.first(AudioSampleEntry.self))
        #expect(alac.alacConfiguration?.sampleRate == 48_000)
    }

    @Test("codec configurations of generated files")
    func codecConfigurations() throws {
        func entry<E: Box>(_ name: String, _ type: E.Type) throws -> E {
            let tracks = try Self.generated(name).movie?.tracks ?? []
            let entries = tracks.compactMap { $0.media?.sampleTable?.sampleDescriptions?.children.first(type) }
            return try #require(entries.first, "\(name) has no \(type)")
        }
        #expect(try entry("hevc-hvc1.mp4", VisualSampleEntry.self).hevcConfiguration?.arrays.map(\.nalUnitType) == [32, 33, 34, 39])
        // ffprobe 5.1: profile High (1), as libaom encodes the RGB test pattern as 4:4:4.
        #expect(try entry("av1-av1c.mp4", VisualSampleEntry.self).av1Configuration?.seqProfile == 1)
        #expect(try entry("opus-dops.mp4", AudioSampleEntry.self).opusConfiguration?.preSkip == 312)
        #expect(try entry("flac-dfla.mp4", AudioSampleEntry.self).flacConfiguration?.streamInfo?.count == 34)
        #expect(try entry("ac3-dac3.mp4", AudioSampleEntry.self).ac3Configuration?.acmod == 1)
        #expect(try entry("eac3-dec3.mp4", AudioSampleEntry.self).eac3Configuration?.substreams.count == 1)
        #expect(try entry("mpeg4-esds-video.mp4", VisualSampleEntry.self).elementaryStreamDescriptor?.decoderConfig?.objectTypeIndication == 0x20)
        let tmcd = try entry("timecode-tmcd-track.mov", TimecodeSampleEntry.self)
        // ffprobe 5.1: time_base 1/10240, 10 fps.
        #expect(tmcd.timescale == 10_240 && tmcd.frameDuration == 1024 && tmcd.numberOfFrames == 10)
        #expect(try entry("mov-text-subtitles-tx3g.mp4", TextSampleEntry.self).boxType == "tx3g")
    }

    @Test("timecode and chapter references")
    func references() throws {
        let timecode = try #require(try Self.generated("timecode-tmcd-track.mov").movie)
        #expect(timecode.tracks.contains { $0.references?.trackIDs("tmcd").isEmpty == false })
        let chapters = try #require(try Self.generated("chapters-text-track.mp4").movie)
        #expect(chapters.tracks.contains { $0.references?.trackIDs("chap").isEmpty == false })
    }

    @Test("metadata: iTunes items, freeform items, QuickTime keys, QuickTime text")
    func metadata() throws {
        let itunes = try #require(try Self.generated("itunes-tags.m4a").movie?.userData?.metadata)
        let items = itunes.identifiedItems
        #expect(items.first { $0.identifier == .code("©nam") }?.item.values.first?.value == .text("Title é"))
        #expect(items.first { $0.identifier == .code("trkn") }?.item.values.first?.payload == [0, 0, 0, 3, 0, 12, 0, 0])
        let freeform = try #require(try Self.scan(MediaFile(name: "mg-has-tags.m4a", origin: .fixture)).movie?.userData?.metadata)
        #expect(freeform.identifiedItems.contains { if case .freeform(meaning: "com.apple.iTunes", _) = $0.identifier { true } else { false } })
        // FFmpeg puts 'mdta' metadata in moov/udta/meta, in the ISO full-box form.
        let keyed = try #require(try Self.generated("quicktime-mdta-keys.mov").movie?.userData?.metadata)
        #expect(!keyed.isQuickTimeForm)
        let make = keyed.identifiedItems.first { $0.identifier == .key(namespace: "mdta", value: "com.apple.quicktime.make") }
        #expect(make?.item.values.first?.value == .text("Apple"))
        let udta = try #require(try Self.generated("quicktime-udta-text.mov").movie?.userData)
        #expect(udta.textItems.first { $0.boxType == "©xyz" }?.text == "+48.8577+002.2950/")
    }
}
