import CoreMedia
import Foundation
import Testing

@Suite("CMFormatDescription: generic, video geometry, metadata")
struct FormatDescriptionTests {
    @Test("Constants have Apple's values (CMFormatDescription.h)")
    func constants() {
        #expect(kCMMediaType_Video == 0x7669_6465)  // 'vide'
        #expect(kCMMediaType_Audio == 0x736F_756E)  // 'soun'
        #expect(kCMVideoCodecType_H264 == 0x6176_6331)  // 'avc1'
        #expect(kCMVideoCodecType_HEVC == 0x6876_6331)  // 'hvc1'
        #expect(kCMVideoCodecType_AppleProRes422HQ == 0x6170_6368)  // 'apch'
        #expect(kCMMetadataFormatType_Boxed == 0x6D65_6278)  // 'mebx'
        #expect(kCMPixelFormat_32ARGB == 32 && kCMPixelFormat_8IndexedGray_WhiteIsZero == 0x28)
        #expect(kCMFormatDescriptionError_InvalidParameter == -12710)
        #expect(kCMFormatDescriptionError_AllocationFailed == -12711)
        #expect(kCMFormatDescriptionError_ValueNotAvailable == -12718)
        #expect(kCMTimeCodeFlag_NegTimesOK == 4)
    }

    @Test("Generic descriptions: type, subtype, extensions and equality")
    func generic() throws {
        var first: CMFormatDescription?, second: CMFormatDescription?, third: CMFormatDescription?
        #expect(CMFormatDescriptionCreate(allocator: nil, mediaType: kCMMediaType_ClosedCaption,
                                          mediaSubType: kCMClosedCaptionFormatType_CEA608,
                                          extensions: ["A": 1, "B": ["x": Data([1, 2])]],
                                          formatDescriptionOut: &first) == noErr)
        #expect(CMFormatDescriptionCreate(allocator: nil, mediaType: kCMMediaType_ClosedCaption,
                                          mediaSubType: kCMClosedCaptionFormatType_CEA608,
                                          extensions: ["A": NSNumber(value: 1.0), "B": ["x": Data([1, 2])]],
                                          formatDescriptionOut: &second) == noErr)
        #expect(CMFormatDescriptionCreate(allocator: nil, mediaType: kCMMediaType_ClosedCaption,
                                          mediaSubType: kCMClosedCaptionFormatType_CEA608,
                                          extensions: ["A": true, "B": ["x": Data([1, 2])]],
                                          formatDescriptionOut: &third) == noErr)
        #expect(CMFormatDescriptionGetMediaType(first!) == kCMMediaType_ClosedCaption)
        #expect(CMFormatDescriptionGetMediaSubType(first!) == kCMClosedCaptionFormatType_CEA608)
        #expect(CMFormatDescriptionGetExtension(first!, extensionKey: "A") as? Int == 1)
        #expect(CMFormatDescriptionEqual(first, otherFormatDescription: second), "numbers compare by value")
        #expect(!CMFormatDescriptionEqual(first, otherFormatDescription: third), "a Boolean is not the number 1")
        #expect(!CMFormatDescriptionEqual(first, otherFormatDescription: nil))
        #expect(CMFormatDescriptionEqualIgnoringExtensionKeys(first, otherFormatDescription: third,
                                                              extensionKeysToIgnore: "A" as CFString,
                                                              sampleDescriptionExtensionAtomKeysToIgnore: nil))
        var empty: CMFormatDescription?
        CMFormatDescriptionCreate(allocator: nil, mediaType: kCMMediaType_Text, mediaSubType: kCMTextFormatType_QTText,
                                  extensions: nil, formatDescriptionOut: &empty)
        #expect(CMFormatDescriptionGetExtensions(empty!) == nil)
        var bad: CMFormatDescription?
        #expect(CMFormatDescriptionCreate(allocator: nil, mediaType: kCMMediaType_Text, mediaSubType: 0,
                                          extensions: [1: "not a string key"], formatDescriptionOut: &bad)
                == kCMFormatDescriptionError_InvalidParameter)
        #expect(bad == nil)
    }

    @Test("Atoms can be ignored one by one, and ignoring any key ignores the verbatim sample descriptions")
    func ignoringAtoms() throws {
        func make(_ extra: Data, _ verbatim: Data) -> CMFormatDescription {
            var description: CMFormatDescription?
            CMVideoFormatDescriptionCreate(
                allocator: nil, codecType: kCMVideoCodecType_H264, width: 64, height: 48,
                extensions: [kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms: ["avcC": Data([1]),
                                                                                            "btrt": extra],
                             kCMFormatDescriptionExtension_VerbatimSampleDescription: verbatim],
                formatDescriptionOut: &description)
            return description!
        }
        let a = make(Data([1]), Data([9])), b = make(Data([2]), Data([8]))
        #expect(a != b)
        #expect(CMFormatDescriptionEqualIgnoringExtensionKeys(a, otherFormatDescription: b, extensionKeysToIgnore: nil,
                                                              sampleDescriptionExtensionAtomKeysToIgnore: ["btrt"]))
        #expect(!CMFormatDescriptionEqualIgnoringExtensionKeys(a, otherFormatDescription: b, extensionKeysToIgnore: nil,
                                                               sampleDescriptionExtensionAtomKeysToIgnore: ["avcC"]))
    }

    @Test("Presentation dimensions and clean aperture from pasp and clap extensions")
    func presentationGeometry() throws {
        var description: CMFormatDescription?
        #expect(CMVideoFormatDescriptionCreate(
            allocator: nil, codecType: kCMVideoCodecType_H264, width: 720, height: 480,
            extensions: [
                kCMFormatDescriptionExtension_PixelAspectRatio: [
                    kCMFormatDescriptionKey_PixelAspectRatioHorizontalSpacing: 10,
                    kCMFormatDescriptionKey_PixelAspectRatioVerticalSpacing: 11,
                ],
                kCMFormatDescriptionExtension_CleanAperture: [
                    kCMFormatDescriptionKey_CleanApertureWidth: 704, kCMFormatDescriptionKey_CleanApertureHeight: 480,
                    kCMFormatDescriptionKey_CleanApertureHorizontalOffset: 2,
                    kCMFormatDescriptionKey_CleanApertureVerticalOffset: 0,
                    kCMFormatDescriptionKey_CleanApertureVerticalOffsetRational: [-3, 2],
                ],
            ], formatDescriptionOut: &description) == noErr)
        let video = try #require(description)
        #expect(CMVideoFormatDescriptionGetDimensions(video).width == 720)
        #expect(CMVideoFormatDescriptionGetCodecType(video) == kCMVideoCodecType_H264)
        #expect(CMVideoFormatDescriptionGetPresentationDimensions(video, usePixelAspectRatio: false,
                                                                  useCleanAperture: false) == CGSize(width: 720, height: 480))
        #expect(CMVideoFormatDescriptionGetPresentationDimensions(video, usePixelAspectRatio: true,
                                                                  useCleanAperture: false) == CGSize(width: 720.0 * 10 / 11, height: 480))
        #expect(CMVideoFormatDescriptionGetPresentationDimensions(video, usePixelAspectRatio: false,
                                                                  useCleanAperture: true) == CGSize(width: 704, height: 480))
        #expect(CMVideoFormatDescriptionGetPresentationDimensions(video, usePixelAspectRatio: true,
                                                                  useCleanAperture: true) == CGSize(width: 640, height: 480))
        // The rational offset wins over the plain one: -3/2 moves the aperture up by 1.5 rows.
        #expect(CMVideoFormatDescriptionGetCleanAperture(video, originIsAtTopLeft: true)
                == CGRect(x: 10, y: -1.5, width: 704, height: 480))
        #expect(CMVideoFormatDescriptionGetCleanAperture(video, originIsAtTopLeft: false)
                == CGRect(x: 10, y: 1.5, width: 704, height: 480))
        #expect(CMVideoFormatDescriptionGetExtensionKeysCommonWithImageBuffers().count == 13)

        var plain: CMFormatDescription?
        CMVideoFormatDescriptionCreate(allocator: nil, codecType: kCMVideoCodecType_JPEG, width: 32, height: 16,
                                       extensions: nil, formatDescriptionOut: &plain)
        #expect(CMVideoFormatDescriptionGetCleanAperture(plain!, originIsAtTopLeft: true) == CGRect(x: 0, y: 0, width: 32, height: 16))
        var negative: CMFormatDescription?
        #expect(CMVideoFormatDescriptionCreate(allocator: nil, codecType: kCMVideoCodecType_JPEG, width: -1, height: 16,
                                               extensions: nil, formatDescriptionOut: &negative)
                == kCMFormatDescriptionError_InvalidParameter)
    }

    @Test("A timed-metadata description round-trips its metadata specifications")
    func metadataSpecifications() throws {
        let specifications: [[String: Any]] = [
            [kCMMetadataFormatDescriptionMetadataSpecificationKey_Identifier as String: "mdta/com.apple.quicktime.location.ISO6709",
             kCMMetadataFormatDescriptionMetadataSpecificationKey_DataType as String: "com.apple.metadata.datatype.UTF-8"],
            [kCMMetadataFormatDescriptionMetadataSpecificationKey_Identifier as String: "udta/%A9nam",
             kCMMetadataFormatDescriptionMetadataSpecificationKey_DataType as String: "com.apple.metadata.datatype.UTF-8",
             kCMMetadataFormatDescriptionMetadataSpecificationKey_ExtendedLanguageTag as String: "en-GB"],
        ]
        var description: CMFormatDescription?
        #expect(CMMetadataFormatDescriptionCreateWithMetadataSpecifications(
            allocator: nil, metadataType: kCMMetadataFormatType_Boxed, metadataSpecifications: specifications as CFArray,
            formatDescriptionOut: &description) == noErr)
        let metadata = try #require(description)
        #expect(CMFormatDescriptionGetMediaType(metadata) == kCMMediaType_Metadata)
        #expect(CMMetadataFormatDescriptionGetIdentifiers(metadata) as? [String]
                == ["mdta/com.apple.quicktime.location.ISO6709", "udta/%A9nam"])
        let second = try #require(CMMetadataFormatDescriptionGetKeyWithLocalID(metadata, localKeyID: 2) as? [String: Any])
        #expect(second[kCMMetadataFormatDescriptionKey_Namespace as String] as? Int == 0x7564_7461)  // 'udta'
        #expect(second[kCMMetadataFormatDescriptionKey_Value as String] as? Data == Data([0xA9, 0x6E, 0x61, 0x6D]))
        #expect(second[kCMMetadataFormatDescriptionKey_LanguageTag as String] as? String == "en-GB")
        #expect(CMMetadataFormatDescriptionGetKeyWithLocalID(metadata, localKeyID: 3) == nil)

        // Extending with one known and one new specification adds only the new one.
        var extended: CMFormatDescription?
        #expect(CMMetadataFormatDescriptionCreateWithMetadataFormatDescriptionAndMetadataSpecifications(
            allocator: nil, sourceDescription: metadata,
            metadataSpecifications: [specifications[0],
                                     [kCMMetadataFormatDescriptionMetadataSpecificationKey_Identifier: "mdta/com.example.rating",
                                      kCMMetadataFormatDescriptionMetadataSpecificationKey_DataType: "com.apple.metadata.datatype.float32"]],
            formatDescriptionOut: &extended) == noErr)
        #expect((CMMetadataFormatDescriptionGetIdentifiers(extended!) as? [String])?.count == 3)
        var merged: CMFormatDescription?
        #expect(CMMetadataFormatDescriptionCreateByMergingMetadataFormatDescriptions(
            allocator: nil, sourceDescription: metadata, otherSourceDescription: extended!,
            formatDescriptionOut: &merged) == noErr)
        #expect(CMMetadataFormatDescriptionGetIdentifiers(merged!) as? [String]
                == CMMetadataFormatDescriptionGetIdentifiers(extended!) as? [String])

        // A description made from the key table (as a demuxer would) equals the original.
        let keys = (1...2).map { CMMetadataFormatDescriptionGetKeyWithLocalID(metadata, localKeyID: OSType($0))! }
        var rebuilt: CMFormatDescription?
        #expect(CMMetadataFormatDescriptionCreateWithKeys(allocator: nil, metadataType: kCMMetadataFormatType_Boxed,
                                                          keys: keys as CFArray, formatDescriptionOut: &rebuilt) == noErr)
        #expect(rebuilt == metadata)

        var failed: CMFormatDescription?
        #expect(CMMetadataFormatDescriptionCreateWithMetadataSpecifications(
            allocator: nil, metadataType: kCMMetadataFormatType_Boxed,
            metadataSpecifications: [[kCMMetadataFormatDescriptionMetadataSpecificationKey_Identifier: "no-slash",
                                      kCMMetadataFormatDescriptionMetadataSpecificationKey_DataType: "x"]],
            formatDescriptionOut: &failed) == kCMFormatDescriptionError_InvalidParameter)
        #expect(CMMetadataFormatDescriptionCreateWithKeys(allocator: nil, metadataType: kCMMetadataFormatType_Boxed,
                                                          keys: nil, formatDescriptionOut: &failed)
                == kCMFormatDescriptionError_InvalidParameter)
        #expect(CMMetadataFormatDescriptionCreateWithKeys(allocator: nil, metadataType: kCMMetadataFormatType_ID3,
                                                          keys: nil, formatDescriptionOut: &failed) == noErr)
    }
}
