// avframe: still images of a movie's video through AVAssetImageGenerator (the public API only).
//
//   avframe FILE -t TIME [-t TIME ...] -o OUTPUT [--size WxH] [--quality Q] [--nearest-sync] [--no-transform] [--progress]
//   avframe FILE --every SECONDS -o OUTPUT ...
// Image files are written by writeImage (ImageFile.swift): PNG and JPEG through ImageIO.
import AVFoundation
import Foundation

// FFmpeg's own log lines (a decoder's complaints about a damaged frame) would muddle the tool's one line per
// failure; avconvert keeps them out the same way.
setenv("LAVF_FFMPEG_LOG_LEVEL", "quiet", 0)

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
    are still written; the exit status is 1 if any failed. A file that cannot be written stops the run (status
    1, the partial file removed); a command line that cannot be run exits with status 2.
    --every spans the frames the video shows (not a longer duration another track declares).
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

/// Prints a one-line reason to standard error and exits with `status`: 1 when the work failed, 2 for a command line
/// that cannot be run (as avconvert).
func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("avframe: \(message)\n".utf8))
    exit(status)
}

/// A command line that cannot be run: status 2.
func usageError(_ message: String) -> Never { fail(message, status: 2) }

/// Seconds, or [[HH:]MM:]SS[.fff], as a time: decimal digits only (Double's parser would also take "inf", "nan"
/// and hexadecimal "0x10"), at most three fields, minutes and seconds after a colon below 60.
func parseTime(_ text: String) -> CMTime? {
    let fields = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...3).contains(fields.count) else { return nil }
    var seconds = 0.0
    for (index, field) in fields.enumerated() {
        guard let value = parseDecimal(field), index == 0 || value < 60 else { return nil }
        seconds = seconds * 60 + value
    }
    guard seconds <= maximumSeconds else { return nil }
    return CMTime(seconds: seconds, preferredTimescale: 1_000_000)
}

/// The longest time accepted: a microsecond timescale counts up to about 292,000 years in 64 bits; a day of
/// frames at most is asked of a movie, but a year leaves room for any real one.
let maximumSeconds = 366.0 * 24 * 3600

/// A non-negative decimal number: digits, with at most one point among them.
func parseDecimal(_ text: Substring) -> Double? {
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
          text.filter({ $0 == "." }).count <= 1, text != "." else { return nil }
    return Double(text)
}

func parse(_ arguments: [String]) -> Options {
    var options = Options()
    var iterator = arguments.makeIterator()
    func value(_ flag: String) -> String {
        guard let next = iterator.next() else { usageError("\(flag) needs a value") }
        return next
    }
    while let argument = iterator.next() {
        switch argument {
        case "-h", "--help":
            print(usage)
            exit(0)
        case "-t", "--time":
            let text = value(argument)
            guard let time = parseTime(text) else { usageError("\(text) is not a time (seconds, or HH:MM:SS.mmm)") }
            options.times.append(time)
        case "--every":
            let text = value(argument)
            // A step below a millisecond asks for the same frame many times over (1e-300 once tried to allocate
            // 3.3 GB).
            guard let step = parseDecimal(text[...]), step >= 0.001, step <= maximumSeconds else {
                usageError("--every takes a number of seconds from 0.001 up")
            }
            options.every = step
        case "-o", "--output": options.output = value(argument)
        case "--size":
            let parts = value(argument).split(separator: "x").map { Double($0) }
            guard parts.count == 2, let width = parts[0], let height = parts[1], width >= 0, height >= 0 else {
                usageError("--size takes WxH, for example 320x0")
            }
            options.maximumSize = CGSize(width: width, height: height)
        case "--quality":
            let text = value(argument)
            guard let quality = parseDecimal(text[...]), (0...1).contains(quality) else {
                usageError("--quality takes a number from 0 to 1")
            }
            options.quality = quality
        case "--nearest-sync": options.exact = false
        case "--no-transform": options.transform = false
        case "--progress": options.progress = true
        default:
            guard !argument.hasPrefix("-"), options.input == nil else {
                usageError("unknown argument \(argument)\n\(usage)")
            }
            options.input = URL(fileURLWithPath: argument)
        }
    }
    return options
}

let options = parse(Array(CommandLine.arguments.dropFirst()))
guard let input = options.input, let output = options.output else {
    usageError("an input file and -o OUTPUT are needed\n\(usage)")
}
let asset = AVURLAsset(url: input)
let times: FrameTimes
if let step = options.every {
    let end: CMTime
    do {
        end = try await FrameTimes.framesEnd(of: asset)
    } catch {
        fail("\(input.path): \(error.localizedDescription)")
    }
    times = FrameTimes(every: step, before: end)
} else {
    times = FrameTimes(options.times)
}
guard times.count > 0 else {
    if options.every != nil { fail("\(input.path): no video frames to take images of") }
    usageError("no times: give -t TIME or --every SECONDS")
}
guard times.count == 1 || output.contains("%d") else { usageError("several times need %d in the output name") }
guard ImageFileType(extension: URL(fileURLWithPath: output).pathExtension) != nil else {
    usageError("unknown image type for \(output): use .png, .jpg, .ppm or .bgra")
}

let generator = AVAssetImageGenerator(asset: asset)
generator.maximumSize = options.maximumSize
generator.appliesPreferredTrackTransform = options.transform
if options.exact {
    generator.requestedTimeToleranceBefore = .zero
    generator.requestedTimeToleranceAfter = .zero
}
/// Times asked of the generator at once: a grid of millions is answered in batches of this many.
let batchSize = 1_000
var written = 0, failed = 0, number = 0
// The last file written and the frame it holds: times that land on the same frame (nearest key frames, times
// closer than a frame) get a copy of its bytes instead of a second encoding.
var lastFile: (frame: CMTime, url: URL)?
for start in stride(from: 0, to: times.count, by: batchSize) {
    for await answer in generator.images(for: times.batch(from: start, limit: batchSize)) {
        number += 1
        let path = output.replacingOccurrences(of: "%d", with: String(number))
        let image: CGImage, frame: CMTime
        do {
            image = try answer.image
            frame = try answer.actualTime
        } catch {
            // No image at this time (past the end, an undecodable frame): reported, and the run goes on.
            failed += 1
            FileHandle.standardError.write(Data(("avframe: [\(number)/\(times.count)] "
                + "\(String(format: "%.6f", answer.requestedTime.seconds)) s: \(error.localizedDescription)\n").utf8))
            continue
        }
        let url = URL(fileURLWithPath: path)
        do {
            if let lastFile, lastFile.frame == frame, let bytes = try? Data(contentsOf: lastFile.url) {
                try writeFile(bytes, to: url)
            } else {
                try writeImage(image, to: url, quality: options.quality)
            }
        } catch {
            // A write that fails (a full disk) fails every later one too: stop, and leave no partial file.
            try? FileManager.default.removeItem(at: url)
            generator.cancelAllCGImageGeneration()
            fail("[\(number)/\(times.count)] \(error); stopped after \(written) image(s)")
        }
        lastFile = (frame, url)
        written += 1
        if options.progress {
            let line = "[\(number)/\(times.count)] \(path) (frame at \(String(format: "%.6f", frame.seconds)) s)\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
    }
}
if options.progress { FileHandle.standardError.write(Data("\(written) written, \(failed) failed\n".utf8)) }
exit(failed == 0 ? 0 : 1)
