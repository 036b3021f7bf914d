// CMTime, CMTimeRange and CMTimeMapping as dictionaries, as Codable values and as text (CopyDescription / Show),
// and CMTimeMapping's own rules.
import CoreMedia
import Foundation
import Testing

@Suite("CMTime dictionaries, Codable, descriptions and mappings")
struct CMTimeRepresentationTests {
    static let times: [CMTime] = [
        t(9, 30, epoch: 2), rounded(1, 3), .zero, .invalid, .positiveInfinity, .negativeInfinity, .indefinite,
        t(.min, Int32.max), CMTime(value: 5, timescale: 7, flags: [], epoch: -3),
    ]

    @Test("CMTimeCopyAsDictionary and CMTimeMakeFromDictionary round-trip every field")
    func timeDictionaryRoundTrip() throws {
        // CMTime.h: the dictionary holds value, timescale, epoch and flags; MakeFromDictionary reconstitutes them.
        for time in Self.times {
            let dictionary = try #require(CMTimeCopyAsDictionary(time, allocator: kCFAllocatorDefault))
            #expect(dictionary.count == 4)
            let back = CMTimeMakeFromDictionary(dictionary)
            #expect(back.value == time.value && back.timescale == time.timescale && back.flags == time.flags && back.epoch == time.epoch)
        }
        let dictionary = try #require(CMTimeCopyAsDictionary(t(9, 30, epoch: 2), allocator: nil))
        #expect(dictionary[kCMTimeValueKey] as? Int64 == 9 && dictionary[kCMTimeScaleKey] as? Int32 == 30)
        #expect(dictionary[kCMTimeEpochKey] as? Int64 == 2 && dictionary[kCMTimeFlagsKey] as? UInt32 == 1)
        // Key strings as Apple's dictionaries print them.
        #expect([kCMTimeValueKey, kCMTimeScaleKey, kCMTimeEpochKey, kCMTimeFlagsKey] == ["value", "timescale", "epoch", "flags"])
    }

    @Test("CMTimeMakeFromDictionary: missing entries give invalid, numbers are read leniently")
    func timeDictionaryReading() {
        // CMTime.h: "If the CFDictionary does not have the requisite keyed values, an invalid time is returned."
        #expect(!CMTimeMakeFromDictionary(nil).isValid)
        #expect(!CMTimeMakeFromDictionary([kCMTimeValueKey: 1, kCMTimeScaleKey: 30]).isValid, "no flags")
        #expect(!CMTimeMakeFromDictionary([kCMTimeValueKey: "1", kCMTimeScaleKey: 30, kCMTimeFlagsKey: 1]).isValid, "not a number")
        #expect(!CMTimeMakeFromDictionary([kCMTimeValueKey: 1.5, kCMTimeScaleKey: 30, kCMTimeFlagsKey: 1]).isValid, "not an integer")
        #expect(!CMTimeMakeFromDictionary([kCMTimeValueKey: 1, kCMTimeScaleKey: Int64(1) << 40, kCMTimeFlagsKey: 1]).isValid, "timescale out of range")
        // Values as a property list or JSON would hand them back: Int, Double, NSNumber; the epoch defaults to 0.
        let lenient: CFDictionary = [kCMTimeValueKey: NSNumber(value: 1001), kCMTimeScaleKey: 30000.0, kCMTimeFlagsKey: 1]
        let time = CMTimeMakeFromDictionary(lenient)
        #expect(time.value == 1001 && time.timescale == 30000 && time.flags == .valid && time.epoch == 0)
        let bridged: [String: Any] = [kCMTimeValueKey as String: 3, kCMTimeScaleKey as String: 4, kCMTimeFlagsKey as String: 3, kCMTimeEpochKey as String: 1]
        #expect(CMTimeMakeFromDictionary(bridged as CFDictionary).hasBeenRounded)
    }

