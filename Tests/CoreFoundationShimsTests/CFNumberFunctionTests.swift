import CoreFoundationShims
import Testing

/// CFNumber's C functions, and the four-character code conversions Apple's frameworks declare.
@Suite("CFNumber functions and OSType strings")
struct CFNumberFunctionTests {
    @Test("CFNumberGetValue converts to each type and says when it lost information")
    func getValue() {
        let number = NSNumber(value: 300)
        var int8: Int8 = 0, int16: Int16 = 0, int64: Int64 = 0, float: Float = 0, double: Double = 0
        #expect(!CFNumberGetValue(number, .sInt8Type, &int8) && int8 == Int8.max, "out of range: clamped, false")
        #expect(CFNumberGetValue(number, .sInt16Type, &int16) && int16 == 300)
        #expect(CFNumberGetValue(number, .cfIndexType, &int64) && int64 == 300)
        #expect(CFNumberGetValue(number, .floatType, &float) && float == 300)
        let fraction = NSNumber(value: 2.5)
        var int32: Int32 = 0
        #expect(!CFNumberGetValue(fraction, .sInt32Type, &int32) && int32 == 2, "fraction dropped: false")
        #expect(CFNumberGetValue(fraction, .float64Type, &double) && double == 2.5)
        #expect(!CFNumberGetValue(NSNumber(value: 0.1), .float32Type, &float), "0.1 is not a Float exactly")
        #expect(CFNumberIsFloatType(fraction) && !CFNumberIsFloatType(number))
        #expect(CFNumberGetType(fraction) == .float64Type)
    }

    @Test("CFNumberCreate reads the value of the type it is told")
    func create() {
        var value: Int16 = -7
        #expect(CFNumberCreate(nil, .sInt16Type, &value)?.intValue == -7)
        var double = 1.25
        #expect(CFNumberCreate(nil, .doubleType, &double)?.doubleValue == 1.25)
    }

    @Test("UTGetOSTypeFromString, UTCreateStringForOSType, NSFileTypeForHFSTypeCode, NSHFSTypeCodeFromFileType")
    func fourCharacterCodes() {
        #expect(UTGetOSTypeFromString("avc1" as CFString) == 0x6176_6331)
        #expect(UTGetOSTypeFromString("toolong" as CFString) == 0 && UTGetOSTypeFromString("" as CFString) == 0)
        #expect(UTCreateStringForOSType(0x6176_6331).takeRetainedValue() as String == "avc1")
        #expect(UTCreateStringForOSType(0xA96E_616D).takeRetainedValue() as String == "©nam")
        #expect(UTGetOSTypeFromString("©nam" as CFString) == 0xA96E_616D)
        #expect(NSFileTypeForHFSTypeCode(0x6D6F_6F76) == "'moov'")
        #expect(NSHFSTypeCodeFromFileType("'moov'") == 0x6D6F_6F76 && NSHFSTypeCodeFromFileType("moov") == 0)
    }
}
