import MediaFormats

/// A QuickTime user data text item (`©nam`, `©xyz`, `©day`… in `udta`; `name` in a timecode sample entry):
/// QuickTime "User data text strings and language codes" — a list of (length, language, text) strings.
///
/// Producers put other layouts under these codes too (iTunes-style `data` atoms, bare strings); a payload that is
/// not a well-formed string list is kept raw rather than refused.
package struct UserDataTextBox: Box {
    /// One string in one language.
    package struct Item: Hashable, Sendable {
        /// Language: a Macintosh code (text in Mac OS Roman) or packed ISO 639-2/T (text in UTF-8 or UTF-16).
        package var language: PackedLanguageCode
        /// The text as stored.
        package var bytes: [UInt8]

        /// An item holding `text` as UTF-8.
        package init(_ text: String, language: PackedLanguageCode = .undetermined) {
            self.language = language
            bytes = Array(text.utf8)
        }

        /// An item holding `bytes` as stored.
        package init(bytes: [UInt8], language: PackedLanguageCode) {
            self.language = language
            self.bytes = bytes
        }

        /// The text.
        package var text: String {
            language.isMacintoshCode ? TextEncoding.decodeUTF8OrMacRoman(bytes)
                : TextEncoding.decodeDetectingByteOrderMark(bytes)
        }
    }

    /// What the payload holds.
    package enum Content: Hashable, Sendable {
        /// The QuickTime string list.
        case strings([Item])
        /// Anything else, as stored.
        case raw([UInt8])
    }

    package var boxType: FourCC
    /// The strings, or the raw payload.
    package var content: Content

    /// An item of type `type` holding `strings`.
    package init(type: FourCC, strings: [Item]) {
        boxType = type
        content = .strings(strings)
    }

    /// The first string's text, if the payload is a string list.
    package var text: String? {
        if case .strings(let items) = content { return items.first?.text }
        return nil
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        boxType = reader.path.lastType ?? FourCC(rawValue: 0)
        var scan = reader
        var items: [Item] = []
        while scan.readableBytes >= 4, let length = scan.peekUInt16().map(Int.init), length <= scan.readableBytes - 4 {
            try scan.skip(2)
            let language = try scan.readLanguage()
            items.append(Item(bytes: try scan.readBytes(count: length), language: language))
        }
        if scan.isAtEnd {
            content = .strings(items)
            reader = scan
        } else {
            content = .raw(reader.readRemainingBytes())
        }
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        switch content {
        case .raw(let bytes):
            writer.writeBytes(bytes)
        case .strings(let items):
            for item in items {
                guard let length = UInt16(exactly: item.bytes.count) else {
                    throw BoxWriteError(boxType, "a text item holds at most 65535 bytes, not \(item.bytes.count)")
                }
                writer.writeUInt16(length)
                writer.writeLanguage(item.language)
                writer.writeBytes(item.bytes)
            }
        }
    }
}
