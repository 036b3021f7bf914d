import MediaFormats

/// QuickTime metadata keys (`keys` in `meta`, QuickTime "Metadata item keys atom"): the table that `ilst` items
/// index with 1-based numbers in `mdta` metadata.
package struct MetadataKeysBox: SingleTypeBox {
    package static let type: FourCC = "keys"

    /// One key.
    package struct Key: Hashable, Sendable {
        /// The key's namespace: `mdta` (reverse-DNS keys such as `com.apple.quicktime.make`), `udta`, `itsk`…
        package var namespace: FourCC
        /// The key's value as stored (UTF-8 for `mdta`).
        package var value: [UInt8]

        /// A key in `namespace`.
        package init(namespace: FourCC = "mdta", _ value: String) {
            self.namespace = namespace
            self.value = Array(value.utf8)
        }

        /// A key from stored bytes.
        package init(namespace: FourCC, value: [UInt8]) {
            self.namespace = namespace
            self.value = value
        }

        /// The value as text.
        package var text: String { TextEncoding.decodeUTF8OrMacRoman(value) }
    }

    /// Version and flags (zero).
    package var fullBoxHeader = FullBoxHeader()
    /// The keys; item `n` in `ilst` uses `keys[n - 1]`.
    package var keys: [Key]

    /// A table of the given keys.
    package init(keys: [Key]) { self.keys = keys }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        fullBoxHeader = try reader.readFullBoxHeader()
        let n = try reader.checkCount(try reader.readUInt32(), elementSize: 8, "metadata key")
        keys = []
        keys.reserveCapacity(n)
        for _ in 0..<n {
            let start = reader.offset
            let size = try reader.readUInt32()
            guard size >= 8 else { throw reader.error(.invalidValue, "key size \(size) is below 8", at: start) }
            let namespace = try reader.readFourCC()
            keys.append(Key(namespace: namespace, value: try reader.readBytes(count: Int(size) - 8)))
        }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeFullBoxHeader(fullBoxHeader)
        try writer.writeCount(keys.count, in: Self.type)
        for key in keys {
            try writer.writeCount(key.value.count + 8, in: Self.type)
            writer.writeFourCC(key.namespace)
            writer.writeBytes(key.value)
        }
    }
}
