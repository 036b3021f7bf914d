import CoreMedia
import Foundation
import Testing
import TestSupport

/// A short stream to encode, named after the quirk it exercises.
struct EncodedStreamCase: Sendable, CustomStringConvertible {
    let name: String
    let hevc: Bool
    let encoderArguments: [String]
    var description: String { name }

    static let all: [EncodedStreamCase] = [
        .init(name: "h264-high-crop-both-axes-170x102", hevc: false,
              encoderArguments: ["-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "veryfast"]),
        .init(name: "h264-constrained-baseline-176x144", hevc: false,
              encoderArguments: ["-s", "176x144", "-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast"]),
        .init(name: "h264-high422-crop-170x102", hevc: false,
              encoderArguments: ["-pix_fmt", "yuv422p", "-c:v", "libx264", "-preset", "veryfast", "-profile:v", "high422"]),
        .init(name: "h264-sar4to3-fullrange-bt709", hevc: false,
              encoderArguments: ["-vf", "setsar=4/3", "-pix_fmt", "yuvj420p", "-color_range", "pc",
                                 "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
                                 "-c:v", "libx264", "-preset", "veryfast"]),
        .init(name: "hevc-main-crop-170x102", hevc: true,
              encoderArguments: ["-pix_fmt", "yuv420p", "-c:v", "libx265", "-preset", "ultrafast",
                                 "-x265-params", "log-level=error"]),
        .init(name: "hevc-main10-170x102", hevc: true,
              encoderArguments: ["-pix_fmt", "yuv420p10le", "-c:v", "libx265", "-preset", "ultrafast",
                                 "-x265-params", "log-level=error"]),
        .init(name: "hevc-rext444-sar-bt2020", hevc: true,
              encoderArguments: ["-vf", "setsar=16/11", "-pix_fmt", "yuv444p", "-colorspace", "bt2020nc",
                                 "-color_primaries", "bt2020", "-color_trc", "smpte2084", "-c:v", "libx265",
                                 "-preset", "ultrafast", "-x265-params", "log-level=error"]),
    ]

    /// The raw stream and ffmpeg's MP4 of the same stream.
    func files() throws -> (raw: URL, mp4: URL) {
        let raw = try MediaFixtures.generated(
            "\(name).\(hevc ? "hevc" : "h264")",
            ["-f", "lavfi", "-i", "testsrc=size=170x102:rate=10", "-frames:v", "3"] + encoderArguments
                + ["-f", hevc ? "hevc" : "h264"])
        let mp4 = try MediaFixtures.generated(
            "\(name)-ffmpeg-muxed.mp4",
            ["-i", raw.path, "-c:v", "copy"] + (hevc ? ["-tag:v", "hvc1"] : []) + ["-f", "mp4"])
        return (raw, mp4)
    }
}

@Suite("Video format descriptions from H.264 and HEVC parameter sets, judged by ffmpeg")
struct ParameterSetFormatDescriptionTests {
    /// Calls the C-style creation function with NAL units held in Swift arrays.
    static func makeDescription(_ units: [[UInt8]], hevc: Bool, nalUnitLength: Int32 = 4,
                                extensions: CFDictionary? = nil) -> (OSStatus, CMFormatDescription?) {
        var description: CMFormatDescription?
        let copies = units.map { unit -> UnsafeMutablePointer<UInt8> in
            let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(unit.count, 1))
            copy.initialize(from: unit, count: unit.count)
            return copy
        }
        defer { copies.forEach { $0.deallocate() } }
        let pointers = copies.map { UnsafePointer($0) }
        let sizes = units.map(\.count)
        let status = pointers.withUnsafeBufferPointer { pointerBuffer in
            sizes.withUnsafeBufferPointer { sizeBuffer in
                hevc ? CMVideoFormatDescriptionCreateFromHEVCParameterSets(
                    allocator: nil, parameterSetCount: units.count, parameterSetPointers: pointerBuffer.baseAddress!,
                    parameterSetSizes: sizeBuffer.baseAddress!, nalUnitHeaderLength: nalUnitLength,
                    extensions: extensions, formatDescriptionOut: &description)
                : CMVideoFormatDescriptionCreateFromH264ParameterSets(
                    allocator: nil, parameterSetCount: units.count, parameterSetPointers: pointerBuffer.baseAddress!,
                    parameterSetSizes: sizeBuffer.baseAddress!, nalUnitHeaderLength: nalUnitLength,
                    formatDescriptionOut: &description)
            }
        }
        return (status, description)
    }

    /// The parameter sets at the start of a raw stream, in stream order.
    static func parameterSets(of raw: URL, hevc: Bool) throws -> [[UInt8]] {
        let units = MediaFixtures.nalUnits(annexB: try Data(contentsOf: raw))
        let wanted: Set<UInt8> = hevc ? [32, 33, 34] : [7, 8]
        var seen = Set<UInt8>()
        return units.filter { unit in
            guard let first = unit.first else { return false }
            let type = hevc ? (first >> 1) & 0x3F : first & 0x1F
            return wanted.contains(type) && seen.insert(type).inserted
        }
    }

    @Test("The avcC/hvcC built from a stream's parameter sets is byte for byte the one ffmpeg's MP4 muxer writes",
          arguments: EncodedStreamCase.all)
    func recordMatchesFFmpeg(_ stream: EncodedStreamCase) throws {
        let (raw, mp4) = try stream.files()
        let units = try Self.parameterSets(of: raw, hevc: stream.hevc)
        #expect(units.count == (stream.hevc ? 3 : 2))
        let (status, made) = Self.makeDescription(units, hevc: stream.hevc)
        #expect(status == noErr)
        let description = try #require(made)
        let atomName = stream.hevc ? "hvcC" : "avcC"
        let atoms = try #require(CMFormatDescriptionGetExtension(
            description, extensionKey: kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms) as? [String: Any])
        let ours = try #require(atoms[atomName] as? Data)
        let ffmpegs = try #require(MediaFixtures.firstBox(atomName, in: try Data(contentsOf: mp4)))
        #expect([UInt8](ours) == ffmpegs, "\(atomName) differs from ffmpeg 5.1's")

