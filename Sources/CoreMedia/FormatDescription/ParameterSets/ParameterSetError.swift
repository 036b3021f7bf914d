/// Why a parameter set, or a decoder configuration record, could not be used to make a format description.
struct ParameterSetError: Error, CustomStringConvertible {
    /// What was wrong, for a person.
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
