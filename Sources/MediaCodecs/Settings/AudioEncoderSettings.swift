import CoreAudioTypes
import FFmpegBridge

/// An audio settings dictionary for encoding (`AVAssetWriterInput(mediaType: .audio, outputSettings:)`), checked
/// key by key: AAC-LC (FFmpeg's AAC encoder), Apple Lossless, FLAC, Opus (libopus) or linear PCM. What each key does
/// is in the decision table of `Sources/MediaCodecs/README.md`.
package struct AudioEncoderSettings: Sendable {
    /// `AVFormatIDKey`.
    package var formatID: AudioFormatID
    /// `AVSampleRateKey`; `nil` takes the source's.
    package var sampleRate: Double?
    /// `AVNumberOfChannelsKey`; `nil` takes the source's.
    package var channelCount: Int?
    /// `AVChannelLayoutKey`.
    package var channelLayout: ChannelLayout?
    /// `AVEncoderBitRateKey`, or `AVEncoderBitRatePerChannelKey` times the channels, in bits per second.
    package var bitRate: Int?
    /// `AVEncoderBitRatePerChannelKey`.
    package var bitRatePerChannel: Int?
    /// `AVEncoderBitRateStrategyKey`.
    package var bitRateStrategy: String?
    /// `AVEncoderAudioQualityKey`.
    package var quality: AVAudioQuality?
    /// `AVEncoderAudioQualityForVBRKey`.
    package var qualityForVBR: AVAudioQuality?
    /// `AVEncoderBitDepthHintKey`.
    package var bitDepthHint: Int?
    /// The linear PCM keys, for `kAudioFormatLinearPCM` output.
    package var linearPCM: (bitDepth: Int, isFloat: Bool, isBigEndian: Bool, isNonInterleaved: Bool)?
    /// `AVSampleRateConverterAlgorithmKey`.
    package var sampleRateConverterAlgorithm: String?
    /// `AVSampleRateConverterAudioQualityKey`.
    package var sampleRateConverterQuality: AVAudioQuality?
    /// The encoder (`nil` for linear PCM, which is written as it is).
    package var encoder: FFEncoderImplementation?

    static let converterAlgorithms = [AVSampleRateConverterAlgorithm_Normal, AVSampleRateConverterAlgorithm_Mastering,
                                      AVSampleRateConverterAlgorithm_MinimumPhase]
    static let strategies = [AVAudioBitRateStrategy_Constant, AVAudioBitRateStrategy_LongTermAverage,
                             AVAudioBitRateStrategy_VariableConstrained, AVAudioBitRateStrategy_Variable]

    /// The formats this build encodes, with their encoder.
    package static func encoder(for format: AudioFormatID) -> FFEncoderImplementation?? {
        switch format {
        case kAudioFormatLinearPCM: return .some(nil)
        case kAudioFormatMPEG4AAC: return FFEncoderImplementation.aac.isAvailable ? .some(.aac) : nil
        case kAudioFormatAppleLossless: return FFEncoderImplementation.alac.isAvailable ? .some(.alac) : nil
        case kAudioFormatFLAC: return FFEncoderImplementation.flac.isAvailable ? .some(.flac) : nil
        case kAudioFormatOpus: return FFEncoderImplementation.libopus.isAvailable ? .some(.libopus) : nil
        default: return nil
        }
    }

    /// Checks and reads a settings dictionary.
    package init(outputSettings: [String: Any]) throws(CodecSettingsError) {
        var reader = SettingsReader(outputSettings)
        guard let format = try reader.int(AVFormatIDKey) else {
            throw CodecSettingsError(.missingKey, key: AVFormatIDKey, "audio settings must name a format")
        }
        guard let id = AudioFormatID(exactly: format), let encoder = Self.encoder(for: id) else {
            let names: [(AudioFormatID, String)] = [(kAudioFormatMPEG4AAC_HE, "HE-AAC"), (kAudioFormatMPEG4AAC_HE_V2, "HE-AAC v2"),
                                                    (kAudioFormatAMR, "AMR"), (kAudioFormatMPEGLayer3, "MP3")]
            let name = names.first { Int($0.0) == format }.map { " (\($0.1))" } ?? ""
            throw CodecSettingsError(.unsupported, key: AVFormatIDKey,
                                     "no encoder for format \(format)\(name) in this build; it encodes AAC-LC, Apple Lossless, FLAC, Opus and linear PCM")
        }
        formatID = id
        self.encoder = encoder
        sampleRate = try Self.readSampleRate(&reader)
        channelCount = try Self.readChannelCount(&reader)
        channelLayout = try Self.readChannelLayout(&reader, channelCount: channelCount)
        let pcm = try Self.readLinearPCM(&reader)
        bitRate = try reader.int(AVEncoderBitRateKey)
        bitRatePerChannel = try reader.int(AVEncoderBitRatePerChannelKey)
        bitRateStrategy = try reader.choice(AVEncoderBitRateStrategyKey, from: Self.strategies)
        quality = try Self.readQuality(&reader, AVEncoderAudioQualityKey)
        qualityForVBR = try Self.readQuality(&reader, AVEncoderAudioQualityForVBRKey)
        bitDepthHint = try reader.int(AVEncoderBitDepthHintKey)
        sampleRateConverterAlgorithm = try reader.choice(AVSampleRateConverterAlgorithmKey, from: Self.converterAlgorithms)
        sampleRateConverterQuality = try Self.readQuality(&reader, AVSampleRateConverterAudioQualityKey)
        try reader.finish("audio settings")
        try validate(pcm: pcm)
    }

    /// Cross-key checks per format.
    private mutating func validate(pcm: (bitDepth: Int?, isFloat: Bool?, isBigEndian: Bool?, isNonInterleaved: Bool?)) throws(CodecSettingsError) {
        let lossless = formatID == kAudioFormatLinearPCM || formatID == kAudioFormatAppleLossless || formatID == kAudioFormatFLAC
        if bitRate != nil, bitRatePerChannel != nil {
            throw CodecSettingsError(.conflict, key: AVEncoderBitRatePerChannelKey, "give AVEncoderBitRateKey or AVEncoderBitRatePerChannelKey, not both")
        }
        for (key, value) in [(AVEncoderBitRateKey, bitRate), (AVEncoderBitRatePerChannelKey, bitRatePerChannel)] {
            guard let value else { continue }
            if lossless {
                throw CodecSettingsError(.conflict, key: key, "format \(formatID) is lossless: its bit rate follows the signal")
            }
            guard value > 0 else { throw CodecSettingsError(.invalidValue, key: key, "must be positive, not \(value)") }
        }
        if lossless {
            for (key, present) in [(AVEncoderBitRateStrategyKey, bitRateStrategy != nil), (AVEncoderAudioQualityForVBRKey, qualityForVBR != nil)] where present {
                throw CodecSettingsError(.conflict, key: key, "format \(formatID) is lossless: it has no bit rate to manage")
            }
        }
        if bitRateStrategy == AVAudioBitRateStrategy_Variable, bitRate != nil || bitRatePerChannel != nil {
            throw CodecSettingsError(.conflict, key: AVEncoderBitRateStrategyKey,
                                     "variable bit rate is steered by AVEncoderAudioQualityForVBRKey, not by a bit rate")
        }
        if qualityForVBR != nil, bitRateStrategy != AVAudioBitRateStrategy_Variable {
            throw CodecSettingsError(.conflict, key: AVEncoderAudioQualityForVBRKey,
                                     "applies with AVEncoderBitRateStrategyKey = AVAudioBitRateStrategy_Variable")
        }
        if formatID == kAudioFormatLinearPCM {
            let bits = pcm.bitDepth ?? 16
            let isFloat = pcm.isFloat ?? false
            try Self.checkBitDepth(bits, isFloat: isFloat)
            linearPCM = (bits, isFloat, pcm.isBigEndian ?? false, pcm.isNonInterleaved ?? false)
            if bitDepthHint != nil {
                throw CodecSettingsError(.conflict, key: AVEncoderBitDepthHintKey, "linear PCM takes AVLinearPCMBitDepthKey")
            }
        } else {
            for (key, present) in [(AVLinearPCMBitDepthKey, pcm.bitDepth != nil), (AVLinearPCMIsFloatKey, pcm.isFloat != nil),
                                   (AVLinearPCMIsBigEndianKey, pcm.isBigEndian != nil),
                                   (AVLinearPCMIsNonInterleaved, pcm.isNonInterleaved != nil)] where present {
                throw CodecSettingsError(.conflict, key: key, "applies to linear PCM output only, not format \(formatID)")
            }
        }
        if let hint = bitDepthHint {
            switch formatID {
            case kAudioFormatAppleLossless, kAudioFormatFLAC:
                // FFmpeg's ALAC and FLAC encoders take 16-bit (s16p) or 24-bit (s32p with 24 significant bits) input.
                guard hint == 16 || hint == 24 else {
                    throw CodecSettingsError(.unsupported, key: AVEncoderBitDepthHintKey, "\(hint)-bit source data is not supported; use 16 or 24")
                }
            default:
                guard (8...32).contains(hint) else {
                    throw CodecSettingsError(.invalidValue, key: AVEncoderBitDepthHintKey, "\(hint) is outside 8...32")
                }
                throw CodecSettingsError(.conflict, key: AVEncoderBitDepthHintKey, "applies to lossless encoders only, not format \(formatID)")
            }
        }
        if let rate = sampleRate, let encoder {
            let rates = FFAudioEncoder.supportedSampleRates(of: encoder)
            if !rates.isEmpty, !rates.contains(Int(rate)) || rate != rate.rounded() {
                throw CodecSettingsError(.unsupported, key: AVSampleRateKey,
                                         "\(encoder.codec) cannot be encoded at \(rate) Hz; it takes \(rates.map(String.init).joined(separator: ", "))")
            }
        }
        if let channels = channelCount {
            let limit = formatID == kAudioFormatMPEG4AAC || formatID == kAudioFormatAppleLossless || formatID == kAudioFormatFLAC
                || formatID == kAudioFormatOpus ? 8 : Limits.maximumAudioChannels
            guard channels <= limit else {
                throw CodecSettingsError(.unsupported, key: AVNumberOfChannelsKey, "format \(formatID) carries at most \(limit) channels here, not \(channels)")
            }
        }
        if let total = totalBitRate(channels: channelCount ?? 2), formatID == kAudioFormatMPEG4AAC, let rate = sampleRate {
            // ISO/IEC 14496-3 §4.5.3.2: at most 6144 bits per channel per 1024-sample frame.
            let ceiling = Int(6144 * Double(channelCount ?? 2) * rate / 1024)
            guard total <= ceiling else {
                throw CodecSettingsError(.invalidValue, key: bitRate != nil ? AVEncoderBitRateKey : AVEncoderBitRatePerChannelKey,
                                         "\(total) b/s exceeds AAC's \(ceiling) b/s for \(channelCount ?? 2) channels at \(rate) Hz")
            }
        }
    }

    /// The AAC bit rate used when the settings give none: about 64 kb/s per channel, as Apple's AAC encoder uses,
    /// within ISO/IEC 14496-3's ceiling of 6,144 bits per channel per 1,024-sample frame.
    package static func defaultAACBitRate(channels: Int, sampleRate: Double) -> Int {
        min(64_000 * channels, Int(6144 * Double(channels) * sampleRate / 1024))
    }

    /// The bit rate for `channels` channels, from either bit rate key.
    package func totalBitRate(channels: Int) -> Int? {
        bitRate ?? bitRatePerChannel.map { $0 * channels }
    }

    // MARK: Shared readers

    static func readSampleRate(_ reader: inout SettingsReader) throws(CodecSettingsError) -> Double? {
        guard let rate = try reader.double(AVSampleRateKey) else { return nil }
        guard rate >= 1, rate <= Limits.maximumSampleRate, rate == rate.rounded() else {
            throw CodecSettingsError(.invalidValue, key: AVSampleRateKey, "\(rate) Hz is not a whole number of hertz in 1...\(Int(Limits.maximumSampleRate))")
        }
        return rate
    }

    static func readChannelCount(_ reader: inout SettingsReader) throws(CodecSettingsError) -> Int? {
        guard let channels = try reader.int(AVNumberOfChannelsKey) else { return nil }
        guard (1...Limits.maximumAudioChannels).contains(channels) else {
            throw CodecSettingsError(.invalidValue, key: AVNumberOfChannelsKey, "\(channels) is outside 1...\(Limits.maximumAudioChannels)")
        }
        return channels
    }

    static func readChannelLayout(_ reader: inout SettingsReader, channelCount: Int?) throws(CodecSettingsError) -> ChannelLayout? {
        guard let bytes = try reader.data(AVChannelLayoutKey) else { return nil }
        guard let layout = ChannelLayoutMapping.parse(bytes) else {
            throw CodecSettingsError(.invalidValue, key: AVChannelLayoutKey, "is not an AudioChannelLayout (\(bytes.count) bytes)")
        }
        if let count = layout.numberOfChannels, let channelCount, count != channelCount {
            throw CodecSettingsError(.conflict, key: AVChannelLayoutKey, "describes \(count) channels; AVNumberOfChannelsKey says \(channelCount)")
        }
        if case .failure(let error) = ChannelLayoutMapping.ffLayout(layout, channelCount: layout.numberOfChannels ?? channelCount ?? 0),
           layout.numberOfChannels != nil {
            throw CodecSettingsError(.unsupported, key: AVChannelLayoutKey, error.message)
        }
        return layout
    }

    static func readLinearPCM(_ reader: inout SettingsReader) throws(CodecSettingsError)
        -> (bitDepth: Int?, isFloat: Bool?, isBigEndian: Bool?, isNonInterleaved: Bool?) {
        (try reader.int(AVLinearPCMBitDepthKey), try reader.bool(AVLinearPCMIsFloatKey),
         try reader.bool(AVLinearPCMIsBigEndianKey), try reader.bool(AVLinearPCMIsNonInterleaved))
    }

    static func checkBitDepth(_ bits: Int, isFloat: Bool) throws(CodecSettingsError) {
        let allowed = isFloat ? [32, 64] : [8, 16, 24, 32]
        guard allowed.contains(bits) else {
            throw CodecSettingsError(.invalidValue, key: AVLinearPCMBitDepthKey,
                                     "\(isFloat ? "float" : "integer") samples are \(allowed.map(String.init).joined(separator: ", ")) bits, not \(bits)")
        }
    }

    static func readQuality(_ reader: inout SettingsReader, _ key: String) throws(CodecSettingsError) -> AVAudioQuality? {
        guard let value = try reader.int(key) else { return nil }
        guard (0...0x7F).contains(value) else {
            throw CodecSettingsError(.invalidValue, key: key, "\(value) is outside AVAudioQuality's 0...127")
        }
        // Apple's encoders take any value in 0...0x7F; it is rounded down to the nearest named quality.
        return [AVAudioQuality.min, .low, .medium, .high, .max].last { $0.rawValue <= value }
    }
}
