// CoreFoundation's byte-order functions (CFByteOrder.h), which code reading and writing binary formats calls:
// swapping, and converting between the host's order and big- or little-endian. Linux's Foundation does not export
// CoreFoundation's C functions, so they are declared here with Apple's names and Swift signatures.

/// A byte order (`CFByteOrder`): `CFByteOrderUnknown`, `CFByteOrderLittleEndian` or `CFByteOrderBigEndian`.
public typealias CFByteOrder = CFIndex

/// The C enumeration of byte orders, as Swift imports it (a struct over its raw value; the constants are globals).
public struct __CFByteOrder: RawRepresentable, Equatable, Hashable, Sendable {
    public var rawValue: CFIndex
    public init(_ rawValue: CFIndex) { self.rawValue = rawValue }
    public init(rawValue: CFIndex) { self.rawValue = rawValue }
}

/// The byte order is unknown.
public var CFByteOrderUnknown: __CFByteOrder { __CFByteOrder(0) }
/// The least significant byte first.
public var CFByteOrderLittleEndian: __CFByteOrder { __CFByteOrder(1) }
/// The most significant byte first.
public var CFByteOrderBigEndian: __CFByteOrder { __CFByteOrder(2) }

/// The host's byte order (`CFByteOrderLittleEndian.rawValue` or `CFByteOrderBigEndian.rawValue`).
public func CFByteOrderGetCurrent() -> CFByteOrder {
    (1 as UInt16).littleEndian == 1 ? CFByteOrderLittleEndian.rawValue : CFByteOrderBigEndian.rawValue
}

/// `arg` with its two bytes swapped.
public func CFSwapInt16(_ arg: UInt16) -> UInt16 { arg.byteSwapped }
/// `arg` with its four bytes reversed.
public func CFSwapInt32(_ arg: UInt32) -> UInt32 { arg.byteSwapped }
/// `arg` with its eight bytes reversed.
public func CFSwapInt64(_ arg: UInt64) -> UInt64 { arg.byteSwapped }

/// A big-endian value in the host's order.
public func CFSwapInt16BigToHost(_ arg: UInt16) -> UInt16 { UInt16(bigEndian: arg) }
/// A big-endian value in the host's order.
public func CFSwapInt32BigToHost(_ arg: UInt32) -> UInt32 { UInt32(bigEndian: arg) }
/// A big-endian value in the host's order.
public func CFSwapInt64BigToHost(_ arg: UInt64) -> UInt64 { UInt64(bigEndian: arg) }
/// A host value in big-endian order.
public func CFSwapInt16HostToBig(_ arg: UInt16) -> UInt16 { arg.bigEndian }
/// A host value in big-endian order.
public func CFSwapInt32HostToBig(_ arg: UInt32) -> UInt32 { arg.bigEndian }
/// A host value in big-endian order.
public func CFSwapInt64HostToBig(_ arg: UInt64) -> UInt64 { arg.bigEndian }
/// A little-endian value in the host's order.
public func CFSwapInt16LittleToHost(_ arg: UInt16) -> UInt16 { UInt16(littleEndian: arg) }
/// A little-endian value in the host's order.
public func CFSwapInt32LittleToHost(_ arg: UInt32) -> UInt32 { UInt32(littleEndian: arg) }
/// A little-endian value in the host's order.
public func CFSwapInt64LittleToHost(_ arg: UInt64) -> UInt64 { UInt64(littleEndian: arg) }
/// A host value in little-endian order.
public func CFSwapInt16HostToLittle(_ arg: UInt16) -> UInt16 { arg.littleEndian }
/// A host value in little-endian order.
public func CFSwapInt32HostToLittle(_ arg: UInt32) -> UInt32 { arg.littleEndian }
/// A host value in little-endian order.
public func CFSwapInt64HostToLittle(_ arg: UInt64) -> UInt64 { arg.littleEndian }
