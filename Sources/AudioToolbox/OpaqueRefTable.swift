import Synchronization

/// The live objects of one kind (audio files, extended audio files, converters) by the number their opaque ref
/// carries. Numbers come from one counter for every kind and are never reused, so a ref that was disposed, or is of
/// another kind (every kind imports as `OpaquePointer`, so Swift cannot tell them apart), is not found.
final class OpaqueRefTable<Object: Sendable>: Sendable {
    private let objects = Mutex<[UInt: Object]>([:])

    func register(_ object: Object) -> OpaquePointer {
        let key = opaqueRefCounter.add(0x10, ordering: .relaxed).newValue
        objects.withLock { $0[key] = object }
        guard let ref = OpaquePointer(bitPattern: key) else {
            preconditionFailure("invariant: the keys start above zero")
        }
        return ref
    }

    func object(_ ref: OpaquePointer) -> Object? {
        objects.withLock { $0[Self.key(ref)] }
    }

    func remove(_ ref: OpaquePointer) -> Object? {
        objects.withLock { $0.removeValue(forKey: Self.key(ref)) }
    }

    private static func key(_ ref: OpaquePointer) -> UInt {
        UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(ref)))
    }
}

/// The last number a ref was given, for every table; steps of 16 keep the bits looking like an aligned pointer.
private let opaqueRefCounter = Atomic<UInt>(0)
