import CoreMedia
import Foundation
import MediaContainer
import Testing
@testable import AVFoundation

/// One identifier row: a key in a key space and the identifier Apple's SDK defines for it.
struct IdentifierRow: CustomTestStringConvertible, Sendable {
    let key: String
    let keySpace: AVMetadataKeySpace
    let identifier: AVMetadataIdentifier
    var testDescription: String { identifier.rawValue }
}

/// Rows from Apple's AVMetadataIdentifiers.h / AVMetadataFormat.h (each constant's documentation page names the
/// key it identifies).
let identifierRows: [IdentifierRow] = [
    IdentifierRow(key: "title", keySpace: .common, identifier: .commonIdentifierTitle),
    IdentifierRow(key: "identifier", keySpace: .common, identifier: .commonIdentifierAssetIdentifier),
    IdentifierRow(key: "@nam", keySpace: .quickTimeUserData, identifier: .quickTimeUserDataFullName),
    IdentifierRow(key: "©nam", keySpace: .quickTimeUserData, identifier: .quickTimeUserDataFullName),
    IdentifierRow(key: "@xyz", keySpace: .quickTimeUserData, identifier: .quickTimeUserDataLocationISO6709),
    IdentifierRow(key: "tnam", keySpace: .quickTimeUserData, identifier: .quickTimeUserDataTrackName),
    IdentifierRow(key: "@nam", keySpace: .iTunes, identifier: .iTunesMetadataSongName),
    IdentifierRow(key: "covr", keySpace: .iTunes, identifier: .iTunesMetadataCoverArt),
    IdentifierRow(key: "aART", keySpace: .iTunes, identifier: .iTunesMetadataAlbumArtist),
    IdentifierRow(key: "com.apple.quicktime.title", keySpace: .quickTimeMetadata, identifier: .quickTimeMetadataTitle),
    IdentifierRow(key: "com.apple.quicktime.location.ISO6709", keySpace: .quickTimeMetadata,
                  identifier: .quickTimeMetadataLocationISO6709),
    IdentifierRow(key: "cprt", keySpace: .isoUserData, identifier: .isoUserDataCopyright),
    IdentifierRow(key: "titl", keySpace: .isoUserData, identifier: .identifier3GPUserDataTitle),
    IdentifierRow(key: "TIT2", keySpace: .id3, identifier: .id3MetadataTitleDescription),
    IdentifierRow(key: "StreamTitle", keySpace: .icy, identifier: .icyMetadataStreamTitle),
]

/// One common-key row: an identifier and the common key its items carry (see MetadataCommonKeys).
struct CommonKeyRow: CustomTestStringConvertible, Sendable {
    let keySpace: MetadataEntry.KeySpace
    let key: MetadataEntry.Key
    let commonKey: AVMetadataKey?
    var testDescription: String { "\(keySpace.rawValue)/\(key) → \(commonKey?.rawValue ?? "none")" }
}

private func fourCC(_ text: String) -> MetadataEntry.Key {
    .fourCC(MetadataKeyCoding.fourCharacterCode(text)!)
}

