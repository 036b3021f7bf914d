internal import CFFmpeg

/// One loudspeaker position (FFmpeg's `AVChannel` numbering, which follows the WAVE channel-mask bit order for
/// the first 18 positions).
package struct FFChannel: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package var rawValue: Int32
    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// Front left.
    package static let frontLeft = FFChannel(rawValue: 0)
    /// Front right.
    package static let frontRight = FFChannel(rawValue: 1)
    /// Front center.
    package static let frontCenter = FFChannel(rawValue: 2)
    /// Low-frequency effects (LFE).
    package static let lowFrequency = FFChannel(rawValue: 3)
    /// Back left.
    package static let backLeft = FFChannel(rawValue: 4)
    /// Back right.
    package static let backRight = FFChannel(rawValue: 5)
    /// Front left of center.
    package static let frontLeftOfCenter = FFChannel(rawValue: 6)
    /// Front right of center.
    package static let frontRightOfCenter = FFChannel(rawValue: 7)
    /// Back center.
    package static let backCenter = FFChannel(rawValue: 8)
    /// Side left.
    package static let sideLeft = FFChannel(rawValue: 9)
    /// Side right.
    package static let sideRight = FFChannel(rawValue: 10)
    /// Top center.
    package static let topCenter = FFChannel(rawValue: 11)
    /// Top front left.
    package static let topFrontLeft = FFChannel(rawValue: 12)
    /// Top front center.
    package static let topFrontCenter = FFChannel(rawValue: 13)
    /// Top front right.
    package static let topFrontRight = FFChannel(rawValue: 14)
    /// Top back left.
    package static let topBackLeft = FFChannel(rawValue: 15)
    /// Top back center.
    package static let topBackCenter = FFChannel(rawValue: 16)
    /// Top back right.
    package static let topBackRight = FFChannel(rawValue: 17)
    /// Left of a stereo downmix (Lt).
    package static let stereoLeft = FFChannel(rawValue: 29)
    /// Right of a stereo downmix (Rt).
    package static let stereoRight = FFChannel(rawValue: 30)
    /// Wide left.
    package static let wideLeft = FFChannel(rawValue: 31)
    /// Wide right.
    package static let wideRight = FFChannel(rawValue: 32)
    /// Surround direct left.
    package static let surroundDirectLeft = FFChannel(rawValue: 33)
    /// Surround direct right.
    package static let surroundDirectRight = FFChannel(rawValue: 34)
    /// Second low-frequency (LFE2).
    package static let lowFrequency2 = FFChannel(rawValue: 35)
    /// Top side left.
    package static let topSideLeft = FFChannel(rawValue: 36)
    /// Top side right.
    package static let topSideRight = FFChannel(rawValue: 37)
    /// Bottom front center.
    package static let bottomFrontCenter = FFChannel(rawValue: 38)
    /// Bottom front left.
    package static let bottomFrontLeft = FFChannel(rawValue: 39)
    /// Bottom front right.
    package static let bottomFrontRight = FFChannel(rawValue: 40)
    /// A channel that carries nothing (a skipped position in a custom layout).
    package static let unused = FFChannel(rawValue: 0x200)
    /// A channel whose position is not known.
    package static let unknown = FFChannel(rawValue: 0x300)

    /// Ambisonic component `n` (ACN numbering).
    package static func ambisonic(_ n: Int32) -> FFChannel { FFChannel(rawValue: 0x400 + n) }

    /// FFmpeg's short name (`FL`, `LFE`, `AMBI3`).
    package var description: String {
        var buffer = [CChar](repeating: 0, count: 32)
        guard av_channel_name(&buffer, buffer.count, AVChannel(rawValue: rawValue)) > 0 else { return "ch\(rawValue)" }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}

