import CoreAudioTypes
import CoreMedia
import Foundation
import MediaCodecs
import Synchronization

/// An audio format: a Core Audio stream description, its channel layout and, for compressed formats, its magic
/// cookie, with initialisers for the common PCM formats.
///
/// Immutable but for `magicCookie` (which Apple lets a caller set once it is known, as an encoder reports it), so
/// safe to share between threads.
// Safe because immutable but for `magicCookie`, which a `Mutex` guards.
open class AVAudioFormat: NSObject, @unchecked Sendable {
    /// The stream description `streamDescription` points at; owned, freed in `deinit`.
    private let storage: UnsafeMutablePointer<AudioStreamBasicDescription>
    /// The channel layout, or nil (a mono or stereo format may have none).
    public let channelLayout: AVAudioChannelLayout?
    private let cookie: Mutex<Data?>

    /// The designated initialiser: every public one checks its arguments, then comes here.
    private init(checked asbd: AudioStreamBasicDescription, layout: AVAudioChannelLayout?, cookie: Data? = nil) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: asbd)
        channelLayout = layout
        self.cookie = Mutex(cookie)
        super.init()
    }

    deinit {
        storage.deallocate()
    }

    /// A format from a stream description. Returns nil when the description is not one (no channels, a rate that is
    /// not a positive number, a PCM layout whose sizes disagree) or has more than 2 channels: those need a layout
    /// (`init(streamDescription:channelLayout:)`).
    public convenience init?(streamDescription asbd: UnsafePointer<AudioStreamBasicDescription>) {
        self.init(streamDescription: asbd, channelLayout: nil)
    }

    /// A format from a stream description and a channel layout, which may be nil only for 1 or 2 channels and must
    /// otherwise describe as many channels as the description. Returns nil when they are not a format.
    public convenience init?(streamDescription asbd: UnsafePointer<AudioStreamBasicDescription>,
                             channelLayout layout: AVAudioChannelLayout?) {
        guard Self.isValid(asbd.pointee, layout: layout) else { return nil }
        self.init(checked: asbd.pointee, layout: layout)
    }

    /// Deinterleaved native-endian 32-bit floats (the standard format) at `sampleRate` with 1 or 2 channels; nil
    /// for any other count (use `init(standardFormatWithSampleRate:channelLayout:)`).
    public convenience init?(standardFormatWithSampleRate sampleRate: Double, channels: AVAudioChannelCount) {
        self.init(commonFormat: .pcmFormatFloat32, sampleRate: sampleRate, channels: channels, interleaved: false)
    }

    /// The standard format (deinterleaved 32-bit floats) at `sampleRate` with `layout`'s channels.
    public convenience init(standardFormatWithSampleRate sampleRate: Double, channelLayout layout: AVAudioChannelLayout) {
        self.init(commonFormat: .pcmFormatFloat32, sampleRate: sampleRate, interleaved: false, channelLayout: layout)
    }

    /// A PCM format of one of the common sample formats with 1 or 2 channels; nil for `otherFormat`, for no
    /// channels or more than 2 (those need a layout), or a rate that is not a positive number.
    public convenience init?(commonFormat format: AVAudioCommonFormat, sampleRate: Double,
                             channels: AVAudioChannelCount, interleaved: Bool) {
        guard (1...2).contains(channels),
              let asbd = format.streamDescription(sampleRate: sampleRate, channels: channels, interleaved: interleaved),
              Self.isValid(asbd, layout: nil) else { return nil }
        self.init(checked: asbd, layout: nil)
    }

    /// A PCM format of one of the common sample formats with `layout`'s channels.
    ///
    /// Apple's initialiser cannot fail; `otherFormat`, a layout with no channel count or a rate that is not a
    /// positive number cannot make a format, and trap here as an invalid argument does there (an Objective-C
    /// exception): check the arguments first when they come from outside.
    public convenience init(commonFormat format: AVAudioCommonFormat, sampleRate: Double, interleaved: Bool,
                            channelLayout layout: AVAudioChannelLayout) {
        guard let asbd = Self.streamDescription(format, sampleRate: sampleRate, interleaved: interleaved, layout: layout) else {
            preconditionFailure("AVAudioFormat: \(format) at \(sampleRate) Hz with a layout of \(layout.channelCount) "
                                + "channels is not a PCM format")
        }
        self.init(checked: asbd, layout: layout)
    }

    /// `init(commonFormat:sampleRate:interleaved:channelLayout:)` for values read from a file: nil instead of the
    /// trap when they make no PCM format (a damaged file's 14 MHz rate, say).
    convenience init?(validatingCommonFormat format: AVAudioCommonFormat, sampleRate: Double, interleaved: Bool,
                      channelLayout layout: AVAudioChannelLayout) {
        guard let asbd = Self.streamDescription(format, sampleRate: sampleRate, interleaved: interleaved, layout: layout) else {
            return nil
        }
        self.init(checked: asbd, layout: layout)
    }

    /// The stream description of a common PCM format with `layout`'s channels, if it is a valid one.
    private static func streamDescription(_ format: AVAudioCommonFormat, sampleRate: Double, interleaved: Bool,
                                          layout: AVAudioChannelLayout) -> AudioStreamBasicDescription? {
        guard let asbd = format.streamDescription(sampleRate: sampleRate, channels: layout.channelCount,
                                                  interleaved: interleaved),
              isValid(asbd, layout: layout) else { return nil }
        return asbd
    }

    /// A format from an audio settings dictionary (`AVFormatIDKey`, `AVSampleRateKey`, `AVNumberOfChannelsKey`,
    /// `AVChannelLayoutKey`, the `AVLinearPCM…` keys; linear PCM when `AVFormatIDKey` is absent). Keys that do not
    /// describe a format (an encoder's bit rate, say) are ignored, as Apple documents. Returns nil when a key holds
    /// a value of the wrong type or out of range, when the rate or the channel count is missing, or for more than 2
    /// channels without a layout.
    public convenience init?(settings: [String: Any]) {
        guard let parsed = try? AudioFormatSettings(settings: settings),
              let sampleRate = parsed.sampleRate,
              let channels = parsed.channelCount ?? parsed.channelLayout?.numberOfChannels else { return nil }
        let layout = parsed.channelLayout.map(AVAudioChannelLayout.init)
        var asbd: AudioStreamBasicDescription
        if let pcm = parsed.linearPCM {
            let bytes = UInt32(pcm.bitDepth / 8)
            var flags = (pcm.isFloat ? kAudioFormatFlagIsFloat : kAudioFormatFlagIsSignedInteger)
                | kAudioFormatFlagIsPacked
            if pcm.isBigEndian { flags |= kAudioFormatFlagIsBigEndian }
            if pcm.isNonInterleaved { flags |= kAudioFormatFlagIsNonInterleaved }
            // 8-bit linear PCM is unsigned (WAVE's convention, and Apple's for 8-bit settings).
            if pcm.bitDepth == 8 { flags &= ~kAudioFormatFlagIsSignedInteger }
            let bytesPerFrame = bytes * (pcm.isNonInterleaved ? 1 : UInt32(channels))
            asbd = AudioStreamBasicDescription(mSampleRate: sampleRate, mFormatID: kAudioFormatLinearPCM,
                                               mFormatFlags: flags, mBytesPerPacket: bytesPerFrame,
                                               mFramesPerPacket: 1, mBytesPerFrame: bytesPerFrame,
                                               mChannelsPerFrame: UInt32(channels), mBitsPerChannel: bytes * 8,
                                               mReserved: 0)
        } else {
            asbd = AudioStreamBasicDescription(mSampleRate: sampleRate, mFormatID: parsed.formatID, mFormatFlags: 0,
                                               mBytesPerPacket: 0,
                                               mFramesPerPacket: CompressedPacketSizes.framesPerPacket(parsed.formatID),
                                               mBytesPerFrame: 0, mChannelsPerFrame: UInt32(channels),
                                               mBitsPerChannel: 0, mReserved: 0)
        }
        guard Self.isValid(asbd, layout: layout) else { return nil }
        self.init(checked: asbd, layout: layout)
    }

    /// The format a Core Media audio format description describes: its stream description, channel layout and
    /// magic cookie.
    ///
    /// Apple's initialiser cannot fail; a description with no usable stream description traps here as an invalid
    /// argument does there.
    public convenience init(cmAudioFormatDescription formatDescription: CMAudioFormatDescription) {
        guard let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(formatDescription)?.pointee else {
            preconditionFailure("AVAudioFormat(cmAudioFormatDescription:) needs an audio format description")
        }
        var layoutSize = 0
        let layout = CMAudioFormatDescriptionGetChannelLayout(formatDescription, sizeOut: &layoutSize)
            .flatMap { ChannelLayout($0, byteCount: layoutSize) }.map(AVAudioChannelLayout.init)
        var cookieSize = 0
        let cookie = CMAudioFormatDescriptionGetMagicCookie(formatDescription, sizeOut: &cookieSize)
            .map { Data(bytes: $0, count: cookieSize) }
        self.init(checked: asbd, layout: layout, cookie: cookie)
    }

    /// Whether `asbd` (with `layout`) is a format: channels, a positive finite rate, PCM sizes that agree, and a
    /// layout for more than 2 channels that counts as many.
    private static func isValid(_ asbd: AudioStreamBasicDescription, layout: AVAudioChannelLayout?) -> Bool {
        guard asbd.mChannelsPerFrame >= 1, asbd.mSampleRate.isFinite, asbd.mSampleRate > 0, asbd.mFormatID != 0 else {
            return false
        }
        if asbd.mFormatID == kAudioFormatLinearPCM, case .failure = PCMLayout.make(asbd) { return false }
        if let layout {
            let count = layout.channelLayout.numberOfChannels
            return count == nil || count == Int(asbd.mChannelsPerFrame)
        }
        return asbd.mChannelsPerFrame <= 2
    }

    // MARK: What the format is

    /// The stream description; valid as long as this object lives.
    open var streamDescription: UnsafePointer<AudioStreamBasicDescription> { UnsafePointer(storage) }

    /// The sample rate in hertz.
    open var sampleRate: Double { storage.pointee.mSampleRate }

    /// The number of channels.
    open var channelCount: AVAudioChannelCount { storage.pointee.mChannelsPerFrame }

    /// The common sample format, or `otherFormat`.
    open var commonFormat: AVAudioCommonFormat { AVAudioCommonFormat(storage.pointee) }

    /// Whether the channels' samples alternate in one buffer (false: one buffer per channel). Formats with one
    /// channel and compressed formats count as interleaved unless their flags say otherwise.
    open var isInterleaved: Bool { storage.pointee.mFormatFlags & kAudioFormatFlagIsNonInterleaved == 0 }

    /// Whether this is the standard format: deinterleaved native-endian 32-bit floats.
    open var isStandard: Bool { commonFormat == .pcmFormatFloat32 && !isInterleaved }

    /// The codec's setup for compressed formats (an AAC `esds`, an ALAC cookie…), or nil.
    open var magicCookie: Data? {
        get { cookie.withLock { $0 } }
        set { cookie.withLock { $0 = newValue } }
    }

    /// The format as an audio settings dictionary (`AVFormatIDKey`, `AVSampleRateKey`, `AVNumberOfChannelsKey`,
    /// the `AVLinearPCM…` keys for PCM, `AVChannelLayoutKey` when the format has a layout).
    open var settings: [String: Any] {
        let asbd = storage.pointee
        var settings: [String: Any] = [AVFormatIDKey: Int(asbd.mFormatID), AVSampleRateKey: asbd.mSampleRate,
                                       AVNumberOfChannelsKey: Int(asbd.mChannelsPerFrame)]
        if asbd.mFormatID == kAudioFormatLinearPCM {
            settings[AVLinearPCMBitDepthKey] = Int(asbd.mBitsPerChannel)
            settings[AVLinearPCMIsFloatKey] = asbd.mFormatFlags & kAudioFormatFlagIsFloat != 0
            settings[AVLinearPCMIsBigEndianKey] = asbd.mFormatFlags & kAudioFormatFlagIsBigEndian != 0
            settings[AVLinearPCMIsNonInterleaved] = !isInterleaved
        }
        if let channelLayout {
            settings[AVChannelLayoutKey] = Data(bytes: channelLayout.layout, count: channelLayout.layoutSize)
        }
        return settings
    }

    /// The format as a Core Media audio format description (stream description, layout and cookie).
    open var formatDescription: CMAudioFormatDescription {
        var result: CMAudioFormatDescription?
        let cookie = magicCookie ?? Data()
        let status = cookie.withUnsafeBytes { bytes in
            CMAudioFormatDescriptionCreate(allocator: nil, asbd: streamDescription,
                                           layoutSize: channelLayout?.layoutSize ?? 0, layout: channelLayout?.layout,
                                           magicCookieSize: bytes.count,
                                           magicCookie: bytes.isEmpty ? nil : bytes.baseAddress,
                                           extensions: nil, formatDescriptionOut: &result)
        }
        guard status == noErr, let result else {
            preconditionFailure("invariant: a checked AVAudioFormat makes a format description (status \(status))")
        }
        return result
    }

    // MARK: Equality

    /// Whether `object` is a functionally equivalent format, as Apple's `isEqual(_:)` is: for PCM, interleaving is
    /// ignored for mono, and alignment and packing flags are ignored where every sample fills its bytes (they say
    /// nothing then); a layout with the standard mono or stereo tag equals no layout; other layouts must be equal.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? AVAudioFormat else { return false }
        let lhs = Self.significant(storage.pointee), rhs = Self.significant(other.storage.pointee)
        return lhs.mSampleRate == rhs.mSampleRate && lhs.mFormatID == rhs.mFormatID
            && lhs.mFormatFlags == rhs.mFormatFlags && lhs.mBytesPerPacket == rhs.mBytesPerPacket
            && lhs.mFramesPerPacket == rhs.mFramesPerPacket && lhs.mBytesPerFrame == rhs.mBytesPerFrame
            && lhs.mChannelsPerFrame == rhs.mChannelsPerFrame && lhs.mBitsPerChannel == rhs.mBitsPerChannel
            && Self.significantLayout(channelLayout) == Self.significantLayout(other.channelLayout)
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(sampleRate)
        hasher.combine(storage.pointee.mFormatID)
        hasher.combine(channelCount)
        return hasher.finalize()
    }

    /// `asbd` with the flags that say nothing cleared.
    private static func significant(_ asbd: AudioStreamBasicDescription) -> AudioStreamBasicDescription {
        guard asbd.mFormatID == kAudioFormatLinearPCM else { return asbd }
        var result = asbd
        if asbd.mChannelsPerFrame == 1 { result.mFormatFlags &= ~kAudioFormatFlagIsNonInterleaved }
        let samplesPerFrame = asbd.mFormatFlags & kAudioFormatFlagIsNonInterleaved != 0 ? 1 : asbd.mChannelsPerFrame
        if samplesPerFrame > 0, asbd.mBitsPerChannel == asbd.mBytesPerFrame / samplesPerFrame * 8 {
            result.mFormatFlags &= ~(kAudioFormatFlagIsPacked | kAudioFormatFlagIsAlignedHigh)
        }
        return result
    }

    /// A layout as equality sees it: nil for none and for the standard mono and stereo tags.
    private static func significantLayout(_ layout: AVAudioChannelLayout?) -> ChannelLayout? {
        guard let layout, layout.layoutTag != kAudioChannelLayoutTag_Mono,
              layout.layoutTag != kAudioChannelLayoutTag_Stereo else { return nil }
        return layout.channelLayout
    }

    open override var description: String {
        let asbd = storage.pointee
        let kind = commonFormat == .otherFormat ? "format \(asbd.mFormatID)" : "\(commonFormat)"
        return "<AVAudioFormat: \(channelCount) ch, \(sampleRate) Hz, \(kind)"
            + (asbd.mFormatID == kAudioFormatLinearPCM ? (isInterleaved ? ", interleaved>" : ", deinterleaved>") : ">")
    }
}
