import AVFoundation
import CoreMedia
import CoreVideo
import Foundation
import Testing
import TestSupport

// The compat sample's ReadMovie.swift (its verbatim copy, `compatReadMovie`, is in Writer/CompatReadMovie.swift),
// run on a movie made by ffmpeg to its expectations: 640x360 H.264 at 30 fps and AAC at 44.1 kHz stereo, 3 s, title
// "Compat sample", audio language eng, rotated 90° by the shared set-rotation.py.

@Suite("Compat sample: readMovie")
struct CompatReadMovieReaderTests {
    /// The movie readMovie expects, made by ffmpeg and rotated by the shared tool.
    static func movie(seconds: Int) throws -> URL {
        try ReaderMedia.make("compat-sample-\(seconds)s.mov") { output in
            try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-y",
                "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30:duration=\(seconds)",
                "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=\(seconds)",
                "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-ac", "2",
                "-metadata", "title=Compat sample", "-metadata:s:a:0", "language=eng", output.path])
            try ExternalTool.check("python3", [TestFiles.sharedDirectory.appendingPathComponent("tools/set-rotation.py").path,
                                               output.path])
        }
    }

    @Test("readMovie's checks hold: every frame decoded to BGRA, the audio decoded, the reader completed")
    func readMovieReaderPart() async throws {
        try await compatReadMovie(at: try Self.movie(seconds: 3), seconds: 3)
    }
}
