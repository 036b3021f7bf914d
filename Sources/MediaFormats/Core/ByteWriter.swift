/// Appends fields to a byte buffer, in swift-nio's grammar: `write*` appends, `set*(at:)` overwrites bytes already
/// written (how a length-prefixed structure reserves its size and back-patches it). Integers are big-endian unless an
/// `endianness` says otherwise.
///
/// Appending cannot fail; patching an index that has not been written throws a `MediaFormatError`.
package struct ByteWriter: Sendable {
    /// Everything written so far (stored under another name so that inlined writes can append while callers only
    /// read it).
    @usableFromInline var buffer: [UInt8]

    /// An empty writer with room for `capacity` bytes.
    package init(capacity: Int = 0) {
        buffer = []
        buffer.reserveCapacity(capacity)
    }

    /// Everything written so far.
    package var bytes: [UInt8] { buffer }

    /// Number of bytes written.
    package var count: Int { buffer.count }

    // MARK: Integers

    /// Appends a fixed-width integer.
    @inlinable
    package mutating func writeInteger<T: FixedWidthInteger>(_ value: T, endianness: Endianness = .big) {
        let stored = endianness == .big ? value.bigEndian : value.littleEndian
        withUnsafeBytes(of: stored) { buffer.append(contentsOf: $0) }
    }

    /// Appends an 8-bit integer.
    package mutating func writeUInt8(_ value: UInt8) { buffer.append(value) }
    /// Appends a 16-bit integer.
    package mutating func writeUInt16(_ value: UInt16, endianness: Endianness = .big) {
        writeInteger(value, endianness: endianness)
    }
    /// Appends the low 24 bits of `value`.
    package mutating func writeUInt24(_ value: UInt32, endianness: Endianness = .big) {
        writeUInt(UInt64(value), size: 3, endianness: endianness)
    }
    /// Appends a 32-bit integer.
    package mutating func writeUInt32(_ value: UInt32, endianness: Endianness = .big) {
        writeInteger(value, endianness: endianness)
    }
    /// Appends a 64-bit integer.
    package mutating func writeUInt64(_ value: UInt64, endianness: Endianness = .big) {
        writeInteger(value, endianness: endianness)
    }
    /// Appends a signed 8-bit integer.
    package mutating func writeInt8(_ value: Int8) { buffer.append(UInt8(bitPattern: value)) }
    /// Appends a signed 16-bit integer.
    package mutating func writeInt16(_ value: Int16, endianness: Endianness = .big) {
        writeInteger(value, endianness: endianness)
    }
    /// Appends a signed 32-bit integer.
    package mutating func writeInt32(_ value: Int32, endianness: Endianness = .big) {
        writeInteger(value, endianness: endianness)
    }
    /// Appends a signed 64-bit integer.
    package mutating func writeInt64(_ value: Int64, endianness: Endianness = .big) {
        writeInteger(value, endianness: endianness)
    }
    /// Appends the low `size` bytes (1 to 8) of `value`, as `tfra` and 48-bit record fields store numbers.
    package mutating func writeUInt(_ value: UInt64, size: Int, endianness: Endianness = .big) {
        for step in 0..<max(0, min(size, 8)) {
            let shift = endianness == .big ? (size - 1 - step) * 8 : step * 8
            buffer.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }
    /// Appends a 32-bit IEEE float.
    package mutating func writeFloat32(_ value: Float, endianness: Endianness = .big) {
        writeInteger(value.bitPattern, endianness: endianness)
    }
    /// Appends a 64-bit IEEE float.
    package mutating func writeFloat64(_ value: Double, endianness: Endianness = .big) {
        writeInteger(value.bitPattern, endianness: endianness)
    }

    // MARK: Bytes

    /// Appends raw buffer.
    package mutating func writeBytes(_ data: some Sequence<UInt8>) { buffer.append(contentsOf: data) }
    /// Appends `count` zero buffer.
    package mutating func writeZeros(_ count: Int) { buffer.append(contentsOf: repeatElement(0, count: max(0, count))) }
    /// Appends bytes and a terminating NUL.
    package mutating func writeCString(_ text: some Sequence<UInt8>) {
        buffer.append(contentsOf: text)
        buffer.append(0)
    }

    /// Appends `count` bytes that `body` fills in place: how tables are written without a call per field.
    @inlinable
    package mutating func writeInPlace(count: Int, _ body: (UnsafeMutableRawBufferPointer) -> Void) {
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: count))
        buffer.withUnsafeMutableBytes { raw in body(UnsafeMutableRawBufferPointer(rebasing: raw[start..<start + count])) }
    }

    /// Appends `records`, each encoded by `encode` into its `recordSize` buffer.
    @inlinable
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

    /// Appends `values`, each in its own width.
    @inlinable
    package mutating func writeIntegerArray<T: FixedWidthInteger>(_ values: [T], endianness: Endianness = .big) {
        let size = MemoryLayout<T>.size
        writeInPlace(count: values.count * size) { raw in
            for (i, value) in values.enumerated() {
                raw.storeBytes(of: endianness == .big ? value.bigEndian : value.littleEndian, toByteOffset: i &* size,
                               as: T.self)
            }
        }
    }

    /// Appends `values` as 32-bit integers.
    package mutating func writeUInt32Array(_ values: [UInt32], endianness: Endianness = .big) {
        writeIntegerArray(values, endianness: endianness)
    }

    /// Appends `values` as 64-bit integers.
    package mutating func writeUInt64Array(_ values: [UInt64], endianness: Endianness = .big) {
        writeIntegerArray(values, endianness: endianness)
    }

    // MARK: Patching

    /// Throws unless `count` bytes at `index` have been written.
    private func checkWritten(_ index: Int, _ count: Int) throws(MediaFormatError) {
        guard index >= 0, count >= 0, index <= buffer.count - count else {
            throw MediaFormatError(.invalidValue, at: Int64(index),
                                   "cannot patch \(count) bytes at \(index): only \(buffer.count) are written")
        }
    }

    /// Overwrites the integer at `index`.
    package mutating func setInteger<T: FixedWidthInteger>(_ value: T, at index: Int, endianness: Endianness = .big)
        throws(MediaFormatError) {
        try checkWritten(index, MemoryLayout<T>.size)
        let stored = endianness == .big ? value.bigEndian : value.littleEndian
        buffer.withUnsafeMutableBytes { $0.storeBytes(of: stored, toByteOffset: index, as: T.self) }
    }

    /// Overwrites the 32-bit integer at `index`.
    package mutating func setUInt32(_ value: UInt32, at index: Int, endianness: Endianness = .big)
        throws(MediaFormatError) {
        try setInteger(value, at: index, endianness: endianness)
    }

    /// Overwrites the 64-bit integer at `index`.
    package mutating func setUInt64(_ value: UInt64, at index: Int, endianness: Endianness = .big)
        throws(MediaFormatError) {
        try setInteger(value, at: index, endianness: endianness)
    }

    /// Overwrites bytes starting at `index`.
    package mutating func setBytes(_ data: [UInt8], at index: Int) throws(MediaFormatError) {
        try checkWritten(index, data.count)
        buffer.replaceSubrange(index..<index + data.count, with: data)
    }

    /// Inserts `data` before the byte at `index` (at most `count`), moving what follows up: how a box header grows
    /// to a 64-bit size once its payload is known to need one.
    package mutating func insertBytes(_ data: [UInt8], at index: Int) throws(MediaFormatError) {
        try checkWritten(index, 0)
        buffer.insert(contentsOf: data, at: index)
    }
}
