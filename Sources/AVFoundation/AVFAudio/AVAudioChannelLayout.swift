import CoreAudioTypes
import Foundation

/// A channel layout: which speaker each channel of a format feeds (Apple's wrapper of Core Audio's
/// `AudioChannelLayout`). Immutable, so safe to share between threads.
// Safe because immutable.
open class AVAudioChannelLayout: NSObject, @unchecked Sendable {
    /// The layout as the package's code reads it.
    package let channelLayout: ChannelLayout
    /// The layout in its C form, with every description, for `layout`; owned, freed in `deinit`.
    private let storage: UnsafeMutableRawPointer

    /// A layout from a layout tag. Returns nil for `kAudioChannelLayoutTag_UseChannelDescriptions` and
    /// `kAudioChannelLayoutTag_UseChannelBitmap`, which name no layout by themselves (use `init(layout:)`).
    public convenience init?(layoutTag: AudioChannelLayoutTag) {
        guard layoutTag != kAudioChannelLayoutTag_UseChannelDescriptions,
              layoutTag != kAudioChannelLayoutTag_UseChannelBitmap else { return nil }
        self.init(ChannelLayout(tag: layoutTag))
    }

    /// A layout copied from a C `AudioChannelLayout`, with the `mNumberChannelDescriptions` descriptions that follow
    /// it in memory.
    public convenience init(layout: UnsafePointer<AudioChannelLayout>) {
        let count = Int(layout.pointee.mNumberChannelDescriptions)
        let byteCount = ChannelLayout.byteCount(descriptions: count)
        // The caller's pointer claims `count` descriptions; ChannelLayout only fails when the byte count cannot hold
        // them, which the size computed from the same count always can.
        self.init(ChannelLayout(layout, byteCount: byteCount) ?? ChannelLayout(tag: layout.pointee.mChannelLayoutTag))
    }

    /// A layout from the package's value.
    package init(_ layout: ChannelLayout) {
        channelLayout = layout
        storage = layout.withUnsafeAudioChannelLayout { pointer, size in
            let copy = UnsafeMutableRawPointer.allocate(byteCount: size,
                                                        alignment: MemoryLayout<AudioChannelLayout>.alignment)
            copy.copyMemory(from: pointer, byteCount: size)
            return copy
        }
        super.init()
    }

    deinit {
        storage.deallocate()
    }

    /// The layout tag.
    open var layoutTag: AudioChannelLayoutTag { channelLayout.tag }

    /// The layout in its C form; valid as long as this object lives.
    open var layout: UnsafePointer<AudioChannelLayout> {
        UnsafePointer(storage.assumingMemoryBound(to: AudioChannelLayout.self))
    }

    /// The number of channels the layout describes (0 for a tag that carries no count).
    open var channelCount: AVAudioChannelCount { AVAudioChannelCount(channelLayout.numberOfChannels ?? 0) }

    /// The size of `layout` in bytes, for C-style calls that take one.
    package var layoutSize: Int { ChannelLayout.byteCount(descriptions: channelLayout.descriptions.count) }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? AVAudioChannelLayout else { return false }
        return channelLayout == other.channelLayout
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(channelLayout.tag)
        hasher.combine(channelLayout.bitmap.rawValue)
        hasher.combine(channelLayout.descriptions.count)
        return hasher.finalize()
    }
}
