import MediaContainer

extension MovieFileReader {
    /// Top-level box types that can open a QuickTime or ISO base media file (ISO/IEC 14496-12 §4.3 puts `ftyp`
    /// first, but QuickTime files without `ftyp` start with `moov`, `mdat`, `wide`, `free`, `skip`, `junk` or a
    /// preview `pnot`; segments start with `styp`, `sidx` or `moof`).
    private static let leadingBoxTypes: Set<String> = [
        "ftyp", "moov", "mdat", "wide", "free", "skip", "pnot", "uuid", "styp", "sidx", "moof", "junk",
    ]

    /// The format of a file that starts with `prefix` (at least its first 12 bytes) and is `fileLength` bytes long:
    /// the movie half of the package's one format sniffer (AudioFile recognises the audio file formats).
    ///
    /// QuickTime when the first box is an `ftyp` or `styp` with major brand `qt  `, or is none of them; ISO base
    /// media for any other brand. `nil` when the first box's type cannot open a movie or its size does not fit
    /// the file: 0 (to the end), 1 (a 64-bit size follows) or 8 up to the file's length.
    package static func format(ofPrefix prefix: [UInt8], fileLength: Int) -> ContainerFormat? {
        guard prefix.count >= 8 else { return nil }
        let type = String(decoding: prefix[4..<8], as: UTF8.self)
        let size = prefix[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard leadingBoxTypes.contains(type), size == 0 || size == 1 || (size >= 8 && size <= fileLength) else {
            return nil
        }
        guard type == "ftyp" || type == "styp" else { return .quickTime }
        guard prefix.count >= 12 else { return .isoBaseMedia }
        return prefix[8..<12].elementsEqual("qt  ".utf8) ? .quickTime : .isoBaseMedia
    }
}
