// An animated-GIF maker written the way iOS and macOS apps write one: grab frames from a clip with
// AVAssetImageGenerator, write them to a looping GIF with ImageIO, then read the GIF back (frame count, loop count,
// delays, frames). It must compile unchanged against Apple's SDKs.
import AVFoundation
import CoreGraphics
import Foundation
import ImageIO
import MobileCoreServices
import UniformTypeIdentifiers

/// `count` frames spread evenly over `asset`, at most `maxSide` pixels a side.
func gifFrames(of asset: AVAsset, count: Int, maxSide: CGFloat) throws -> [CGImage] {
    let generator = AVAssetImageGenerator(asset: asset)
    generator.appliesPreferredTrackTransform = true
    generator.maximumSize = CGSize(width: maxSide, height: maxSide)
    generator.requestedTimeToleranceBefore = .zero
    generator.requestedTimeToleranceAfter = .zero
    let interval = CMTimeGetSeconds(asset.duration) / Double(count)
    var frames: [CGImage] = []
    for index in 0..<count {
        let time = CMTime(seconds: Double(index) * interval, preferredTimescale: 600)
        frames.append(try generator.copyCGImage(at: time, actualTime: nil))
    }
    return frames
}

/// Writes `frames` to `url` as a GIF that loops forever, `delay` seconds a frame.
func writeGIF(_ frames: [CGImage], to url: URL, delay: Double) -> Bool {
    guard let destination = CGImageDestinationCreateWithURL(url as CFURL, UTType.gif.identifier as CFString,
                                                            frames.count, nil) else { return false }
    let fileProperties = [kCGImagePropertyGIFDictionary as String: [kCGImagePropertyGIFLoopCount as String: 0]]
    CGImageDestinationSetProperties(destination, fileProperties as CFDictionary)
    let frameProperties = [kCGImagePropertyGIFDictionary: [kCGImagePropertyGIFDelayTime: delay,
                                                           kCGImagePropertyGIFUnclampedDelayTime: delay]]
    for frame in frames {
        CGImageDestinationAddImage(destination, frame, frameProperties as CFDictionary)
    }
    return CGImageDestinationFinalize(destination)
}

/// The loop count and per-frame delays a GIF player reads before showing the frames.
func gifTiming(of source: CGImageSource) -> (loopCount: Int?, delays: [Double]) {
    let fileProperties = CGImageSourceCopyProperties(source, nil) as? [String: Any]
    let gif = fileProperties?[kCGImagePropertyGIFDictionary as String] as? [String: Any]
    let loopCount = gif?[kCGImagePropertyGIFLoopCount as String] as? Int
    var delays: [Double] = []
    for index in 0..<CGImageSourceGetCount(source) {
        let properties = CGImageSourceCopyPropertiesAtIndex(source, index, nil) as NSDictionary?
        let frame = properties?[kCGImagePropertyGIFDictionary] as? NSDictionary
        let delay = (frame?[kCGImagePropertyGIFUnclampedDelayTime] as? NSNumber)?.doubleValue
            ?? (frame?[kCGImagePropertyGIFDelayTime] as? NSNumber)?.doubleValue ?? 0.1
        delays.append(delay)
    }
    return (loopCount, delays)
}

func checkAnimatedGIF(_ clip: URL, outputDirectory: URL) throws {
    let asset = AVURLAsset(url: clip)
    let frames = try gifFrames(of: asset, count: 6, maxSide: 160)
    check(frames.count == 6 && frames.allSatisfy { max($0.width, $0.height) <= 160 }, "GIF frames from the clip")

    let url = outputDirectory.appendingPathComponent("clip").appendingPathExtension(UTType.gif.preferredFilenameExtension!)
    check(writeGIF(frames, to: url, delay: 0.05), "writing the GIF")

    guard let source = CGImageSourceCreateWithURL(url as CFURL, nil) else { fail("the GIF does not open") }
    check(CGImageSourceGetType(source) as String? == UTType.gif.identifier, "the GIF's type")
    check(CGImageSourceGetCount(source) == frames.count, "GIF frame count \(CGImageSourceGetCount(source))")
    let timing = gifTiming(of: source)
    check(timing.loopCount == 0, "GIF loop count \(String(describing: timing.loopCount))")
    check(timing.delays.allSatisfy { abs($0 - 0.05) < 0.001 }, "GIF delays \(timing.delays)")
    for index in 0..<CGImageSourceGetCount(source) {
        guard let image = CGImageSourceCreateImageAtIndex(source, index, nil) else { fail("GIF frame \(index)") }
        check(image.width == frames[0].width && image.height == frames[0].height, "GIF frame \(index)'s size")
    }

    // The same GIF made in memory, with one palette for every frame, as share sheets hand it on.
    let data = NSMutableData()
    guard let destination = CGImageDestinationCreateWithData(data as CFMutableData, kUTTypeGIF, frames.count, nil) else {
        fail("no in-memory GIF destination")
    }
    CGImageDestinationSetProperties(destination, [kCGImagePropertyGIFDictionary: [kCGImagePropertyGIFHasGlobalColorMap: true,
                                                                                   kCGImagePropertyGIFLoopCount: 3]] as CFDictionary)
    frames.forEach { CGImageDestinationAddImage(destination, $0, nil) }
    check(CGImageDestinationFinalize(destination), "finalizing the in-memory GIF")
    guard let memorySource = CGImageSourceCreateWithData(data as CFData, nil) else { fail("the in-memory GIF") }
    check(CGImageSourceGetCount(memorySource) == frames.count && gifTiming(of: memorySource).loopCount == 3,
          "the in-memory GIF's frames and loop count")
}
