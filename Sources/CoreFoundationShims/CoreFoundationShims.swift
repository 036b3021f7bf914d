// The CoreFoundation and MacTypes spellings that AVFoundation code uses and Linux's Foundation lacks.
//
// The CF object types are aliases of the Foundation classes they toll-free bridge to on Apple platforms
// (`CFString` = `NSString`, `CFDictionary` = `NSDictionary`, `CFArray` = `NSArray`, `CFBoolean` = `NSNumber`), so
// both families of Apple idioms compile: the Swift casts (`kKey as String`, `attributes as CFDictionary`,
// `cfDictionary as? [String: Any]`, which Linux's Foundation bridges) and the object ones (`Unmanaged<CFString>`,
// `unsafeBitCast(pointer, to: CFMutableDictionary.self)`, the CF C functions in the other files of this module).
// The toolchain's own `CoreFoundation` module is deliberately not re-exported: its types do not bridge to Swift's
// and its functions are not exported by Linux's Foundation (docs/notes-cf-representation.md).
//
// Linux's Foundation marks `NSString` not Sendable, so the string constants of our modules are declared
// `nonisolated(unsafe) public let`: each is made once from a literal and never mutated. README.md, "Differences
// from Apple's AVFoundation", lists what this changes for callers.
@_exported import Foundation
// Apple's Foundation brings Dispatch, and with it `DispatchSerialQueue` (macOS 14, iOS 17); Linux's lacks that type.
@_exported import _DispatchSerialQueue

// MARK: MacTypes

/// A status code returned by the C-style CoreMedia and CoreVideo functions; `noErr` (0) means success.
public typealias OSStatus = Int32

/// The status that means success.
public let noErr: OSStatus = 0

/// MacTypes.h's `Boolean` (an `unsigned char`), as Swift's Darwin overlay imports it: what C-style functions that
/// report a yes/no through a pointer write (`ExtAudioFileGetPropertyInfo`'s `outWritable`). One byte, as in C.
public struct DarwinBoolean: ExpressibleByBooleanLiteral, Sendable {
    private var value: UInt8

    /// `true` or `false`.
    public init(_ value: Bool) {
        self.value = value ? 1 : 0
    }

    /// Whether the byte is non-zero.
    public var boolValue: Bool { value != 0 }

    public init(booleanLiteral value: Bool) {
        self.init(value)
    }
}

extension DarwinBoolean: Equatable {
    public static func == (lhs: DarwinBoolean, rhs: DarwinBoolean) -> Bool { lhs.boolValue == rhs.boolValue }
}

extension DarwinBoolean: CustomStringConvertible {
    /// `"true"` or `"false"`.
    public var description: String { boolValue.description }
}

extension DarwinBoolean: CustomReflectable {
    public var customMirror: Mirror { Mirror(reflecting: boolValue) }
}

/// A 32-bit code made of four ASCII characters, such as `'avc1'`.
public typealias FourCharCode = UInt32

/// A four-character code naming a type, as in `kCVPixelFormatType_32BGRA`.
public typealias OSType = FourCharCode

// MARK: CoreFoundation

/// An index or count in a CoreFoundation collection.
public typealias CFIndex = Int

/// A range of items: a location and a length (`CMSampleBufferCopySampleBufferForRange` takes one).
public struct CFRange: Sendable {
    /// The first index.
    public var location: CFIndex
    /// The number of items.
    public var length: CFIndex
    /// A zero-length range at zero.
    public init() { location = 0; length = 0 }
    /// The given range.
    public init(location: CFIndex, length: CFIndex) { self.location = location; self.length = length }
}

/// A range from a location and length.
public func CFRangeMake(_ loc: CFIndex, _ len: CFIndex) -> CFRange { CFRange(location: loc, length: len) }

/// A duration in seconds.
public typealias CFTimeInterval = Double

/// A string: `NSString`, as `CFString` toll-free bridges to it on Apple platforms. `key as String` and
/// `"literal" as CFString` convert; `Unmanaged.passUnretained(key)` hands out the object itself.
public typealias CFString = NSString

/// A mutable string.
public typealias CFMutableString = NSMutableString

/// A dictionary: `NSDictionary`. `[String: Any]` converts with `as CFDictionary`, and back with `as? [String: Any]`.
public typealias CFDictionary = NSDictionary

/// A mutable dictionary: `NSMutableDictionary`. The dictionaries AVFoundation hands out mutable (a sample buffer's
/// per-sample attachments) are the ones the owner reads, so a change made through them reaches the owner.
public typealias CFMutableDictionary = NSMutableDictionary

/// An array: `NSArray`. Arrays of ours hand out the very objects they store (`CFArrayGetValueAtIndex`).
public typealias CFArray = NSArray

