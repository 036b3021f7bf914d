import CoreMedia
import FFmpegBridge
import MediaFormats

/// What the FFmpeg decoder needs to know about a video format description: the codec, its setup bytes, the
/// sample entry's code (ProRes 4444 decodes to 12 bits only when FFmpeg knows it), and the coded size.
struct VideoCodecDescription {
    var codec: FFCodec
    var extradata: [UInt8]
    var codecTag: String?
    var width: Int
    var height: Int

    /// The media subtypes each codec is stored under (ISO/IEC 14496-15 avc1/avc3/hvc1/hev1; QuickTime ProRes and
    /// JPEG codes; ISO/IEC 14496-14 mp4v; AV1-ISOBMFF av01).
    static func codec(forSubtype subtype: FourCharCode) -> FFCodec? {
        switch fourCharacterString(subtype) {
        case "'avc1'", "'avc3'": return .h264
        case "'hvc1'", "'hev1'": return .hevc
        case "'apco'", "'apcs'", "'apcn'", "'apch'", "'ap4h'", "'ap4x'": return .prores
        case "'jpeg'", "'mjpa'", "'dmb1'": return .mjpeg
        case "'mp4v'": return .mpeg4
        case "'av01'": return .av1
        default: return nil
        }
    }

    /// Reads a video format description.
    init(_ description: CMFormatDescription) throws(CodecError) {
        guard CMFormatDescriptionGetMediaType(description) == kCMMediaType_Video else {
            throw CodecError(.invalidInput, "the format description is not video")
        }
        let subtype = CMFormatDescriptionGetMediaSubType(description)
        guard let codec = Self.codec(forSubtype: subtype), codec.isDecodable else {
            throw CodecError(.unsupportedFormat, "no decoder for video codec \(fourCharacterString(subtype)) in this build")
        }
        self.codec = codec
        let dimensions = CMVideoFormatDescriptionGetDimensions(description)
        width = Int(dimensions.width)
        height = Int(dimensions.height)
        let atoms = CMFormatDescriptionGetExtension(description,
                                                    extensionKey: kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms)
            .flatMap(AttributeValue.dictionary) ?? [:]
        func atom(_ name: String) -> [UInt8]? {
            if let data = atoms[name] as? Data { return [UInt8](data) }
            if let list = atoms[name] as? [Any], let data = list.first as? Data { return [UInt8](data) }
            return nil
        }
        codecTag = nil
        switch codec {
        case .h264:
            guard let avcC = atom("avcC") else {
                throw CodecError(.invalidInput, "an H.264 format description needs an avcC sample description extension atom")
            }
            extradata = avcC
        case .hevc:
            guard let hvcC = atom("hvcC") else {
                throw CodecError(.invalidInput, "an HEVC format description needs an hvcC sample description extension atom")
            }
            extradata = hvcC
        case .av1:
            extradata = atom("av1C") ?? []
        case .mpeg4:
            // The esds box payload: version/flags, then the ES_Descriptor whose DecoderSpecificInfo is the VOL header.
            guard let esds = atom("esds") else {
                throw CodecError(.invalidInput, "an MPEG-4 Visual format description needs an esds sample description extension atom")
            }
            do {
                extradata = try ESDescriptor(parsing: Array(esds.dropFirst(4))).decoderConfig?.decoderSpecificInfo ?? []
            } catch {
                throw CodecError(.invalidInput, "the esds atom is malformed: \(error)")
            }
        case .prores:
            extradata = []
            codecTag = String(decoding: withUnsafeBytes(of: subtype.bigEndian) { Array($0) }, as: UTF8.self)
        default:
            extradata = []
        }
    }
}
