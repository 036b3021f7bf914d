// The conversions between four-character codes and strings that Apple's frameworks declare: CoreServices'
// `UTGetOSTypeFromString` / `UTCreateStringForOSType` and Foundation's `NSFileTypeForHFSTypeCode` /
// `NSHFSTypeCodeFromFileType` (macOS). Helpers such as `FourCharCode.toString()` that AVFoundation code calls are the
// code's own extensions, not Apple's, and are deliberately not declared here: a second declaration would make the
// user's own ambiguous.

/// The characters of a code, high byte first; bytes from 0x80 are read as Latin-1 (0xA9 is "©", as in '©nam').
private func characters(of code: OSType) -> String {
    String(String.UnicodeScalarView(withUnsafeBytes(of: code.bigEndian) { $0.map { Unicode.Scalar($0) } }))
}

/// The code of a string of exactly four characters each below U+0100, else nil.
private func code(of string: String) -> OSType? {
    let scalars = Array(string.unicodeScalars)
    guard scalars.count == 4, scalars.allSatisfy({ $0.value < 0x100 }) else { return nil }
    return scalars.reduce(0) { $0 << 8 | OSType($1.value) }
}

/// The four-character code a four-character string spells (`"avc1"` → `'avc1'`); 0 for any other string.
public func UTGetOSTypeFromString(_ inString: CFString!) -> OSType {
    code(of: inString as String) ?? 0
}

/// The four-character string a code spells (`'avc1'` → `"avc1"`), created (`takeRetainedValue()` it, as on Apple
/// platforms).
public func UTCreateStringForOSType(_ inOSType: OSType) -> Unmanaged<CFString> {
    Unmanaged.passRetained(characters(of: inOSType) as NSString)
}

/// The code as an HFS file type string: its four characters in single quotes (`'avc1'`).
public func NSFileTypeForHFSTypeCode(_ hfsFileTypeCode: OSType) -> String! {
    "'\(characters(of: hfsFileTypeCode))'"
}

/// The code an HFS file type string (`'avc1'`, quotes included) spells; 0 for any other string.
public func NSHFSTypeCodeFromFileType(_ fileTypeString: String!) -> OSType {
    guard let fileTypeString, fileTypeString.count == 6, fileTypeString.first == "'", fileTypeString.last == "'" else {
        return 0
    }
    return code(of: String(fileTypeString.dropFirst().dropLast())) ?? 0
}
