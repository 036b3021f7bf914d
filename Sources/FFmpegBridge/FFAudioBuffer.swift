/// Audio in memory someone else owns: one plane per channel (planar formats) or one interleaved plane.
package struct FFAudioSamples {
    /// The planes.
    package var planes: [UnsafeRawPointer]
    /// Samples per channel.
    package var frameCount: Int

    /// Describes audio.
    package init(planes: [UnsafeRawPointer], frameCount: Int) {
        self.planes = planes
        self.frameCount = frameCount
    }
}

/// Audio the bridge produced, in Swift-owned memory.
package struct FFAudioBuffer: Sendable, Hashable {
    /// How samples are stored.
    package var sampleFormat: FFSampleFormat
    /// Number of channels.
    package var channelCount: Int
    /// Samples per channel.
    package var frameCount: Int
    /// The planes (one per channel when planar, else one), each exactly `frameCount` samples long.
    package var planes: [[UInt8]]

    /// Describes audio.
    package init(sampleFormat: FFSampleFormat, channelCount: Int, frameCount: Int, planes: [[UInt8]]) {
        self.sampleFormat = sampleFormat
        self.channelCount = channelCount
        self.frameCount = frameCount
        self.planes = planes
    }

    /// Calls `body` with the planes as raw pointers (for `FFAudioEncoder.encode` or `FFResampler.convert`).
    package func withSamples<Result>(_ body: (FFAudioSamples) throws(FFError) -> Result) throws(FFError) -> Result {
        // Recursion pins each plane's storage for the duration of the call.
        func pin(_ index: Int, _ pointers: [UnsafeRawPointer]) throws(FFError) -> Result {
            if index == planes.count { return try body(FFAudioSamples(planes: pointers, frameCount: frameCount)) }
            return try ffWithBytes(planes[index]) { raw throws(FFError) in
                // An empty plane has no base address; any valid pointer will do since nothing is read.
                try pin(index + 1, pointers + [raw.baseAddress ?? UnsafeRawPointer(bitPattern: 0x10)!])
            }
        }
        return try pin(0, [])
    }
}
