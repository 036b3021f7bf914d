import CoreMedia
import CoreVideo
import Foundation
import Testing

@Suite("Image buffers in sample buffers, attachments on CV buffers, format description overlay")
struct ImageBufferAndOverlayTests {
    static func pixelBuffer(_ format: OSType = kCVPixelFormatType_32BGRA) throws -> CVPixelBuffer {
        var buffer: CVPixelBuffer?
        try #require(CVPixelBufferCreate(kCFAllocatorDefault, 32, 16, format, nil, &buffer) == kCVReturnSuccess)
        return buffer!
    }

    @Test("The CM attachment functions work on CV buffers as the CVBuffer functions do")
    func coreVideoAttachments() throws {
        let pixels = try Self.pixelBuffer()
        CMSetAttachment(pixels, key: kCVImageBufferYCbCrMatrixKey, value: kCVImageBufferYCbCrMatrix_ITU_R_709_2,
                        attachmentMode: kCMAttachmentMode_ShouldPropagate)
        var mode: CVAttachmentMode = .shouldNotPropagate
        #expect(CVBufferCopyAttachment(pixels, kCVImageBufferYCbCrMatrixKey, &mode) as? String == "ITU_R_709_2")
        #expect(mode == .shouldPropagate)
        CVBufferSetAttachment(pixels, "Other", 3, .shouldNotPropagate)
        var cmMode: CMAttachmentMode = 9
        #expect(CMGetAttachment(pixels, key: "Other", attachmentModeOut: &cmMode) as? Int == 3)
        #expect(cmMode == kCMAttachmentMode_ShouldNotPropagate)
        #expect(pixels.attachments.propagated.keys.sorted() == [kCVImageBufferYCbCrMatrixKey as String])
        let other = try Self.pixelBuffer()
        CMPropagateAttachments(pixels, destination: other)
        #expect(CVBufferCopyAttachment(other, kCVImageBufferYCbCrMatrixKey, nil) != nil)
        #expect(CVBufferCopyAttachment(other, "Other", nil) == nil)
        CMRemoveAllAttachments(pixels)
        #expect(CMCopyDictionaryOfAttachments(allocator: nil, target: pixels,
                                              attachmentMode: kCMAttachmentMode_ShouldPropagate) == nil)
    }

    @Test("A format description must match its image buffer")
    func imageBufferMatching() throws {
        let pixels = try Self.pixelBuffer()
        CVBufferSetAttachment(pixels, kCVImageBufferColorPrimariesKey, kCVImageBufferColorPrimaries_ITU_R_709_2,
                              .shouldPropagate)
        let format = try CMFormatDescription(imageBuffer: pixels)
        #expect(format.mediaSubType == .pixelFormat_32BGRA)
        #expect(format.extensions[.colorPrimaries]?.propertyListRepresentation as? String == "ITU_R_709_2")
        #expect(format.extensions[.bytesPerRow]?.propertyListRepresentation as? Int == CVPixelBufferGetBytesPerRow(pixels))
        #expect(format.matchesImageBuffer(pixels))
        let timing = CMSampleTimingInfo(duration: CMTime(value: 1, timescale: 25), presentationTimeStamp: .zero,
                                        decodeTimeStamp: .invalid)
        let sample = try CMSampleBuffer(imageBuffer: pixels, formatDescription: format, sampleTiming: timing)
        #expect(sample.imageBuffer === pixels && sample.dataBuffer == nil && sample.totalSampleSize == 0)

        CVBufferRemoveAttachment(pixels, kCVImageBufferColorPrimariesKey)
        #expect(!format.matchesImageBuffer(pixels), "an attachment absent in one must be absent in both")
        #expect(throws: CMSampleBuffer.Error.invalidMediaFormat) {
            try CMSampleBuffer(imageBuffer: pixels, formatDescription: format, sampleTiming: timing)
        }
        let nv12 = try Self.pixelBuffer(kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange)
        #expect(!format.matchesImageBuffer(nv12))
        let planar = try CMFormatDescription(imageBuffer: nv12)
        #expect(planar.extensions[.bytesPerRow] == nil, "no row stride for planar formats")
    }

    @Test("Format description overlay: types, inits and parameter sets")
    func formatDescriptionOverlay() throws {
        #expect(CMFormatDescription.MediaType.video.description == "vide")
        #expect(CMFormatDescription.MediaSubType(string: "avc1") == .h264)
        #expect(CMFormatDescription.MediaSubType(string: "ac3").description == "ac3 ")
        #expect(CMFormatDescription.MediaSubType.mpeg4AAC.rawValue == kAudioFormatMPEG4AAC)
        var extensions = CMFormatDescription.Extensions()
        extensions[.pixelAspectRatio] = .pixelAspectRatio(horizontalSpacing: 4, verticalSpacing: 3)
        extensions[.cleanAperture] = .cleanAperture(width: (640, 1), height: (480, 1), horizontalOffet: (0, 1),
                                                    verticalOffset: (1, 2))
        extensions[.colorPrimaries] = .colorPrimaries(.itu_R_2020)
        let video = try CMFormatDescription(videoCodecType: .hevc, width: 648, height: 480, extensions: extensions)
        #expect(video.mediaType == .video && video.dimensions.width == 648)
        #expect(video.presentationDimensions() == CGSize(width: 640.0 * 4 / 3, height: 480))
        #expect(video.cleanAperture(originIsAtTopLeft: true) == CGRect(x: 4, y: 0.5, width: 640, height: 480))
        #expect(video.extensions[kCMFormatDescriptionExtension_ColorPrimaries] as? String == "ITU_R_2020")
        #expect(video.parameterSets.isEmpty && video.nalUnitHeaderLength == nil)
        #expect(!video.equalTo(try CMFormatDescription(videoCodecType: .hevc, width: 648, height: 480)))
        #expect(video.equalTo(try CMFormatDescription(videoCodecType: .hevc, width: 648, height: 480),
                              extensionKeysToIgnore: [.pixelAspectRatio, .cleanAperture, .colorPrimaries]))
        #expect(throws: CMFormatDescription.Error.invalidParameter) {
            try CMFormatDescription(h264ParameterSets: [Data([0x67, 0x42])])
        }
        let stream = EncodedStreamCase.all[0]
        let units = try ParameterSetFormatDescriptionTests.parameterSets(of: try stream.files().raw, hevc: false)
        let h264 = try CMFormatDescription(h264ParameterSets: units.map { Data($0) }, nalUnitHeaderLength: 2)
        #expect(h264.nalUnitHeaderLength == 2 && Array(h264.parameterSets) == units.map { Data($0) })
        let metadata = try CMFormatDescription(boxedMetadataSpecifications: [[
            kCMMetadataFormatDescriptionMetadataSpecificationKey_Identifier as String: "mdta/com.example.title",
            kCMMetadataFormatDescriptionMetadataSpecificationKey_DataType as String: "com.apple.metadata.datatype.UTF-8",
        ]])
        #expect(metadata.identifiers == ["mdta/com.example.title"])
        #expect(metadata.keyWithLocalID(1)?[kCMMetadataFormatDescriptionKey_Value as String] as? Data == Data("com.example.title".utf8))
    }

    @Test("A PCM sample buffer takes its data from an audio buffer list")
    func dataFromAudioBufferList() throws {
        var asbd = AudioStreamBasicDescription(
            mSampleRate: 8_000, mFormatID: kAudioFormatLinearPCM,
            mFormatFlags: kLinearPCMFormatFlagIsFloat | kLinearPCMFormatFlagIsPacked | kAudioFormatFlagIsNonInterleaved,
            mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: 2, mBitsPerChannel: 32,
            mReserved: 0)
        var format: CMFormatDescription?
        CMAudioFormatDescriptionCreate(allocator: nil, asbd: &asbd, layoutSize: 0, layout: nil, magicCookieSize: 0,
                                       magicCookie: nil, extensions: nil, formatDescriptionOut: &format)
        var sample: CMSampleBuffer?
        #expect(CMAudioSampleBufferCreateWithPacketDescriptions(
            allocator: nil, dataBuffer: nil, dataReady: false, makeDataReadyCallback: nil, refcon: nil,
            formatDescription: format!, sampleCount: 4, presentationTimeStamp: .zero, packetDescriptions: nil,
            sampleBufferOut: &sample) == noErr)
        var left: [Float] = [1, 2, 3, 4], right: [Float] = [5, 6, 7, 8]
        let list = AudioBufferList.allocate(maximumBuffers: 2)
        defer { free(list.unsafeMutablePointer) }
        try left.withUnsafeMutableBytes { leftBytes in
            try right.withUnsafeMutableBytes { rightBytes in
                list[0] = AudioBuffer(mNumberChannels: 1, mDataByteSize: 16, mData: leftBytes.baseAddress)
                list[1] = AudioBuffer(mNumberChannels: 1, mDataByteSize: 16, mData: rightBytes.baseAddress)
                try sample!.setDataBuffer(fromAudioBufferList: list.unsafePointer)
            }
        }
        try sample!.setDataReadiness(.ready)
        let copied = try sample!.dataBuffer!.dataBytes()
        #expect(copied.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) } == [1, 2, 3, 4, 5, 6, 7, 8])
        var out = [Float](repeating: 0, count: 4)
        let target = AudioBufferList.allocate(maximumBuffers: 2)
        defer { free(target.unsafeMutablePointer) }
        var rightOut = [Float](repeating: 0, count: 4)
        try out.withUnsafeMutableBytes { leftBytes in
            try rightOut.withUnsafeMutableBytes { rightBytes in
                target[0] = AudioBuffer(mNumberChannels: 1, mDataByteSize: 8, mData: leftBytes.baseAddress)
                target[1] = AudioBuffer(mNumberChannels: 1, mDataByteSize: 8, mData: rightBytes.baseAddress)
                try sample!.copyPCMData(fromRange: 2..<4, into: target.unsafeMutablePointer)
            }
        }
        #expect(out[0..<2] == [3, 4] && rightOut[0..<2] == [7, 8])
    }
}
