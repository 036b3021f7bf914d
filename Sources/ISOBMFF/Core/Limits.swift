/// Every limit the ISOBMFF reader enforces, in one place, each with the reason for its number.
///
/// Counts read from a file are also checked against the bytes that remain (see
/// `BoxReader.checkCount(_:elementSize:)`), so no table allocation is larger than the box that declares it. The
/// limits below bound what that rule cannot: nesting, how much of a file is loaded at once, and how many records a
/// scan keeps.
package enum Limits {
    /// Deepest box nesting accepted. Real files nest about 12 deep
    /// (`moov/trak/mdia/minf/stbl/stsd/mp4a/wave/esds`, `moov/udta/meta/ilst/©nam/data`); Symphonia uses 32 too.
    /// A deeper file is crafted to exhaust the stack.
    package static let maximumDepth = 32

    /// Largest box payload loaded into memory by the file scanner (`moov`, `moof`, `sidx`, `mfra`, `meta`, …).
    /// A 24-hour 60 fps track with stsz, stco, stts and ctts needs about 70 MB of tables; 512 MiB leaves room for
    /// several such tracks while refusing a corrupt size field that claims gigabytes.
    package static let maximumLoadedBoxSize = 512 << 20

    /// Largest unrecognised top-level box the scanner keeps as raw bytes (so a remux loses nothing). Larger unknown
    /// boxes are recorded by location only, like `mdat`: they are media or padding, not structure.
    package static let maximumRawTopLevelBoxSize = 16 << 20

    /// Most top-level boxes one scan records. A fragmented file writes two per fragment (`moof`, `mdat`); one
    /// fragment per frame at 60 fps for 10 hours is 4.3 million. Each record costs about 100 bytes, so this bounds a
    /// scan of a file made of empty 8-byte boxes to a few hundred MB.
    package static let maximumTopLevelBoxCount = 5_000_000

    /// Longest string decoded from a box (names, URLs, text items, C strings). Lyrics and descriptions are the
    /// longest real strings (tens of KB); anything longer is kept as raw bytes by the box that holds it.
    package static let maximumStringLength = 1 << 20

    /// Bytes read to parse one top-level header: size (4) + type (4) + largesize (8) + uuid usertype (16).
    package static let maximumHeaderSize = 32
}
