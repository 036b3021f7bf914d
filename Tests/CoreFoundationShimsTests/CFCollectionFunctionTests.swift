import CoreFoundationShims
import Testing

nonisolated(unsafe) private let kNotSyncKey: CFString = "NotSync"

/// CFArray's and CFDictionary's C functions: the pointers they hand out are the stored objects.
@Suite("CFArray and CFDictionary functions")
struct CFCollectionFunctionTests {
    @Test("CFArrayGetValueAtIndex of our arrays is the stored object; a change through it reaches the owner")
    func objectArray() throws {
        let first = NSMutableDictionary(), second = NSMutableDictionary()
        let array: CFArray = CFObjectArray(objects: [first, second])
        #expect(CFArrayGetCount(array) == 2)
        let dictionary = unsafeBitCast(CFArrayGetValueAtIndex(array, 1), to: CFMutableDictionary.self)
        #expect(dictionary === second)
        CFDictionarySetValue(dictionary, Unmanaged.passUnretained(kNotSyncKey).toOpaque(),
                             Unmanaged.passUnretained(kCFBooleanTrue).toOpaque())
        #expect(second.count == 1 && (second as? [String: Any])?["NotSync"] as? Bool == true)
        #expect(CFArrayGetValueAtIndex(array, 2) == nil && CFArrayGetValueAtIndex(array, -1) == nil)
        // Swift's ways in see the same objects.
        #expect((array[0] as? NSMutableDictionary) === first)
        #expect((array as? [[String: Any]])?[1]["NotSync"] as? Bool == true)
        let element = array.object(at: 1) as AnyObject
        let isStored = element === second
        #expect(isStored)
        // Foundation's NSArray iterator is final and bridges each element, so iteration gives copies (README).
        var copies: [[String: Any]] = []
        for element in array { if let copy = element as? [String: Any] { copies.append(copy) } }
        #expect(copies.count == 2 && copies[1]["NotSync"] as? Bool == true)
    }

    @Test("an NSArray that is not ours: the value handed out is kept as long as the array, and equal to the element")
    func foreignArray() throws {
        let array = ["one", "two"] as NSArray
        let pointer = try #require(CFArrayGetValueAtIndex(array, 1))
        let value = Unmanaged<CFString>.fromOpaque(pointer).takeUnretainedValue()
        #expect(value == "two")
        #expect(CFArrayGetValueAtIndex(array, 1) == pointer, "the same object on a second call")
        let one: CFString = "one"
        withExtendedLifetime(one) {
            #expect(CFArrayContainsValue(array, CFRangeMake(0, 2), Unmanaged.passUnretained(one).toOpaque()))
            #expect(!CFArrayContainsValue(array, CFRangeMake(1, 1), Unmanaged.passUnretained(one).toOpaque()))
        }
    }

    @Test("CFArrayCreate keeps the objects it is given")
    func arrayCreate() {
        let strings: [CFString] = ["a", "b"]
        var pointers: [UnsafeRawPointer?] = strings.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) }
        let array = CFArrayCreate(nil, &pointers, 2, [kCFTypeArrayCallBacks])!
        #expect(CFArrayGetCount(array) == 2)
        #expect(Unmanaged<CFString>.fromOpaque(CFArrayGetValueAtIndex(array, 0)).takeUnretainedValue() === strings[0])
    }

    @Test("Foundation's allKeys and allValues are the stored objects, in one order (what CFDictionaryGetValue relies on)")
    func dictionaryIdentity() {
        let dictionary = NSMutableDictionary()
        let string: NSString = "value", number = NSNumber(value: 5), nested = NSMutableDictionary()
        dictionary.setObject(string, forKey: "s" as NSString)
        dictionary.setObject(number, forKey: "n" as NSString)
        dictionary.setObject(nested, forKey: "d" as NSString)
        let keys = dictionary.allKeys.map { $0 as? String }
        let values = dictionary.allValues.map { $0 as AnyObject }
        var identical = 0
        for (key, value) in zip(keys, values) {
            let expected: AnyObject = key == "s" ? string : key == "n" ? number : nested
            if value === expected { identical += 1 }
        }
        #expect(identical == 3)
    }

    @Test("CFDictionaryGetValue, GetValueIfPresent, ContainsKey, ContainsValue, RemoveValue, Add and Replace")
    func dictionaryFunctions() throws {
        let dictionary = CFDictionaryCreateMutable(nil, 0, [kCFTypeDictionaryKeyCallBacks], [kCFTypeDictionaryValueCallBacks])!
        let key = Unmanaged.passUnretained(kNotSyncKey).toOpaque()
        #expect(!CFDictionaryContainsKey(dictionary, key) && CFDictionaryGetValue(dictionary, key) == nil)
        let payload: CFString = "payload"
        CFDictionarySetValue(dictionary, key, Unmanaged.passUnretained(payload).toOpaque())
        #expect(CFDictionaryContainsKey(dictionary, key) && CFDictionaryGetCount(dictionary) == 1)
        let stored = try #require(CFDictionaryGetValue(dictionary, key))
        #expect(Unmanaged<CFString>.fromOpaque(stored).takeUnretainedValue() === payload, "the stored object itself")
        // A key object equal to the constant finds it, as CFEqual would.
        let equalKey: CFString = "NotSync"
        var found: UnsafeRawPointer?
        withExtendedLifetime(equalKey) {
            #expect(CFDictionaryGetValueIfPresent(dictionary, Unmanaged.passUnretained(equalKey).toOpaque(), &found))
        }
        #expect(found == stored)
        #expect(CFDictionaryContainsValue(dictionary, Unmanaged.passUnretained(payload).toOpaque()))
        CFDictionaryAddValue(dictionary, key, Unmanaged.passUnretained(kCFBooleanTrue).toOpaque())
        #expect(CFDictionaryGetValue(dictionary, key) == stored, "Add leaves an existing value")
        CFDictionaryReplaceValue(dictionary, key, Unmanaged.passUnretained(kCFBooleanTrue).toOpaque())
        let replaced = try #require(CFDictionaryGetValue(dictionary, key))
        #expect(CFBooleanGetValue(Unmanaged<CFBoolean>.fromOpaque(replaced).takeUnretainedValue()))
        CFDictionaryRemoveValue(dictionary, key)
        #expect(CFDictionaryGetCount(dictionary) == 0)
    }

    @Test("a dictionary made with `as CFDictionary` hands out its values as objects that live with it")
    func bridgedDictionary() throws {
        let dictionary = ["name": "clip", "count": 3] as CFDictionary
        let nameKey: CFString = "name", countKey: CFString = "count"
        let name = try #require(withExtendedLifetime(nameKey) {
            CFDictionaryGetValue(dictionary, Unmanaged.passUnretained(nameKey).toOpaque())
        })
        #expect(Unmanaged<CFString>.fromOpaque(name).takeUnretainedValue() == "clip")
        let count = try #require(withExtendedLifetime(countKey) {
            CFDictionaryGetValue(dictionary, Unmanaged.passUnretained(countKey).toOpaque())
        })
        var value: Int32 = 0
        #expect(CFNumberGetValue(Unmanaged<CFNumber>.fromOpaque(count).takeUnretainedValue(), .sInt32Type, &value))
        #expect(value == 3)
        let copy = try #require(CFDictionaryCreateMutableCopy(nil, 0, dictionary))
        #expect(copy.count == 2 && copy !== dictionary)
    }
}
