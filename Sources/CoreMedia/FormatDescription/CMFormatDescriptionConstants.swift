// Status codes, media types and the four-character codes of Apple's CMFormatDescription.h and
// CMFormatDescriptionBridge.h, with Apple's values.

/// A four-character code from its four ASCII characters, as C's `'avc1'` literal makes it.
func fourCharCode(_ text: StaticString) -> FourCharCode {
    precondition(text.utf8CodeUnitCount == 4, "a four-character code has four characters")
    return text.withUTF8Buffer { bytes in bytes.reduce(0) { $0 << 8 | FourCharCode($1) } }
}

/// The four characters of a code, for descriptions (non-printable bytes as `.`).
func fourCharString(_ code: FourCharCode) -> String {
    String(decoding: (0..<4).map { shift -> UInt8 in
        let byte = UInt8(truncatingIfNeeded: code >> (24 - 8 * UInt32(shift)))
        return (0x20..<0x7F).contains(byte) ? byte : UInt8(ascii: ".")
    }, as: UTF8.self)
}

// MARK: Status codes

/// A parameter was invalid.
public let kCMFormatDescriptionError_InvalidParameter: OSStatus = -12710
/// An allocation failed.
public let kCMFormatDescriptionError_AllocationFailed: OSStatus = -12711
/// The format description does not carry such a value.
public let kCMFormatDescriptionError_ValueNotAvailable: OSStatus = -12718

/// A parameter of a format description bridge function was invalid (CMFormatDescriptionBridge.h).
public let kCMFormatDescriptionBridgeError_InvalidParameter: OSStatus = -12712
/// An allocation failed in a format description bridge function (CMFormatDescriptionBridge.h).
public let kCMFormatDescriptionBridgeError_AllocationFailed: OSStatus = -12713
/// A serialized sample description was malformed (CMFormatDescriptionBridge.h).
public let kCMFormatDescriptionBridgeError_InvalidSerializedSampleDescription: OSStatus = -12714
/// A format description was invalid for the operation (CMFormatDescriptionBridge.h).
public let kCMFormatDescriptionBridgeError_InvalidFormatDescription: OSStatus = -12715
/// A format description does not fit the requested sample description flavour (CMFormatDescriptionBridge.h).
public let kCMFormatDescriptionBridgeError_IncompatibleFormatDescription: OSStatus = -12716
/// The sample description flavour is not supported (CMFormatDescriptionBridge.h).
public let kCMFormatDescriptionBridgeError_UnsupportedSampleDescriptionFlavor: OSStatus = -12717
/// A slice of a sample description was invalid (CMFormatDescriptionBridge.h).
public let kCMFormatDescriptionBridgeError_InvalidSlice: OSStatus = -12719

// MARK: Media types

/// The kind of media a format description describes.
public typealias CMMediaType = FourCharCode

/// Video ('vide').
public let kCMMediaType_Video: CMMediaType = fourCharCode("vide")
/// Audio ('soun').
public let kCMMediaType_Audio: CMMediaType = fourCharCode("soun")
/// Muxed media ('muxx').
public let kCMMediaType_Muxed: CMMediaType = fourCharCode("muxx")
/// Text ('text').
public let kCMMediaType_Text: CMMediaType = fourCharCode("text")
/// Closed captions ('clcp').
public let kCMMediaType_ClosedCaption: CMMediaType = fourCharCode("clcp")
/// Subtitles ('sbtl').
public let kCMMediaType_Subtitle: CMMediaType = fourCharCode("sbtl")
/// Timecode ('tmcd').
public let kCMMediaType_TimeCode: CMMediaType = fourCharCode("tmcd")
/// Timed metadata ('meta').
public let kCMMediaType_Metadata: CMMediaType = fourCharCode("meta")
/// Auxiliary pictures ('auxv'; value from Apple's SDK header CMFormatDescription.h, macOS 14+).
public let kCMMediaType_AuxiliaryPicture: CMMediaType = fourCharCode("auxv")
/// Tagged buffer groups ('tbgr'; value from Apple's SDK header CMFormatDescription.h, macOS 14+).
public let kCMMediaType_TaggedBufferGroup: CMMediaType = fourCharCode("tbgr")

// MARK: Audio codec types

