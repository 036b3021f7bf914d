// avframe: still images of a movie's video through AVAssetImageGenerator (the public API only).
//
//   avframe FILE -t TIME [-t TIME ...] -o OUTPUT [--size WxH] [--nearest-sync] [--no-transform] [--progress]
//   avframe FILE --every SECONDS -o OUTPUT ...
import AVFoundation
import Foundation

let usage = """
    usage: avframe FILE (-t TIME)... -o OUTPUT [options]
           avframe FILE --every SECONDS -o OUTPUT [options]
    Writes the frame shown at each TIME (seconds, or HH:MM:SS.mmm) of FILE's video as an image.
      -t, --time TIME         a time to grab (repeat for several)
      --every SECONDS         a frame every SECONDS from the start to the end
      -o, --output OUTPUT     the image file; with several times it must hold %d (replaced by 1, 2, …)
      --size WxH              the largest image (either may be 0: unbounded); default the video's own size
      --nearest-sync          the nearest key frame instead of the exact frame (much faster to decode)
      --no-transform          keep the encoded orientation (default: turned as the track's transform says)
      --progress              print each image written, and the count, to standard error
      -h, --help              show this help
    The output's extension picks the format: .ppm (binary RGB, readable by ffmpeg and most viewers) or .bgra
    (raw 32-bit BGRX pixels). PNG and JPEG need the ImageIO module (issue 13) and are refused until it is merged.
    """

struct Options {
    var input: URL?
    var times: [CMTime] = []
    var every: Double?
    var output: String?
    var maximumSize = CGSize.zero
    var exact = true
    var transform = true
    var progress = false
}

/// Prints a one-line reason to standard error and exits non-zero.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("avframe: \(message)\n".utf8))
    exit(1)
}

/// Seconds, or [[HH:]MM:]SS[.fff], as a time.
func parseTime(_ text: String) -> CMTime? {
    var seconds = 0.0
    for part in text.split(separator: ":", omittingEmptySubsequences: false) {
        guard let value = Double(part), value >= 0 else { return nil }
        seconds = seconds * 60 + value
    }
    return CMTime(seconds: seconds, preferredTimescale: 1_000_000)
}

func parse(_ arguments: [String]) -> Options {
    var options = Options()
    var iterator = arguments.makeIterator()
    func value(_ flag: String) -> String {
        guard let next = iterator.next() else { fail("\(flag) needs a value") }
        return next
    }
    while let argument = iterator.next() {
        switch argument {
        case "-h", "--help":
            print(usage)
            exit(0)
        case "-t", "--time":
            let text = value(argument)
            guard let time = parseTime(text) else { fail("\(text) is not a time") }
            options.times.append(time)
        case "--every":
            let text = value(argument)
            guard let step = Double(text), step > 0 else { fail("--every takes a positive number of seconds") }
            options.every = step
        case "-o", "--output": options.output = value(argument)
        case "--size":
            let parts = value(argument).split(separator: "x").map { Double($0) }
            guard parts.count == 2, let width = parts[0], let height = parts[1], width >= 0, height >= 0 else {
                fail("--size takes WxH, for example 320x0")
            }
            options.maximumSize = CGSize(width: width, height: height)
        case "--nearest-sync": options.exact = false
        case "--no-transform": options.transform = false
        case "--progress": options.progress = true
        default:
            guard !argument.hasPrefix("-"), options.input == nil else { fail("unknown argument \(argument)\n\(usage)") }
            options.input = URL(fileURLWithPath: argument)
        }
    }
    return options
}

/// The image's pixels as `url`'s extension asks.
func write(_ image: CGImage, to url: URL) throws {
    guard let pixels = image.dataProvider?.data else { fail("an image without pixels") }
    switch url.pathExtension.lowercased() {
    case "bgra":
        try pixels.write(to: url)
    case "ppm":
        // Netpbm P6: a text header, then R, G, B per pixel (the generator's pixels are B, G, R, unused).
        var bytes = Data("P6\n\(image.width) \(image.height)\n255\n".utf8)
        bytes.reserveCapacity(bytes.count + image.width * image.height * 3)
        pixels.withUnsafeBytes { (source: UnsafeRawBufferPointer) in
            for row in 0..<image.height {
                let line = source[(row * image.bytesPerRow)...]
                for x in 0..<image.width {
                    let pixel = line.startIndex + x * 4
                    bytes.append(contentsOf: [source[pixel + 2], source[pixel + 1], source[pixel]])
                }
            }
        }
        try bytes.write(to: url)
    case "png", "jpg", "jpeg":
        // TODO(issue 13): write through ImageIO's CGImageDestination once the ImageIO module is merged.
        fail("writing .\(url.pathExtension) needs the ImageIO module (issue 13), not merged yet; use .ppm or .bgra")
    default:
        fail("unknown image type .\(url.pathExtension): use .ppm or .bgra")
    }
}

let options = parse(Array(CommandLine.arguments.dropFirst()))
guard let input = options.input, let output = options.output else { fail("an input file and -o OUTPUT are needed\n\(usage)") }
let asset = AVURLAsset(url: input)
var times = options.times
if let step = options.every {
    let duration: CMTime
    do { duration = try await asset.load(.duration) } catch { fail("\(input.path): \(error.localizedDescription)") }
    var seconds = 0.0
    while seconds < duration.seconds {
        times.append(CMTime(seconds: seconds, preferredTimescale: 1_000_000))
        seconds += step
    }
}
guard !times.isEmpty else { fail("no times: give -t TIME or --every SECONDS") }
guard times.count == 1 || output.contains("%d") else { fail("several times need %d in the output name") }

let generator = AVAssetImageGenerator(asset: asset)
generator.maximumSize = options.maximumSize
generator.appliesPreferredTrackTransform = options.transform
if options.exact {
    generator.requestedTimeToleranceBefore = .zero
    generator.requestedTimeToleranceAfter = .zero
}
var written = 0, failed = 0, number = 0
for await answer in generator.images(for: times) {
    number += 1
    let path = output.replacingOccurrences(of: "%d", with: String(number))
    do {
        let image = try answer.image
        try write(image, to: URL(fileURLWithPath: path))
        written += 1
        if options.progress {
            let actual = (try? answer.actualTime.seconds).map { String(format: "%.6f", $0) } ?? "?"
            FileHandle.standardError.write(Data("[\(number)/\(times.count)] \(path) (frame at \(actual) s)\n".utf8))
        }
    } catch {
        failed += 1
        FileHandle.standardError.write(Data(
            "avframe: \(String(format: "%.6f", answer.requestedTime.seconds)) s: \(error.localizedDescription)\n".utf8))
    }
}
if options.progress { FileHandle.standardError.write(Data("\(written) written, \(failed) failed\n".utf8)) }
exit(failed == 0 ? 0 : 1)
