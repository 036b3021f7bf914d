// Frame grabbing the way many macOS tools write it, with `import AVFoundation` alone: the frame is saved as PNG
// through ImageIO with the legacy kUTTypePNG constant, neither of which this file imports by name (on macOS both come
// with AVFoundation, through QuartzCore). It must compile unchanged against Apple's SDK for macOS.
import AVFoundation

/// Grabs the frame at `seconds` and saves it as PNG; returns the saved file's pixel size.
func grabFrameAsPNG(from url: URL, at seconds: Double, to output: URL) throws -> (width: Int, height: Int)? {
    let generator = AVAssetImageGenerator(asset: AVURLAsset(url: url))
    generator.appliesPreferredTrackTransform = true
    let image = try generator.copyCGImage(at: CMTime(seconds: seconds, preferredTimescale: 600), actualTime: nil)
    guard let destination = CGImageDestinationCreateWithURL(output as CFURL, kUTTypePNG, 1, nil) else { return nil }
    CGImageDestinationAddImage(destination, image, nil)
    guard CGImageDestinationFinalize(destination) else { return nil }
    guard let source = CGImageSourceCreateWithURL(output as CFURL, nil),
          CGImageSourceGetCount(source) == 1,
          let type = CGImageSourceGetType(source), UTTypeConformsTo(type, kUTTypeImage),
          let saved = CGImageSourceCreateImageAtIndex(source, 0, nil) else { return nil }
    return (saved.width, saved.height)
}

func checkUmbrellaImports(_ url: URL, outputDirectory: URL) throws {
    let output = outputDirectory.appendingPathComponent("umbrella-frame.png")
    try? FileManager.default.removeItem(at: output)
    let size = try grabFrameAsPNG(from: url, at: 0.5, to: output)
    let track = AVURLAsset(url: url).tracks(withMediaType: .video).first
    check(size != nil, "the frame was not saved as PNG through the umbrella import")
    if let size, let track {
        let natural = track.naturalSize.applying(track.preferredTransform)
        check(size.width == Int(abs(natural.width)) && size.height == Int(abs(natural.height)),
              "the saved frame is \(size), the track \(natural)")
    }
    check(checkQuartzCoreImports(outputDirectory), "ImageIO through import QuartzCore")
    check(typeIdentifierThroughMobileCoreServices("mov") == "com.apple.quicktime-movie",
          "UTType through import MobileCoreServices: \(typeIdentifierThroughMobileCoreServices("mov") ?? "nil")")
}
