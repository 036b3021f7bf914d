import CoreMedia
import Foundation

extension CMTime {
    /// The time in seconds as this module's messages write it: at most six decimals (a microsecond), trailing zeros
    /// dropped ("6.613333", not "6.613333333333333"; "2", not "2.0"), and a word for a time that is not a number.
    var messageSeconds: String {
        if isPositiveInfinity { return "+infinity" }
        if isNegativeInfinity { return "-infinity" }
        if isIndefinite { return "indefinite" }
        guard isNumeric else { return "invalid" }
        var text = String(format: "%.6f", seconds)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
