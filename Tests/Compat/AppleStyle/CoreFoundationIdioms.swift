// CoreFoundation idioms that AVFoundation code for iOS and macOS is full of (issue 14), written as that code writes
// them: `as String` keys and `as CFDictionary` attributes, `as? [[CFString: Any]]` keyframe checks, the CF C
// functions on the sample attachments array with `Unmanaged` pointers, and the frame-dropping idiom before handing
// buffers to AVAssetWriter. It must compile unchanged against Apple's SDKs.
import AVFoundation
import Foundation

/// Whether a compressed sample is a keyframe, the way most capture and export code asks.
func isKeyframe(_ sampleBuffer: CMSampleBuffer) -> Bool {
    guard let attachments = CMSampleBufferGetSampleAttachmentsArray(sampleBuffer, createIfNecessary: false)
            as? [[CFString: Any]],
          let first = attachments.first else { return true }
    return !(first[kCMSampleAttachmentKey_NotSync] as? Bool ?? false)
}

/// The same question through the C functions, as older Objective-C-minded Swift asks it.
func isKeyframeCF(_ sampleBuffer: CMSampleBuffer) -> Bool {
    guard let array = CMSampleBufferGetSampleAttachmentsArray(sampleBuffer, createIfNecessary: true),
          CFArrayGetCount(array) > 0 else { return true }
    let dictionary = unsafeBitCast(CFArrayGetValueAtIndex(array, 0), to: CFDictionary.self)
    guard let value = CFDictionaryGetValue(dictionary, Unmanaged.passUnretained(kCMSampleAttachmentKey_NotSync).toOpaque())
    else { return true }
    return !CFBooleanGetValue(Unmanaged<CFBoolean>.fromOpaque(value).takeUnretainedValue())
}

/// The classic frame-dropping idiom: decode the sample but do not show it.
func dropFrame(_ sampleBuffer: CMSampleBuffer) {
    guard let attachmentsArray = CMSampleBufferGetSampleAttachmentsArray(sampleBuffer, createIfNecessary: true) else { return }
    let attachments = unsafeBitCast(CFArrayGetValueAtIndex(attachmentsArray, 0), to: CFMutableDictionary.self)
    CFDictionarySetValue(attachments, Unmanaged.passUnretained(kCMSampleAttachmentKey_DoNotDisplay).toOpaque(),
                         Unmanaged.passUnretained(kCFBooleanTrue).toOpaque())
}

/// Asks a display pipeline to show the sample at once.
func displayImmediately(_ sampleBuffer: CMSampleBuffer) {
    guard let attachmentsArray = CMSampleBufferGetSampleAttachmentsArray(sampleBuffer, createIfNecessary: true),
          let attachments = (attachmentsArray as NSArray).firstObject as? NSMutableDictionary else { return }
    attachments[kCMSampleAttachmentKey_DisplayImmediately] = true
}

