import CoreMedia
import Synchronization

/// A track's format descriptions, one per sample description, each made the first time it is asked for and then
/// kept: a file may declare 100,000 sample descriptions in 36 bytes each, and a format description takes about
/// 480, so making them all when the track opens cost 13 times the table. What must look at every description
/// without keeping them asks `codingNames` (free) or `allSatisfyWithoutKeeping(_:)`.
///
/// Once every description is made, the maker (and what it holds: a movie track's stored sample entries) is let go.
///
/// Thread safe: the made descriptions are under a lock; two threads asking for the same one at once may both make
/// it, and the first stored is the one every caller gets.
package final class FormatDescriptionList: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable {
    /// Each description's coding name as the container stores it (a movie's sample entry type, `avc1`, `sowt`,
    /// `enca`…; for descriptions given made, their media subtype): what a check over every description can ask
    /// without making them.
    package let codingNames: [FourCharCode]
    private struct State {
        /// Empty until the first description is made (a track listed without its descriptions allocates none).
        var made: [CMFormatDescription?]
        var unmade: Int
        /// Nil once `unmade` is 0.
        var make: (@Sendable (Int) -> CMFormatDescription)?
    }
    private let state: Mutex<State>

    /// Descriptions that `make` makes from their index, on first use.
    package init(codingNames: [FourCharCode], make: @escaping @Sendable (Int) -> CMFormatDescription) {
        self.codingNames = codingNames
        state = Mutex(State(made: [], unmade: codingNames.count, make: codingNames.isEmpty ? nil : make))
    }

    /// Descriptions already made.
    package init(_ descriptions: [CMFormatDescription]) {
        codingNames = descriptions.map(CMFormatDescriptionGetMediaSubType)
        state = Mutex(State(made: descriptions, unmade: 0, make: nil))
    }

    package convenience init(arrayLiteral descriptions: CMFormatDescription...) { self.init(descriptions) }

    package var startIndex: Int { 0 }
    package var endIndex: Int { codingNames.count }

    /// The description at `index`, made now if this is the first request for it.
    package subscript(index: Int) -> CMFormatDescription {
        let (made, make) = state.withLock { ($0.made.isEmpty ? nil : $0.made[index], $0.make) }
        if let made { return made }
        guard let make else { preconditionFailure("a description is unmade but its maker was let go") }
        // Made outside the lock: a description with a large configuration record must not hold other readers.
        let description = make(index)
        let count = codingNames.count
        return state.withLock { state in
            if state.made.isEmpty { state.made = [CMFormatDescription?](repeating: nil, count: count) }
            if let first = state.made[index] { return first }
            state.made[index] = description
            state.unmade -= 1
            if state.unmade == 0 { state.make = nil }
            return description
        }
    }

    /// Whether every description satisfies `predicate`. Descriptions not made yet are made for the question and
    /// let go after it, so an asset-wide check keeps nothing.
    package func allSatisfyWithoutKeeping(_ predicate: (CMFormatDescription) throws -> Bool) rethrows -> Bool {
        try indices.allSatisfy { try predicate(descriptionWithoutKeeping(at: $0)) }
    }

    /// The description at `index`: the one kept if it has been made, else one made for the caller alone and not
    /// kept (a summary of 20,000 tracks that reads each track's first description once need not keep 20,000).
    package func descriptionWithoutKeeping(at index: Int) -> CMFormatDescription {
        let (made, make) = state.withLock { ($0.made.isEmpty ? nil : $0.made[index], $0.make) }
        guard let description = made ?? make?(index) else { preconditionFailure("an unmade description has no maker") }
        return description
    }
}
