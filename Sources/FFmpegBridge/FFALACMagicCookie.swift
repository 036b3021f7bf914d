/// The ALAC magic cookie in its several wrappings.
///
/// Apple's `ALACSpecificConfig` is 24 bytes (ALAC's public `ALACMagicCookieDescription`). MP4's 'alac' sample
/// entry box holds it after a 4-byte version/flags; CAF and QuickTime may wrap it in 'frma' and 'alac' atoms; and
/// FFmpeg's ALAC encoder emits, and its decoder expects, a whole 36-byte 'alac' atom (size, type, version/flags,
/// config).
package enum FFALACMagicCookie {
    /// Size of the bare `ALACSpecificConfig`.
    package static let configSize = 24

    /// The bare 24-byte config from any of the wrappings, or `nil` when no config is found.
    package static func config(from cookie: [UInt8]) -> [UInt8]? {
        if cookie.count == configSize { return cookie }
        if cookie.count == configSize + 4 { return Array(cookie[4...]) }  // version/flags + config
        // Walk the atoms (size, type, …) for the 'alac' one: size, 'alac', version/flags, config. A 'frma' atom may
        // come first, and its payload is the text "alac", so matching bytes instead of walking would misfire.
        var offset = 0
        while offset + 8 <= cookie.count {
            let size = cookie[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = Array(cookie[(offset + 4)..<(offset + 8)])
            guard size >= 8, size <= cookie.count - offset else { return nil }
            if type == Array("alac".utf8) {
                guard size >= 12 + configSize else { return nil }
                return Array(cookie[(offset + 12)..<(offset + 12 + configSize)])
            }
            offset += size
        }
        return nil
    }

    /// FFmpeg's 36-byte form of a 24-byte config.
    package static func ffmpegExtradata(fromConfig config: [UInt8]) -> [UInt8] {
        let size = UInt32(12 + config.count)
        return [UInt8(size >> 24), UInt8((size >> 16) & 0xFF), UInt8((size >> 8) & 0xFF), UInt8(size & 0xFF),
                0x61, 0x6C, 0x61, 0x63, 0, 0, 0, 0] + config
    }
}
