// avframe: still images of a movie's video through AVAssetImageGenerator (the public API only).
//
//   avframe FILE -t TIME [-t TIME ...] -o OUTPUT [--size WxH] [--quality Q] [--nearest-sync] [--no-transform] [--progress]
//   avframe FILE --every SECONDS -o OUTPUT ...
// Image files are written by writeImage (ImageFile.swift): PNG and JPEG through ImageIO.
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
      --quality Q             JPEG quality, 0 to 1 (default 0.85)
      --nearest-sync          the nearest key frame instead of the exact frame (much faster to decode)
      --no-transform          keep the encoded orientation (default: turned as the track's transform says)
      --progress              print each image written, and the count, to standard error
      -h, --help              show this help
    The output's extension picks the format: .png, .jpg/.jpeg, .ppm (binary RGB) or .bgra (raw 32-bit BGRX
    pixels).
    Each time is answered: a time with no image (past the end, an undecodable frame) is reported and the rest
    are still written; the exit status is 1 if any failed.
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
    var quality = 0.85
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
        case "--quality":
            let text = value(argument)
            guard let quality = Double(text), (0...1).contains(quality) else { fail("--quality takes a number from 0 to 1") }
            options.quality = quality
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

let options = parse(Array(CommandLine.arguments.dropFirst()))
guard let input = options.input, let output = options.output else { fail("an input file and -o OUTPUT are needed\n\(usage)") }
let asset = AVURLAsset(url: input)
var times = options.times
if let step = options.every {
    let duration: CMTime
    do { duration = try await asset.load(.duration) } catch { fail("\(input.path): \(error.localizedDescription)") }
    // Multiples of the step, not a running sum, so that a hundred steps of 0.6 s land on frame times.
    var index = 0.0
    while index * step < duration.seconds {
        times.append(CMTime(seconds: index * step, preferredTimescale: 1_000_000))
        index += 1
    }
}
guard !times.isEmpty else { fail("no times: give -t TIME or --every SECONDS") }
guard times.count == 1 || output.contains("%d") else { fail("several times need %d in the output name") }
guard ImageFileType(extension: URL(fileURLWithPath: output).pathExtension) != nil else {
    fail("unknown image type for \(output): use .png, .jpg, .ppm or .bgra")
}

let generator = AVAssetImageGenerator(asset: asset)
generator.maximumSize = options.maximumSize
generator.appliesPreferredTrackTransform = options.transform
if options.exact {
    generator.requestedTimeToleranceBefore = .zero
    generator.requestedTimeToleranceAfter = .zero
}
var written = 0, failed = 0, number = 0
// The last file written and the frame it holds: times that land on the same frame (nearest key frames, times
// closer than a frame) get a copy of its bytes instead of a second encoding.
var lastFile: (frame: CMTime, url: URL)?
for await answer in generator.images(for: times) {
    number += 1
    let path = output.replacingOccurrences(of: "%d", with: String(number))
    do {
        let image = try answer.image
        let url = URL(fileURLWithPath: path)
        let frame = try answer.actualTime
        if let lastFile, lastFile.frame == frame, let bytes = try? Data(contentsOf: lastFile.url) {
            try writeFile(bytes, to: url)
        } else {
            try writeImage(image, to: url, quality: options.quality)
        }
        lastFile = (frame, url)
        written += 1
        if options.progress {
            let actual = (try? answer.actualTime.seconds).map { String(format: "%.6f", $0) } ?? "?"
            FileHandle.standardError.write(Data("[\(number)/\(times.count)] \(path) (frame at \(actual) s)\n".utf8))
        }
    } catch {
        failed += 1
        let reason = error is ImageFileError ? String(describing: error) : error.localizedDescription
        FileHandle.standardError.write(Data(
            "avframe: [\(number)/\(times.count)] \(String(format: "%.6f", answer.requestedTime.seconds)) s: \(reason)\n".utf8))
    }
}
if options.progress { FileHandle.standardError.write(Data("\(written) written, \(failed) failed\n".utf8)) }
exit(failed == 0 ? 0 : 1)
