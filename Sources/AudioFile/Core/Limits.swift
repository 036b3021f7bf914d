// AudioFile's limits, in one place, each with the reason for its number.

/// Limits that keep the audio file readers and writers from being driven into unbounded work or memory by bad
/// input. Everything else is bounded by the file's own size: a count read from a file is checked against the bytes
/// that remain before anything is allocated.
package enum AudioFileLimits {
    /// The most channels a stream may declare. WAV and AIFF store 16-bit counts and CAF a 32-bit one; CoreAudio's
    /// own layouts stop far below this, and per-channel arrays (layouts, Opus mappings) are sized from it.
    package static let maximumChannels = 1_024

    /// The largest metadata chunk (RIFF INFO, `id3 `, AIFF text, CAF `info`) read into memory. Larger ones are
    /// skipped with a warning; 16 MiB holds any real tag including embedded cover art.
    package static let maximumMetadataBytes = 16 << 20

    /// The most chunks walked in one RIFF/AIFF/CAF file. Each chunk header is at least 8 bytes, so the file's size
    /// bounds the walk already; this caps the work a file of tiny chunks can cause.
    package static let maximumChunks = 1_000_000

    /// The most metadata items kept from one file (ID3 frames, INFO entries, CAF strings).
    package static let maximumMetadataItems = 4_096

    /// How far the MP3 and ADTS scanners search for the next frame header after losing sync (junk, a damaged
    /// frame). Real files have at most a few kilobytes of junk (an APE tag, Lyrics3); past this the rest of the
    /// file is treated as not audio, so a file of noise costs one linear pass, not a search from every byte.
    package static let maximumResyncDistance = 256 << 10

    /// The largest free-format MP3 frame. The format allows up to 640 kbit/s in practice; at 8 kHz MPEG-2.5
    /// Layer III that is 72 × 640000 / 8000 = 5760 bytes.
    package static let maximumFreeFormatFrameBytes = 8_192

    /// Frames that must follow each other, compatible and back to back, before a sync word found by searching is
    /// believed (or the end of the audio is reached first). One false sync in random data is likely within a few
    /// kilobytes; three in a row with matching sizes is not.
    package static let confirmingFrames = 3

    /// The most sync-safe candidate headers tried when confirming the first MP3/ADTS frame: each candidate costs a
    /// constant amount of work, so a file without audio is rejected quickly.
    package static let maximumSyncCandidates = 100_000

    /// The highest sample rate accepted. Media timescales are 32-bit (`CMTimeScale`); DSD512 as PCM is 22.6 MHz.
    package static let maximumSampleRate = Double(Int32.max)
}
