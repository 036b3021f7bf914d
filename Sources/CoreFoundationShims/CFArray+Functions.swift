// CFArray's C functions (CFArray.h) over `NSArray`, and the array class AVFoundation hands out.

/// An array that stores its elements as the objects they are and hands out those objects, as a CFArray does.
///
/// Linux's `NSArray` returns bridged copies from `object(at:)`, so a mutable dictionary put in one comes back as a
/// Swift `Dictionary` and a change to it would be lost. The arrays our functions return
/// (`CMSampleBufferGetSampleAttachmentsArray` and the other `CFArray` results) are this class, so that
/// `CFArrayGetValueAtIndex`, `object(at:)` and `array[0] as! NSMutableDictionary` reach the stored objects.
/// Iterating (`for element in array`) still yields bridged copies: Foundation's `NSArray` iterator is final and
/// bridges what it reads.
package final class CFObjectArray: NSArray {
    /// The elements, fixed at creation.
    package let objects: [AnyObject]

    /// An array of `objects`.
    package init(objects: [AnyObject]) {
        self.objects = objects
        super.init(objects: nil, count: 0)
    }

    /// An array of the `count` objects at `objects`.
    package required init(objects: UnsafePointer<AnyObject>?, count: Int) {
        self.objects = objects.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        super.init(objects: nil, count: 0)
    }

    /// An array of `elements`, each as an object.
    package required convenience init(arrayLiteral elements: Any...) {
        self.init(objects: elements.map { $0 as AnyObject })
    }

    /// Not decodable.
    package required convenience init?(coder aDecoder: NSCoder) { nil }

    /// The number of elements.
    override package var count: Int { objects.count }

    /// The element at `index`: the stored object itself.
    override package func object(at index: Int) -> Any { objects[index] }
}

/// The number of values in `theArray`.
public func CFArrayGetCount(_ theArray: CFArray!) -> CFIndex { theArray.count }

/// The value at `idx`, as a pointer to the object (valid while the array lives, as under CoreFoundation's Get rule);
/// nil when `idx` is out of range.
public func CFArrayGetValueAtIndex(_ theArray: CFArray!, _ idx: CFIndex) -> UnsafeRawPointer! {
    guard idx >= 0, idx < theArray.count else { return nil }
    let object: AnyObject
    if let stored = theArray as? CFObjectArray {
        object = stored.objects[idx]
    } else {
        object = BridgedValueCache.shared.object(for: theArray.object(at: idx), slot: idx, of: theArray)
    }
    return UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
}

/// Whether `theArray` holds a value equal to `value` within `range`.
public func CFArrayContainsValue(_ theArray: CFArray!, _ range: CFRange, _ value: UnsafeRawPointer!) -> Bool {
    guard let value, range.location >= 0, range.length >= 0, range.location + range.length <= theArray.count else {
        return false
    }
    let wanted = cfObject(at: value)
    return (range.location..<(range.location + range.length)).contains { index in
        cfEqual(theArray.object(at: index) as AnyObject, wanted)
    }
}

/// The callbacks an array uses for its values. Swift manages the memory of the objects, so these carry nothing.
public struct CFArrayCallBacks: Sendable {
    /// The structure version (0).
    public var version: CFIndex
    /// Callbacks of version 0.
    public init() { version = 0 }
}

/// The callbacks for arrays of CoreFoundation objects.
public let kCFTypeArrayCallBacks = CFArrayCallBacks()

/// An immutable array of the `numValues` objects that `values` points at.
public func CFArrayCreate(_ allocator: CFAllocator!, _ values: UnsafeMutablePointer<UnsafeRawPointer?>!,
                          _ numValues: CFIndex, _ callBacks: UnsafePointer<CFArrayCallBacks>!) -> CFArray! {
    guard numValues > 0, let values else { return CFObjectArray(objects: []) }
    return CFObjectArray(objects: (0..<numValues).compactMap { values[$0].map(cfObject(at:)) })
}

/// The object a CoreFoundation function's value pointer points at (made by `Unmanaged.passUnretained(x).toOpaque()`).
func cfObject(at pointer: UnsafeRawPointer) -> AnyObject {
    Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
}

/// Whether two objects are equal as CoreFoundation compares them (`CFEqual`): by value for Foundation objects, else
/// by identity.
func cfEqual(_ lhs: AnyObject, _ rhs: AnyObject) -> Bool {
    if lhs === rhs { return true }
    guard let object = lhs as? NSObject else { return false }
    return object.isEqual(rhs)
}

extension CFObjectArray {
    /// An array of `values`, each as the object it bridges to (a `String` as an `NSString`).
    package convenience init(bridging values: [Any]) {
        self.init(objects: values.map { $0 as AnyObject })
    }
}
