import MediaFormats

// Video format descriptions from H.264 and HEVC parameter sets, and the parameter sets back out of them
// (CMFormatDescription.h). The avcC and hvcC records built here follow ISO/IEC 14496-15.

/// Creates an H.264 format description from SPS, PPS and SPS extension NAL units (with emulation prevention
/// bytes): an avcC record built from them, the dimensions of the first SPS after cropping, and the colour, range,
/// aspect ratio and chroma siting its VUI signals. At least one SPS and one PPS are needed; the NAL unit header
/// length must be 1, 2 or 4. Anything malformed gives `kCMFormatDescriptionError_InvalidParameter`.
@discardableResult
public func CMVideoFormatDescriptionCreateFromH264ParameterSets(
    allocator: CFAllocator?, parameterSetCount: Int, parameterSetPointers: UnsafePointer<UnsafePointer<UInt8>>,
    parameterSetSizes: UnsafePointer<Int>, nalUnitHeaderLength NALUnitHeaderLength: Int32,
    formatDescriptionOut: UnsafeMutablePointer<CMFormatDescription?>
) -> OSStatus {
    formatDescriptionOut.pointee = nil
    guard let units = copyParameterSets(count: parameterSetCount, minimum: 2, pointers: parameterSetPointers,
                                        sizes: parameterSetSizes) else {
        return kCMFormatDescriptionError_InvalidParameter
    }
    do {
        formatDescriptionOut.pointee = try makeH264FormatDescription(parameterSets: units,
                                                                     nalUnitLength: Int(NALUnitHeaderLength))
        return noErr
    } catch {
        return kCMFormatDescriptionError_InvalidParameter
    }
}

/// Creates an HEVC format description from VPS, SPS, PPS and SEI NAL units (with emulation prevention bytes): an
/// hvcC record built from them, the dimensions of the first SPS after its conformance window, and what its VUI
/// signals; `extensions` are added (their sample description extension atoms merged with the hvcC).
@discardableResult
public func CMVideoFormatDescriptionCreateFromHEVCParameterSets(
    allocator: CFAllocator?, parameterSetCount: Int, parameterSetPointers: UnsafePointer<UnsafePointer<UInt8>>,
    parameterSetSizes: UnsafePointer<Int>, nalUnitHeaderLength NALUnitHeaderLength: Int32,
    extensions: CFDictionary?, formatDescriptionOut: UnsafeMutablePointer<CMFormatDescription?>
) -> OSStatus {
    formatDescriptionOut.pointee = nil
    guard let units = copyParameterSets(count: parameterSetCount, minimum: 3, pointers: parameterSetPointers,
                                        sizes: parameterSetSizes),
          let extra = CMFormatDescription.extensions(from: extensions) else {
        return kCMFormatDescriptionError_InvalidParameter
    }
    do {
        formatDescriptionOut.pointee = try makeHEVCFormatDescription(
            parameterSets: units, nalUnitLength: Int(NALUnitHeaderLength), extensions: extra)
        return noErr
    } catch {
        return kCMFormatDescriptionError_InvalidParameter
    }
}

/// The NAL unit at `parameterSetIndex` of an H.264 format description's avcC (SPSs, then PPSs, then SPS
/// extensions), the number of them, and the NAL unit length size. The pointer lives as long as the description.
@discardableResult
public func CMVideoFormatDescriptionGetH264ParameterSetAtIndex(
    _ videoDesc: CMFormatDescription, parameterSetIndex: Int,
    parameterSetPointerOut: UnsafeMutablePointer<UnsafePointer<UInt8>?>?,
    parameterSetSizeOut: UnsafeMutablePointer<Int>?, parameterSetCountOut: UnsafeMutablePointer<Int>?,
    nalUnitHeaderLengthOut NALUnitHeaderLengthOut: UnsafeMutablePointer<Int32>?
) -> OSStatus {
    parameterSet(videoDesc, codec: .h264, index: parameterSetIndex, pointerOut: parameterSetPointerOut,
                 sizeOut: parameterSetSizeOut, countOut: parameterSetCountOut, lengthOut: NALUnitHeaderLengthOut)
}

