import CoreFoundationShims
import Testing

// Constants declared as our modules declare theirs.
nonisolated(unsafe) private let kExampleKey: CFString = "PixelFormatType"
nonisolated(unsafe) private let kOtherKey: CFString = "Width"

/// Both families of Apple idioms over the CF types: the Swift casts and the object ones.
@Suite("CF types: the Swift casts and the object idioms both compile and behave")
struct CFRepresentationTests {
    @Test("as String, as CFString, as CFDictionary, as? [String: Any], literals and switches")
    func swiftCasts() throws {
        let name: String = kExampleKey as String
        #expect(name == "PixelFormatType")
        let literal: CFString = "PixelFormatType"
        #expect(literal == kExampleKey)
        let attributes: [String: Any] = [kExampleKey as String: 32, kOtherKey as String: 64]
        let dictionary = attributes as CFDictionary
        #expect(CFDictionaryGetCount(dictionary) == 2)
        let back = try #require(dictionary as? [String: Any])
        #expect(back[kExampleKey as String] as? Int == 32)
        let keyedByCF: [CFString: Int] = [kExampleKey: 1]
        #expect((keyedByCF as CFDictionary as? [String: Int]) == ["PixelFormatType": 1])
        switch kExampleKey {
        case "PixelFormatType": break
        default: Issue.record("a CF constant matches a string literal pattern")
        }
        let variable = "Dynamic"
        #expect((variable as CFString) as String == "Dynamic")
    }

    @Test("Unmanaged<CFString> hands out the constant itself and takes it back")
    func unmanagedStrings() {
        let pointer = Unmanaged.passUnretained(kExampleKey).toOpaque()
        let back = Unmanaged<CFString>.fromOpaque(pointer).takeUnretainedValue()
        #expect(back === kExampleKey)
        #expect(cfInterned("x") === cfInterned("x"), "interned strings are one object per string")
    }

    @Test("kCFBooleanTrue and kCFBooleanFalse are the shared Boolean objects")
    func booleans() {
        #expect(kCFBooleanTrue === (true as NSNumber) && kCFBooleanFalse === (false as NSNumber))
        #expect(CFBooleanGetValue(kCFBooleanTrue) && !CFBooleanGetValue(kCFBooleanFalse))
        let stored: Any = kCFBooleanTrue as Any
        #expect(stored as? Bool == true)
        #expect(CFGetTypeID(kCFBooleanTrue) == CFBooleanGetTypeID() && CFGetTypeID(true) == CFBooleanGetTypeID())
        #expect(CFGetTypeID(NSNumber(value: 1)) == CFNumberGetTypeID())
    }

    @Test("CFGetTypeID tells strings, numbers, dictionaries, arrays, data, URLs, dates and null apart")
    func typeIDs() {
        let ids: [CFTypeID] = [CFStringGetTypeID(), CFNumberGetTypeID(), CFBooleanGetTypeID(), CFDictionaryGetTypeID(),
                               CFArrayGetTypeID(), CFDataGetTypeID(), CFURLGetTypeID(), CFDateGetTypeID(),
                               CFNullGetTypeID()]
        #expect(Set(ids).count == ids.count)
        #expect(CFGetTypeID(kExampleKey) == CFStringGetTypeID() && CFGetTypeID("swift") == CFStringGetTypeID())
        #expect(CFGetTypeID(NSDictionary()) == CFDictionaryGetTypeID() && CFGetTypeID(["a": 1]) == CFDictionaryGetTypeID())
        #expect(CFGetTypeID(NSArray()) == CFArrayGetTypeID() && CFGetTypeID([1, 2]) == CFArrayGetTypeID())
        #expect(CFGetTypeID(Data([1])) == CFDataGetTypeID() && CFGetTypeID(URL(fileURLWithPath: "/")) == CFURLGetTypeID())
        #expect(CFGetTypeID(Date()) == CFDateGetTypeID() && CFGetTypeID(NSNull()) == CFNullGetTypeID())
        #expect(CFGetTypeID(3.5) == CFNumberGetTypeID())
        struct Unknown {}
        #expect(CFGetTypeID(Unknown()) == 0)
    }
}