    @Test("range and mapping dictionaries round-trip")
    func rangeAndMappingDictionaries() throws {
        // CMTimeRange.h: CMTimeRangeCopyAsDictionary / CMTimeRangeMakeFromDictionary, keys start and duration;
        // CMTimeMappingCopyAsDictionary / CMTimeMappingMakeFromDictionary, keys source and target.
        let range = CMTimeRange(start: t(1001, 30000), duration: rounded(1, 3))
        let rangeDictionary = try #require(CMTimeRangeCopyAsDictionary(range, allocator: nil))
        #expect(Set(rangeDictionary.allKeys.compactMap { $0 as? String }) == ["start", "duration"])
        let rangeBack = CMTimeRangeMakeFromDictionary(rangeDictionary)
        #expect(rangeBack == range && rangeBack.duration.hasBeenRounded)
        #expect(!CMTimeRangeMakeFromDictionary([kCMTimeRangeStartKey: CMTimeCopyAsDictionary(.zero, allocator: nil)!]).isValid)

        let mapping = CMTimeMapping(source: range, target: CMTimeRange(start: t(5, 1), duration: t(2, 1)))
        let mappingDictionary = try #require(CMTimeMappingCopyAsDictionary(mapping, allocator: nil))
        #expect(Set(mappingDictionary.allKeys.compactMap { $0 as? String }) == [kCMTimeMappingSourceKey as String, kCMTimeMappingTargetKey as String])
        #expect(CMTimeMappingMakeFromDictionary(mappingDictionary).isEqual(to: mapping))
        #expect(!CMTimeMappingMakeFromDictionary([:]).isValid)
        let empty = CMTimeMappingMakeEmpty(target: range)
        #expect(CMTimeMappingMakeFromDictionary(CMTimeMappingCopyAsDictionary(empty, allocator: nil)!).isEmpty)
    }

    @Test("no conformance Apple's types lack: code declares Codable and descriptions on them itself")
    func noExtraConformances() {
        // Apple's CMTime, CMTimeRange and CMTimeMapping are neither Codable nor CustomStringConvertible (code declares
        // `extension CMTime: @retroactive Codable`), and CMTimeMapping is not Equatable; ours must not be either, or
        // such code fails with "redundant conformance" (Tests/Compat/AppleStyle/OwnConformances.swift declares them).
        let values: [Any] = [CMTime.zero, CMTimeRange.zero, CMTimeMapping.invalid]
        for value in values {
            #expect(!(value is any Encodable) && !(value is any Decodable), "\(type(of: value))")
            #expect(!(value is any CustomStringConvertible), "\(type(of: value))")
        }
        #expect(!((CMTimeMapping.invalid as Any) is any Equatable))
    }

