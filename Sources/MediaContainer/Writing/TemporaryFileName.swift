import Foundation

/// The one rule for naming what a writer keeps beside its output while it works (spooled media data, multi-pass
/// statistics): a hidden name made of the output's name, a random part and what it is for,
/// `.<output name>.<8 random hex digits>.<purpose>`. Hidden, so that a directory listing shows the outputs; named
/// after the output, so that one left by a killed process says whose it was; random, so that two writers of the
/// same name in one directory never share one.
package enum TemporaryFileName {
    /// Where to keep `purpose` for `output`: in `directory`, or beside the output when `nil`.
    package static func url(for output: URL, purpose: String, in directory: URL? = nil) -> URL {
        let base = directory ?? output.deletingLastPathComponent()
        return base.appendingPathComponent(".\(output.lastPathComponent).\(UUID().uuidString.prefix(8)).\(purpose)")
    }
}
