import AVFAudio
import Foundation
import Testing

/// AVAudioTime: which representations a time holds, and filling in the missing one from an anchor.
@Suite("AVAudioTime")
struct AVAudioTimeTests {
    /// The anchor: host time 10 s is sample 441,000 at 44.1 kHz.
    static let anchor = AVAudioTime(hostTime: AVAudioTime.hostTime(forSeconds: 10), sampleTime: 441_000,
                                    atRate: 44_100)

    @Test("host ticks and seconds convert both ways; bad seconds give 0")
    func hostTicks() {
        #expect(AVAudioTime.seconds(forHostTime: AVAudioTime.hostTime(forSeconds: 1.5)) == 1.5)
        #expect(AVAudioTime.hostTime(forSeconds: 2) > AVAudioTime.hostTime(forSeconds: 1))
        #expect(AVAudioTime.hostTime(forSeconds: -1) == 0)
        #expect(AVAudioTime.hostTime(forSeconds: .nan) == 0)
        #expect(AVAudioTime.hostTime(forSeconds: 1e300) == .max)
    }

    @Test("each initialiser says which times are valid, in the time stamp's flags too")
    func validity() {
        let host = AVAudioTime(hostTime: 42)
        #expect(host.isHostTimeValid && !host.isSampleTimeValid && host.hostTime == 42)
        let sample = AVAudioTime(sampleTime: 1_000, atRate: 48_000)
        #expect(sample.isSampleTimeValid && !sample.isHostTimeValid)
        #expect(sample.sampleTime == 1_000 && sample.sampleRate == 48_000)
        #expect(sample.audioTimeStamp.mFlags == .sampleTimeValid)
        #expect(Self.anchor.audioTimeStamp.mFlags == .sampleHostTimeValid)
        var stamp = AudioTimeStamp()
        stamp.mSampleTime = 5
        stamp.mFlags = [.sampleTimeValid, .rateScalarValid]
        let fromStamp = AVAudioTime(audioTimeStamp: &stamp, sampleRate: 8_000)
        #expect(fromStamp.isSampleTimeValid && fromStamp.sampleTime == 5 && !fromStamp.isHostTimeValid)
    }

    @Test("a sample time gets the host time as far from the anchor's, each sample time at its own rate")
    func sampleToHost() throws {
        let later = try #require(AVAudioTime(sampleTime: 485_100, atRate: 44_100).extrapolateTime(fromAnchor: Self.anchor))
        #expect(later.isHostTimeValid && later.isSampleTimeValid)
        #expect(AVAudioTime.seconds(forHostTime: later.hostTime) == 11)
        #expect(later.sampleTime == 485_100)
        let other = try #require(AVAudioTime(sampleTime: 576_000, atRate: 48_000).extrapolateTime(fromAnchor: Self.anchor))
        #expect(AVAudioTime.seconds(forHostTime: other.hostTime) == 12)
        let earlier = try #require(AVAudioTime(sampleTime: 396_900, atRate: 44_100).extrapolateTime(fromAnchor: Self.anchor))
        #expect(AVAudioTime.seconds(forHostTime: earlier.hostTime) == 9)
        // 10 s before the anchor is host time 0; 11 s before it, no host time can say it.
        #expect(AVAudioTime(sampleTime: 0, atRate: 1).extrapolateTime(fromAnchor: Self.anchor)?.hostTime == 0)
        #expect(AVAudioTime(sampleTime: -1, atRate: 1).extrapolateTime(fromAnchor: Self.anchor) == nil)
    }

    @Test("a host time gets the sample time as far from the anchor's, at the anchor's rate")
    func hostToSample() throws {
        let host = AVAudioTime(hostTime: AVAudioTime.hostTime(forSeconds: 12.5))
        let filled = try #require(host.extrapolateTime(fromAnchor: Self.anchor))
        #expect(filled.sampleTime == 551_250 && filled.sampleRate == 44_100)
        #expect(filled.hostTime == host.hostTime)
    }

    @Test("an anchor without both times, or a time with neither, gives nil")
    func refusals() {
        let time = AVAudioTime(sampleTime: 10, atRate: 44_100)
        #expect(time.extrapolateTime(fromAnchor: AVAudioTime(hostTime: 5)) == nil)
        #expect(time.extrapolateTime(fromAnchor: AVAudioTime(sampleTime: 5, atRate: 44_100)) == nil)
        var empty = AudioTimeStamp()
        #expect(AVAudioTime(audioTimeStamp: &empty, sampleRate: 44_100).extrapolateTime(fromAnchor: Self.anchor) == nil)
        let both = AVAudioTime(hostTime: 7, sampleTime: 3, atRate: 8_000)
        let copy = both.extrapolateTime(fromAnchor: Self.anchor)
        #expect(copy?.hostTime == 7 && copy?.sampleTime == 3)
    }
}
