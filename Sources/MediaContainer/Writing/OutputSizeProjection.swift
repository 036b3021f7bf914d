/// What a container writer's file would measure if it were finished now, and what each track holds so far: what a
/// caller bound by a file size (an export's `fileLengthLimit`) asks before it passes the bound.
package struct OutputSizeProjection: Sendable, Equatable {
    /// One track's samples so far (LPCM counts frames, as a sample table does).
    package struct Track: Sendable, Equatable {
        package var sampleCount: Int
        package var byteCount: UInt64

        package init(sampleCount: Int, byteCount: UInt64) {
            self.sampleCount = sampleCount
            self.byteCount = byteCount
        }
    }

    /// The size in bytes of the finished file: the media data written and held, and the headers and tables as they
    /// would be written now (a movie box built from the sample tables so far, with chunk offsets counted as 64-bit;
    /// an audio file's header and packet table). Edit lists and metadata set later (at finish) are not included.
    package var fileSize: UInt64
    /// Per track, in the order added.
    package var tracks: [Track]

    package init(fileSize: UInt64, tracks: [Track]) {
        self.fileSize = fileSize
        self.tracks = tracks
    }
}
