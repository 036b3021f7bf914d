import CoreMedia
import Foundation

/// One sample (or a run of equal samples) appended to a track, in decode order. Times and durations are integers in
/// the track's media timescale, on the caller's timeline (the same timeline for every track; the writer shifts each
/// track so that its first decode time is media time 0).
package struct OutputSample: Sendable {
    /// Where the sample's bytes are.
    package enum Payload: Sendable {
        /// Bytes in a block buffer (zero copy until written).
        case blockBuffer(CMBlockBuffer)
        /// Bytes in a contiguous buffer.
        case data(Data)
        /// `size` bytes at `offset` in the track's referenced file (QuickTime sample references): nothing is written.
        case reference(offset: UInt64, size: Int)
    }

    /// The sample's bytes.
    package var payload: Payload
    /// Decode time; `nil` means right after the previous sample (previous decode time + duration).
    package var decodeTime: Int64?
    /// Presentation time; `nil` means equal to the decode time.
    package var presentationTime: Int64?
    /// Duration of one sample. The stored duration of a sample is the distance to the next sample's decode time; this
    /// one is used for the last sample (and for each sample of a run).
    package var duration: Int64
    /// How many samples of equal size and duration `payload` holds, back to back (LPCM frames): one append instead
    /// of one per frame. A run's samples are all sync samples presented at their decode times.
    package var sampleCount: Int = 1
    /// True for a sync (random access) sample.
    package var isSync: Bool = true
    /// True for a partial sync sample (QuickTime `stps`: an open-GOP I-frame).
    package var isPartialSync: Bool = false
    /// Dependency information for `sdtp` (and fragment sample flags), when the caller knows it.
    package var dependency: SampleDependency?
    /// 1-based index of the track sample description (format description) this sample uses.
    package var descriptionIndex: Int = 1

    /// A sample.
    package init(payload: Payload, decodeTime: Int64?, presentationTime: Int64? = nil, duration: Int64,
                 sampleCount: Int = 1, isSync: Bool = true, descriptionIndex: Int = 1) {
        self.payload = payload
        self.decodeTime = decodeTime
        self.presentationTime = presentationTime
        self.duration = duration
        self.sampleCount = sampleCount
        self.isSync = isSync
        self.descriptionIndex = descriptionIndex
    }

    /// The number of bytes in the payload.
    package var byteCount: Int {
        switch payload {
        case .blockBuffer(let buffer): CMBlockBufferGetDataLength(buffer)
        case .data(let data): data.count
        case .reference(_, let size): size
        }
    }
}
