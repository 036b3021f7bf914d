import Testing
import CoreFoundationShims

/// CoreFoundation's byte-order functions, as code reading binary formats calls them.
@Suite("CF byte order")
struct CFByteOrderFunctionTests {
    @Test("swaps reverse the bytes; big- and little-endian conversions match the host's order")
    func conversions() {
        #expect(CFSwapInt16(0x1234) == 0x3412)
        #expect(CFSwapInt32(0x1234_5678) == 0x7856_3412)
        #expect(CFSwapInt64(0x0102_0304_0506_0708) == 0x0807_0605_0403_0201)
        // Bytes 12 34 56 78 as they lie in a big-endian file, read into a host integer.
        let stored = [UInt8]([0x12, 0x34, 0x56, 0x78]).withUnsafeBytes { $0.load(as: UInt32.self) }
        #expect(CFSwapInt32BigToHost(stored) == 0x1234_5678)
        #expect(CFSwapInt32LittleToHost(stored) == 0x7856_3412)
        #expect(CFSwapInt32HostToBig(0x1234_5678) == stored)
        #expect(CFSwapInt16HostToBig(CFSwapInt16BigToHost(0xABCD)) == 0xABCD)
        #expect(CFSwapInt64HostToLittle(CFSwapInt64LittleToHost(42)) == 42)
        #expect(CFSwapInt16LittleToHost(0x00FF) == UInt16(littleEndian: 0x00FF))
        #expect(CFSwapInt64BigToHost(1) == UInt64(bigEndian: 1))
        #expect(CFSwapInt16HostToLittle(7) == UInt16(7).littleEndian)
        #expect(CFSwapInt32HostToLittle(7) == UInt32(7).littleEndian)
        #expect(CFSwapInt64HostToBig(7) == UInt64(7).bigEndian)
    }

    @Test("the host's byte order is one of the constants")
    func current() {
        let expected = UInt16(1).littleEndian == 1 ? CFByteOrderLittleEndian : CFByteOrderBigEndian
        #expect(CFByteOrderGetCurrent() == expected.rawValue)
        #expect(CFByteOrderUnknown.rawValue == 0)
    }
}
