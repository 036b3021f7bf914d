/// The timing of one compressed packet, in the time base the caller chose for the stream (integer ticks; the
/// bridge never converts them).
package struct FFPacketTiming: Hashable, Sendable {
    /// Presentation time, or `nil` when the container has none (FFmpeg's guesses are never substituted).
    package var pts: Int64?
    /// Decode time, or `nil`.
    package var dts: Int64?
    /// Duration (0 when unknown).
    package var duration: Int64
    /// Whether the packet is a sync sample.
    package var isKeyFrame: Bool

    /// Describes a packet's timing.
    package init(pts: Int64?, dts: Int64? = nil, duration: Int64 = 0, isKeyFrame: Bool = false) {
        self.pts = pts
        self.dts = dts
        self.duration = duration
        self.isKeyFrame = isKeyFrame
    }
}
