import CoreMedia
import ISOBMFF

/// The box scanner's source over a mapped file's bytes, for a file that is only in memory (no path to read from).
struct MappedFileSource: RandomAccessSource {
    let file: MappedFile

    init(_ file: MappedFile) { self.file = file }

    var size: Int64 { Int64(file.length) }

    func read(at offset: Int64, count: Int) throws -> [UInt8] {
        guard offset >= 0, count > 0, offset < size else { return [] }
        let start = Int(offset)
        let length = min(count, file.length - start)
        let block = try file.makeBlockBuffer(range: start..<(start + length))
        var bytes = [UInt8](repeating: 0, count: length)
        let status = bytes.withUnsafeMutableBytes {
            CMBlockBufferCopyDataBytes(block, atOffset: 0, dataLength: length, destination: $0.baseAddress!)
        }
        guard status == kCMBlockBufferNoErr else { throw CMBlockBuffer.Error.badOffsetParameter }
        return bytes
    }
}
