import ISOBMFF

/// What the fuzz target does with one input: scan it as a whole file, parse every box, and check the symmetry
/// every parsed box promises — writing it gives back the bytes it was read from. A `BoxParseError` is the expected
/// outcome for most inputs; anything else (a trap, a write error, different bytes) is a bug, reported by trapping so
/// that libFuzzer keeps the input.
enum FuzzHarness {
    static func run(_ bytes: [UInt8]) {
        for strict in [false, true] {
            var options = FileScanner.Options()
            options.parse.recovery = strict ? .strict : .keepMalformedMetadata
            guard let result = try? FileScanner.scan(MemorySource(bytes), options: options) else { continue }
            _ = result.treeDescription()
            for top in result.boxes {
                guard let node = top.node else { continue }
                var writer = BoxWriter()
                do {
                    try writer.writeNode(node)
                } catch {
                    fatalError("\(top.path) parsed but cannot be written: \(error)")
                }
                let original = bytes[Int(top.header.offset)..<Int(top.header.endOffset)]
                guard writer.bytes.elementsEqual(original) else {
                    fatalError("\(top.path) re-serialises differently (\(writer.bytes.count) vs \(original.count) bytes)")
                }
                if let container = node.box as? any BoxContainer {
                    for (_, child) in container.descendants() { touch(child.box) }
                }
            }
            // Scanning until the first malformed box must agree with the full scan on what came before it.
            var stopping = options
            stopping.stopsAtMalformedBox = true
            if let partial = try? FileScanner.scan(MemorySource(bytes), options: stopping),
               partial.boxes.count != result.boxes.count {
                fatalError("a scan that stops at malformed boxes found \(partial.boxes.count) boxes, the full scan \(result.boxes.count)")
            }
        }
    }

    /// Exercises the derived views demuxers use, so that their arithmetic is fuzzed too.
    private static func touch(_ box: any Box) {
        switch box {
        case let data as MetadataDataBox: _ = data.value
        case let group as SampleGroupDescriptionBox: for index in group.entries.indices { _ = group.typedEntry(at: index) }
        case let header as MediaHeaderBox: _ = header.language.description
        case let sizes as SampleSizeBox: _ = sizes.size(ofSampleAt: sizes.sampleCount - 1)
        case let entry as AudioSampleEntry: _ = (entry.effectiveSampleRate, entry.effectiveChannelCount, entry.elementaryStreamDescriptor)
        case let entry as VisualSampleEntry: _ = (entry.compressorName.text, entry.avcConfiguration, entry.pixelAspectRatio)
        case let text as UserDataTextBox: _ = text.text
        case let handler as HandlerBox: _ = handler.name.text
        case let run as TrackRunBox: _ = run.firstSampleFlags?.description
        case let av1 as AV1CodecConfigurationBox: _ = av1.initialPresentationDelay
        case let alac as ALACSpecificBox: _ = alac.magicCookie
        case let keys as MetadataKeysBox: _ = keys.keys.map(\.text)
        case let type as MetadataDatatypeDefinitionBox: _ = type.wellKnownType
        default: break
        }
    }
}