/// A four-character code naming an audio codec.
public typealias CMAudioCodecType = FourCharCode
/// iTunes Store protected low-complexity AAC ('paac').
public let kCMAudioCodecType_AAC_LCProtected: CMAudioCodecType = fourCharCode("paac")
/// Audible's protected AAC ('aaac').
public let kCMAudioCodecType_AAC_AudibleProtected: CMAudioCodecType = fourCharCode("aaac")

// MARK: Pixel formats

/// A four-character code (or small integer) naming an uncompressed pixel format.
public typealias CMPixelFormatType = FourCharCode
/// The 32ARGB pixel format (32).
public let kCMPixelFormat_32ARGB: CMPixelFormatType = 32
/// The 32BGRA pixel format ('BGRA').
public let kCMPixelFormat_32BGRA: CMPixelFormatType = fourCharCode("BGRA")
/// The 24RGB pixel format (24).
public let kCMPixelFormat_24RGB: CMPixelFormatType = 24
/// The 16BE555 pixel format (16).
public let kCMPixelFormat_16BE555: CMPixelFormatType = 16
/// The 16BE565 pixel format ('B565').
public let kCMPixelFormat_16BE565: CMPixelFormatType = fourCharCode("B565")
/// The 16LE555 pixel format ('L555').
public let kCMPixelFormat_16LE555: CMPixelFormatType = fourCharCode("L555")
/// The 16LE565 pixel format ('L565').
public let kCMPixelFormat_16LE565: CMPixelFormatType = fourCharCode("L565")
/// The 16LE5551 pixel format ('5551').
public let kCMPixelFormat_16LE5551: CMPixelFormatType = fourCharCode("5551")
/// The 422YpCbCr8 pixel format ('2vuy').
public let kCMPixelFormat_422YpCbCr8: CMPixelFormatType = fourCharCode("2vuy")
/// The 422YpCbCr8_yuvs pixel format ('yuvs').
public let kCMPixelFormat_422YpCbCr8_yuvs: CMPixelFormatType = fourCharCode("yuvs")
/// The 444YpCbCr8 pixel format ('v308').
public let kCMPixelFormat_444YpCbCr8: CMPixelFormatType = fourCharCode("v308")
/// The 4444YpCbCrA8 pixel format ('v408').
public let kCMPixelFormat_4444YpCbCrA8: CMPixelFormatType = fourCharCode("v408")
/// The 422YpCbCr16 pixel format ('v216').
public let kCMPixelFormat_422YpCbCr16: CMPixelFormatType = fourCharCode("v216")
/// The 422YpCbCr10 pixel format ('v210').
public let kCMPixelFormat_422YpCbCr10: CMPixelFormatType = fourCharCode("v210")
/// The 444YpCbCr10 pixel format ('v410').
public let kCMPixelFormat_444YpCbCr10: CMPixelFormatType = fourCharCode("v410")
/// The 8IndexedGray_WhiteIsZero pixel format (0x0000_0028).
public let kCMPixelFormat_8IndexedGray_WhiteIsZero: CMPixelFormatType = 0x0000_0028

// MARK: Video codec types

