/// Tables: many fixed-size records read in one pass, with one bounds check for the whole table.
extension ByteReader {
    /// Reads `count` records of `recordSize` bytes, each decoded by `decode` from the raw buffer at its offset. The
    /// count is checked against the remaining bytes first; `decode` is a non-escaping generic closure that the
    /// optimiser inlines into the loop.
    @inlinable
    package mutating func readRecords<T>(count: UInt32, recordSize: Int, _ what: String,
                                         _ decode: (UnsafeRawBufferPointer, Int) -> T) throws(MediaFormatError) -> [T] {
        let n = try checkCount(count, elementSize: recordSize, what)
        return try withUnsafeBytes(count: n * recordSize) { raw in
            [T](unsafeUninitializedCapacity: n) { buffer, initialized in
                var offset = 0
                for i in 0..<n {
                    buffer.initializeElement(at: i, to: decode(raw, offset))
                    offset &+= recordSize
                }
                initialized = n
            }
        }
    }

    /// Reads `count` integers of one width in one pass.
    @inlinable
    package mutating func readIntegerArray<T: FixedWidthInteger>(count: Int, endianness: Endianness = .big,
                                                                 as type: T.Type = T.self) throws(MediaFormatError) -> [T] {
        let size = MemoryLayout<T>.size
        let n = try checkCount(count, elementSize: size, "\(size * 8)-bit entry")
        return try withUnsafeBytes(count: n * size) { raw in
            [T](unsafeUninitializedCapacity: n) { buffer, initialized in
                for i in 0..<n {
                    let value = raw.loadUnaligned(fromByteOffset: i &* size, as: T.self)
                    buffer.initializeElement(at: i, to: endianness == .big ? T(bigEndian: value) : T(littleEndian: value))
                }
                initialized = n
            }
        }
    }

    /// Reads `count` 16-bit integers in one pass.
    @inlinable
    package mutating func readUInt16Array(count: Int, endianness: Endianness = .big) throws(MediaFormatError) -> [UInt16] {
        try readIntegerArray(count: count, endianness: endianness)
    }

    /// Reads `count` 32-bit integers in one pass.
    @inlinable
    package mutating func readUInt32Array(count: Int, endianness: Endianness = .big) throws(MediaFormatError) -> [UInt32] {
        try readIntegerArray(count: count, endianness: endianness)
    }

    /// Reads `count` 64-bit integers in one pass.
    @inlinable
    package mutating func readUInt64Array(count: Int, endianness: Endianness = .big) throws(MediaFormatError) -> [UInt64] {
        try readIntegerArray(count: count, endianness: endianness)
    }
}

/// Big-endian loads and stores on raw buffers, for the record closures of `ByteReader.readRecords` and
/// `ByteWriter.writeRecords`. Callers have checked the buffer's length once for the whole table.
extension UnsafeRawBufferPointer {
    /// The big-endian 16-bit integer at `offset`.
    @inlinable
    package func bigEndianUInt16(at offset: Int) -> UInt16 {
        UInt16(bigEndian: loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    /// The big-endian 32-bit integer at `offset`.
    @inlinable
    package func bigEndianUInt32(at offset: Int) -> UInt32 {
        UInt32(bigEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// The big-endian 64-bit integer at `offset`.
    @inlinable
    package func bigEndianUInt64(at offset: Int) -> UInt64 {
        UInt64(bigEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}

extension UnsafeMutableRawBufferPointer {
    /// Stores `value` big-endian at `offset`.
    @inlinable
    package func storeBigEndian<T: FixedWidthInteger>(_ value: T, at offset: Int) {
        storeBytes(of: value.bigEndian, toByteOffset: offset, as: T.self)
    }
}
