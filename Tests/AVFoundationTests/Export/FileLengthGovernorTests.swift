import CoreMedia
import Foundation
import MediaContainer
import Testing
@testable import AVFoundation

/// The file-length governor's admission policy, row by row: a limit, what the muxer projects, what is appended, and
/// which samples are admitted. Every row is single-threaded and never makes a track wait (a track ahead waits only
/// for tracks behind it that have begun, which the rows finish or keep level).
@Suite("File length governor")
struct FileLengthGovernorTests {
    /// The table bytes the governor counts per sample (per buffer for linear PCM).
    static let table = ExportLimits.tableBytesPerSampleBound

    enum Step {
        /// Offers track `track` a buffer of samples of `sizes` bytes presented from `from` to `to` seconds (linear
        /// PCM when `pcm`: one size, one table entry).
        case append(track: Int, sizes: [Int], from: Double, to: Double, pcm: Bool = false)
        /// The track takes no more samples.
        case finish(track: Int)
    }

    struct Row: CustomTestStringConvertible {
        let name: String
        var limit: Int64
        var reserve: Int64 = 0
        var initialSize: Int64 = 1_000
        var rates: [Double] = [0]
        /// The muxer's header bytes once it has tracks; nil: no projection (the bound stays the running estimate).
        var muxerHeader: Int64?
        let steps: [Step]
        /// Samples admitted per `append`, in order (0: refused).
        let admitted: [Int]

        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "samples are admitted while the bound fits and the first that would pass the limit is refused",
            limit: 1_000 + 3 * (100 + table),
            steps: (0..<4).map { .append(track: 0, sizes: [100], from: Double($0), to: Double($0 + 1)) },
            admitted: [1, 1, 1, 0]),
        Row(name: "a sample that fills the limit exactly is admitted",
            limit: 1_000 + 100 + table,
            steps: [.append(track: 0, sizes: [100], from: 0, to: 1)],
            admitted: [1]),
        Row(name: "the finish's reserve is kept free",
            limit: 1_000 + 2 * (100 + table) + 50, reserve: 51,
            steps: (0..<2).map { .append(track: 0, sizes: [100], from: Double($0), to: Double($0 + 1)) },
            admitted: [1, 0]),
        Row(name: "a buffer of packets that does not fit whole gives its longest prefix that does",
            limit: 1_000 + 3 * (100 + table) + 99,
            steps: [.append(track: 0, sizes: [100, 100, 100, 100, 100], from: 0, to: 5),
                    .append(track: 0, sizes: [100], from: 5, to: 6)],
            admitted: [3, 0]),
        Row(name: "linear PCM counts one table entry per buffer, and a prefix costs its frames",
            limit: 1_000 + 40 + table + 20 + table,
            steps: [.append(track: 0, sizes: Array(repeating: 4, count: 10), from: 0, to: 1, pcm: true),
                    .append(track: 0, sizes: Array(repeating: 4, count: 10), from: 1, to: 2, pcm: true)],
            admitted: [10, 5]),
        Row(name: "room is kept for another unfinished track to reach the same time at its nominal rate",
            limit: 1_000 + 100 + table + 1_000, rates: [0, 1_000],
            steps: [.append(track: 0, sizes: [100], from: 0, to: 1)],
            admitted: [1]),
        Row(name: "a sample that leaves another track less than its rate needs is refused",
            limit: 1_000 + 100 + table + 999, rates: [0, 1_000],
            steps: [.append(track: 0, sizes: [100], from: 0, to: 1)],
            admitted: [0]),
        Row(name: "a finished track needs no room",
            limit: 1_000 + 100 + table, rates: [0, 1_000],
            steps: [.finish(track: 1), .append(track: 0, sizes: [100], from: 0, to: 1)],
            admitted: [1]),
        Row(name: "a reservation too large for 64 bits refuses instead of overflowing",
            limit: .max - 1, rates: [0, 1e300],
            steps: [.append(track: 0, sizes: [100], from: 0, to: 1)],
            admitted: [0]),
        Row(name: "a track out of range is refused",
            limit: 1_000_000,
            steps: [.append(track: 3, sizes: [100], from: 0, to: 1)],
            admitted: [0]),
        Row(name: "the muxer's projection replaces the header estimate: more fits than the estimate allowed",
            limit: 1_000 + 100 + table, initialSize: 5_000, muxerHeader: 1_000,
            steps: [.append(track: 0, sizes: [100], from: 0, to: 1)],
            admitted: [1]),
        Row(name: "near the limit a fresh projection (without the table bound for samples taken) admits more",
            limit: 1_000 + 3 * 100 + 2 * table, muxerHeader: 1_000,
            steps: (0..<4).map { .append(track: 0, sizes: [100], from: Double($0), to: Double($0 + 1)) },
            admitted: [1, 1, 1, 0]),
    ]

    @Test("the rows' arithmetic holds: the table bound per sample is under 99 bytes")
    func tableBound() {
        // The last row admits a third sample only after a fresh projection and refuses the fourth, and the prefix
        // row keeps 99 bytes spare: both need 0 < table < 99.
        #expect(Self.table > 0 && Self.table < 99)
    }

    @Test("admission decisions", arguments: rows)
    func admission(_ row: Row) throws {
        let muxer = row.muxerHeader.map { FakeMuxer(header: $0, tracks: row.rates.count) }
        let governor = FileLengthGovernor(
            limit: row.limit, reserve: row.reserve, initialSize: row.initialSize, start: .zero,
            nominalRates: row.rates, projection: { muxer?.projection },
            sampleCounts: { muxer?.projection.tracks.map(\.sampleCount) })
        var admitted: [Int] = []
        for step in row.steps {
            switch step {
            case .finish(let track):
                governor.trackFinished(track)
            case .append(let track, let sizes, let from, let to, let pcm):
                let buffer = try Self.buffer(sizes: sizes, pcm: pcm)
                let result = governor.admit(buffer, track: track, start: CMTime(seconds: from, preferredTimescale: 600),
                                            end: CMTime(seconds: to, preferredTimescale: 600))
                let count = result.map(CMSampleBufferGetNumSamples) ?? 0
                admitted.append(count)
                if let result {
                    muxer?.take(track: track, bytes: CMSampleBufferGetTotalSampleSize(result), samples: count)
                }
            }
        }
        #expect(admitted == row.admitted)
        #expect(governor.currentBound <= row.limit, "the bound never passes the limit")
    }

    /// A muxer that takes every admitted sample at once and projects its header plus the sample bytes.
    final class FakeMuxer: @unchecked Sendable {
        // Safe because `lock` guards `bytes` and `counts`.
        private let lock = NSLock()
        private let header: Int64
        private var bytes: Int64 = 0
        private var counts: [Int]

        init(header: Int64, tracks: Int) {
            self.header = header
            counts = Array(repeating: 0, count: tracks)
        }

        var projection: OutputSizeProjection {
            lock.withLock {
                OutputSizeProjection(fileSize: UInt64(header + bytes),
                                     tracks: counts.map { .init(sampleCount: $0, byteCount: 0) })
            }
        }

        func take(track: Int, bytes added: Int, samples: Int) {
            lock.withLock {
                bytes += Int64(added)
                counts[track] += samples
            }
        }
    }

    /// A buffer of samples of `sizes` bytes (linear PCM frames of 4 bytes when `pcm`).
    static func buffer(sizes: [Int], pcm: Bool) throws -> CMSampleBuffer {
        let total = sizes.reduce(0, +)
        var block: CMBlockBuffer?
        CMBlockBufferCreateWithMemoryBlock(allocator: nil, memoryBlock: nil, blockLength: total, blockAllocator: nil,
                                           customBlockSource: nil, offsetToData: 0, dataLength: total,
                                           flags: kCMBlockBufferAssureMemoryNowFlag, blockBufferOut: &block)
        var format: CMFormatDescription?
        if pcm {
            var asbd = AudioStreamBasicDescription(
                mSampleRate: 10, mFormatID: kAudioFormatLinearPCM,
                mFormatFlags: kAudioFormatFlagIsSignedInteger | kAudioFormatFlagIsPacked, mBytesPerPacket: 4,
                mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: 2, mBitsPerChannel: 16, mReserved: 0)
            CMAudioFormatDescriptionCreate(allocator: nil, asbd: &asbd, layoutSize: 0, layout: nil, magicCookieSize: 0,
                                           magicCookie: nil, extensions: nil, formatDescriptionOut: &format)
        }
        var timing = CMSampleTimingInfo(duration: .invalid, presentationTimeStamp: .zero, decodeTimeStamp: .invalid)
        var sampleSizes = pcm ? [4] : sizes
        var buffer: CMSampleBuffer?
        CMSampleBufferCreateReady(allocator: nil, dataBuffer: block, formatDescription: format,
                                  sampleCount: sizes.count, sampleTimingEntryCount: 1, sampleTimingArray: &timing,
                                  sampleSizeEntryCount: sampleSizes.count, sampleSizeArray: &sampleSizes,
                                  sampleBufferOut: &buffer)
        return try #require(buffer)
    }
}