/// Which channels a stream has, in which order.
package struct FFChannelLayout: Hashable, Sendable, CustomStringConvertible {
    /// How the channel order is given.
    package enum Order: Sendable, Hashable {
        /// Only the count is known.
        case unspecified
        /// The channels are the bits of `mask`, in bit order (the WAVE / FFmpeg native order).
        case native
        /// An explicit list, in stream order.
        case custom
        /// Ambisonic components in ACN order (possibly followed by non-diegetic channels).
        case ambisonic
    }

    /// How the order is given.
    package private(set) var order: Order
    /// The number of channels.
    package private(set) var channelCount: Int
    /// The channels in stream order (for `unspecified`, `unknown` repeated `channelCount` times).
    package private(set) var channels: [FFChannel]

    /// The channel mask of a `native` layout (bit n set for `FFChannel(rawValue: n)`), else `nil`.
    package var mask: UInt64? {
        guard order == .native else { return nil }
        return channels.reduce(0) { $0 | (1 << UInt64($1.rawValue)) }
    }

    /// A layout from channels in stream order: native when they are distinct and in mask-bit order, else custom.
    package init(channels: [FFChannel]) {
        self.channels = channels
        channelCount = channels.count
        let isNative = channels.allSatisfy { $0.rawValue >= 0 && $0.rawValue < 64 }
            && zip(channels, channels.dropFirst()).allSatisfy { $0.rawValue < $1.rawValue }
        order = isNative ? .native : .custom
    }

    /// A native layout from a WAVE-style channel mask.
    package init(mask: UInt64) {
        self.init(channels: (0..<64).filter { mask & (1 << UInt64($0)) != 0 }.map { FFChannel(rawValue: Int32($0)) })
    }

    /// A layout that only knows how many channels there are.
    package init(unspecifiedCount count: Int) {
        order = .unspecified
        channelCount = count
        channels = Array(repeating: .unknown, count: count)
    }

    /// FFmpeg's default layout for a channel count (1 → mono, 2 → stereo, 6 → 5.1, …; unspecified past 8).
    package static func `default`(channelCount: Int) -> FFChannelLayout {
        var layout = AVChannelLayout()
        av_channel_layout_default(&layout, Int32(clamping: channelCount))
        defer { av_channel_layout_uninit(&layout) }
        return FFChannelLayout(layout)
    }

    /// One front-centre channel.
    package static let mono = FFChannelLayout(channels: [.frontCenter])
    /// Front left and right.
    package static let stereo = FFChannelLayout(channels: [.frontLeft, .frontRight])
    /// 5.1 with side surrounds (FFmpeg's and AAC's "5.1(side)").
    package static let surround51 = FFChannelLayout(channels: [.frontLeft, .frontRight, .frontCenter, .lowFrequency,
                                                               .sideLeft, .sideRight])

    /// FFmpeg's description (`stereo`, `5.1(side)`, `3 channels (FL+FR+LFE)`).
    package var description: String {
        var layout = makeAVLayout()
        defer { av_channel_layout_uninit(&layout) }
        var buffer = [CChar](repeating: 0, count: 256)
        guard av_channel_layout_describe(&layout, &buffer, buffer.count) > 0 else { return "\(channelCount) channels" }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    init(_ layout: AVChannelLayout) {
        var copy = layout
        let count = Int(layout.nb_channels)
        channelCount = count
        switch layout.order {
        case AV_CHANNEL_ORDER_NATIVE: order = .native
        case AV_CHANNEL_ORDER_CUSTOM: order = .custom
        case AV_CHANNEL_ORDER_AMBISONIC: order = .ambisonic
        default: order = .unspecified
        }
        if order == .unspecified {
            channels = Array(repeating: .unknown, count: count)
        } else {
            channels = (0..<count).map { index in
                FFChannel(rawValue: av_channel_layout_channel_from_index(&copy, UInt32(index)).rawValue)
            }
        }
    }

    /// A new `AVChannelLayout` for this layout; the caller must `av_channel_layout_uninit` it.
    func makeAVLayout() -> AVChannelLayout {
        var layout = AVChannelLayout()
        switch order {
        case .unspecified:
            layout.order = AV_CHANNEL_ORDER_UNSPEC
            layout.nb_channels = Int32(channelCount)
        case .native:
            _ = av_channel_layout_from_mask(&layout, mask ?? 0)
        case .custom, .ambisonic:
            // FFmpeg 5.1 has no custom-layout constructor: fill the map it frees in av_channel_layout_uninit.
            layout.order = AV_CHANNEL_ORDER_CUSTOM
            layout.nb_channels = Int32(channelCount)
            let map = av_calloc(channelCount, MemoryLayout<AVChannelCustom>.stride)?
                .bindMemory(to: AVChannelCustom.self, capacity: channelCount)
            for (index, channel) in channels.enumerated() {
                map?[index].id = AVChannel(rawValue: channel.rawValue)
            }
            // An ambisonic layout goes back as a custom map of AMBISONIC channel ids, which FFmpeg 5.1 accepts
            // everywhere (it has no av_channel_layout_retype to rebuild the ambisonic order).
            layout.u.map = map
        }
        return layout
    }
}
