// The CoreFoundation and MacTypes spellings that AVFoundation code uses and Linux's Foundation lacks.
//
// Linux has no Objective-C bridging, so `attributes as CFDictionary` cannot turn a Swift dictionary into a
// CoreFoundation object. Instead the CF names are aliases of the Swift types they bridge to on Apple platforms,
// which makes the usual casts no-ops or upcasts that compile unchanged. The toolchain's own `CoreFoundation`
// module is deliberately not re-exported: its opaque `CFDictionary` cannot be built from a Swift dictionary.
// README.md, "Differences from Apple's AVFoundation", lists what this changes for callers.
@_exported import Foundation

// MARK: MacTypes

/// A status code returned by the C-style CoreMedia and CoreVideo functions; `noErr` (0) means success.
public typealias OSStatus = Int32

/// The status that means success.
public let noErr: OSStatus = 0

/// A 32-bit code made of four ASCII characters, such as `'avc1'`.
public typealias FourCharCode = UInt32

/// A four-character code naming a type, as in `kCVPixelFormatType_32BGRA`.
public typealias OSType = FourCharCode

// MARK: CoreFoundation

/// An index or count in a CoreFoundation collection.
public typealias CFIndex = Int

/// A range of items: a location and a length (`CMSampleBufferCopySampleBufferForRange` takes one).
public struct CFRange: Sendable, Equatable {
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

/// A string key or value. On Apple platforms it toll-free bridges to `String`; here it is `String`.
public typealias CFString = String

/// A dictionary. On Apple platforms `[String: Any]` bridges to it with `as CFDictionary`; here that cast is an upcast.
public typealias CFDictionary = [AnyHashable: Any]

/// A mutable dictionary (a Swift dictionary is a value; mutate it and pass it back).
public typealias CFMutableDictionary = [AnyHashable: Any]

/// An array of CoreFoundation values.
public typealias CFArray = [Any]

/// Any CoreFoundation value: a string, number, Boolean, data, dictionary or array.
public typealias CFTypeRef = Any

/// A value that can be stored in a property list: string, number, Boolean, date, data, array or dictionary.
public typealias CFPropertyList = Any

/// A Boolean value.
public typealias CFBoolean = Bool

/// The Boolean `true`, for attachment dictionaries.
public let kCFBooleanTrue: CFBoolean = true

/// The Boolean `false`, for attachment dictionaries.
public let kCFBooleanFalse: CFBoolean = false

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
public final class CFAllocator: Sendable, CustomStringConvertible {
    /// What an allocator does with memory it is asked to free.
    package enum Kind: Sendable { case system, malloc, null }

    package let kind: Kind

    package init(_ kind: Kind) { self.kind = kind }

    public var description: String { "CFAllocator(\(kind))" }
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
