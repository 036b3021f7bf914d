import MediaFormats

/// The NAL units of a video format description's avcC or hvcC atom, parsed once when the description is made and
/// kept in memory that lives as long as the description, so `…GetH264ParameterSetAtIndex` can hand out pointers.
///
/// Thread safety: immutable after `init`.
// Safe because immutable after `init`.
final class ParameterSetStorage: @unchecked Sendable {
    enum Codec { case h264, hevc }

    let codec: Codec
    /// The NAL unit length size and the NAL units, or why the record could not be read.
    let parsed: Result<(nalUnitLength: Int, units: [UnsafeBufferPointer<UInt8>]), ParameterSetError>
    private let memory: UnsafeMutableRawPointer?

    /// The parameter sets of the avcC or hvcC in `videoExtensions`, or nil when there is neither.
    convenience init?(videoExtensions extensions: [String: Any]) {
        guard let atoms = AttributeValue.dictionary(
            extensions[kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms as String]) else { return nil }
        func payload(_ key: String) -> [UInt8]? {
            if let data = atoms[key] as? Data { return [UInt8](data) }
            if let list = atoms[key] as? [Any], let data = list.first as? Data { return [UInt8](data) }
            return nil
        }
        if let avcC = payload("avcC") {
            self.init(codec: .h264, record: Result {
                let record = try AVCDecoderConfigurationRecord(parsing: avcC)
                try record.validateForDecoding()
                return (record.nalUnitLengthSize, record.parameterSets)
            })
        } else if let hvcC = payload("hvcC") {
            self.init(codec: .hevc, record: Result {
                let record = try HEVCDecoderConfigurationRecord(parsing: hvcC)
                try record.validateForDecoding()
                return (record.nalUnitLengthSize, record.parameterSets)
            })
        } else {
            return nil
        }
    }

    private init(codec: Codec, record: Result<(Int, [[UInt8]]), Error>) {
        self.codec = codec
        switch record {
        case .failure(let error):
            memory = nil
            parsed = .failure(error as? ParameterSetError ?? ParameterSetError("\(error)"))
        case .success(let (nalUnitLength, units)):
            let total = units.reduce(0) { $0 + $1.count }
            let base = UnsafeMutableRawPointer.allocate(byteCount: max(total, 1), alignment: 1)
            var offset = 0
            var pointers: [UnsafeBufferPointer<UInt8>] = []
            for unit in units {
                let start = (base + offset).bindMemory(to: UInt8.self, capacity: unit.count)
                start.initialize(from: unit, count: unit.count)
                pointers.append(UnsafeBufferPointer(start: start, count: unit.count))
                offset += unit.count
            }
            memory = base
            parsed = .success((nalUnitLength, pointers))
        }
    }

    deinit { memory?.deallocate() }
}