func checkCoreFoundationIdioms(_ url: URL, outputDirectory: URL) throws {
    // Pixel buffer attributes keyed `as String`, handed over `as CFDictionary`.
    let attributes: [String: Any] = [
        kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA,
        kCVPixelBufferWidthKey as String: 64,
        kCVPixelBufferHeightKey as String: 48,
    ]
    var pixelBuffer: CVPixelBuffer?
    let status = CVPixelBufferCreate(kCFAllocatorDefault, 64, 48, kCVPixelFormatType_32BGRA, attributes as CFDictionary,
                                     &pixelBuffer)
    guard status == kCVReturnSuccess, let pixels = pixelBuffer else { fail("CVPixelBufferCreate: \(status)") }
    CVBufferSetAttachment(pixels, kCVImageBufferYCbCrMatrixKey, kCVImageBufferYCbCrMatrix_ITU_R_709_2, .shouldPropagate)
    let matrix = CVBufferCopyAttachment(pixels, kCVImageBufferYCbCrMatrixKey, nil) as? String
    check(matrix == kCVImageBufferYCbCrMatrix_ITU_R_709_2 as String, "the matrix attachment reads back as a String")
    if let created = CVPixelBufferCopyCreationAttributes(pixels) as? [String: Any] {
        check(created[kCVPixelBufferWidthKey as String] as? Int == 64, "creation attributes as [String: Any]")
    }

    // The first box of the clip: its size, big-endian, read as binary-format code reads it.
    let head = try FileHandle(forReadingFrom: url).readData(ofLength: 8)
    let boxSize = CFSwapInt32BigToHost(head.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) })
    check(boxSize >= 8 && boxSize < 4096 && CFSwapInt32(CFSwapInt32(boxSize)) == boxSize, "ftyp size \(boxSize)")
    let order = CFByteOrderGetCurrent()
    check(order == Int(CFByteOrderLittleEndian.rawValue) || order == Int(CFByteOrderBigEndian.rawValue), "byte order")

    // Read the clip's compressed video; ask about keyframes both ways.
    let asset = AVURLAsset(url: url)
    guard let track = asset.tracks(withMediaType: .video).first else { fail("no video track") }
    let reader = try AVAssetReader(asset: asset)
    let output = AVAssetReaderTrackOutput(track: track, outputSettings: nil)
    reader.add(output)
    check(reader.startReading(), "reader: \(String(describing: reader.error))")
    var samples: [CMSampleBuffer] = []
    while let sample = output.copyNextSampleBuffer() { samples.append(sample) }
    check(samples.count > 10, "compressed samples read")
    check(isKeyframe(samples[0]) && isKeyframeCF(samples[0]), "the first sample is a keyframe")
    check(samples.contains { !isKeyframe($0) } && samples.allSatisfy { isKeyframe($0) == isKeyframeCF($0) },
          "both keyframe checks agree, and there are non-keyframes")
    if let format = CMSampleBufferGetFormatDescription(samples[0]),
       let extensions = CMFormatDescriptionGetExtensions(format) {
        check(CFGetTypeID(extensions) == CFDictionaryGetTypeID(), "CFGetTypeID of the extensions")
        check((extensions as NSDictionary).count == (extensions as? [String: Any])?.count, "extensions bridge")
    }

    // Drop the last sample's picture and pass everything through a writer: the change reaches the buffer.
    let hidden = samples[samples.count - 1]
    dropFrame(hidden)
    displayImmediately(samples[0])
    guard let array = CMSampleBufferGetSampleAttachmentsArray(hidden, createIfNecessary: false) as? [[String: Any]],
          array.first?[kCMSampleAttachmentKey_DoNotDisplay as String] as? Bool == true else {
        fail("DoNotDisplay set with CFDictionarySetValue is the sample buffer's")
    }
    let immediately = CMSampleBufferGetSampleAttachmentsArray(samples[0], createIfNecessary: false) as? [[CFString: Any]]
    check(immediately?.first?[kCMSampleAttachmentKey_DisplayImmediately] as? Bool == true, "DisplayImmediately set")

    let outputURL = outputDirectory.appendingPathComponent("dropped.mov")
    try? FileManager.default.removeItem(at: outputURL)
    let writer = try AVAssetWriter(outputURL: outputURL, fileType: .mov)
    let input = AVAssetWriterInput(mediaType: .video, outputSettings: nil,
                                   sourceFormatHint: CMSampleBufferGetFormatDescription(samples[0]))
    writer.add(input)
    check(writer.startWriting(), "writer: \(String(describing: writer.error))")
    writer.startSession(atSourceTime: CMSampleBufferGetPresentationTimeStamp(samples[0]))
    for sample in samples {
        while !input.isReadyForMoreMediaData { usleep(1000) }
        check(input.append(sample), "append: \(String(describing: writer.error))")
    }
    input.markAsFinished()
    let done = DispatchSemaphore(value: 0)
    writer.finishWriting { done.signal() }
    done.wait()
    check(writer.status == .completed, "finishWriting: \(String(describing: writer.error))")
    let written = AVURLAsset(url: outputURL)
    check(written.tracks(withMediaType: .video).count == 1, "the written movie has its video track")
}
