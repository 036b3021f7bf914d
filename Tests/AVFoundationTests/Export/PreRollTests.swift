import CoreMedia
import CoreVideo
import Foundation
import Testing
@testable import AVFoundation

/// A pre-rolled video encoder (`ExportPlan.videoPreRoll`): the pictures before the range are encoded and their
/// samples dropped, and the range starts with a key frame exactly at its start.
@Suite("Video pre-roll: which pictures start the range, which samples are kept")
struct PreRollTests {
    static let start = CMTime(value: 2, timescale: 1)

    /// One encoded sample presented at `seconds` (decode order is the order of `admit` calls).
    static func sample(at seconds: Double, sync: Bool) throws -> CMSampleBuffer {
        let time = CMTime(seconds: seconds, preferredTimescale: 600)
        let block = try CMBlockBuffer(length: 1)
        var timing = CMSampleTimingInfo(duration: CMTime(value: 24, timescale: 600), presentationTimeStamp: time,
                                        decodeTimeStamp: .invalid)
        var buffer: CMSampleBuffer?
        try #require(CMSampleBufferCreateReady(allocator: nil, dataBuffer: block, formatDescription: nil,
                                               sampleCount: 1, sampleTimingEntryCount: 1, sampleTimingArray: &timing,
                                               sampleSizeEntryCount: 0, sampleSizeArray: nil,
                                               sampleBufferOut: &buffer) == noErr)
        let made = try #require(buffer)
        if !sync { made.sampleAttachments[0][.notSync] = true }
        return made
    }

    @Test("the samples before the range's key frame are dropped, then every one is kept")
    func gateDropsThePreRoll() throws {
        var gate = PreRollGate(rangeStart: Self.start)
        // Decode order of an IDR at 2 s after a pre-roll: the pre-roll's I, P and B frames, then the IDR and its GOP.
        let verdicts = try [(1.0, true), (1.08, false), (1.04, false), (2.0, true), (2.08, false), (2.04, false)]
            .map { try gate.admit(Self.sample(at: $0.0, sync: $0.1)) }
        #expect(verdicts == [.drop, .drop, .drop, .keep, .keep, .keep])
    }

    @Test("no pre-roll: every sample is kept")
    func gateWithoutPreRollKeepsAll() throws {
        var gate = PreRollGate(rangeStart: nil)
        #expect(try gate.admit(Self.sample(at: 0.5, sync: false)) == .keep)
    }

    @Test("a range that does not start with a key frame, or a pre-roll picture after it, is refused")
    func gateRefusesUndecodableStreams() throws {
        var notKey = PreRollGate(rangeStart: Self.start)
        guard case .refuse(let reason) = try notKey.admit(Self.sample(at: 2, sync: false)) else {
            Issue.record("a non-key first picture was not refused")
            return
        }
        #expect(reason.contains("key frame"), "\(reason)")
        var late = PreRollGate(rangeStart: Self.start)
        #expect(try late.admit(Self.sample(at: 2, sync: true)) == .keep)
        guard case .refuse(let lateReason) = try late.admit(Self.sample(at: 1.96, sync: false)) else {
            Issue.record("a pre-roll picture after the key frame was not refused")
            return
        }
        #expect(lateReason.contains("pre-roll"), "\(lateReason)")
    }

    static func picture(at seconds: Double, duration: Double) throws -> VideoTranscoder.Picture {
        var image: CVPixelBuffer?
        try #require(CVPixelBufferCreate(kCFAllocatorDefault, 16, 16, kCVPixelFormatType_420YpCbCr8Planar, nil,
                                         &image) == kCVReturnSuccess)
        return VideoTranscoder.Picture(image: try #require(image),
                                       presentationTime: CMTime(seconds: seconds, preferredTimescale: 600),
                                       duration: CMTime(seconds: duration, preferredTimescale: 600))
    }

    @Test("a picture on screen across the range's start is cut there; one at or after it starts the range")
    func pictureAcrossTheStartIsCut() throws {
        let before = VideoTranscoder.split(try Self.picture(at: 1.5, duration: 0.25), at: Self.start)
        #expect(before.map(\.startsRange) == [false])
        let across = VideoTranscoder.split(try Self.picture(at: 1.9, duration: 0.25), at: Self.start)
        #expect(across.map(\.presentationTime.seconds) == [1.9, 2])
        #expect(across.map { ($0.duration.seconds * 100).rounded() / 100 } == [0.1, 0.15])
        #expect(across.map(\.startsRange) == [false, true])
        let at = VideoTranscoder.split(try Self.picture(at: 2, duration: 0.04), at: Self.start)
        #expect(at.map(\.startsRange) == [true] && at[0].presentationTime == Self.start)
    }
}
