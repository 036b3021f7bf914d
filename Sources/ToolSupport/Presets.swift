import AVFoundation

/// The presets the tools know (avconvert, avsplit), under macOS avconvert's names (`Preset640x480`,
/// `PresetPassthrough`) and AVFoundation's constant names (`AVAssetExportPreset640x480`).
package enum Presets {
    /// Every preset constant, Passthrough included (which `allExportPresets()` leaves out, as Apple documents).
    package static var all: [String] { AVAssetExportSession.allExportPresets() + [AVAssetExportPresetPassthrough] }

    /// macOS avconvert's spelling of a preset constant.
    package static func avconvertName(_ constant: String) -> String {
        constant.replacingOccurrences(of: "AVAssetExport", with: "")
    }

    /// The preset constant a command-line name stands for, in either spelling (exactly, as avconvert matches).
    package static func constant(named name: String) -> String? {
        all.first { $0 == name || avconvertName($0) == name }
    }

    /// The output file type for a file name's extension.
    package static func fileType(forExtension pathExtension: String) -> AVFileType? {
        switch pathExtension.lowercased() {
        case "mov", "qt": .mov
        case "mp4": .mp4
        case "m4v": .m4v
        case "m4a": .m4a
        case "3gp", "3gpp": .mobile3GPP
        case "3g2", "3gp2": .mobile3GPP2
        case "caf": .caf
        case "wav", "wave": .wav
        case "aif", "aiff": .aiff
        case "aifc": .aifc
        case "amr": .amr
        default: nil
        }
    }
}
