import CoreMedia
import Foundation
import MediaContainer
import TestSupport
@testable import AVFoundation

/// An opener whose reader factory counts its calls and can be held at a gate, so that tests can watch a load
/// while it is under way, cancel it, or make it fail.
final class ControlledOpener: @unchecked Sendable {
    // `lock` protects `opens` and `gateOpen`; `condition` signals gate changes.
    private let condition = NSCondition()
    private var opens = 0
    private var gateOpen: Bool
    private let make: @Sendable () throws -> any ContainerReader

    init(startOpen: Bool = true, make: @escaping @Sendable () throws -> any ContainerReader) {
        gateOpen = startOpen
        self.make = make
    }

    /// How many times a reader was opened.
    var openCount: Int { condition.withLock { opens } }

    /// Lets held opens proceed.
    func release() {
        condition.withLock {
            gateOpen = true
            condition.broadcast()
        }
    }

    /// An opener that recognises any file as QuickTime/ISO and opens it with this factory.
    var opener: ContainerOpener {
        ContainerOpener(readers: [.isoBaseMedia: ContainerOpener.Reader { [self] _, _ in
            condition.withLock {
                opens += 1
                while !gateOpen { condition.wait() }
            }
            return try make()
        }])
    }

    /// A file that the sniffer recognises as ISO base media (an 'ftyp' box and nothing a reader could use). Tests
    /// never write to it, so all of them share one copy in the generated-media cache instead of leaving a scratch
    /// file per test in the temporary directory.
    static func scratchMovie() throws -> URL {
        try TestFiles.cachedMedia("ftyp-only.mp4") { partial in
            var bytes: [UInt8] = [0, 0, 0, 16] + Array("ftypisom".utf8) + [0, 0, 2, 0]
            bytes += [UInt8](repeating: 0, count: 64)
            try Data(bytes).write(to: partial)
        }
    }
}

/// An error a reader throws, carrying what a real reader's error carries.
struct ReaderFailure: Error, CustomStringConvertible, Equatable {
    let boxPath: String
    let offset: Int
    var description: String { "\(boxPath) at byte \(offset): malformed" }
}

/// Polls `condition` every 5 ms until it holds; false after `timeout` seconds without. The deadline is only a hang
/// guard, far past the milliseconds what tests wait for takes: a parallel test run can keep that work, or this task,
/// off the cores for seconds.
func eventually(timeout: Int = 60, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(timeout)
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 5_000_000)
    }
    return condition()
}
