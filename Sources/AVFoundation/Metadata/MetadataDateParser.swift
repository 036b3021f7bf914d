import Foundation

/// Parses the ISO 8601 date forms media metadata uses, by hand: "2012", "2012-04", "2012-04-21",
/// "2012-04-21T10:00", "2012-04-21T10:00:00", with an optional fraction of a second, a space instead of the `T`,
/// and an optional zone ("Z", "+02:00", "-0700", "+02"); without a zone the time is UTC.
///
/// By hand because text items are coerced one by one (`dateValue` of every iTunes text item): formatters cost
/// tens of microseconds each to make and are slow to fail, and most text is not a date at all, which this
/// refuses at its first character.
enum MetadataDateParser {
    /// The date `text` names, or `nil` when it is not one of the forms above (or names no real day).
    static func date(from text: String) -> Date? {
        var utf8 = Array(text.utf8)
        while let last = utf8.last, last == 0x20 || last == 0x09 || last == 0x0A || last == 0x0D { utf8.removeLast() }
        var scanner = Scanner(bytes: utf8[...].drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
        guard let year = scanner.digits(4) else { return nil }
        var month = 1, day = 1, hour = 0, minute = 0, second = 0
        var fraction = 0.0, zoneSeconds = 0
        if scanner.take(0x2D) {  // -
            guard let m = scanner.digits(2) else { return nil }
            month = m
            if scanner.take(0x2D) {
                guard let d = scanner.digits(2) else { return nil }
                day = d
                if scanner.take(0x54) || scanner.take(0x20) {  // T or space
                    guard let h = scanner.digits(2), scanner.take(0x3A), let mi = scanner.digits(2) else { return nil }
                    (hour, minute) = (h, mi)
                    if scanner.take(0x3A) {
                        guard let s = scanner.digits(2) else { return nil }
                        second = s
                        if scanner.take(0x2E) || scanner.take(0x2C) {  // . or ,
                            guard let value = scanner.fraction() else { return nil }
                            fraction = value
                        }
                    }
                    guard let zone = scanner.zone() else { return nil }
                    zoneSeconds = zone
                }
            }
        }
        guard scanner.isAtEnd, (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              hour <= 23, minute <= 59, second <= 60 else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3_600 + minute * 60 + second - zoneSeconds) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the given day of the proleptic Gregorian calendar (years 0…9999).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        // Count from 0000-03-01 so that the leap day ends each counted year.
        let shiftedYear = month <= 2 ? year - 1 : year
        let shiftedMonth = (month + 9) % 12  // March = 0
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let yearDays = shiftedYear * 365 + floorDivide(shiftedYear, 4) - floorDivide(shiftedYear, 100)
            + floorDivide(shiftedYear, 400)
        // 719_468: days from 0000-03-01 to 1970-01-01.
        return yearDays + dayOfYear - 719_468
    }

    private static func floorDivide(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// A cursor over ASCII bytes.
    private struct Scanner {
        var bytes: ArraySlice<UInt8>

        var isAtEnd: Bool { bytes.isEmpty }

        /// Consumes `byte` if it comes next.
        mutating func take(_ byte: UInt8) -> Bool {
            guard bytes.first == byte else { return false }
            bytes.removeFirst()
            return true
        }

        /// Exactly `count` decimal digits as a number.
        mutating func digits(_ count: Int) -> Int? {
            guard bytes.count >= count else { return nil }
            var value = 0
            for byte in bytes.prefix(count) {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            bytes.removeFirst(count)
            return value
        }

        /// One or more digits after a decimal point, as a fraction.
        mutating func fraction() -> Double? {
            var value = 0.0, scale = 1.0, seen = 0
            while let byte = bytes.first, byte >= 0x30, byte <= 0x39 {
                bytes.removeFirst()
                if seen < 9 { scale /= 10; value += Double(byte - 0x30) * scale }
                seen += 1
            }
            return seen > 0 ? value : nil
        }

        /// An optional zone: none (UTC), "Z", or ±HH, ±HHMM, ±HH:MM; its offset from UTC in seconds, or `nil` when
        /// malformed.
        mutating func zone() -> Int? {
            guard let sign = bytes.first else { return 0 }
            if sign == 0x5A { bytes.removeFirst(); return 0 }  // Z
            guard sign == 0x2B || sign == 0x2D else { return nil }
            bytes.removeFirst()
            guard let hours = digits(2), hours <= 23 else { return nil }
            var minutes = 0
            if !isAtEnd {
                _ = take(0x3A)
                guard let value = digits(2), value <= 59 else { return nil }
                minutes = value
            }
            let offset = hours * 3_600 + minutes * 60
            return sign == 0x2D ? -offset : offset
        }
    }
}