/// A four-character code naming a video codec (or, for uncompressed video, a pixel format).
public typealias CMVideoCodecType = FourCharCode
/// The 422YpCbCr8 video codec.
public let kCMVideoCodecType_422YpCbCr8: CMVideoCodecType = kCMPixelFormat_422YpCbCr8
/// The Animation video codec ('rle ').
public let kCMVideoCodecType_Animation: CMVideoCodecType = fourCharCode("rle ")
/// The Cinepak video codec ('cvid').
public let kCMVideoCodecType_Cinepak: CMVideoCodecType = fourCharCode("cvid")
/// The JPEG video codec ('jpeg').
public let kCMVideoCodecType_JPEG: CMVideoCodecType = fourCharCode("jpeg")
/// The JPEG_OpenDML video codec ('dmb1').
public let kCMVideoCodecType_JPEG_OpenDML: CMVideoCodecType = fourCharCode("dmb1")
/// The SorensonVideo video codec ('SVQ1').
public let kCMVideoCodecType_SorensonVideo: CMVideoCodecType = fourCharCode("SVQ1")
/// The SorensonVideo3 video codec ('SVQ3').
public let kCMVideoCodecType_SorensonVideo3: CMVideoCodecType = fourCharCode("SVQ3")
/// The H263 video codec ('h263').
public let kCMVideoCodecType_H263: CMVideoCodecType = fourCharCode("h263")
/// The H264 video codec ('avc1').
public let kCMVideoCodecType_H264: CMVideoCodecType = fourCharCode("avc1")
/// The HEVC video codec ('hvc1').
public let kCMVideoCodecType_HEVC: CMVideoCodecType = fourCharCode("hvc1")
/// The HEVCWithAlpha video codec ('muxa').
public let kCMVideoCodecType_HEVCWithAlpha: CMVideoCodecType = fourCharCode("muxa")
/// Dolby Vision HEVC ('dvh1'; value from Apple's SDK header, macOS 11+).
public let kCMVideoCodecType_DolbyVisionHEVC: CMVideoCodecType = fourCharCode("dvh1")
/// The MPEG4Video video codec ('mp4v').
public let kCMVideoCodecType_MPEG4Video: CMVideoCodecType = fourCharCode("mp4v")
/// The MPEG2Video video codec ('mp2v').
public let kCMVideoCodecType_MPEG2Video: CMVideoCodecType = fourCharCode("mp2v")
/// The MPEG1Video video codec ('mp1v').
public let kCMVideoCodecType_MPEG1Video: CMVideoCodecType = fourCharCode("mp1v")
/// VP9 ('vp09'; value from Apple's SDK header, macOS 11+).
public let kCMVideoCodecType_VP9: CMVideoCodecType = fourCharCode("vp09")
/// AV1 ('av01'; value from Apple's SDK header, macOS 14+).
public let kCMVideoCodecType_AV1: CMVideoCodecType = fourCharCode("av01")
/// The DVCNTSC video codec ('dvc ').
public let kCMVideoCodecType_DVCNTSC: CMVideoCodecType = fourCharCode("dvc ")
/// The DVCPAL video codec ('dvcp').
public let kCMVideoCodecType_DVCPAL: CMVideoCodecType = fourCharCode("dvcp")
/// The DVCProPAL video codec ('dvpp').
public let kCMVideoCodecType_DVCProPAL: CMVideoCodecType = fourCharCode("dvpp")
/// The DVCPro50NTSC video codec ('dv5n').
public let kCMVideoCodecType_DVCPro50NTSC: CMVideoCodecType = fourCharCode("dv5n")
/// The DVCPro50PAL video codec ('dv5p').
public let kCMVideoCodecType_DVCPro50PAL: CMVideoCodecType = fourCharCode("dv5p")
/// The DVCPROHD720p60 video codec ('dvhp').
public let kCMVideoCodecType_DVCPROHD720p60: CMVideoCodecType = fourCharCode("dvhp")
/// The DVCPROHD720p50 video codec ('dvhq').
public let kCMVideoCodecType_DVCPROHD720p50: CMVideoCodecType = fourCharCode("dvhq")
/// The DVCPROHD1080i60 video codec ('dvh6').
public let kCMVideoCodecType_DVCPROHD1080i60: CMVideoCodecType = fourCharCode("dvh6")
/// The DVCPROHD1080i50 video codec ('dvh5').
public let kCMVideoCodecType_DVCPROHD1080i50: CMVideoCodecType = fourCharCode("dvh5")
/// The DVCPROHD1080p30 video codec ('dvh3').
public let kCMVideoCodecType_DVCPROHD1080p30: CMVideoCodecType = fourCharCode("dvh3")
/// The DVCPROHD1080p25 video codec ('dvh2').
public let kCMVideoCodecType_DVCPROHD1080p25: CMVideoCodecType = fourCharCode("dvh2")
/// The AppleProRes4444XQ video codec ('ap4x').
public let kCMVideoCodecType_AppleProRes4444XQ: CMVideoCodecType = fourCharCode("ap4x")
/// The AppleProRes4444 video codec ('ap4h').
public let kCMVideoCodecType_AppleProRes4444: CMVideoCodecType = fourCharCode("ap4h")
/// The AppleProRes422HQ video codec ('apch').
public let kCMVideoCodecType_AppleProRes422HQ: CMVideoCodecType = fourCharCode("apch")
/// The AppleProRes422 video codec ('apcn').
public let kCMVideoCodecType_AppleProRes422: CMVideoCodecType = fourCharCode("apcn")
/// The AppleProRes422LT video codec ('apcs').
public let kCMVideoCodecType_AppleProRes422LT: CMVideoCodecType = fourCharCode("apcs")
/// The AppleProRes422Proxy video codec ('apco').
public let kCMVideoCodecType_AppleProRes422Proxy: CMVideoCodecType = fourCharCode("apco")
/// The AppleProResRAW video codec ('aprn').
public let kCMVideoCodecType_AppleProResRAW: CMVideoCodecType = fourCharCode("aprn")
/// The AppleProResRAWHQ video codec ('aprh').
public let kCMVideoCodecType_AppleProResRAWHQ: CMVideoCodecType = fourCharCode("aprh")

