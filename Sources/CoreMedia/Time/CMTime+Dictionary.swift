// CMTime as a dictionary (CMTimeCopyAsDictionary / CMTimeMakeFromDictionary) and as Codable.
//
// Key strings are the values Apple's CMTime.h constants hold ("value", "timescale", "epoch", "flags"); Apple's
// documentation names the keys without giving their values. Dictionaries are `CFDictionary`, which
// CoreFoundationShims makes `[AnyHashable: Any]`; numbers are stored as Swift integers of the field's type and
// read back leniently (any integer type, an integral floating-point value or an NSNumber).

import Foundation

/// Dictionary key for the `value` field of a CMTime (a 64-bit integer).
nonisolated(unsafe) public let kCMTimeValueKey: CFString = "value"
/// Dictionary key for the `timescale` field of a CMTime (a 32-bit integer).
nonisolated(unsafe) public let kCMTimeScaleKey: CFString = "timescale"
/// Dictionary key for the `epoch` field of a CMTime (a 64-bit integer).
nonisolated(unsafe) public let kCMTimeEpochKey: CFString = "epoch"
/// Dictionary key for the `flags` field of a CMTime (an unsigned 32-bit integer).
nonisolated(unsafe) public let kCMTimeFlagsKey: CFString = "flags"

/// A dictionary holding all four fields of `time`, for storing times in dictionaries and property lists.
@discardableResult
public func CMTimeCopyAsDictionary(_ time: CMTime, allocator: CFAllocator?) -> CFDictionary? {
    time.dictionaryRepresentation
}

/// The time a dictionary made by `CMTimeCopyAsDictionary` describes, or an invalid time when the dictionary is
/// missing or lacks the value, timescale or flags entry (the epoch defaults to 0).
@discardableResult
public func CMTimeMakeFromDictionary(_ dictionaryRepresentation: CFDictionary?) -> CMTime {
    guard let dictionary = dictionaryRepresentation else { return .invalid }
    return CMTime(dictionary: dictionary) ?? .invalid
}

extension CMTime {
    /// The four fields under Apple's key strings.
    var dictionaryRepresentation: CFDictionary {
        [kCMTimeValueKey: value, kCMTimeScaleKey: timescale, kCMTimeEpochKey: epoch, kCMTimeFlagsKey: flags.rawValue]
    }

    /// The time a CMTime dictionary describes, or `nil` when a required entry is missing or out of range.
    init?(dictionary: CFDictionary) {
        guard let value = CMTimeDictionaryNumber.int64(dictionary[kCMTimeValueKey]),
              let timescale = CMTimeDictionaryNumber.int64(dictionary[kCMTimeScaleKey]).flatMap(Int32.init(exactly:)),
              let flags = CMTimeDictionaryNumber.int64(dictionary[kCMTimeFlagsKey]).flatMap(UInt32.init(exactly:))
        else { return nil }
        let epochEntry = dictionary[kCMTimeEpochKey]
        let epoch: Int64
        if epochEntry == nil {
            epoch = 0
        } else {
            guard let stored = CMTimeDictionaryNumber.int64(epochEntry) else { return nil }
            epoch = stored
        }
        self.init(value: value, timescale: timescale, flags: CMTimeFlags(rawValue: flags), epoch: epoch)
    }
}

/// Reads integers stored in time dictionaries, whatever numeric type the writer used.
enum CMTimeDictionaryNumber {
    /// The entry as a 64-bit integer, or `nil` when it is absent, not a number, or not an exact integer.
    static func int64(_ entry: Any?) -> Int64? {
        switch entry {
        case let number as Int64: return number
        case let number as Int: return Int64(number)
        case let number as Int32: return Int64(number)
        case let number as UInt32: return Int64(number)
        case let number as NSNumber: return Int64(exactly: number)
        default: return nil
        }
    }

    /// The entry as a dictionary, or `nil`.
    static func dictionary(_ entry: Any?) -> CFDictionary? {
        switch entry {
        case let dictionary as NSDictionary: dictionary
        case let dictionary as [AnyHashable: Any]: dictionary as NSDictionary
        default: nil
        }
    }
}
