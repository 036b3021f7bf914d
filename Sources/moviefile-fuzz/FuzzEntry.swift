// The whole-demuxer fuzz target (see ../shared/notes/c-libraries-from-swift.md §6). Built with
//   swift build -c release --sanitize=fuzzer -Xswiftc -DFUZZING --product moviefile-fuzz --scratch-path .build-fuzz
// and run with SWIFT_BACKTRACE=enable=no .build-fuzz/release/moviefile-fuzz -max_total_time=300 corpus seeds.
// A normal build gives a small tool instead: `moviefile-fuzz FILE…` prints what the demuxer sees and replays each
// file through the same harness.
import Foundation
import MovieFile

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    _ = MovieFuzzHarness.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
#else
@main struct MovieFileTool {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--measure", arguments.count == 3 {
            measure(URL(fileURLWithPath: arguments[2]), tables: arguments[1] == "tables")
            return
        }
        for path in arguments {
            do {
                print(try MovieFuzzHarness.summary(of: URL(fileURLWithPath: path)))
                print(MovieFuzzHarness.run(Array(try Data(contentsOf: URL(fileURLWithPath: path)))))
            } catch {
                print("\(path): \(error)")
            }
        }
    }

    /// `moviefile-fuzz --measure open|tables FILE`: the time to open the movie (and with `tables`, to build every
    /// track's sample table), for comparing with `ffprobe -show_format` under `/usr/bin/time -v`.
    static func measure(_ url: URL, tables: Bool) {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let reader = try MovieFileReader(url: url)
            let opened = clock.now
            print("opened \(reader.tracks.count) tracks in \(opened - start)")
            if tables {
                var samples = 0
                for track in reader.tracks { samples += try track.samples.table().count }
                print("built tables of \(samples) samples in \(clock.now - opened)")
            }
        } catch {
            print("\(url.path): \(error)")
        }
    }
}
#endif
