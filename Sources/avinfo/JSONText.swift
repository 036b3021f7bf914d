import AVFoundation
import Foundation

/// Writes JSON text (two-space indentation, sorted keys) straight to an output buffer, so that a track of three
/// million edits is printed segment by segment: `JSONSerialization` needed the whole tree as Foundation objects
/// first, several kilobytes per segment (over 9 GB for such a file).
struct JSONText {
    /// A value written when its turn comes, by calling `write` with the writer and the indentation level (a long
    /// list, made as it is written).
    struct Deferred {
        let write: (inout JSONText, Int) -> Void
    }

    let output: OutputBuffer

    init(output: OutputBuffer) { self.output = output }

    /// Writes `value`: a string, Boolean, integer or floating-point number, `NSNumber`, `NSNull`, array, dictionary
    /// (keys sorted), or `Deferred`.
    mutating func write(_ value: Any, indent: Int = 0) {
        switch value {
        case let deferred as Deferred:
            deferred.write(&self, indent)
        case let string as String:
            writeString(string)
        // Containers before numbers: asking whether a Swift dictionary is an NSNumber bridges the whole
        // dictionary to an NSDictionary first, which took 60 % of the time of printing 300,000 segments.
        case let array as [Any]:
            writeArray(array.count, indent: indent) { writer, index in writer.write(array[index], indent: indent + 1) }
        case let object as [String: Any]:
            let keys = object.keys.sorted()
            guard !keys.isEmpty else { output.append("{}"); return }
            output.append("{\n")
            for (position, key) in keys.enumerated() {
                output.appendSpaces(2 * (indent + 1))
                writeString(key)
                output.append(" : ")
                write(object[key]!, indent: indent + 1)
                output.append(position + 1 < keys.count ? ",\n" : "\n")
            }
            output.appendSpaces(2 * indent)
            output.append("}")
        case let flag as Bool:
            writeBoolean(flag)
        case let number as Int:
            writeInteger(Int64(number))
        case let number as Int64:
            writeInteger(number)
        case let number as Double:
            output.append(Self.text(number))
        case let number as NSNumber:
            if isBoolean(number) { output.append(number.boolValue ? "true" : "false") }
            else if number.doubleValue == Double(number.int64Value) { output.append(String(number.int64Value)) }
            else { output.append(Self.text(number.doubleValue)) }
        default:
            output.append("null")
        }
    }

    /// Starts an object: its fields follow, each begun by `field(_:indent:first:)` and written by the caller in
    /// sorted key order, and `endObject(indent:)` closes it. No dictionary or closure per object: an edit list of
    /// millions of segments is written at the speed of its text.
    mutating func beginObject() { output.append("{\n") }

    /// Begins the field `key` (which must need no escaping) of an object at indentation level `indent`: the comma
    /// after the previous field unless it is the first, the indentation and the key; its value follows.
    mutating func field(_ key: String, indent: Int, first: Bool = false) {
        output.append(first ? "" : ",\n")
        output.appendSpaces(2 * (indent + 1))
        output.append("\"")
        output.append(key)
        output.append("\" : ")
    }

    mutating func endObject(indent: Int) {
        output.append("\n")
        output.appendSpaces(2 * indent)
        output.append("}")
    }

    /// Writes a time as seconds (`null` when it is not numeric), as `seconds(_:)` and `write` do.
    mutating func writeSeconds(_ time: CMTime) {
        output.append(time.isNumeric ? Self.text(time.seconds) : "null")
    }

    /// Writes an array of `count` elements, each written by `element` (which is given the element's index).
    mutating func writeArray(_ count: Int, indent: Int, element: (inout JSONText, Int) -> Void) {
        guard count > 0 else { output.append("[]"); return }
        output.append("[\n")
        for index in 0..<count {
            output.appendSpaces(2 * (indent + 1))
            element(&self, index)
            output.append(index + 1 < count ? ",\n" : "\n")
        }
        output.appendSpaces(2 * indent)
        output.append("]")
    }

    /// Writes an array whose elements `next` gives one by one until it returns nil, each written by `write`
    /// (given the element's indentation level).
    mutating func writeSequence<Element>(indent: Int, next: () -> Element?,
                                         write: (inout JSONText, Element, Int) -> Void) {
        guard var element = next() else { output.append("[]"); return }
        output.append("[\n")
        while true {
            output.appendSpaces(2 * (indent + 1))
            write(&self, element, indent + 1)
            guard let following = next() else { break }
            output.append(",\n")
            element = following
        }
        output.append("\n")
        output.appendSpaces(2 * indent)
        output.append("]")
    }

    mutating func writeBoolean(_ flag: Bool) { output.append(flag ? "true" : "false") }

    mutating func writeInteger(_ number: Int64) { output.append(String(number)) }

    mutating func flush() { output.flush() }

    private mutating func writeString(_ string: String) {
        if !string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output.append("\"")
            output.append(string)
            output.append("\"")
            return
        }
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20: text += String(format: "\\u%04x", scalar.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        output.append(text + "\"")
    }

    private static func text(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }
}

/// Whether `number` holds a Boolean (Foundation boxes `Bool` with the Objective-C type of a `char` or `BOOL`).
private func isBoolean(_ number: NSNumber) -> Bool {
    let type = String(cString: number.objCType)
    return (type == "c" || type == "B") && (number.int64Value == 0 || number.int64Value == 1)
}