let commonKeyRows: [CommonKeyRow] = [
    CommonKeyRow(keySpace: .quickTimeUserData, key: fourCC("©nam"), commonKey: .commonKeyTitle),
    CommonKeyRow(keySpace: .quickTimeUserData, key: fourCC("©day"), commonKey: .commonKeyCreationDate),
    CommonKeyRow(keySpace: .quickTimeUserData, key: fourCC("©xyz"), commonKey: .commonKeyLocation),
    CommonKeyRow(keySpace: .quickTimeUserData, key: fourCC("©mak"), commonKey: .commonKeyMake),
    CommonKeyRow(keySpace: .quickTimeUserData, key: fourCC("©cmt"), commonKey: nil),
    CommonKeyRow(keySpace: .quickTimeMetadata, key: .string("com.apple.quicktime.title"), commonKey: .commonKeyTitle),
    CommonKeyRow(keySpace: .quickTimeMetadata, key: .string("com.apple.quicktime.software"),
                 commonKey: .commonKeySoftware),
    CommonKeyRow(keySpace: .quickTimeMetadata, key: .string("com.apple.quicktime.model"), commonKey: .commonKeyModel),
    CommonKeyRow(keySpace: .quickTimeMetadata, key: .string("com.example.private"), commonKey: nil),
    CommonKeyRow(keySpace: .iTunes, key: fourCC("©nam"), commonKey: .commonKeyTitle),
    CommonKeyRow(keySpace: .iTunes, key: fourCC("©ART"), commonKey: .commonKeyArtist),
    CommonKeyRow(keySpace: .iTunes, key: fourCC("©alb"), commonKey: .commonKeyAlbumName),
    CommonKeyRow(keySpace: .iTunes, key: fourCC("covr"), commonKey: .commonKeyArtwork),
    CommonKeyRow(keySpace: .iTunes, key: fourCC("©wrt"), commonKey: .commonKeyCreator),
    CommonKeyRow(keySpace: .iTunes, key: fourCC("trkn"), commonKey: nil),
    CommonKeyRow(keySpace: .isoUserData, key: fourCC("cprt"), commonKey: .commonKeyCopyrights),
    CommonKeyRow(keySpace: .isoUserData, key: fourCC("titl"), commonKey: .commonKeyTitle),
    CommonKeyRow(keySpace: .id3, key: .string("TIT2"), commonKey: .commonKeyTitle),
    CommonKeyRow(keySpace: .id3, key: .string("TPE1"), commonKey: .commonKeyArtist),
    CommonKeyRow(keySpace: .id3, key: .string("APIC"), commonKey: .commonKeyArtwork),
    CommonKeyRow(keySpace: .id3, key: fourCC("TCOM"), commonKey: .commonKeyCreator),
]

@Suite("Metadata: identifiers, keys, common keys, language selection, sharing filter")
struct MetadataTests {
    @Test("identifier(forKey:keySpace:) gives Apple's identifiers, and they split back", arguments: identifierRows)
    func identifiers(_ row: IdentifierRow) throws {
        #expect(AVMetadataItem.identifier(forKey: row.key, keySpace: row.keySpace) == row.identifier)
        #expect(AVMetadataItem.keySpace(forIdentifier: row.identifier) == row.keySpace)
        let key = try #require(AVMetadataItem.key(forIdentifier: row.identifier))
        #expect(AVMetadataItem.identifier(forKey: key, keySpace: row.keySpace) == row.identifier)
    }

