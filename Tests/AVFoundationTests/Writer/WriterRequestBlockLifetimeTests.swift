import CoreMedia
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// A `requestMediaDataWhenReady` block usually holds what feeds the input, which holds the input: an input that kept
/// its block after it was done kept that feed for ever (a finished export's reader, decoders and encoders, 40 MB a
/// 720p export). Once the input is marked finished, or its writer stops while the block waits, the block is let go,
/// as is a `respondToEachPassDescription` block after its last call.
@Suite("AVAssetWriterInput lets go of its blocks when it is done")
struct WriterRequestBlockLifetimeTests {
    /// What the block holds; `token` is nil once no block holds it.
    final class Token: Sendable {}

    @Test("a request block is let go once its input is marked finished, and a pass block after its last call")
    func releasedWhenFinished() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("request-block")
        let writer = try AVAssetWriter(outputURL: directory.file("out.mov"), fileType: .mov)
        let input = AVAssetWriterInput(mediaType: .audio, outputSettings: WriterReadinessTests.pcm())
        writer.add(input)
        #expect(writer.startWriting())
        writer.startSession(atSourceTime: .zero)
        weak var weakToken: Token?
        weak var weakPassToken: Token?
        let done = DispatchSemaphore(value: 0)
        do {
            let token = Token(), passToken = Token()
            (weakToken, weakPassToken) = (token, passToken)
            let queue = DispatchQueue(label: "request")
            input.respondToEachPassDescription(on: queue) { _ = passToken }
            nonisolated(unsafe) var block = 0
            input.requestMediaDataWhenReady(on: queue) {
                _ = token
                guard block < 10 else { return }
                while input.isReadyForMoreMediaData, block < 10 {
                    _ = input.append(WriterMedia.tone(frames: 4410, start: block * 4410))
                    block += 1
                }
                if block == 10 {
                    input.markAsFinished()
                    done.signal()
                }
            }
        }
        try await blockingWork { done.wait() }
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        // The queue's last run returns just after the signal.
        for _ in 0..<100 where weakToken != nil || weakPassToken != nil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(weakToken == nil, "the request block is still held")
        #expect(weakPassToken == nil, "the pass block is still held")
    }

    @Test("a request block waiting for readiness is let go once its writer is cancelled")
    func releasedWhenCancelled() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("request-block-cancel")
        // Two inputs and samples for one only: the first stops being ready (the other holds it back) and its block
        // waits.
        let (writer, first, _) = try WriterMedia.twoAudioInputs(writingTo: directory.file("out.mov"))
        #expect(writer.startWriting())
        writer.startSession(atSourceTime: .zero)
        weak var weakToken: Token?
        let waiting = DispatchSemaphore(value: 0)
        do {
            let token = Token()
            weakToken = token
            nonisolated(unsafe) var appended = 0
            nonisolated(unsafe) var signalled = false
            first.requestMediaDataWhenReady(on: DispatchQueue(label: "request")) {
                _ = token
                while first.isReadyForMoreMediaData, appended < 1000 {
                    guard first.append(WriterMedia.tone(frames: 4410, start: appended * 4410)) else { break }
                    appended += 1
                }
                if !signalled {
                    signalled = true
                    waiting.signal()
                }
            }
        }
        try await blockingWork { waiting.wait() }
        writer.cancelWriting()
        for _ in 0..<200 where weakToken != nil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(weakToken == nil, "the request block is still held after the writer was cancelled")
    }
}