/// The NAL unit at `parameterSetIndex` of an HEVC format description's hvcC (in record order), the number of them,
/// and the NAL unit length size. The pointer lives as long as the description.
@discardableResult
public func CMVideoFormatDescriptionGetHEVCParameterSetAtIndex(
    _ videoDesc: CMFormatDescription, parameterSetIndex: Int,
    parameterSetPointerOut: UnsafeMutablePointer<UnsafePointer<UInt8>?>?,
    parameterSetSizeOut: UnsafeMutablePointer<Int>?, parameterSetCountOut: UnsafeMutablePointer<Int>?,
    nalUnitHeaderLengthOut NALUnitHeaderLengthOut: UnsafeMutablePointer<Int32>?
) -> OSStatus {
    parameterSet(videoDesc, codec: .hevc, index: parameterSetIndex, pointerOut: parameterSetPointerOut,
                 sizeOut: parameterSetSizeOut, countOut: parameterSetCountOut, lengthOut: NALUnitHeaderLengthOut)
}

// MARK: Shared work

/// Copies the caller's parameter sets, or nil when there are too few or a size is negative or zero.
private func copyParameterSets(count: Int, minimum: Int, pointers: UnsafePointer<UnsafePointer<UInt8>>,
                               sizes: UnsafePointer<Int>) -> [[UInt8]]? {
    guard count >= minimum, count <= CoreMediaLimits.maximumParameterSets else { return nil }
    var units: [[UInt8]] = []
    for index in 0..<count {
        let size = sizes[index]
        guard size > 0, size <= 0xFFFF else { return nil }
        units.append(Array(UnsafeBufferPointer(start: pointers[index], count: size)))
    }
    return units
}

/// An H.264 format description from parameter sets.
func makeH264FormatDescription(parameterSets: [[UInt8]], nalUnitLength: Int) throws -> CMFormatDescription {
    let record = try AVCDecoderConfigurationRecord(parameterSets: parameterSets, nalUnitLength: nalUnitLength)
    let sps = try H264SequenceParameterSet(nalUnit: record.sequenceParameterSets[0])
    let extensions = parameterSetExtensions(vui: sps.vui, bitDepthLumaMinus8: sps.bitDepthLumaMinus8,
                                            atoms: ["avcC": Data(try record.serialized())])
    return CMFormatDescription.makeVideo(codecType: kCMVideoCodecType_H264, width: Int32(sps.width),
                                         height: Int32(sps.height), extensions: extensions)
}

/// An HEVC format description from parameter sets and extra extensions.
func makeHEVCFormatDescription(parameterSets: [[UInt8]], nalUnitLength: Int,
                               extensions extra: [String: Any]) throws -> CMFormatDescription {
    let record = try HEVCDecoderConfigurationRecord(parameterSets: parameterSets, nalUnitLength: nalUnitLength)
    guard let firstSPS = record.arrays.first(where: { $0.nalUnitType == 33 })?.nalUnits.first else {
        throw ParameterSetError("no SPS")
    }
    let sps = try HEVCSequenceParameterSet(nalUnit: firstSPS)
    var atoms: [String: Any] = AttributeValue.dictionary(
        extra[kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms as String]) ?? [:]
    atoms["hvcC"] = Data(try record.serialized())
    var extensions = parameterSetExtensions(vui: sps.vui, bitDepthLumaMinus8: sps.bitDepthLumaMinus8, atoms: atoms)
    for (key, value) in extra where key != kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms as String {
        extensions[key] = value
    }
    return CMFormatDescription.makeVideo(codecType: kCMVideoCodecType_HEVC, width: Int32(sps.width),
                                         height: Int32(sps.height), extensions: extensions)
}