    @Test("four-character keys read from files are NSNumbers holding the code as a signed 32-bit integer")
    func numericKeys() throws {
        // 0xA96E616D ('©nam') as Int32 is -1452383891, the number Apple's items print as their key.
        let key = try #require(AVMetadataItem.key(forIdentifier: .iTunesMetadataSongName) as? NSNumber)
        #expect(key.int32Value == -1_452_383_891)
        #expect(AVMetadataItem.identifier(forKey: NSNumber(value: Int32(-1_452_383_891)), keySpace: .quickTimeUserData)
            == .quickTimeUserDataFullName)
        #expect(AVMetadataItem.identifier(forKey: "title", keySpace: AVMetadataKeySpace(rawValue: "toolong")) == nil)
        #expect(AVMetadataItem.identifier(forKey: "50%", keySpace: .quickTimeMetadata)?.rawValue == "mdta/50%25")
        #expect(AVMetadataItem.keySpace(forIdentifier: AVMetadataIdentifier(rawValue: "no-slash")) == nil)
        #expect(AVMetadataItem.keySpace(forIdentifier: AVMetadataIdentifier(rawValue: "udta/%ZZ")) == nil)
    }

    @Test("items carry the common key of their identifier", arguments: commonKeyRows)
    func commonKeys(_ row: CommonKeyRow) {
        let item = AVMetadataItem.make(from: MetadataEntry(keySpace: row.keySpace, key: row.key, value: .string("x")))
        #expect(item.commonKey == row.commonKey)
        if let commonKey = row.commonKey {
            let common = AVMetadataItem.commonItems(from: [item])
            #expect(common.count == 1)
            #expect(common.first?.identifier?.rawValue == "common/" + commonKey.rawValue)
            #expect(common.first?.keySpace == .common)
            #expect(common.first?.stringValue == "x")
        } else {
            #expect(AVMetadataItem.commonItems(from: [item]).isEmpty)
        }
    }

    @Test("asset metadata, common metadata, formats and creation date")
    func assetMetadata() async throws {
        let reader = try TestReader()
        reader.creationDate = Date(timeIntervalSince1970: 1_700_000_000)
        reader.metadata = [
            MetadataEntry(keySpace: .quickTimeUserData, key: fourCC("©nam"), value: .string("Udta title"),
                          languageCode: "eng"),
            MetadataEntry(keySpace: .iTunes, key: fourCC("©ART"), value: .string("Artist")),
            MetadataEntry(keySpace: .iTunes, key: fourCC("covr"), value: .image(Data([0xFF, 0xD8]), format: 13)),
            MetadataEntry(keySpace: .iTunes, key: fourCC("©lyr"), value: .string("la la")),
            MetadataEntry(keySpace: .quickTimeMetadata, key: .string("com.apple.quicktime.year"), value: .signedInteger(2012)),
        ]
        let asset = AVURLAsset(url: URL(fileURLWithPath: "/tags.m4a"), reader: reader)
        let (metadata, common, formats, creation, lyrics) = try await asset.load(
            .metadata, .commonMetadata, .availableMetadataFormats, .creationDate, .lyrics)
        #expect(metadata.count == 5)
        #expect(formats == [.quickTimeUserData, .iTunesMetadata, .quickTimeMetadata])
        #expect(asset.metadata(forFormat: .iTunesMetadata).count == 3)
        #expect(try await asset.loadMetadata(for: .quickTimeUserData).first?.stringValue == "Udta title")
        #expect(common.map(\.identifier) == [.commonIdentifierTitle, .commonIdentifierArtist, .commonIdentifierArtwork])
        let artwork = try #require(common.last)
        #expect(artwork.dataType == kCMMetadataBaseDataType_JPEG)
        #expect(artwork.dataValue == Data([0xFF, 0xD8]))
        #expect(creation?.dateValue == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(creation?.identifier == .commonIdentifierCreationDate)
        #expect(lyrics == "la la")
        let title = try #require(metadata.first)
        #expect(title.extendedLanguageTag == "en")
        #expect(title.locale?.identifier == "en")
        #expect(title.keySpace == .quickTimeUserData)
        #expect((title.key as? NSNumber)?.uint32Value == 0xA96E_616D)
        #expect(AVMetadataItem.metadataItems(from: metadata, withKey: "@nam", keySpace: .quickTimeUserData) == [title])
        #expect(AVMetadataItem.metadataItems(from: metadata, withKey: "©ART", keySpace: nil).count == 1)
        #expect(AVMetadataItem.metadataItems(from: metadata, withKey: nil, keySpace: .iTunes).count == 3)
        #expect(metadata.last?.numberValue == 2012)
        #expect(metadata.last?.stringValue == "2012")
    }

    @Test("iTunes freeform atoms are reported in Apple's long-key space: itlk/mean.name")
    func freeformKeys() {
        let item = AVMetadataItem.make(from: MetadataEntry(keySpace: .iTunes, key: .string("----:com.apple.iTunes:iTunSMPB"),
                                                           value: .string(" 00000000 00000840")))
        #expect(item.identifier?.rawValue == "itlk/com.apple.iTunes.iTunSMPB")
        #expect(item.keySpace?.rawValue == "itlk")
        #expect(item.key as? NSString == "com.apple.iTunes.iTunSMPB")
        #expect(item.commonKey == nil)
    }

    @Test("language filtering and sorting follows the order of preference, exact tags first")
    func languages() {
        func item(_ text: String, language: String?, country: String? = nil, tag: String? = nil) -> AVMetadataItem {
            AVMetadataItem.make(from: MetadataEntry(keySpace: .quickTimeMetadata, key: .string("com.apple.quicktime.title"),
                                                    value: .string(text), languageCode: language, countryCode: country,
                                                    extendedLanguageTag: tag))
        }
        let english = item("Title", language: "eng")
        let american = item("Title US", language: "eng", country: "US")
        let french = item("Titre", language: "fre")
        let german = item("Titel", language: "deu")
        let portuguese = item("Título", language: nil, tag: "pt-BR")
        let none = item("?", language: nil)
        let items = [english, french, american, german, portuguese, none]
        func texts(_ result: [AVMetadataItem]) -> [String] { result.compactMap(\.stringValue) }
        #expect(texts(AVMetadataItem.metadataItems(from: items, filteredAndSortedAccordingToPreferredLanguages: ["fr", "en-US"]))
            == ["Titre", "Title US", "Title"])
        #expect(texts(AVMetadataItem.metadataItems(from: items, filteredAndSortedAccordingToPreferredLanguages: ["en"]))
            == ["Title", "Title US"])
        #expect(texts(AVMetadataItem.metadataItems(from: items, filteredAndSortedAccordingToPreferredLanguages: ["pt", "de-DE"]))
            == ["Título", "Titel"])
        #expect(AVMetadataItem.metadataItems(from: items, filteredAndSortedAccordingToPreferredLanguages: ["ja"]).isEmpty)
        #expect(texts(AVMetadataItem.metadataItems(from: items, with: Locale(identifier: "en_US"))) == ["Title US"])
        #expect(texts(AVMetadataItem.metadataItems(from: items, with: Locale(identifier: "fr"))) == ["Titre"])
    }

    @Test("forSharing keeps catalogue, rights, commerce and playback items and drops what identifies the user")
    func sharingFilter() {
        let kept: [MetadataEntry] = [
            MetadataEntry(keySpace: .iTunes, key: fourCC("©nam"), value: .string("Song")),
            MetadataEntry(keySpace: .iTunes, key: fourCC("apID"), value: .string("buyer@example.com")),
            MetadataEntry(keySpace: .isoUserData, key: fourCC("cprt"), value: .string("© 2024")),
            MetadataEntry(keySpace: .quickTimeUserData, key: fourCC("tagc"), value: .string("public.easy-to-read")),
        ]
        let removed: [MetadataEntry] = [
            MetadataEntry(keySpace: .quickTimeMetadata, key: .string("com.apple.quicktime.location.ISO6709"),
                          value: .string("+37.3318-122.0312/")),
            MetadataEntry(keySpace: .quickTimeUserData, key: fourCC("©xyz"), value: .string("+37.3318-122.0312/")),
            MetadataEntry(keySpace: .quickTimeMetadata, key: .string("com.apple.quicktime.make"), value: .string("Apple")),
            MetadataEntry(keySpace: .quickTimeMetadata, key: .string("com.apple.quicktime.creationdate"),
                          value: .string("2024-01-01T10:00:00Z")),
            MetadataEntry(keySpace: .quickTimeMetadata, key: .string("com.example.private"), value: .string("secret")),
            MetadataEntry(keySpace: .isoUserData, key: fourCC("loci"), value: .data(Data([0, 0, 0, 0]))),
        ]
        let items = (kept + removed).map(AVMetadataItem.make(from:))
        let filtered = AVMetadataItem.metadataItems(from: items, filteredBy: .forSharing())
        #expect(filtered.count == kept.count)
        #expect(filtered.map(\.identifier) == Array(items.prefix(kept.count)).map(\.identifier))
    }

    @Test("mutable items keep identifier, key and key space in step, and copy their values")
    func mutableItems() throws {
        let item = AVMutableMetadataItem()
        item.identifier = .commonIdentifierTitle
        item.value = NSString(string: "Compat sample")
        #expect(item.keySpace == .common)
        #expect(item.key as? NSString == "title")
        #expect(item.commonKey == .commonKeyTitle)
        #expect(item.stringValue == "Compat sample")
        item.keySpace = .iTunes
        item.key = NSString(string: "@nam")
        #expect(item.identifier == .iTunesMetadataSongName)
        #expect(item.commonKey == .commonKeyTitle)
        let source = NSMutableString(string: "changing")
        item.value = source
        source.append(" later")
        #expect(item.stringValue == "changing")
        let snapshot = try #require(item.copy() as? AVMetadataItem)
        item.value = NSNumber(value: 7)
        #expect(snapshot.stringValue == "changing")
        #expect(!(snapshot is AVMutableMetadataItem))
        let mutable = try #require(snapshot.mutableCopy() as? AVMutableMetadataItem)
        #expect(mutable.identifier == .iTunesMetadataSongName)
        #expect(item.numberValue == 7 && item.stringValue == "7")
        #expect(AVMutableMetadataItem().identifier == nil)
    }

    @Test("values coerce to strings, numbers, dates and data as AVMetadataItem.h describes")
    func coercion() throws {
        func item(_ value: MetadataEntry.Value, dataType: String? = nil) -> AVMetadataItem {
            AVMetadataItem.make(from: MetadataEntry(keySpace: .quickTimeMetadata, key: .string("k"), value: value,
                                                    dataType: dataType))
        }
        #expect(item(.string("42")).numberValue == 42)
        #expect(item(.string("2.5")).numberValue == 2.5)
        #expect(item(.string("forty")).numberValue == nil)
        #expect(item(.string("2012-04-21T10:00:00Z")).dateValue == Date(timeIntervalSince1970: 1_335_002_400))
        #expect(item(.string("2012-04-21T12:00:00+0200")).dateValue == Date(timeIntervalSince1970: 1_335_002_400))
        #expect(item(.string("2012")).dateValue != nil)
        #expect(item(.string("not a date")).dateValue == nil)
        #expect(item(.data(Data("hi".utf8)), dataType: kCMMetadataBaseDataType_UTF8).stringValue == "hi")
        #expect(item(.data(Data([0, 1]))).stringValue == nil)
        #expect(item(.boolean(true)).numberValue?.boolValue == true)
        #expect(item(.string("abc")).dataValue == Data("abc".utf8))
        #expect(item(.float(1.5)).dataType == kCMMetadataBaseDataType_Float64)
    }

    @Test("a 3GPP location becomes the ISO 6709 string of the common location item (3GPP TS 26.244 §8.10)")
    func threeGPPLocation() throws {
        func fixed(_ value: Double) -> [UInt8] {
            withUnsafeBytes(of: Int32(value * 65536).bigEndian) { Array($0) }
        }
        // version/flags, language, "Home\0", role 0, longitude, latitude, altitude, body "earth\0", notes "\0".
        var payload: [UInt8] = [0, 0, 0, 0, 0x15, 0xC7] + Array("Home".utf8) + [0, 0]
        payload += fixed(-122.0312) + fixed(37.3318) + fixed(10) + Array("earth".utf8) + [0, 0]
        let item = AVMetadataItem.make(from: MetadataEntry(keySpace: .isoUserData, key: fourCC("loci"),
                                                           value: .data(Data(payload))))
        let common = try #require(AVMetadataItem.commonItems(from: [item]).first)
        #expect(common.identifier == .commonIdentifierLocation)
        #expect(common.stringValue == "+37.3318-122.0312+010.000/")
    }

    @Test("metadata items load their values like any loadable object")
    func itemLoading() async throws {
        let item = AVMetadataItem.make(from: MetadataEntry(keySpace: .iTunes, key: fourCC("tmpo"), value: .signedInteger(120)))
        let (string, number, data, value) = try await item.load(.stringValue, .numberValue, .dataValue, .value)
        #expect(string == "120" && number == 120 && data == nil && value as? NSNumber == 120)
        #expect(item.statusOfValue(forKey: "numberValue", error: nil) == .loaded)
        #expect(item.status(of: .stringValue) == .loaded("120"))
        #expect(try await item.load(.extraAttributes) == nil)
    }
}

