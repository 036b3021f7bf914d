// The overlay's media type and subtype values (Apple's CoreMedia overlay, macOS 10.15+), with the codes of the
// matching C constants (CMFormatDescription.h and CoreAudioTypes' kAudioFormat… values).

extension CMFormatDescription {
    /// A media type as a four-character code value.
    public struct MediaType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The raw value.
        public let rawValue: FourCharCode
        /// A value from its raw value.
        public init(rawValue: FourCharCode) { self.rawValue = rawValue }
        /// The code whose four characters are `string` (padded with spaces; characters past the fourth ignored).
        public init(string: String) { self.rawValue = fourCharCode(string: string) }
        /// The four characters.
        public var description: String { fourCharString(rawValue) }

        /// 'vide'.
        public static let video = MediaType(rawValue: kCMMediaType_Video)
        /// 'soun'.
        public static let audio = MediaType(rawValue: kCMMediaType_Audio)
        /// 'muxx'.
        public static let muxed = MediaType(rawValue: kCMMediaType_Muxed)
        /// 'text'.
        public static let text = MediaType(rawValue: kCMMediaType_Text)
        /// 'clcp'.
        public static let closedCaption = MediaType(rawValue: kCMMediaType_ClosedCaption)
        /// 'sbtl'.
        public static let subtitle = MediaType(rawValue: kCMMediaType_Subtitle)
        /// 'tmcd'.
        public static let timeCode = MediaType(rawValue: kCMMediaType_TimeCode)
        /// 'meta'.
        public static let metadata = MediaType(rawValue: kCMMediaType_Metadata)
    }

    /// A media subtype (codec, pixel format or stream format) as a four-character code value.
    public struct MediaSubType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The raw value.
        public let rawValue: FourCharCode
        /// A value from its raw value.
        public init(rawValue: FourCharCode) { self.rawValue = rawValue }
        /// The code whose four characters are `string`.
        public init(string: String) { self.rawValue = fourCharCode(string: string) }
        /// The four characters.
        public var description: String { fourCharString(rawValue) }

    /// 'lpcm'.
    public static let linearPCM = MediaSubType(rawValue: fourCharCode("lpcm"))
    /// 'ac-3'.
    public static let ac3 = MediaSubType(rawValue: fourCharCode("ac-3"))
    /// 'cac3'.
    public static let iec60958AC3 = MediaSubType(rawValue: fourCharCode("cac3"))
    /// 'ima4'.
    public static let appleIMA4 = MediaSubType(rawValue: fourCharCode("ima4"))
    /// 'aac '.
    public static let mpeg4AAC = MediaSubType(rawValue: fourCharCode("aac\u{20}"))
    /// 'celp'.
    public static let mpeg4CELP = MediaSubType(rawValue: fourCharCode("celp"))
    /// 'hvxc'.
    public static let mpeg4HVXC = MediaSubType(rawValue: fourCharCode("hvxc"))
    /// 'twvq'.
    public static let mpeg4TwinVQ = MediaSubType(rawValue: fourCharCode("twvq"))
    /// 'MAC3'.
    public static let mace3 = MediaSubType(rawValue: fourCharCode("MAC3"))
    /// 'MAC6'.
    public static let mace6 = MediaSubType(rawValue: fourCharCode("MAC6"))
    /// 'ulaw'.
    public static let uLaw = MediaSubType(rawValue: fourCharCode("ulaw"))
    /// 'alaw'.
    public static let aLaw = MediaSubType(rawValue: fourCharCode("alaw"))
    /// 'QDMC'.
    public static let qDesign = MediaSubType(rawValue: fourCharCode("QDMC"))
    /// 'QDM2'.
    public static let qDesign2 = MediaSubType(rawValue: fourCharCode("QDM2"))
    /// 'Qclp'.
    public static let qualcomm = MediaSubType(rawValue: fourCharCode("Qclp"))
    /// '.mp1'.
    public static let mpegLayer1 = MediaSubType(rawValue: fourCharCode(".mp1"))
    /// '.mp2'.
    public static let mpegLayer2 = MediaSubType(rawValue: fourCharCode(".mp2"))
    /// '.mp3'.
    public static let mpegLayer3 = MediaSubType(rawValue: fourCharCode(".mp3"))
    /// 'time'.
    public static let timeCode = MediaSubType(rawValue: fourCharCode("time"))
    /// 'midi'.
    public static let midiStream = MediaSubType(rawValue: fourCharCode("midi"))
    /// 'apvs'.
    public static let parameterValueStream = MediaSubType(rawValue: fourCharCode("apvs"))
    /// 'alac'.
    public static let appleLossless = MediaSubType(rawValue: fourCharCode("alac"))
    /// 'aach'.
    public static let mpeg4AAC_HE = MediaSubType(rawValue: fourCharCode("aach"))
    /// 'aacl'.
    public static let mpeg4AAC_LD = MediaSubType(rawValue: fourCharCode("aacl"))
    /// 'aace'.
    public static let mpeg4AAC_ELD = MediaSubType(rawValue: fourCharCode("aace"))
    /// 'aacf'.
    public static let mpeg4AAC_ELD_SBR = MediaSubType(rawValue: fourCharCode("aacf"))
    /// 'aacg'.
    public static let mpeg4AAC_ELD_V2 = MediaSubType(rawValue: fourCharCode("aacg"))
    /// 'aacp'.
    public static let mpeg4AAC_HE_V2 = MediaSubType(rawValue: fourCharCode("aacp"))
    /// 'aacs'.
    public static let mpeg4AAC_Spatial = MediaSubType(rawValue: fourCharCode("aacs"))
    /// 'usac'.
    public static let mpegD_USAC = MediaSubType(rawValue: fourCharCode("usac"))
    /// 'samr'.
    public static let amr = MediaSubType(rawValue: fourCharCode("samr"))
    /// 'sawb'.
    public static let amr_WB = MediaSubType(rawValue: fourCharCode("sawb"))
    /// 'AUDB'.
    public static let audible = MediaSubType(rawValue: fourCharCode("AUDB"))
    /// 'ilbc'.
    public static let iLBC = MediaSubType(rawValue: fourCharCode("ilbc"))
    /// 0x6D73_0011.
    public static let dviIntelIMA = MediaSubType(rawValue: 0x6D73_0011)
    /// 0x6D73_0031.
    public static let microsoftGSM = MediaSubType(rawValue: 0x6D73_0031)
    /// 'aes3'.
    public static let aes3 = MediaSubType(rawValue: fourCharCode("aes3"))
    /// 'ec-3'.
    public static let enhancedAC3 = MediaSubType(rawValue: fourCharCode("ec-3"))
    /// 'flac'.
    public static let flac = MediaSubType(rawValue: fourCharCode("flac"))
    /// 'opus'.
    public static let opus = MediaSubType(rawValue: fourCharCode("opus"))
    /// 'paac'.
    public static let aacLCProtected = MediaSubType(rawValue: fourCharCode("paac"))
    /// 'aaac'.
    public static let aacAudibleProtected = MediaSubType(rawValue: fourCharCode("aaac"))
    /// 32.
    public static let pixelFormat_32ARGB = MediaSubType(rawValue: 32)
    /// 'BGRA'.
    public static let pixelFormat_32BGRA = MediaSubType(rawValue: fourCharCode("BGRA"))
    /// 24.
    public static let pixelFormat_24RGB = MediaSubType(rawValue: 24)
    /// 16.
    public static let pixelFormat_16BE555 = MediaSubType(rawValue: 16)
    /// 'B565'.
    public static let pixelFormat_16BE565 = MediaSubType(rawValue: fourCharCode("B565"))
    /// 'L555'.
    public static let pixelFormat_16LE555 = MediaSubType(rawValue: fourCharCode("L555"))
    /// 'L565'.
    public static let pixelFormat_16LE565 = MediaSubType(rawValue: fourCharCode("L565"))
    /// '5551'.
    public static let pixelFormat_16LE5551 = MediaSubType(rawValue: fourCharCode("5551"))
    /// '2vuy'.
    public static let pixelFormat_422YpCbCr8 = MediaSubType(rawValue: fourCharCode("2vuy"))
    /// 'yuvs'.
    public static let pixelFormat_422YpCbCr8_yuvs = MediaSubType(rawValue: fourCharCode("yuvs"))
    /// 'v308'.
    public static let pixelFormat_444YpCbCr8 = MediaSubType(rawValue: fourCharCode("v308"))
    /// 'v408'.
    public static let pixelFormat_4444YpCbCrA8 = MediaSubType(rawValue: fourCharCode("v408"))
    /// 'v216'.
    public static let pixelFormat_422YpCbCr16 = MediaSubType(rawValue: fourCharCode("v216"))
    /// 'v210'.
    public static let pixelFormat_422YpCbCr10 = MediaSubType(rawValue: fourCharCode("v210"))
    /// 'v410'.
    public static let pixelFormat_444YpCbCr10 = MediaSubType(rawValue: fourCharCode("v410"))
    /// 0x28.
    public static let pixelFormat_8IndexedGray_WhiteIsZero = MediaSubType(rawValue: 0x28)
    /// 'rle '.
    public static let animation = MediaSubType(rawValue: fourCharCode("rle\u{20}"))
    /// 'cvid'.
    public static let cinepak = MediaSubType(rawValue: fourCharCode("cvid"))
    /// 'jpeg'.
    public static let jpeg = MediaSubType(rawValue: fourCharCode("jpeg"))
    /// 'dmb1'.
    public static let jpeg_OpenDML = MediaSubType(rawValue: fourCharCode("dmb1"))
    /// 'SVQ1'.
    public static let sorensonVideo = MediaSubType(rawValue: fourCharCode("SVQ1"))
    /// 'SVQ3'.
    public static let sorensonVideo3 = MediaSubType(rawValue: fourCharCode("SVQ3"))
    /// 'h263'.
    public static let h263 = MediaSubType(rawValue: fourCharCode("h263"))
    /// 'avc1'.
    public static let h264 = MediaSubType(rawValue: fourCharCode("avc1"))
    /// 'hvc1'.
    public static let hevc = MediaSubType(rawValue: fourCharCode("hvc1"))
    /// 'muxa'.
    public static let hevcWithAlpha = MediaSubType(rawValue: fourCharCode("muxa"))
    /// 'mp4v'.
    public static let mpeg4Video = MediaSubType(rawValue: fourCharCode("mp4v"))
    /// 'mp2v'.
    public static let mpeg2Video = MediaSubType(rawValue: fourCharCode("mp2v"))
    /// 'mp1v'.
    public static let mpeg1Video = MediaSubType(rawValue: fourCharCode("mp1v"))
    /// 'dvc '.
    public static let dvcNTSC = MediaSubType(rawValue: fourCharCode("dvc\u{20}"))
    /// 'dvcp'.
    public static let dvcPAL = MediaSubType(rawValue: fourCharCode("dvcp"))
    /// 'dvpp'.
    public static let dvcProPAL = MediaSubType(rawValue: fourCharCode("dvpp"))
    /// 'dv5n'.
    public static let dvcPro50NTSC = MediaSubType(rawValue: fourCharCode("dv5n"))
    /// 'dv5p'.
    public static let dvcPro50PAL = MediaSubType(rawValue: fourCharCode("dv5p"))
    /// 'dvhp'.
    public static let dvcPROHD720p60 = MediaSubType(rawValue: fourCharCode("dvhp"))
    /// 'dvhq'.
    public static let dvcPROHD720p50 = MediaSubType(rawValue: fourCharCode("dvhq"))
    /// 'dvh6'.
    public static let dvcPROHD1080i60 = MediaSubType(rawValue: fourCharCode("dvh6"))
    /// 'dvh5'.
    public static let dvcPROHD1080i50 = MediaSubType(rawValue: fourCharCode("dvh5"))
    /// 'dvh3'.
    public static let dvcPROHD1080p30 = MediaSubType(rawValue: fourCharCode("dvh3"))
    /// 'dvh2'.
    public static let dvcPROHD1080p25 = MediaSubType(rawValue: fourCharCode("dvh2"))
    /// 'ap4x'.
    public static let proRes4444XQ = MediaSubType(rawValue: fourCharCode("ap4x"))
    /// 'ap4h'.
    public static let proRes4444 = MediaSubType(rawValue: fourCharCode("ap4h"))
    /// 'apch'.
    public static let proRes422HQ = MediaSubType(rawValue: fourCharCode("apch"))
    /// 'apcn'.
    public static let proRes422 = MediaSubType(rawValue: fourCharCode("apcn"))
    /// 'apcs'.
    public static let proRes422LT = MediaSubType(rawValue: fourCharCode("apcs"))
    /// 'apco'.
    public static let proRes422Proxy = MediaSubType(rawValue: fourCharCode("apco"))
    /// 'aprn'.
    public static let proResRAW = MediaSubType(rawValue: fourCharCode("aprn"))
    /// 'aprh'.
    public static let proResRAWHQ = MediaSubType(rawValue: fourCharCode("aprh"))
    /// 'mp1s'.
    public static let mpeg1System = MediaSubType(rawValue: fourCharCode("mp1s"))
    /// 'mp2t'.
    public static let mpeg2Transport = MediaSubType(rawValue: fourCharCode("mp2t"))
    /// 'mp2p'.
    public static let mpeg2Program = MediaSubType(rawValue: fourCharCode("mp2p"))
    /// 'dv  '.
    public static let dv = MediaSubType(rawValue: fourCharCode("dv\u{20}\u{20}"))
    /// 'c608'.
    public static let cea608 = MediaSubType(rawValue: fourCharCode("c608"))
    /// 'c708'.
    public static let cea708 = MediaSubType(rawValue: fourCharCode("c708"))
    /// 'atcc'.
    public static let atsc = MediaSubType(rawValue: fourCharCode("atcc"))
    /// 'text'.
    public static let qt = MediaSubType(rawValue: fourCharCode("text"))
    /// 'tx3g'.
    public static let mobile3GPP = MediaSubType(rawValue: fourCharCode("tx3g"))
    /// 'wvtt'.
    public static let webVTT = MediaSubType(rawValue: fourCharCode("wvtt"))
    /// 'tmcd'.
    public static let timeCode32 = MediaSubType(rawValue: fourCharCode("tmcd"))
    /// 'tc64'.
    public static let timeCode64 = MediaSubType(rawValue: fourCharCode("tc64"))
    /// 'cn32'.
    public static let counter32 = MediaSubType(rawValue: fourCharCode("cn32"))
    /// 'cn64'.
    public static let counter64 = MediaSubType(rawValue: fourCharCode("cn64"))
    /// 'icy '.
    public static let icy = MediaSubType(rawValue: fourCharCode("icy\u{20}"))
    /// 'id3 '.
    public static let id3 = MediaSubType(rawValue: fourCharCode("id3\u{20}"))
    /// 'mebx'.
    public static let boxed = MediaSubType(rawValue: fourCharCode("mebx"))
    /// 'emsg'.
    public static let emsg = MediaSubType(rawValue: fourCharCode("emsg"))
    }
}

/// The code of up to four characters (shorter strings are padded with spaces; non-ASCII characters count as '?').
func fourCharCode(string: String) -> FourCharCode {
    var bytes = Array(string.unicodeScalars.prefix(4).map { $0.isASCII ? UInt8($0.value) : UInt8(ascii: "?") })
    while bytes.count < 4 { bytes.append(UInt8(ascii: " ")) }
    return bytes.reduce(0) { $0 << 8 | FourCharCode($1) }
}