        // Dimensions after cropping, as ffprobe reports them.
        let probe = try MediaFixtures.probeVideo(mp4)
        let dimensions = CMVideoFormatDescriptionGetDimensions(description)
        #expect(Int(dimensions.width) == probe.width && Int(dimensions.height) == probe.height)
        #expect(CMFormatDescriptionGetMediaSubType(description) == (stream.hevc ? kCMVideoCodecType_HEVC
                                                                                  : kCMVideoCodecType_H264))
        #expect(CMFormatDescriptionGetMediaType(description) == kCMMediaType_Video)

        // The parameter sets read back, with the count and the NAL unit length size.
        var count = 0
        var lengthSize: Int32 = 0
        let getter = stream.hevc ? CMVideoFormatDescriptionGetHEVCParameterSetAtIndex
            : CMVideoFormatDescriptionGetH264ParameterSetAtIndex
        #expect(getter(description, 0, nil, nil, &count, &lengthSize) == noErr)
        #expect(count == units.count && lengthSize == 4)
        for (index, unit) in units.enumerated() {
            var pointer: UnsafePointer<UInt8>?
            var size = 0
            #expect(getter(description, index, &pointer, &size, nil, nil) == noErr)
            #expect(Array(UnsafeBufferPointer(start: pointer, count: size)) == unit)
        }
        var pointer: UnsafePointer<UInt8>?
        #expect(getter(description, units.count, &pointer, nil, nil, nil) == kCMFormatDescriptionError_InvalidParameter)

        // A description made by a demuxer from ffmpeg's record reads back the same parameter sets.
        var fromFile: CMFormatDescription?
        #expect(CMVideoFormatDescriptionCreate(
            allocator: nil, codecType: stream.hevc ? kCMVideoCodecType_HEVC : kCMVideoCodecType_H264,
            width: dimensions.width, height: dimensions.height,
            extensions: [kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms: [atomName: Data(ffmpegs)]],
            formatDescriptionOut: &fromFile) == noErr)
        #expect(getter(fromFile!, 0, nil, nil, &count, nil) == noErr && count == units.count)
    }

    @Test("Aspect ratio, range, colour and bit depth come from the VUI")
    func vuiExtensions() throws {
        let sar = try #require(EncodedStreamCase.all.first { $0.name == "h264-sar4to3-fullrange-bt709" })
        let (raw, mp4) = try sar.files()
        let (_, made) = Self.makeDescription(try Self.parameterSets(of: raw, hevc: false), hevc: false)
        let description = try #require(made)
        let probe = try MediaFixtures.probeVideo(mp4)
        #expect(probe.sampleAspectRatio == "4:3", "from ffprobe 5.1")
        let pasp = try #require(CMFormatDescriptionGetExtension(
            description, extensionKey: kCMFormatDescriptionExtension_PixelAspectRatio) as? [String: Any])
        #expect(pasp[kCMFormatDescriptionKey_PixelAspectRatioHorizontalSpacing as String] as? Int == 4)
        #expect(pasp[kCMFormatDescriptionKey_PixelAspectRatioVerticalSpacing as String] as? Int == 3)
        let presentation = CMVideoFormatDescriptionGetPresentationDimensions(
            description, usePixelAspectRatio: true, useCleanAperture: true)
        #expect(presentation == CGSize(width: 170.0 * 4 / 3, height: 102))
        #expect(CMFormatDescriptionGetExtension(description, extensionKey: kCMFormatDescriptionExtension_FullRangeVideo)
                as? Bool == true)
        #expect(CMFormatDescriptionGetExtension(description, extensionKey: kCMFormatDescriptionExtension_ColorPrimaries)
                as? String == kCMFormatDescriptionColorPrimaries_ITU_R_709_2 as String)
        #expect(CMFormatDescriptionGetExtension(description, extensionKey: kCMFormatDescriptionExtension_YCbCrMatrix)
                as? String == kCMFormatDescriptionYCbCrMatrix_ITU_R_709_2 as String)

        let hdr = try #require(EncodedStreamCase.all.first { $0.name == "hevc-rext444-sar-bt2020" })
        let (hdrRaw, _) = try hdr.files()
        let (_, hdrMade) = Self.makeDescription(try Self.parameterSets(of: hdrRaw, hevc: true), hevc: true,
                                                extensions: ["Custom": "kept"])
        let hdrDescription = try #require(hdrMade)
        #expect(CMFormatDescriptionGetExtension(hdrDescription, extensionKey: kCMFormatDescriptionExtension_TransferFunction)
                as? String == kCMFormatDescriptionTransferFunction_SMPTE_ST_2084_PQ as String)
        #expect(CMFormatDescriptionGetExtension(hdrDescription, extensionKey: kCMFormatDescriptionExtension_ColorPrimaries)
                as? String == kCMFormatDescriptionColorPrimaries_ITU_R_2020 as String)
        #expect(CMFormatDescriptionGetExtension(hdrDescription, extensionKey: "Custom") as? String == "kept")

        let tenBit = try #require(EncodedStreamCase.all.first { $0.name == "hevc-main10-170x102" })
        let (tenBitRaw, _) = try tenBit.files()
        let (_, tenBitMade) = Self.makeDescription(try Self.parameterSets(of: tenBitRaw, hevc: true), hevc: true)
        #expect(CMFormatDescriptionGetExtension(try #require(tenBitMade),
                                                extensionKey: kCMFormatDescriptionExtension_BitsPerComponent) as? Int == 10)
    }

    @Test("Malformed or missing parameter sets give kCMFormatDescriptionError_InvalidParameter, never a trap")
    func malformedParameterSets() throws {
        let stream = EncodedStreamCase.all[0]
        let (raw, _) = try stream.files()
        let units = try Self.parameterSets(of: raw, hevc: false)
        let sps = units[0], pps = units[1]
        #expect(Self.makeDescription([sps], hevc: false).0 == kCMFormatDescriptionError_InvalidParameter)
        #expect(Self.makeDescription([sps, sps], hevc: false).0 == kCMFormatDescriptionError_InvalidParameter)
        #expect(Self.makeDescription([pps, pps], hevc: false).0 == kCMFormatDescriptionError_InvalidParameter)
        #expect(Self.makeDescription([sps, pps], hevc: false, nalUnitLength: 3).0
                == kCMFormatDescriptionError_InvalidParameter)
        #expect(Self.makeDescription([[0x65, 0x88], pps], hevc: false).0 == kCMFormatDescriptionError_InvalidParameter)
        // Every truncation of the SPS fails cleanly or (past the fields needed) succeeds; none traps.
        for length in 1..<sps.count {
            let status = Self.makeDescription([Array(sps[0..<length]), pps], hevc: false).0
            #expect(status == noErr || status == kCMFormatDescriptionError_InvalidParameter)
        }
        #expect(Self.makeDescription([Array(sps[0..<4]), pps], hevc: false).0
                == kCMFormatDescriptionError_InvalidParameter)
        // An Exp-Golomb code with more than 31 leading zeros.
        #expect(Self.makeDescription([[0x67, 0x64, 0x00, 0x1F, 0, 0, 0, 0, 0, 1], pps], hevc: false).0
                == kCMFormatDescriptionError_InvalidParameter)
        #expect(Self.makeDescription([sps, pps, pps], hevc: true).0 == kCMFormatDescriptionError_InvalidParameter)

        // A malformed avcC in a demuxer's extensions: the description exists, reading parameter sets fails.
        for avcC in [Data(), Data([1, 100, 0, 31, 0xFF, 0xE1, 0x00, 0x40, 0x67]), Data([2, 0, 0, 0, 0xFF, 0xE0, 0])] {
            var description: CMFormatDescription?
            #expect(CMVideoFormatDescriptionCreate(
                allocator: nil, codecType: kCMVideoCodecType_H264, width: 16, height: 16,
                extensions: [kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms: ["avcC": avcC]],
                formatDescriptionOut: &description) == noErr)
            var count = 0
            #expect(CMVideoFormatDescriptionGetH264ParameterSetAtIndex(description!, parameterSetIndex: 0,
                                                                        parameterSetPointerOut: nil,
                                                                        parameterSetSizeOut: nil,
                                                                        parameterSetCountOut: &count,
                                                                        nalUnitHeaderLengthOut: nil)
                    == kCMFormatDescriptionError_InvalidParameter)
        }
    }
}
