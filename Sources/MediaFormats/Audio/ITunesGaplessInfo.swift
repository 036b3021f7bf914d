/// iTunes' gapless playback values (`iTunSMPB`, in an MP4's `----` item or an MP3's ID3 `COMM` frame): hexadecimal
/// fields " 00000000 00000840 000001CA 00000000003F31F6 …", the second to fourth being the encoder's priming frames,
/// the padding at the end (remainder) and the valid frames between.
///
/// iTunes writes priming and padding as 8 hex digits (32 bits) and the frame count as 16. Larger values are refused
/// here, where both readers take them from: a priming of 7FFFFFFFFFFFFFFF overflowed an MP3's priming + remainder and
/// a movie's conversion of it to media ticks, trapping as the file opened.
package struct ITunesGaplessInfo: Hashable, Sendable {
    /// Frames the encoder put before the first real one.
    package var priming: Int64
    /// Frames of padding after the last real one.
    package var remainder: Int64
    /// The real frames.
    package var validFrames: Int64

    /// The values of an `iTunSMPB` text; nil when it has fewer than four fields, or a field out of its range.
    package init?(text: String) {
        let fields = text.split(separator: " ").map { Int64($0, radix: 16) }
        guard fields.count >= 4, let priming = fields[1], let remainder = fields[2], let valid = fields[3],
              (0...Int64(UInt32.max)).contains(priming), (0...Int64(UInt32.max)).contains(remainder), valid >= 0
        else { return nil }
        self.priming = priming
        self.remainder = remainder
        validFrames = valid
    }
}