@Suite("Metadata items with lazily loaded values")
struct LazyMetadataItemTests {
    @Test("the handler runs once, on demand, and its answer (or error) is what loads")
    func lazyValue() async throws {
        let template = AVMutableMetadataItem()
        template.identifier = .commonIdentifierArtwork
        template.value = NSData(data: Data([1]))
        let calls = Counter()
        let item = AVMetadataItem(propertiesOf: template) { request in
            calls.increment()
            request.respond(value: NSData(data: Data([0xFF, 0xD8, 0xFF])))
            request.respond(error: ReaderFailure(boxPath: "ignored", offset: 0))
        }
        #expect(item.identifier == .commonIdentifierArtwork)
        #expect(item.statusOfValue(forKey: "value", error: nil) == .unknown)
        #expect(try await item.load(.dataValue) == Data([0xFF, 0xD8, 0xFF]))
        #expect(item.dataValue == Data([0xFF, 0xD8, 0xFF]))
        #expect(calls.value == 1)

        let failing = AVMetadataItem(propertiesOf: template) { request in
            request.respond(error: ReaderFailure(boxPath: "covr", offset: 7))
        }
        await #expect(throws: ReaderFailure.self) { try await failing.load(.value) }
        var error: NSError?
        #expect(failing.statusOfValue(forKey: "value", error: &error) == .failed)
        #expect(failing.value == nil)
    }
}
