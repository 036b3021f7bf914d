import Testing
@testable import ISOBMFF

/// parse(write(x)) == x for every box type, in each version and flag variant.
@Suite("Boxes round-trip")
struct BoxRoundTripTests {
    @Test("parse(write(box)) == box", arguments: BoxSamples.all)
    func roundTrip(_ sample: BoxSample) throws {
        let node = try Helpers.reparse(sample.box, scope: sample.scope, context: sample.context)
        #expect(node.trailingBytes.isEmpty, "the parser left \(node.trailingBytes.count) bytes")
        #expect(node.box.isEqual(to: sample.box), "parsed as \(node.box)")
        // And writing the parsed box gives the same bytes again.
        #expect(try Helpers.framed(node.box) == Helpers.framed(sample.box))
    }

    @Test("every registered box type has a round-trip sample")
    func everyRegisteredTypeIsCovered() {
        let covered = Set(BoxSamples.all.map { ObjectIdentifier(type(of: $0.box)) })
        for entry in BoxRegistry.entries {
            #expect(covered.contains(ObjectIdentifier(entry.boxType)), "no round-trip sample for \(entry.boxType)")
        }
    }

    @Test("versions are chosen from the values")
    func minimalVersions() {
        #expect(MovieHeaderBox(timescale: 1, duration: UInt64(UInt32.max), nextTrackID: 1).version == 0)
        #expect(MovieHeaderBox(timescale: 1, duration: UInt64(UInt32.max) + 1, nextTrackID: 1).version == 1)
        #expect(EditListBox(entries: [.init(segmentDuration: 1, mediaTime: Int64(Int32.min) - 1)]).version == 1)
        #expect(CompositionOffsetBox(entries: [.init(sampleCount: 1, sampleOffset: -1)]).version == 1)
        #expect(TrackFragmentBaseMediaDecodeTimeBox(baseMediaDecodeTime: 1 << 32).version == 1)
    }

    @Test("a value too large for the chosen version is a write error, not a trap")
    func versionOverflowThrows() {
        var header = MovieHeaderBox(timescale: 1, duration: 1, nextTrackID: 1)
        header.duration = 1 << 40
        #expect(throws: BoxWriteError.self) { try Helpers.framed(header) }
        let run = TrackRunBox(sampleCount: 3, sampleSizes: [1, 2])
        #expect(throws: BoxWriteError.self) { try Helpers.framed(run) }
        #expect(throws: BoxWriteError.self) { try Helpers.framed(SampleSizeBox(sizes: .constant(size: 0, count: 3))) }
        #expect(throws: BoxWriteError.self) { try Helpers.framed(CompactSampleSizeBox(fieldSize: 4, sizes: [16])) }
        #expect(throws: BoxWriteError.self) {
            try Helpers.framed(HandlerBox(handlerType: "vide", name: .pascal(Array(repeating: 0x41, count: 256))))
        }
    }
}
