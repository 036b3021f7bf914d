// Conformances and members real code declares on Apple's types for itself: descriptions for its logs, Codable for
// its project files, Equatable for its comparisons. Each compiles against Apple's SDK only because Apple declares
// none of them (established for each in issue 23.1's audit; the commit says where). A public declaration of the same
// conformance in our Apple-named modules makes these "redundant conformance" errors, and a same-named member makes
// uses ambiguous, so this file compiles only while we declare nothing of the kind. The checks then call each one, so
// the user's declaration is the one that runs.
import AVFoundation
import CoreGraphics
import CoreMedia
import Foundation
import QuartzCore

extension CMTime: @retroactive CustomStringConvertible {
    public var description: String { "\(value)/\(timescale)" }
}

extension CMTime: @retroactive Codable {
    private enum CodingKeys: String, CodingKey { case value, timescale }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(value: try container.decode(Int64.self, forKey: .value),
                  timescale: try container.decode(Int32.self, forKey: .timescale))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
        try container.encode(timescale, forKey: .timescale)
    }
}

extension CMTimeRange: @retroactive CustomStringConvertible {
    public var description: String { "[\(start.description) +\(duration.description)]" }
}

extension CMTimeRange: @retroactive Codable {
    private enum CodingKeys: String, CodingKey { case start, duration }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(start: try container.decode(CMTime.self, forKey: .start),
                  duration: try container.decode(CMTime.self, forKey: .duration))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(start, forKey: .start)
        try container.encode(duration, forKey: .duration)
    }
}

extension CMTimeMapping: @retroactive Equatable {
    public static func == (lhs: CMTimeMapping, rhs: CMTimeMapping) -> Bool {
        lhs.source == rhs.source && lhs.target == rhs.target
    }
}

extension CMTimeMapping: @retroactive Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(target)
    }
}

extension CMTimeMapping: @retroactive Codable {
    private enum CodingKeys: String, CodingKey { case source, target }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(source: try container.decode(CMTimeRange.self, forKey: .source),
                  target: try container.decode(CMTimeRange.self, forKey: .target))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(target, forKey: .target)
    }
}

extension CMTimeMapping: @retroactive CustomStringConvertible {
    public var description: String { "\(source.description) -> \(target.description)" }
}

extension CMTimeMapping {
    /// The CMTIMEMAPPING_IS_EMPTY macro, which Swift does not import.
    var isEmpty: Bool { !source.start.isNumeric && target.isValid }
    /// The CMTIMEMAPPING_IS_VALID macro.
    var isValid: Bool { target.isValid }
}

extension CMSampleBuffer {
    /// A Boolean shorthand for `dataReadiness`.
    var isDataReady: Bool { dataReadiness == .ready }
}

extension CMSampleBuffer.SampleAttachmentsArray: @retroactive BidirectionalCollection {
    public func index(before i: Int) -> Int { i - 1 }
}

extension CGColor: @retroactive CustomStringConvertible {
    public var description: String { "CGColor\(components ?? [])" }
}

extension CGColorSpace: @retroactive CustomStringConvertible {
    public var description: String { "CGColorSpace(\(String(describing: name)))" }
}

extension CATransform3D: @retroactive Equatable {
    public static func == (lhs: CATransform3D, rhs: CATransform3D) -> Bool { CATransform3DEqualToTransform(lhs, rhs) }
}

extension CFRange: @retroactive Equatable {
    public static func == (lhs: CFRange, rhs: CFRange) -> Bool {
        lhs.location == rhs.location && lhs.length == rhs.length
    }
}

extension AVPixelAspectRatio: @retroactive Equatable {
    public static func == (lhs: AVPixelAspectRatio, rhs: AVPixelAspectRatio) -> Bool {
        lhs.horizontalSpacing == rhs.horizontalSpacing && lhs.verticalSpacing == rhs.verticalSpacing
    }
}

extension AVVideoCodecType: @retroactive CustomStringConvertible {
    public var description: String { rawValue }
}

extension AVVideoCodecType {
    /// The codec type named by a four-character string, as helper code spells it.
    init(fourCC: String) { self.init(rawValue: fourCC) }
}

func checkOwnConformances() throws {
    let third = CMTime(value: 1, timescale: 3)
    check("\(third)" == "1/3" && third.description == "1/3", "user's CMTime description: \(third)")
    let range = CMTimeRange(start: third, duration: CMTime(value: 2, timescale: 3))
    check("\(range)" == "[1/3 +2/3]", "user's CMTimeRange description: \(range)")
    let mapping = CMTimeMapping(source: range, target: CMTimeRange(start: .zero, duration: range.duration))
    check(mapping.description == "[1/3 +2/3] -> [0/1 +2/3]", "user's CMTimeMapping description: \(mapping)")
    check(Set([mapping, mapping]).count == 1 && mapping.isValid && !mapping.isEmpty, "user's CMTimeMapping members")

    let json = try JSONEncoder().encode(mapping)
    let decoded = try JSONDecoder().decode(CMTimeMapping.self, from: json)
    check(decoded == mapping, "user's Codable round trip of a CMTimeMapping")
    let text = String(decoding: try JSONEncoder().encode(third), as: UTF8.self)
    check(text.contains("\"timescale\":3"), "user's CMTime coding keys: \(text)")

    check(CATransform3DMakeScale(2, 2, 1) == CATransform3DMakeScale(2, 2, 1), "user's CATransform3D ==")
    check(CFRange(location: 1, length: 2) == CFRange(location: 1, length: 2), "user's CFRange ==")
    check(AVPixelAspectRatio(horizontalSpacing: 1, verticalSpacing: 1)
          == AVPixelAspectRatio(horizontalSpacing: 1, verticalSpacing: 1), "user's AVPixelAspectRatio ==")
    check("\(AVVideoCodecType(fourCC: "avc1"))" == "avc1", "user's AVVideoCodecType description")
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    check(red.description.hasPrefix("CGColor["), "user's CGColor description: \(red)")
    check(CGColorSpace(name: CGColorSpace.sRGB)?.description.hasPrefix("CGColorSpace(") == true,
          "user's CGColorSpace description")
}
