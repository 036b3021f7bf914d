// CoreFoundation type identifiers (CFBase.h): `CFGetTypeID(x) == CFDictionaryGetTypeID()` and the like.

/// A number naming a CoreFoundation type.
public typealias CFTypeID = UInt

/// The type identifiers this package hands out, in one table. The numbers are ours (Apple assigns its own at run
/// time); only comparing them with the `…GetTypeID()` functions means something.
package enum CFTypeIDNumber: CFTypeID {
    case string = 7, null = 16, dictionary = 18, array = 19, data = 20, boolean = 21, number = 22, url = 29, date = 42
    case allocator = 2
    case sampleBuffer = 0x100, blockBuffer, formatDescription, imageBuffer, pixelBufferPool, image, colorSpace
    case imageSource, imageDestination
}

/// A class of ours that `CFGetTypeID` identifies.
package protocol CFTypeIdentified: AnyObject {
    /// The type's identifier.
    static var cfTypeID: CFTypeID { get }
}

/// The type identifier of a CoreFoundation object: a string, number, Boolean, dictionary, array, data, URL, date, null,
/// or one of the CoreMedia, CoreVideo, CoreGraphics and ImageIO objects. Swift values count as the object they
/// bridge to (`"a"` is a string, `true` a Boolean). 0 for anything else.
public func CFGetTypeID(_ cf: CFTypeRef!) -> CFTypeID {
    let number: CFTypeIDNumber
    switch cf as Any {
    case let object as any CFTypeIdentified: return type(of: object).cfTypeID
    // Before any `is Bool`: Linux casts NSNumber(value: 1) to `true`. A Swift Bool becomes the shared Boolean object.
    case let value as NSNumber: number = value === kCFBooleanTrue || value === kCFBooleanFalse ? .boolean : .number
    case is String, is NSString: number = .string
    case is NSDictionary, is [AnyHashable: Any]: number = .dictionary
    case is NSArray, is [Any]: number = .array
    case is Data, is NSData: number = .data
    case is URL, is NSURL: number = .url
    case is Date, is NSDate: number = .date
    case is NSNull: number = .null
    case is CFAllocator: number = .allocator
    default: return 0
    }
    return number.rawValue
}

/// The type identifier of strings.
public func CFStringGetTypeID() -> CFTypeID { CFTypeIDNumber.string.rawValue }
/// The type identifier of numbers.
public func CFNumberGetTypeID() -> CFTypeID { CFTypeIDNumber.number.rawValue }
/// The type identifier of Booleans.
public func CFBooleanGetTypeID() -> CFTypeID { CFTypeIDNumber.boolean.rawValue }
/// The type identifier of dictionaries.
public func CFDictionaryGetTypeID() -> CFTypeID { CFTypeIDNumber.dictionary.rawValue }
/// The type identifier of arrays.
public func CFArrayGetTypeID() -> CFTypeID { CFTypeIDNumber.array.rawValue }
/// The type identifier of data.
public func CFDataGetTypeID() -> CFTypeID { CFTypeIDNumber.data.rawValue }
/// The type identifier of URLs.
public func CFURLGetTypeID() -> CFTypeID { CFTypeIDNumber.url.rawValue }
/// The type identifier of dates.
public func CFDateGetTypeID() -> CFTypeID { CFTypeIDNumber.date.rawValue }
/// The type identifier of `kCFNull`.
public func CFNullGetTypeID() -> CFTypeID { CFTypeIDNumber.null.rawValue }
/// The type identifier of allocators.
public func CFAllocatorGetTypeID() -> CFTypeID { CFTypeIDNumber.allocator.rawValue }