// MARK: Muxed, caption, text, subtitle, timecode and metadata formats

/// The format of a muxed stream.
public typealias CMMuxedStreamType = FourCharCode
/// The MPEG1System muxed stream format ('mp1s').
public let kCMMuxedStreamType_MPEG1System: CMMuxedStreamType = fourCharCode("mp1s")
/// The MPEG2Transport muxed stream format ('mp2t').
public let kCMMuxedStreamType_MPEG2Transport: CMMuxedStreamType = fourCharCode("mp2t")
/// The MPEG2Program muxed stream format ('mp2p').
public let kCMMuxedStreamType_MPEG2Program: CMMuxedStreamType = fourCharCode("mp2p")
/// The DV muxed stream format ('dv  ').
public let kCMMuxedStreamType_DV: CMMuxedStreamType = fourCharCode("dv  ")

/// The format of closed-caption samples.
public typealias CMClosedCaptionFormatType = FourCharCode
/// The CEA608 closed-caption format ('c608').
public let kCMClosedCaptionFormatType_CEA608: CMClosedCaptionFormatType = fourCharCode("c608")
/// The CEA708 closed-caption format ('c708').
public let kCMClosedCaptionFormatType_CEA708: CMClosedCaptionFormatType = fourCharCode("c708")
/// The ATSC closed-caption format ('atcc').
public let kCMClosedCaptionFormatType_ATSC: CMClosedCaptionFormatType = fourCharCode("atcc")

/// The format of text samples.
public typealias CMTextFormatType = FourCharCode
/// The QTText text format ('text').
public let kCMTextFormatType_QTText: CMTextFormatType = fourCharCode("text")
/// The 3GText text format ('tx3g').
public let kCMTextFormatType_3GText: CMTextFormatType = fourCharCode("tx3g")

/// The format of subtitle samples.
public typealias CMSubtitleFormatType = FourCharCode
/// The 3GText subtitle format ('tx3g').
public let kCMSubtitleFormatType_3GText: CMSubtitleFormatType = fourCharCode("tx3g")
/// The WebVTT subtitle format ('wvtt').
public let kCMSubtitleFormatType_WebVTT: CMSubtitleFormatType = fourCharCode("wvtt")

/// The format of timecode samples.
public typealias CMTimeCodeFormatType = FourCharCode
/// The TimeCode32 timecode format ('tmcd').
public let kCMTimeCodeFormatType_TimeCode32: CMTimeCodeFormatType = fourCharCode("tmcd")
/// The TimeCode64 timecode format ('tc64').
public let kCMTimeCodeFormatType_TimeCode64: CMTimeCodeFormatType = fourCharCode("tc64")
/// The Counter32 timecode format ('cn32').
public let kCMTimeCodeFormatType_Counter32: CMTimeCodeFormatType = fourCharCode("cn32")
/// The Counter64 timecode format ('cn64').
public let kCMTimeCodeFormatType_Counter64: CMTimeCodeFormatType = fourCharCode("cn64")

/// Timecodes are drop-frame.
public let kCMTimeCodeFlag_DropFrame: UInt32 = 1 << 0
/// Timecodes roll over every 24 hours.
public let kCMTimeCodeFlag_24HourMax: UInt32 = 1 << 1
/// The track may hold negative timecodes.
public let kCMTimeCodeFlag_NegTimesOK: UInt32 = 1 << 2

/// The format of timed-metadata samples.
public typealias CMMetadataFormatType = FourCharCode
/// SHOUTcast metadata ('icy ').
public let kCMMetadataFormatType_ICY: CMMetadataFormatType = fourCharCode("icy ")
/// ID3 metadata ('id3 ').
public let kCMMetadataFormatType_ID3: CMMetadataFormatType = fourCharCode("id3 ")
/// Boxed metadata, as in a QuickTime timed-metadata ('mebx') track.
public let kCMMetadataFormatType_Boxed: CMMetadataFormatType = fourCharCode("mebx")
/// Event messages ('emsg').
public let kCMMetadataFormatType_EMSG: CMMetadataFormatType = fourCharCode("emsg")