    @Test("descriptions have Apple's CMTimeShow format")
    func descriptions() {
        // CMTimeShow/CMTimeRangeShow output recorded on Apple platforms: "{1800/600 = 3.000}",
        // "{{0/1 = 0.000}, {+INFINITY}}", "{{0/1 = 0.000}, {300/600 = 0.500}}", and "{INDEFINITE}" in AVPlayer's
        // "Seeking is not possible to time {INDEFINITE}".
        #expect(t(1, 30).descriptionText == "{1/30 = 0.033}")
        #expect(CMTimeCopyDescription(allocator: nil, time: t(1800, 600)) == "{1800/600 = 3.000}")
        #expect(CMTime.invalid.descriptionText == "{INVALID}" && CMTime.indefinite.descriptionText == "{INDEFINITE}")
        #expect(CMTime.positiveInfinity.descriptionText == "{+INFINITY}" && CMTime.negativeInfinity.descriptionText == "{-INFINITY}")
        #expect(CMTimeRangeCopyDescription(allocator: nil, range: CMTimeRange(start: .zero, duration: .positiveInfinity)) == "{{0/1 = 0.000}, {+INFINITY}}")
        #expect(CMTimeRange(start: .zero, duration: t(300, 600)).descriptionText == "{{0/1 = 0.000}, {300/600 = 0.500}}")
        #expect(t(-1, 4).descriptionText == "{-1/4 = -0.250}")
        // Ours (Apple documents no format for these): the rounded flag and a nonzero epoch are shown.
        #expect(rounded(1, 3).descriptionText == "{1/3 = 0.333, rounded}")
        #expect(t(1, 3, epoch: 2).descriptionText == "{1/3 = 0.333, epoch 2}")
        let mapping = CMTimeMapping(source: CMTimeRange(start: .zero, duration: t(1, 1)), target: CMTimeRange(start: t(2, 1), duration: t(1, 1)))
        #expect(CMTimeMappingCopyDescription(allocator: nil, mapping: mapping)
            == "{source = {{0/1 = 0.000}, {1/1 = 1.000}}, target = {{2/1 = 2.000}, {1/1 = 1.000}}}")
    }

    @Test("CMTimeShow, CMTimeRangeShow and CMTimeMappingShow print one line each to standard error, as CFShow does")
    func show() throws {
        // CMTimeShow(_:) documentation: "Prints a description of the CMTime (just like CFShow)";
        // CFShow(_:) documentation: "The output is printed to the standard I/O standard error (stderr)."
        let captured = try captureStandardError {
            CMTimeShow(t(1, 30))
            CMTimeRangeShow(CMTimeRange(start: .zero, duration: .positiveInfinity))
            CMTimeMappingShow(.invalid)
        }
        // File descriptor 2 is the process's: while it is redirected, the test runner's own progress lines (written
        // whole, as tests running beside this one start and end) can land in the pipe too. Ours start with "{".
        let ours = captured.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0.isEmpty || $0.first == "{" }
        #expect(ours.joined(separator: "\n")
                == "{1/30 = 0.033}\n{{0/1 = 0.000}, {+INFINITY}}\n{source = {{INVALID}, {INVALID}}, target = {{INVALID}, {INVALID}}}\n")
    }

    @Test("CMTimeMapping validity, empty edits and the Make functions")
    func mappingRules() {
        // CMTimeRange.h: CMTIMEMAPPING_IS_VALID = target valid; CMTIMEMAPPING_IS_EMPTY = source.start not numeric
        // and target valid; CMTimeMappingMake/MakeEmpty need durations in epoch 0.
        let source = CMTimeRange(start: .zero, duration: t(10, 1))
        let target = CMTimeRange(start: t(5, 1), duration: t(20, 1))
        let mapping = CMTimeMappingMake(source: source, target: target)
        #expect(mapping.isValid && !mapping.isEmpty && mapping.source == source && mapping.target == target)
        #expect(!CMTimeMappingMake(source: CMTimeRange(start: .zero, duration: t(1, 1, epoch: 1)), target: target).isValid)
        let empty = CMTimeMappingMakeEmpty(target: target)
        #expect(empty.isValid && empty.isEmpty && !empty.source.start.isValid)
        #expect(!CMTimeMappingMakeEmpty(target: CMTimeRange(start: .zero, duration: t(1, 1, epoch: 3))).isValid)
        #expect(!CMTimeMapping.invalid.isValid && !CMTimeMapping.invalid.isEmpty && !CMTimeMapping().isValid)
        #expect(CMTimeMapping(source: source, target: target).isEqual(to: mapping))
    }
}

/// Runs `body` with file descriptor 2 redirected into a pipe and returns what was written there.
private func captureStandardError(_ body: () -> Void) throws -> String {
    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else { throw POSIXError(.EMFILE) }
    let saved = dup(STDERR_FILENO)
    dup2(descriptors[1], STDERR_FILENO)
    body()
    dup2(saved, STDERR_FILENO)
    close(saved)
    close(descriptors[1])
    let data = FileHandle(fileDescriptor: descriptors[0], closeOnDealloc: true).readDataToEndOfFile()
    return String(decoding: data, as: UTF8.self)
}
