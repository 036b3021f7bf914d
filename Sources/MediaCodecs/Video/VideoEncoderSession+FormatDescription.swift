import CoreMedia
import CoreVideo
import FFmpegBridge
import MediaFormats

extension VideoEncoderSession {
    /// The format description of the encoded stream: for H.264 and HEVC built by CoreMedia from the encoder's
    /// parameter sets (avcC/hvcC, dimensions and VUI colour), with the requested colour, pixel aspect ratio and
    /// clean aperture extensions and the format name and depth QuickTime sample descriptions carry.
    func makeFormatDescription(encoder: FFVideoEncoder, width: Int, height: Int, color: VideoColorDescription)
        throws(CodecError) -> CMFormatDescription {
        var extensions = color.formatDescriptionExtensions
        extensions.removeValue(forKey: kCMFormatDescriptionExtension_ChromaLocationTopField as String)
        extensions.removeValue(forKey: kCMFormatDescriptionExtension_ChromaLocationBottomField as String)
        if let ratio = settings.pixelAspectRatio {
            extensions[kCMFormatDescriptionExtension_PixelAspectRatio as String] = [
                kCMFormatDescriptionKey_PixelAspectRatioHorizontalSpacing: ratio.horizontal,
                kCMFormatDescriptionKey_PixelAspectRatioVerticalSpacing: ratio.vertical]
        }
        if let clap = settings.cleanAperture {
            extensions[kCMFormatDescriptionExtension_CleanAperture as String] = clap.dictionary
        }
        let alpha = settings.inputPixelFormat.hasAlpha
        extensions[kCMFormatDescriptionExtension_Depth as String] = alpha ? 32 : 24
        extensions[kCMFormatDescriptionExtension_FormatName as String] = Self.formatName(settings.codec)
        if alpha { extensions[kCMFormatDescriptionExtension_ContainsAlphaChannel as String] = true }

        let codec = settings.encoder.codec
        var description: CMFormatDescription?
        if let format = Self.nalUnitFormat(codec) {
            let sets = NALUnits.parameterSets(inAnnexB: encoder.extradata, format: format)
            guard !sets.sequenceParameterSets.isEmpty, !sets.pictureParameterSets.isEmpty,
                  codec == .h264 || !sets.videoParameterSets.isEmpty else {
                throw CodecError(.codecFailed, "\(settings.encoder.name) produced no parameter sets")
            }
            let status = withParameterSets(sets.all) { pointers, sizes in
                codec == .h264
                    ? CMVideoFormatDescriptionCreateFromH264ParameterSets(
                        allocator: nil, parameterSetCount: sets.all.count, parameterSetPointers: pointers,
                        parameterSetSizes: sizes, nalUnitHeaderLength: 4, formatDescriptionOut: &description)
                    : CMVideoFormatDescriptionCreateFromHEVCParameterSets(
                        allocator: nil, parameterSetCount: sets.all.count, parameterSetPointers: pointers,
                        parameterSetSizes: sizes, nalUnitHeaderLength: 4, extensions: nil, formatDescriptionOut: &description)
            }
            guard status == noErr, let made = description else {
                throw CodecError(.codecFailed, "CoreMedia refused the encoder's parameter sets (status \(status))")
            }
            // Merge: what the parameter sets say, overridden by what the settings ask for.
            var merged = CMFormatDescriptionGetExtensions(made)?.stringKeyed ?? [:]
            for (key, value) in extensions { merged[key] = value }
            let dimensions = CMVideoFormatDescriptionGetDimensions(made)
            description = nil
            let rebuilt = CMVideoFormatDescriptionCreate(allocator: nil, codecType: CMFormatDescriptionGetMediaSubType(made),
                                                         width: dimensions.width, height: dimensions.height,
                                                         extensions: merged as CFDictionary, formatDescriptionOut: &description)
            guard rebuilt == noErr, let final = description else {
                throw CodecError(.codecFailed, "cannot add extensions to the \(codec) format description (status \(rebuilt))")
            }
            return final
        }
        let status = CMVideoFormatDescriptionCreate(allocator: nil, codecType: Self.codecType(settings.codec),
                                                    width: Int32(width), height: Int32(height), extensions: extensions as CFDictionary,
                                                    formatDescriptionOut: &description)
        guard status == noErr, let description else {
            throw CodecError(.codecFailed, "cannot make a \(settings.codec.rawValue) format description (status \(status))")
        }
        return description
    }

    /// The sample entry code: the codec type's own four characters (HEVC with alpha is labelled 'hvc1',
    /// AVVideoSettings.h).
    static func codecType(_ codec: AVVideoCodecType) -> CMVideoCodecType {
        let text = codec == .hevcWithAlpha ? "hvc1" : codec.rawValue
        return text.utf8.reduce(0) { $0 << 8 | CMVideoCodecType($1) }
    }

    /// The compressor name QuickTime writes into the sample description for each codec.
    static func formatName(_ codec: AVVideoCodecType) -> String {
        switch codec {
        case .h264: return "H.264"
        case .hevc: return "HEVC"
        case .jpeg: return "Photo - JPEG"
        case .proRes422Proxy: return "Apple ProRes 422 Proxy"
        case .proRes422LT: return "Apple ProRes 422 LT"
        case .proRes422: return "Apple ProRes 422"
        case .proRes422HQ: return "Apple ProRes 422 HQ"
        case .proRes4444: return "Apple ProRes 4444"
        case .appleProRes4444XQ: return "Apple ProRes 4444 XQ"
        default: return codec.rawValue
        }
    }
}

/// Calls `body` with C arrays of pointers to and sizes of `sets`, valid during the call.
private func withParameterSets<Result>(_ sets: [[UInt8]],
                                       _ body: (UnsafePointer<UnsafePointer<UInt8>>, UnsafePointer<Int>) -> Result) -> Result {
    let total = sets.reduce(0) { $0 + $1.count }
    let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, total))
    defer { storage.deallocate() }
    var pointers: [UnsafePointer<UInt8>] = []
    var offset = 0
    for set in sets {
        (storage + offset).update(from: set, count: set.count)
        pointers.append(UnsafePointer(storage + offset))
        offset += set.count
    }
    let sizes = sets.map(\.count)
    return pointers.withUnsafeBufferPointer { p in sizes.withUnsafeBufferPointer { s in body(p.baseAddress!, s.baseAddress!) } }
}