/// A mutable array.
public typealias CFMutableArray = NSMutableArray

/// Any CoreFoundation value: a string, number, Boolean, data, dictionary or array. `Any`, so that Swift values pass
/// where Apple's code passes bridged objects.
public typealias CFTypeRef = Any

/// A value that can be stored in a property list: string, number, Boolean, date, data, array or dictionary.
public typealias CFPropertyList = Any

/// A Boolean object: `NSNumber`, as on Apple platforms, where `kCFBooleanTrue` bridges to `true as NSNumber`.
public typealias CFBoolean = NSNumber

/// The shared Boolean `true` object (the same instance as `true as NSNumber`).
public let kCFBooleanTrue: CFBoolean = NSNumber(value: true)

/// The shared Boolean `false` object (the same instance as `false as NSNumber`).
public let kCFBooleanFalse: CFBoolean = NSNumber(value: false)

/// A number.
public typealias CFNumber = NSNumber

/// Immutable bytes.
public typealias CFData = Data

/// Mutable bytes. A class, as on Apple platforms, so that a callee (`CGImageDestinationCreateWithData`) can fill
/// bytes the caller holds; `mutableData as Data` copies them out.
public typealias CFMutableData = NSMutableData

/// New empty mutable bytes (`capacity` is a hint; 0 means no limit, as on Apple platforms).
public func CFDataCreateMutable(_ allocator: CFAllocator?, _ capacity: CFIndex) -> CFMutableData! {
    NSMutableData(capacity: max(capacity, 0)) ?? NSMutableData()
}

/// The number of bytes in `theData`.
public func CFDataGetLength(_ theData: CFData) -> CFIndex { theData.count }

/// A URL.
public typealias CFURL = URL

/// An allocator, accepted wherever Apple's functions take one.
///
/// Swift manages memory itself, so only two allocators mean something: `kCFAllocatorNull`, which tells a
/// block buffer that it does not own (and must not free) the memory it is given, and every other allocator,
/// which means "allocate and free as usual".
public final class CFAllocator: Sendable {
    /// What an allocator does with memory it is asked to free.
    package enum Kind: Sendable { case system, malloc, null }

    package let kind: Kind

    package init(_ kind: Kind) { self.kind = kind }

    /// Text for our own messages (not public: Apple's CFAllocator is not CustomStringConvertible).
    package var descriptionText: String { "CFAllocator(\(kind))" }
}

/// The default allocator (`nil`, as on Apple platforms).
public let kCFAllocatorDefault: CFAllocator? = nil

/// The system's default allocator.
public let kCFAllocatorSystemDefault: CFAllocator = CFAllocator(.system)

/// The allocator that allocates with `malloc` and frees with `free`.
public let kCFAllocatorMalloc: CFAllocator = CFAllocator(.malloc)

/// The allocator that does nothing: memory handed over with it is never freed by the receiver.
public let kCFAllocatorNull: CFAllocator = CFAllocator(.null)

/// Whether an allocator means "the caller keeps ownership of this memory".
package func isNullAllocator(_ allocator: CFAllocator?) -> Bool {
    allocator?.kind == .null
}

/// One `CFString` object per distinct string, kept for the life of the process: what functions that return an
/// unretained `Unmanaged<CFString>` (the Get rule) hand out. Only for strings from a fixed set (code point names).
package func cfInterned(_ string: String) -> CFString {
    InternedStrings.shared.object(for: string)
}

/// The table behind `cfInterned`. `@unchecked Sendable` is true: `strings` is only touched with `lock` held, and
/// the strings it holds are never mutated.
private final class InternedStrings: @unchecked Sendable {
    static let shared = InternedStrings()
    private let lock = NSLock()
    private var strings: [String: NSString] = [:]

    func object(for string: String) -> NSString {
        lock.lock()
        defer { lock.unlock() }
        if let kept = strings[string] { return kept }
        let made = string as NSString
        strings[string] = made
        return made
    }
}

/// An immutable CF object made on first use and kept: what a `…Get…` function returns for an immutable owner
/// (`CMFormatDescriptionGetExtensions`), so that the object, and the pointers CF functions hand out into it, live as
/// long as the owner, as under CoreFoundation's Get rule. `@unchecked Sendable` is true: `object` is only touched with
/// `lock` held, and what it holds is immutable (an `NSDictionary` or `NSArray` nobody mutates).
package final class CFKeptObject<Object: AnyObject>: @unchecked Sendable {
    private let lock = NSLock()
    private var object: Object?

    /// Nothing made yet.
    package init() {}

    /// The object, made by `make` the first time.
    package func object(_ make: () -> Object) -> Object {
        lock.lock()
        defer { lock.unlock() }
        if let object { return object }
        let made = make()
        object = made
        return made
    }
}
