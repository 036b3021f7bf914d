import Foundation
import Testing
import FFmpegBridge

@Suite("Bitstream helpers")
struct BitstreamTests {
    @Test("ALAC cookie: bare, versioned, FFmpeg's atom and a frma-wrapped atom all yield the 24-byte config")
    func alacCookie() {
        let config: [UInt8] = (0..<24).map { UInt8($0 + 1) }
        #expect(FFALACMagicCookie.config(from: config) == config)
        #expect(FFALACMagicCookie.config(from: [0, 0, 0, 0] + config) == config)
        let atom = FFALACMagicCookie.ffmpegExtradata(fromConfig: config)
        #expect(atom.count == 36 && FFALACMagicCookie.config(from: atom) == config)
        let frma: [UInt8] = [0, 0, 0, 12] + Array("frma".utf8) + Array("alac".utf8)
        #expect(FFALACMagicCookie.config(from: frma + atom + [0, 0, 0, 8, 0, 0, 0, 0]) == config)
        #expect(FFALACMagicCookie.config(from: [1, 2, 3]) == nil)
    }
}
