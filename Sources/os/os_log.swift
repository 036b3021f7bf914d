// os_log as Apple's Swift overlay declares it: a printf-style StaticString and C variadic arguments. Apple's
// format grammar adds privacy annotations (`%{public}@`, `%{private}d`); objects and strings (`%@`, `%s`) are
// private unless marked public, scalars public unless marked private.
import Foundation

/// Writes a printf-style message with `args` to `log` at `type`.
public func os_log(_ message: StaticString, dso: UnsafeRawPointer? = #dsohandle, log: OSLog = .default,
                   type: OSLogType = .default, _ args: any CVarArg...) {
    LogSink.write(OSLogFormat.render(message.description, args), level: type, log: log)
}

/// Writes a printf-style message with `args` to `log` at `type` (the older argument order).
public func os_log(_ type: OSLogType, dso: UnsafeRawPointer? = #dsohandle, log: OSLog = .default,
                   _ message: StaticString, _ args: any CVarArg...) {
    LogSink.write(OSLogFormat.render(message.description, args), level: type, log: log)
}

/// Formats os_log's printf grammar with privacy annotations.
enum OSLogFormat {
    /// `format` with each conversion replaced by its argument, redacted by its privacy.
    static func render(_ format: String, _ args: [any CVarArg]) -> String {
        var output = ""
        var remaining = args[...]
        var index = format.startIndex
        while index < format.endIndex {
            let character = format[index]
            guard character == "%" else {
                output.append(character)
                index = format.index(after: index)
                continue
            }
            guard let spec = Specifier(parsing: format, at: index) else {
                output.append(character)
                index = format.index(after: index)
                continue
            }
            index = spec.end
            if spec.conversion == "%" {
                output.append("%")
                continue
            }
            guard let argument = remaining.popFirst() else {
                output.append("<missing>")
                continue
            }
            // A Swift String given to %s is what the caller meant, though printf would read it as a C pointer.
            let text = (spec.conversion == "s" ? argument as? String : nil)
                ?? String(format: "%" + spec.printfBody, argument)
            let isScalar = !"@s".contains(spec.conversion)
            output += LogRedaction.render(text, privacy: spec.privacy, isScalar: isScalar)
        }
        return output
    }

    /// One conversion: `%`, an optional `{annotation, …}`, then flags, width, precision, length and the conversion.
    struct Specifier {
        var privacy = OSLogPrivacy.auto
        var printfBody = ""
        var conversion: Character = "%"
        var end: String.Index

        init?(parsing format: String, at start: String.Index) {
            var index = format.index(after: start)
            end = index
            if index < format.endIndex, format[index] == "{" {
                guard let close = format[index...].firstIndex(of: "}") else { return nil }
                let annotations = format[format.index(after: index)..<close]
                    .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                if annotations.contains("public") { privacy = .public }
                if annotations.contains("private") { privacy = .private }
                if annotations.contains("sensitive") { privacy = .sensitive }
                if annotations.contains("mask.hash") { privacy = OSLogPrivacy(kind: privacy.kind, mask: .hash) }
                index = format.index(after: close)
            }
            while index < format.endIndex, "-+ #0123456789.*hljztqL'".contains(format[index]) {
                printfBody.append(format[index])
                index = format.index(after: index)
            }
            guard index < format.endIndex else { return nil }
            conversion = format[index]
            guard "diouxXeEfFgGaAcs@p%".contains(conversion) else { return nil }
            printfBody.append(conversion)
            end = format.index(after: index)
        }
    }
}
