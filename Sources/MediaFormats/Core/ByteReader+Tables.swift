/// Tables: many integers read in one pass, with one bounds check for the whole table. (Tables of records are read by
/// the module that defines the record, over `withUnsafeBytes(count:)`: a loop written where its element type is
/// known is specialised there, which a generic loop called across modules is not.)
extension ByteReader {
    /// Reads `count` integers of one width in one pass (specialised here for the three widths below).
    @inline(__always)
    private mutating func readIntegerArray<T: FixedWidthInteger>(count: Int, endianness: Endianness,
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
    package mutating func readUInt16Array(count: Int, endianness: Endianness = .big) throws(MediaFormatError) -> [UInt16] {
        try readIntegerArray(count: count, endianness: endianness)
    }

    /// Reads `count` 32-bit integers in one pass.
    package mutating func readUInt32Array(count: Int, endianness: Endianness = .big) throws(MediaFormatError) -> [UInt32] {
        try readIntegerArray(count: count, endianness: endianness)
    }

    /// Reads `count` 64-bit integers in one pass.
    package mutating func readUInt64Array(count: Int, endianness: Endianness = .big) throws(MediaFormatError) -> [UInt64] {
        try readIntegerArray(count: count, endianness: endianness)
    }
}

/// Big-endian loads and stores on raw buffers, for table loops over `ByteReader.withUnsafeBytes(count:)` and
/// `ByteWriter.writeInPlace(count:)`. Callers have checked the buffer's length once for the whole table.
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
    package func storeBigEndian(_ value: UInt16, at offset: Int) {
        storeBytes(of: value.bigEndian, toByteOffset: offset, as: UInt16.self)
    }

    /// Stores `value` big-endian at `offset`.
    @inlinable
    package func storeBigEndian(_ value: UInt32, at offset: Int) {
        storeBytes(of: value.bigEndian, toByteOffset: offset, as: UInt32.self)
    }

    /// Stores `value` big-endian at `offset`.
    @inlinable
    package func storeBigEndian(_ value: UInt64, at offset: Int) {
        storeBytes(of: value.bigEndian, toByteOffset: offset, as: UInt64.self)
    }
}
