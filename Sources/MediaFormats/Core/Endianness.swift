/// The byte order of a multi-byte field: big-endian in every ISO, QuickTime, AIFF, CAF and MPEG structure,
/// little-endian in RIFF (WAVE) and in Ogg's OpusHead.
package enum Endianness: Sendable, Equatable {
    /// Most significant byte first (network order).
    case big
    /// Least significant byte first.
    case little
}
