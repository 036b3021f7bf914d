/// The last input frames of a time-stretch session, and the input's continuation past its end made from them: the
/// last period of the audio looped (`LoopExtension`), so the stretcher's windows that overlap the end see the same
/// sound going on rather than silence.
struct TimeStretchTail {
    private var planes: [[Float]]
    private let capacity: Int
    private let sampleRate: Int
    /// The loop, found on the first call for a continuation.
    private var period: Int?
    /// How far into the continuation the next call starts.
    private var position = 0

    /// Keeps enough frames of `channelCount` channels at `sampleRate` to find the loop.
    init(channelCount: Int, sampleRate: Int) {
        planes = Array(repeating: [], count: channelCount)
        capacity = LoopExtension.sourceFrameCount(sampleRate: sampleRate)
        self.sampleRate = sampleRate
    }

    /// Keeps the end of `input` (planes of equal length).
    mutating func remember(_ input: [[Float]]) {
        for channel in planes.indices {
            planes[channel] += input[channel].suffix(capacity)
            let excess = planes[channel].count - capacity
            if excess > 0 { planes[channel].removeFirst(excess) }
        }
    }

    /// The next `frameCount` frames of the continuation (silence if nothing was kept).
    mutating func continuation(frameCount: Int) -> [[Float]] {
        let kept = planes.first?.count ?? 0
        guard kept > 0 else { return planes.map { _ in Array(repeating: 0, count: frameCount) } }
        let period = self.period ?? LoopExtension.period(of: planes, atStart: false, sampleRate: sampleRate)
        self.period = period
        let first = kept - period
        let result = planes.map { plane in
            (0..<frameCount).map { plane[first + (position + $0) % period] }
        }
        position = (position + frameCount) % period
        return result
    }
}
