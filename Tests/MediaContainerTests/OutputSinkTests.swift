import CoreMedia
import Foundation
import MediaContainer
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The sinks other than a created file: an append-only descriptor (a pipe) takes bytes in order and refuses every
/// patch, a reader that goes away is an error and never kills the process, and a segment collector hands out what
/// was written at each cut.
@Suite("Output sinks", .serialized)
struct OutputSinkTests {
    /// A pipe whose ends are closed on exec.
    static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        // Glibc's Swift module has no pipe2: close-on-exec is set just after.
        guard pipe(&ends) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Runs `body` with SIGPIPE's default action (ending the process), as a program that never set it has, then
    /// restores what the test runner had: the writer must not rely on anyone ignoring it.
    static func withDefaultPipeSignal<Result>(_ body: () throws -> Result) rethrows -> Result {
        let previous = signal(SIGPIPE, SIG_DFL)
        defer { signal(SIGPIPE, previous) }
        return try body()
    }

    @Test("an append-only output writes in order, small writes buffered and large ones direct; patches are refused")
    func appendsToPipe() throws {
        let (readEnd, writeEnd) = try Self.makePipe()
        defer { close(readEnd) }
        let output = OutputFile(appendingTo: writeEnd, name: "pipe", bufferSize: 4096)
        #expect(!output.isPatchable)
        try output.write([1, 2, 3, 4])
        // Larger than the buffer: goes straight to the descriptor after what is buffered.
        try output.write([UInt8](repeating: 9, count: 10_000))
        try output.write(Data([5, 6]))
        #expect(output.position == 10_006)
        for refused in [
            { try output.overwrite([7], at: 0) },
            { try output.truncate(to: 1) },
            {
                var byte: [UInt8] = [0]
                try byte.withUnsafeMutableBytes { try output.read(into: $0, at: 0) }
            },
        ] as [() throws -> Void] {
            let error = #expect(throws: ContainerWriterError.self) { try refused() }
            #expect(error?.code == .invalidState)
        }
        try output.close()
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += chunk[0..<count]
        }
        #expect(received == [1, 2, 3, 4] + [UInt8](repeating: 9, count: 10_000) + [5, 6])
    }

    /// A block buffer holding `count` bytes of `value`.
    static func blockBuffer(_ value: UInt8, count: Int) -> CMBlockBuffer {
        var buffer: CMBlockBuffer?
        CMBlockBufferCreateWithMemoryBlock(allocator: nil, memoryBlock: nil, blockLength: count, blockAllocator: nil,
                                           customBlockSource: nil, offsetToData: 0, dataLength: count,
                                           flags: kCMBlockBufferAssureMemoryNowFlag, blockBufferOut: &buffer)
        CMBlockBufferFillDataBytes(with: CChar(bitPattern: value), blockBuffer: buffer!, offsetIntoDestination: 0,
                                   dataLength: count)
        return buffer!
    }

    /// Everything that arrives on `descriptor` until its writer closes it, read on another thread (a pipe holds
    /// 64 KiB, so a larger write waits for its reader).
    final class PipeReader: @unchecked Sendable {
        // Safe because `received` is written by the reading thread before `done` is signalled and read after.
        private var received: [UInt8] = []
        private let done = DispatchSemaphore(value: 0)

        init(_ descriptor: Int32) {
            Thread.detachNewThread { [self] in
                var chunk = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    guard count > 0 else { break }
                    received += chunk[0..<count]
                }
                done.signal()
            }
        }

        /// Waits for the end of the stream.
        func bytes() -> [UInt8] {
            done.wait()
            return received
        }
    }

    @Test("a gathered write to a pipe (writev on the background lane) lands after what was buffered, in order")
    func gathersToPipe() throws {
        let (readEnd, writeEnd) = try Self.makePipe()
        defer { close(readEnd) }
        let reader = PipeReader(readEnd)
        let output = OutputFile(appendingTo: writeEnd, name: "pipe", bufferSize: 4096)
        try output.write([1, 2, 3])
        try output.write(gathering: [Self.blockBuffer(4, count: 70_000), Self.blockBuffer(5, count: 70_000)])
        try output.write([6])
        try output.close()
        let expected = [1, 2, 3] + [UInt8](repeating: 4, count: 70_000) + [UInt8](repeating: 5, count: 70_000) + [6]
        let received = reader.bytes()
        #expect(received.count == expected.count)
        #expect(received == expected)
    }

    @Test("a gathered write to a pipe whose reader left fails with EPIPE on the lane's thread; the process lives")
    func brokenPipeOnLane() throws {
        let (readEnd, writeEnd) = try Self.makePipe()
        close(readEnd)
        let output = OutputFile(appendingTo: writeEnd, name: "pipe", bufferSize: 4096)
        let error = Self.withDefaultPipeSignal {
            #expect(throws: ContainerWriterError.self) {
                try output.write(gathering: [Self.blockBuffer(1, count: 100_000)])
                // The lane's failure comes back with the next call that waits for it.
                try output.close()
            }
        }
        #expect(error?.posixErrorCode == EPIPE)
        output.discard()
    }

    @Test("a reader that closed its end fails the write with EPIPE and a message that says so; the process lives")
    func brokenPipe() throws {
        let (readEnd, writeEnd) = try Self.makePipe()
        close(readEnd)
        let output = OutputFile(appendingTo: writeEnd, name: "pipe", bufferSize: 4096)
        let error = Self.withDefaultPipeSignal {
            #expect(throws: ContainerWriterError.self) { try output.write([UInt8](repeating: 1, count: 10_000)) }
        }
        #expect(error?.code == .fileSystem)
        #expect(error?.posixErrorCode == EPIPE)
        #expect(error?.message.contains("the reader closed its end") == true, "\(String(describing: error))")
        // The signal the write raised was taken back, not left pending for later.
        var pending = sigset_t()
        sigpending(&pending)
        #expect(sigismember(&pending, SIGPIPE) == 0)
        output.discard()
    }

    @Test("a segment collector hands out what was written since the last cut; its position counts across cuts")
    func collectsSegments() throws {
        let collector = OutputSegmentCollector()
        #expect(!collector.isPatchable)
        try collector.write([1, 2])
        try collector.writeZeros(3)
        #expect(collector.cut() == Data([1, 2, 0, 0, 0]))
        try collector.write(Data([9]))
        #expect(collector.position == 6)
        #expect(collector.pendingCount == 1)
        #expect(collector.cut() == Data([9]))
        #expect(collector.cut().isEmpty)
        let error = #expect(throws: ContainerWriterError.self) { try collector.overwrite([1], at: 0) }
        #expect(error?.code == .invalidState)
    }
}
