/// Big-endian loads and stores on raw buffers, for the table loops of `ByteReader.withUnsafeBytes` and
/// `BoxWriter.writeInPlace`. Callers have checked the buffer's length once for the whole table.
extension UnsafeRawBufferPointer {
    @inline(__always)
    func bigEndianUInt32(at offset: Int) -> UInt32 {
        UInt32(bigEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    @inline(__always)
    func bigEndianUInt64(at offset: Int) -> UInt64 {
        UInt64(bigEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    @inline(__always)
    func bigEndianUInt16(at offset: Int) -> UInt16 {
        UInt16(bigEndian: loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }
}

extension UnsafeMutableRawBufferPointer {
    @inline(__always)
    func storeBigEndian(_ value: UInt32, at offset: Int) {
        storeBytes(of: value.bigEndian, toByteOffset: offset, as: UInt32.self)
    }

    @inline(__always)
    func storeBigEndian(_ value: UInt64, at offset: Int) {
        storeBytes(of: value.bigEndian, toByteOffset: offset, as: UInt64.self)
    }

    @inline(__always)
    func storeBigEndian(_ value: UInt16, at offset: Int) {
        storeBytes(of: value.bigEndian, toByteOffset: offset, as: UInt16.self)
    }
}

extension ByteReader {
    /// Reads `count` records of `recordSize` bytes, each decoded by `decode` from the raw buffer at its offset. The
    /// count is checked against the remaining bytes first; `decode` is a non-escaping generic closure that the
    /// optimiser inlines into the loop.
    @inline(__always)
    package mutating func readRecords<T>(count: UInt32, recordSize: Int, _ what: String,
                                         _ decode: (UnsafeRawBufferPointer, Int) -> T) throws(BoxParseError) -> [T] {
        let n = try checkCount(count, elementSize: recordSize, what)
        return try withUnsafeBytes(count: n * recordSize) { raw in
            [T](unsafeUninitializedCapacity: n) { buffer, initialized in
                var offset = 0
                for i in 0..<n {
                    buffer[i] = decode(raw, offset)
                    offset &+= recordSize
                }
                initialized = n
            }
        }
    }
}

extension BoxWriter {
    /// Writes `records`, each encoded by `encode` into its `recordSize` bytes.
    @inline(__always)
    package mutating func writeRecords<T>(_ records: [T], recordSize: Int,
                                          _ encode: (T, UnsafeMutableRawBufferPointer, Int) -> Void) {
        writeInPlace(count: records.count * recordSize) { raw in
            var offset = 0
            for record in records {
                encode(record, raw, offset)
                offset &+= recordSize
            }
        }
    }

    /// Writes an entry count, throwing if it does not fit 32 bits.
    package mutating func writeCount(_ count: Int, in type: FourCC) throws(BoxWriteError) {
        guard let value = UInt32(exactly: count) else {
            throw BoxWriteError(type, "\(count) entries do not fit a 32-bit count")
        }
        writeUInt32(value)
    }
}
