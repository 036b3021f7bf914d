import Foundation
import Testing
@testable import MediaContainer

@Suite("Writer: the background write lane")
struct WriteBehindLaneTests {
    /// Counts runs across threads.
    final class Runs: @unchecked Sendable {
        private let lock = NSLock()
        private var value: [Int] = []
        func append(_ number: Int) { lock.withLock { value.append(number) } }
        var all: [Int] { lock.withLock { value } }
    }

    @Test("jobs run one at a time in submission order; settle waits for the last")
    func order() throws {
        let lane = WriteBehindLane()
        let runs = Runs()
        for number in 0..<50 {
            try lane.submit(.init { () throws(ContainerWriterError) in
                if number % 7 == 0 { usleep(200) }
                runs.append(number)
            })
        }
        try lane.settle()
        #expect(runs.all == Array(0..<50))
    }

    @Test("a job's failure is thrown by the next submit and by settle, and nothing submitted after it runs")
    func failure() throws {
        let lane = WriteBehindLane()
        let runs = Runs()
        try lane.submit(.init { () throws(ContainerWriterError) in
            throw ContainerWriterError(.diskFull, "no space left")
        })
        #expect(throws: ContainerWriterError.self) {
            try lane.submit(.init { () throws(ContainerWriterError) in runs.append(1) })
        }
        #expect(throws: ContainerWriterError.self) { try lane.settle() }
        lane.quiesce()
        #expect(runs.all.isEmpty)
    }
}
