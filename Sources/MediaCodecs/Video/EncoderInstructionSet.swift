import Foundation

/// The processor instructions x264 and x265 may use, fixed so that an encoder makes the same bytes from the same
/// pictures on every machine that has them (a segmented export's pieces may be encoded anywhere).
///
/// Left alone, each encoder picks the most its processor has, and its kernels are not all bit-exact with one
/// another (x264 r3095's FMA3/AVX2 rate-control and analysis differ from its SSE2 ones). Its AVX-512 kernels also
/// read memory they never wrote: measured on this project's machines, the same encode gave different bytes from
/// one run to the next in a long-lived process, and under `MALLOC_PERTURB_` in the ffmpeg command line too, and never
/// without AVX-512. So no level here includes AVX-512.
package enum EncoderInstructionSet: String, Codable, Sendable, CaseIterable {
    /// x86-64's baseline.
    case sse2
    /// x86-64-v2: SSSE3 and SSE4.2.
    case sse42
    /// x86-64-v3: AVX2, FMA3, BMI2.
    case avx2

    /// x264's and x265's names of the instruction sets of the level (their `asm` option).
    package var encoderNames: [String] {
        let base = ["MMX2", "SSE", "SSE2", "SSE2Fast"]
        let v2 = base + ["SSE3", "SSSE3", "SSE4", "SSE4.2", "LZCNT"]
        return switch self {
        case .sse2: base
        case .sse42: v2
        case .avx2: v2 + ["AVX", "FMA3", "BMI1", "BMI2", "AVX2"]
        }
    }

    /// The `/proc/cpuinfo` flags a processor must have for the level.
    private var requiredFlags: [String] {
        switch self {
        case .sse2: ["sse2"]
        case .sse42: ["sse2", "ssse3", "sse4_2"]
        case .avx2: ["sse2", "ssse3", "sse4_2", "avx", "fma", "bmi1", "bmi2", "avx2"]
        }
    }

    /// Whether this machine's processor has every instruction the level uses.
    package var isAvailable: Bool {
        guard let flags = Self.processorFlags else { return self == .sse2 }
        return requiredFlags.allSatisfy(flags.contains)
    }

    /// The highest level this machine's processor has.
    package static var highestAvailable: EncoderInstructionSet {
        allCases.last(where: \.isAvailable) ?? .sse2
    }

    /// The flags of the first processor in `/proc/cpuinfo`; nil where it cannot be read (not x86 Linux).
    private static let processorFlags: Set<String>? = {
        #if arch(x86_64)
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("flags") }),
              let colon = line.firstIndex(of: ":") else { return nil }
        return Set(line[line.index(after: colon)...].split(separator: " ").map(String.init))
        #else
        return nil
        #endif
    }()
}
