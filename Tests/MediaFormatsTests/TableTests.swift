import Testing
import MediaFormats

@Suite("Tables written once: Macintosh language codes and H.273 colour code points")
struct TableTests {
    /// Values from Apple's Script.h (`langEnglish` 0, `langGreek` 14, `langWelsh` 128, `langAzerbaijanRoman` 150).
    @Test("Macintosh language codes ↔ ISO 639-2/T, the lowest code where several share a language")
    func macintoshLanguages() {
        #expect(MacintoshLanguage.iso639Code(forMacintoshCode: 0) == "eng")
        #expect(MacintoshLanguage.iso639Code(forMacintoshCode: 14) == "ell")
        #expect(MacintoshLanguage.iso639Code(forMacintoshCode: 128) == "cym")
        #expect(MacintoshLanguage.iso639Code(forMacintoshCode: 150) == "aze")
        #expect(MacintoshLanguage.iso639Code(forMacintoshCode: 100) == nil && MacintoshLanguage.iso639Code(forMacintoshCode: -1) == nil)
        #expect(MacintoshLanguage.macintoshCode(forISO639: "nld") == 4, "Dutch before Flemish (34)")
        #expect(MacintoshLanguage.macintoshCode(forISO639: "gle") == 35, "Irish before Irish Gaelic with dot (146)")
        #expect(MacintoshLanguage.macintoshCode(forISO639: "cym") == 128 && MacintoshLanguage.macintoshCode(forISO639: "xyz") == nil)
        for code in 0..<151 {
            guard let language = MacintoshLanguage.iso639Code(forMacintoshCode: code) else { continue }
            let back = MacintoshLanguage.macintoshCode(forISO639: language).map(Int.init)
            #expect(back.map { $0 <= code && MacintoshLanguage.iso639Code(forMacintoshCode: $0) == language } == true)
        }
    }

    /// Code points from ITU-T H.273 Tables 2–4; names are the values of Apple's `kCVImageBuffer…` constants.
    @Test("H.273 code points ↔ Core Video names, both ways, 2 (unspecified) for what has no name")
    func colourCodePoints() {
        #expect(ColourCodePoints.primaries(forCodePoint: 1) == "ITU_R_709_2")
        #expect(ColourCodePoints.primaries(forCodePoint: 7) == "SMPTE_C" && ColourCodePoints.codePoint(forPrimaries: "SMPTE_C") == 6)
        #expect(ColourCodePoints.codePoint(forPrimaries: "P22") == 22 && ColourCodePoints.primaries(forCodePoint: 2) == nil)
        #expect(ColourCodePoints.transferFunction(forCodePoint: 6) == "ITU_R_709_2")
        #expect(ColourCodePoints.transferFunction(forCodePoint: 15) == "ITU_R_2020")
        #expect(ColourCodePoints.codePoint(forTransferFunction: "ITU_R_2020") == 14)
        #expect(ColourCodePoints.transferFunction(forCodePoint: 4) == "UseGamma")
        #expect(ColourCodePoints.gammaLevel(forTransferCodePoint: 5) == 2.8 && ColourCodePoints.gammaLevel(forTransferCodePoint: 1) == nil)
        #expect(ColourCodePoints.codePoint(forTransferFunction: "UseGamma") == 2 && ColourCodePoints.codePoint(forGammaLevel: 2.2) == 4)
        #expect(ColourCodePoints.yCbCrMatrix(forCodePoint: 5) == "ITU_R_601_4" && ColourCodePoints.codePoint(forYCbCrMatrix: "ITU_R_601_4") == 6)
        #expect(ColourCodePoints.yCbCrMatrix(forCodePoint: 10) == nil, "constant-luminance BT.2020 has no Core Video name")
        #expect(ColourCodePoints.codePoint(forYCbCrMatrix: nil) == 2 && ColourCodePoints.codePoint(forPrimaries: "sRGB") == 2)
        // Every name read from a code point maps back to a code point that reads as the same name.
        for code in 0..<256 {
            if let name = ColourCodePoints.primaries(forCodePoint: code) {
                #expect(ColourCodePoints.primaries(forCodePoint: ColourCodePoints.codePoint(forPrimaries: name)) == name)
            }
            if let name = ColourCodePoints.yCbCrMatrix(forCodePoint: code) {
                #expect(ColourCodePoints.yCbCrMatrix(forCodePoint: ColourCodePoints.codePoint(forYCbCrMatrix: name)) == name)
            }
            if let name = ColourCodePoints.transferFunction(forCodePoint: code), name != "UseGamma" {
                #expect(ColourCodePoints.transferFunction(forCodePoint: ColourCodePoints.codePoint(forTransferFunction: name)) == name)
            }
        }
    }
}
