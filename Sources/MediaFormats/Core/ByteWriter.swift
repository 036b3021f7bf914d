/// Appends fields to a byte buffer, in swift-nio's grammar: `write*` appends, `set*(at:)` overwrites bytes already
/// written (how a length-prefixed structure reserves its size and back-patches it). Integers are big-endian unless an
/// `endianness` says otherwise.
///
/// Appending cannot fail; patching an index that has not been written throws a `MediaFormatError`.
package struct ByteWriter: Sendable {
    /// Everything written so far. Settable so that a table loop in another module can fill appended bytes in
    /// place (see `writeInPlace(count:)`: this toolchain does not inline `package` methods across modules).
    package var bytes: [UInt8]

    /// An empty writer with room for `capacity` bytes.
    package init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Number of bytes written.
    package var count: Int { bytes.count }

    // MARK: Integers

    /// Appends a fixed-width integer.
    @inlinable
    package mutating func writeInteger<T: FixedWidthInteger>(_ value: T, endianness: Endianness = .big) {
        let stored = endianness == .big ? value.bigEndian : value.littleEndian
        withUnsafeBytes(of: stored) { bytes.append(contentsOf: $0) }
    }

    /// Appends an 8-bit integer.
    package mutating func writeUInt8(_ value: UInt8) { bytes.append(value) }
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
    package mutating func writeInt8(_ value: Int8) { bytes.append(UInt8(bitPattern: value)) }
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
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
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

    /// Appends raw bytes.
    package mutating func writeBytes(_ data: some Sequence<UInt8>) { bytes.append(contentsOf: data) }
    /// Appends raw bytes (one copy: the generic form above is not specialised for callers in other modules).
    package mutating func writeBytes(_ data: [UInt8]) { bytes.append(contentsOf: data) }
    /// Appends raw bytes (one copy).
    package mutating func writeBytes(_ data: ArraySlice<UInt8>) { bytes.append(contentsOf: data) }
    /// Appends `count` zero bytes.
    package mutating func writeZeros(_ count: Int) { bytes.append(contentsOf: repeatElement(0, count: max(0, count))) }
    /// Appends bytes and a terminating NUL.
    package mutating func writeCString(_ text: some Sequence<UInt8>) {
        bytes.append(contentsOf: text)
        bytes.append(0)
    }

    /// Appends `count` bytes that `body` fills in place: how tables are written without a call per field (the
    /// module that defines a record writes its loop in `body`, where it is specialised).
    @inlinable
    package mutating func writeInPlace(count: Int, _ body: (UnsafeMutableRawBufferPointer) -> Void) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: count))
        bytes.withUnsafeMutableBytes { raw in body(UnsafeMutableRawBufferPointer(rebasing: raw[start..<start + count])) }
    }

    /// Appends `values`, each in its own width (specialised here for the widths below).
    @inline(__always)
    private mutating func writeIntegerArray<T: FixedWidthInteger>(_ values: [T], endianness: Endianness) {
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
        guard index >= 0, count >= 0, index <= bytes.count - count else {
            throw MediaFormatError(.invalidValue, at: Int64(index),
                                   "cannot patch \(count) bytes at \(index): only \(bytes.count) are written")
        }
    }

    /// Overwrites the integer at `index`.
    package mutating func setInteger<T: FixedWidthInteger>(_ value: T, at index: Int, endianness: Endianness = .big)
        throws(MediaFormatError) {
        try checkWritten(index, MemoryLayout<T>.size)
        let stored = endianness == .big ? value.bigEndian : value.littleEndian
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: stored, toByteOffset: index, as: T.self) }
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
        bytes.replaceSubrange(index..<index + data.count, with: data)
    }

    /// Inserts `data` before the byte at `index` (at most `count`), moving what follows up: how a box header grows
    /// to a 64-bit size once its payload is known to need one.
    package mutating func insertBytes(_ data: [UInt8], at index: Int) throws(MediaFormatError) {
        try checkWritten(index, 0)
        bytes.insert(contentsOf: data, at: index)
    }
}