/// The extensions a parameter-set format description carries: the record, and what the VUI signals.
private func parameterSetExtensions(vui: VideoUsability, bitDepthLumaMinus8: Int,
                                    atoms: [String: Any]) -> [String: Any] {
    var extensions: [String: Any] = [
        kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms as String: atoms,
        kCMFormatDescriptionExtension_FullRangeVideo as String: vui.videoFullRange,
        kCMFormatDescriptionExtension_BitsPerComponent as String: 8 + bitDepthLumaMinus8,
    ]
    if let ratio = vui.sampleAspectRatio {
        extensions[kCMFormatDescriptionExtension_PixelAspectRatio as String] = [
            kCMFormatDescriptionKey_PixelAspectRatioHorizontalSpacing: ratio.horizontal,
            kCMFormatDescriptionKey_PixelAspectRatioVerticalSpacing: ratio.vertical,
        ]
    }
    // ITU-T H.273 code points, named through the package's one table (as `CVColorPrimariesGetStringForIntegerCodePoint`
    // and its siblings name them).
    extensions[kCMFormatDescriptionExtension_ColorPrimaries as String] =
        vui.colourPrimaries.flatMap(ColourCodePoints.primaries(forCodePoint:))
    extensions[kCMFormatDescriptionExtension_TransferFunction as String] =
        vui.transferCharacteristics.flatMap(ColourCodePoints.transferFunction(forCodePoint:))
    extensions[kCMFormatDescriptionExtension_GammaLevel as String] =
        vui.transferCharacteristics.flatMap(ColourCodePoints.gammaLevel(forTransferCodePoint:))
    extensions[kCMFormatDescriptionExtension_YCbCrMatrix as String] =
        vui.matrixCoefficients.flatMap(ColourCodePoints.yCbCrMatrix(forCodePoint:))
    extensions[kCMFormatDescriptionExtension_ChromaLocationTopField as String] =
        vui.chromaSampleLocationTop.flatMap(chromaLocation(codePoint:))
    extensions[kCMFormatDescriptionExtension_ChromaLocationBottomField as String] =
        vui.chromaSampleLocationBottom.flatMap(chromaLocation(codePoint:))
    return extensions
}

/// The parameter set lookup both `Get…ParameterSetAtIndex` functions share.
private func parameterSet(
    _ description: CMFormatDescription, codec: ParameterSetStorage.Codec, index: Int,
    pointerOut: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, sizeOut: UnsafeMutablePointer<Int>?,
    countOut: UnsafeMutablePointer<Int>?, lengthOut: UnsafeMutablePointer<Int32>?
) -> OSStatus {
    guard let storage = description.parameterSetStorage, storage.codec == codec,
          case .success(let (nalUnitLength, units)) = storage.parsed else {
        return kCMFormatDescriptionError_InvalidParameter
    }
    countOut?.pointee = units.count
    lengthOut?.pointee = Int32(nalUnitLength)
    guard pointerOut != nil || sizeOut != nil else { return noErr }
    guard index >= 0, index < units.count else { return kCMFormatDescriptionError_InvalidParameter }
    pointerOut?.pointee = units[index].baseAddress
    sizeOut?.pointee = units[index].count
    return noErr
}

// MARK: Chroma siting

/// The chroma location string for a `chroma_sample_loc_type` (H.264 Figure E-1, H.265 Figure E-1).
func chromaLocation(codePoint: Int) -> String? {
    switch codePoint {
    case 0: return kCMFormatDescriptionChromaLocation_Left as String
    case 1: return kCMFormatDescriptionChromaLocation_Center as String
    case 2: return kCMFormatDescriptionChromaLocation_TopLeft as String
    case 3: return kCMFormatDescriptionChromaLocation_Top as String
    case 4: return kCMFormatDescriptionChromaLocation_BottomLeft as String
    case 5: return kCMFormatDescriptionChromaLocation_Bottom as String
    default: return nil
    }
}
