import CoreMedia

/// How fast a timeline segment plays its media: media time per unit of track time, as a reduced fraction.
///
/// 1 is normal speed, 2 plays twice as fast (one second of track shows two seconds of media), ½ is slow motion,
/// 0 dwells on one sample and a negative rate plays backwards (which AVFoundation does not present). Edit lists
/// store it in 16.16 fixed point (ISO/IEC 14496-12 §8.6.6.3 media_rate); compositions as the ratio of a segment's
/// source duration to its target duration (CMTimeRange.h, CMTimeMapping: "the media is played at rate
/// source.duration / target.duration"). Keeping the fraction reduced keeps every mapped time exact: a rate of 2
/// from 0x20000 / 0x10000 multiplies by 2 / 1 instead of overflowing the timescale into a rounded result.
package struct MediaRate: Sendable, Hashable, CustomStringConvertible {
    /// Media time, in units of `trackUnits` track time; reduced, with the sign here.
    package let mediaUnits: Int32
    /// Track time per `mediaUnits` media time; positive.
    package let trackUnits: Int32

    /// Normal speed.
    package static let normal = MediaRate(units: (1, 1))
    /// Dwell on one sample.
    package static let dwell = MediaRate(units: (0, 1))

    private init(units: (Int32, Int32)) {
        (mediaUnits, trackUnits) = units
    }

    /// A 16.16 fixed-point edit-list rate (0x10000 = 1.0).
    package init(fixed16_16 rate: Int32) {
        self.init(units: Self.reduced(Int128(rate), 0x10000))
    }

    /// The rate that plays `source` media in `target` track time; `nil` when `target` is not a positive numeric
    /// duration or `source` is not numeric.
    package init?(source: CMTime, target: CMTime) {
        guard source.isNumeric, target.isNumeric, target.value > 0, source.timescale > 0, target.timescale > 0
        else { return nil }
        // (source.value / source.timescale) / (target.value / target.timescale), reduced in 128 bits.
        self.init(units: Self.reduced(Int128(source.value) * Int128(target.timescale),
                                      Int128(target.value) * Int128(source.timescale)))
    }

    /// `media / track` reduced, the sign on the media term; `track` must not be zero. A fraction that does not fit
    /// 32 bits even reduced (durations in unrelated, huge timescales) becomes the closest one that does, which moves
    /// a mapped time by far less than a tick of any real timescale.
    private static func reduced(_ media: Int128, _ track: Int128) -> (Int32, Int32) {
        var (m, t) = track < 0 ? (-media, -track) : (media, track)
        let common = gcd(m.magnitude, t.magnitude)
        if common > 1 {
            m /= Int128(common)
            t /= Int128(common)
        }
        if let media = Int32(exactly: m), let track = Int32(exactly: t) { return (media, track) }
        return approximate(Double(m) / Double(t))
    }

    /// Whether this is normal speed.
    package var isNormal: Bool { mediaUnits == trackUnits }
    /// Whether the segment shows one sample for its whole duration.
    package var isDwell: Bool { mediaUnits == 0 }
    /// Whether the segment plays backwards.
    package var isReverse: Bool { mediaUnits < 0 }
    /// The rate in 16.16 fixed point, as an edit list stores it (nearest, saturating at the field's range).
    package var fixed16_16: Int32 {
        Int32(clamping: (Int128(mediaUnits) * 0x10000 + Int128(trackUnits) / 2 * Int128(mediaUnits.signum()))
                        / Int128(trackUnits))
    }
    /// The rate as a number (for `kCMSampleBufferAttachmentKey_SpeedMultiplier` and messages).
    package var doubleValue: Double { Double(mediaUnits) / Double(trackUnits) }

    /// A stretch of track time as media time (× rate).
    package func mediaDuration(ofTrack duration: CMTime) -> CMTime {
        isNormal ? duration : CMTimeMultiplyByRatio(duration, multiplier: mediaUnits, divisor: trackUnits)
    }

    /// A stretch of media time as track time (÷ rate); unchanged for a dwell, which has no media extent.
    package func trackDuration(ofMedia duration: CMTime) -> CMTime {
        isNormal || isDwell ? duration : CMTimeMultiplyByRatio(duration, multiplier: trackUnits, divisor: mediaUnits)
    }

    package var description: String { isNormal ? "1" : "\(mediaUnits)/\(trackUnits)" }

    private static func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    /// The continued-fraction approximation of `value` with both terms within 32 bits.
    private static func approximate(_ value: Double) -> (Int32, Int32) {
        guard value.isFinite else { return (1, 1) }
        var (h0, h1): (Double, Double) = (0, 1)
        var (k0, k1): (Double, Double) = (1, 0)
        var x = value
        for _ in 0..<64 {
            let a = x.rounded(.down)
            let (h2, k2) = (a * h1 + h0, a * k1 + k0)
            guard abs(h2) <= Double(Int32.max), k2 <= Double(Int32.max) else { break }
            (h0, h1, k0, k1) = (h1, h2, k1, k2)
            let fraction = x - a
            guard fraction > 1e-12 else { break }
            x = 1 / fraction
        }
        return k1 > 0 ? (Int32(h1), Int32(k1)) : (1, 1)
    }
}
