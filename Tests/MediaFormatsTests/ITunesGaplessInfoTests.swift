import Testing
import MediaFormats

/// `iTunSMPB` as both readers take it: iTunes' own values, and the out-of-range ones a hostile file declares.
@Suite("iTunSMPB")
struct ITunesGaplessInfoTests {
    @Test("iTunes' values: priming, padding and valid frames in hexadecimal")
    func itunesValues() throws {
        let text = " 00000000 00000840 000001CA 00000000003F31F6 00000000 00000000"
        let info = try #require(ITunesGaplessInfo(text: text))
        #expect(info.priming == 2112 && info.remainder == 458 && info.validFrames == 0x3F31F6)
        let widest = try #require(ITunesGaplessInfo(text: " 0 FFFFFFFF FFFFFFFF 7FFFFFFFFFFFFFFF"))
        #expect(widest.priming == 0xFFFF_FFFF && widest.remainder == 0xFFFF_FFFF)
    }

    /// A priming of 7FFFFFFFFFFFFFFF overflowed an MP3's priming + remainder and a movie's conversion to ticks:
    /// the file trapped as it opened. Priming and padding are 32-bit fields as iTunes writes them.
    @Test("fields out of range, negative, missing or not hexadecimal are refused", arguments: [
        " 00000000 7FFFFFFFFFFFFFFF 00000001 00000000", " 00000000 00000840 100000000 00000000",
        " 00000000 -0000840 000001CA 00000000", " 00000000 00000840 000001CA -1", " 00000000 00000840 000001CA",
        " 00000000 0000084G 000001CA 00000000", "garbage", "",
    ])
    func refused(text: String) {
        #expect(ITunesGaplessInfo(text: text) == nil)
    }
}
