import Testing
@testable import MediaCodecs

@Suite("Loop extension of audio past its ends")
struct LoopExtensionTests {
    @Test("a tone's loop is a whole number of its periods, so it continues in phase")
    func tonePeriod() {
        // 1 kHz at 48 kHz repeats every 48 frames; 750 Hz every 64.
        for (frequency, cycle) in [(1000.0, 48), (750.0, 64)] {
            let planes = TimeStretchSignal.sine(frequency: frequency, frames: 10_000)
            for atStart in [true, false] {
                let period = LoopExtension.period(of: planes, atStart: atStart, sampleRate: 48_000)
                #expect(period % cycle == 0 && period >= 120, "\(frequency) Hz: period \(period)")
            }
        }
    }

    @Test("the lead-in ends where the audio begins, one period earlier")
    func leadIn() {
        let planes = [(0..<500).map { Float($0) }]
        let lead = LoopExtension.leadIn(to: planes, period: 7, frameCount: 20)[0]
        #expect(lead.count == 20)
        // Frame -k of the extension is frame (-k mod 7) of the audio.
        #expect(lead.suffix(7) == [0, 1, 2, 3, 4, 5, 6])
        #expect(lead.prefix(6) == [1, 2, 3, 4, 5, 6])
    }

    @Test("audio shorter than the search loops whole")
    func shortAudio() {
        #expect(LoopExtension.period(of: [[0.1, 0.2, 0.3]], atStart: false, sampleRate: 48_000) == 3)
    }
}
