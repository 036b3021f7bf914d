import Foundation

/// What a decoder resynchronising at a sample needs to know about it (AVSampleCursor.h).
public struct AVSampleCursorSyncInfo: Sendable {
    /// A full sync sample (an IDR picture): decodable on its own and resynchronising the decoder completely.
    public var sampleIsFullSync: ObjCBool
    /// A partial sync sample (an open-GOP I picture, `stps`).
    public var sampleIsPartialSync: ObjCBool
    /// A sample nothing else depends on, which may be dropped.
    public var sampleIsDroppable: ObjCBool

    /// All false.
    public init() {
        self.init(sampleIsFullSync: false, sampleIsPartialSync: false, sampleIsDroppable: false)
    }

    /// The given flags.
    public init(sampleIsFullSync: ObjCBool, sampleIsPartialSync: ObjCBool, sampleIsDroppable: ObjCBool) {
        self.sampleIsFullSync = sampleIsFullSync
        self.sampleIsPartialSync = sampleIsPartialSync
        self.sampleIsDroppable = sampleIsDroppable
    }
}

/// How a sample depends on others, where the track says (AVSampleCursor.h; ISO/IEC 14496-12 §8.6.4 `sdtp`).
public struct AVSampleCursorDependencyInfo: Sendable {
    /// Whether it is known whether other samples depend on this one.
    public var sampleIndicatesWhetherItHasDependentSamples: ObjCBool
    /// When known: whether other samples depend on this one.
    public var sampleHasDependentSamples: ObjCBool
    /// Whether it is known whether this sample depends on others.
    public var sampleIndicatesWhetherItDependsOnOthers: ObjCBool
    /// When known: whether this sample depends on others.
    public var sampleDependsOnOthers: ObjCBool
    /// Whether it is known whether the sample has redundant coding.
    public var sampleIndicatesWhetherItHasRedundantCoding: ObjCBool
    /// When known: whether the sample has redundant coding.
    public var sampleHasRedundantCoding: ObjCBool

    /// Nothing known.
    public init() {
        self.init(sampleIndicatesWhetherItHasDependentSamples: false, sampleHasDependentSamples: false,
                  sampleIndicatesWhetherItDependsOnOthers: false, sampleDependsOnOthers: false,
                  sampleIndicatesWhetherItHasRedundantCoding: false, sampleHasRedundantCoding: false)
    }

    /// The given flags.
    public init(sampleIndicatesWhetherItHasDependentSamples: ObjCBool, sampleHasDependentSamples: ObjCBool,
                sampleIndicatesWhetherItDependsOnOthers: ObjCBool, sampleDependsOnOthers: ObjCBool,
                sampleIndicatesWhetherItHasRedundantCoding: ObjCBool, sampleHasRedundantCoding: ObjCBool) {
        self.sampleIndicatesWhetherItHasDependentSamples = sampleIndicatesWhetherItHasDependentSamples
        self.sampleHasDependentSamples = sampleHasDependentSamples
        self.sampleIndicatesWhetherItDependsOnOthers = sampleIndicatesWhetherItDependsOnOthers
        self.sampleDependsOnOthers = sampleDependsOnOthers
        self.sampleIndicatesWhetherItHasRedundantCoding = sampleIndicatesWhetherItHasRedundantCoding
        self.sampleHasRedundantCoding = sampleHasRedundantCoding
    }
}

/// Whether an audio sample can be decoded on its own (AVSampleCursor.h).
public struct AVSampleCursorAudioDependencyInfo: Sendable {
    /// Whether the sample is independently decodable.
    public var audioSampleIsIndependentlyDecodable: ObjCBool
    /// When it is: how many samples from it on must be decoded for a full refresh (0 for immediate playout).
    public var audioSamplePacketRefreshCount: Int

    /// Not independently decodable.
    public init() {
        self.init(audioSampleIsIndependentlyDecodable: false, audioSamplePacketRefreshCount: 0)
    }

    /// The given values.
    public init(audioSampleIsIndependentlyDecodable: ObjCBool, audioSamplePacketRefreshCount: Int) {
        self.audioSampleIsIndependentlyDecodable = audioSampleIsIndependentlyDecodable
        self.audioSamplePacketRefreshCount = audioSamplePacketRefreshCount
    }
}

/// Where a sample or chunk is stored: byte offset and length in its file; offset −1 when not stored contiguously.
public struct AVSampleCursorStorageRange: Sendable {
    /// The offset of the first byte.
    public var offset: Int64
    /// The number of bytes.
    public var length: Int64

    /// Zero offset and length.
    public init() {
        self.init(offset: 0, length: 0)
    }

    /// The given offset and length.
    public init(offset: Int64, length: Int64) {
        self.offset = offset
        self.length = length
    }
}

/// The chunk of samples a sample belongs to (AVSampleCursor.h).
public struct AVSampleCursorChunkInfo: Sendable {
    /// The number of samples in the chunk.
    public var chunkSampleCount: Int64
    /// Whether every sample of the chunk has the same size.
    public var chunkHasUniformSampleSizes: ObjCBool
    /// Whether every sample of the chunk has the same duration.
    public var chunkHasUniformSampleDurations: ObjCBool
    /// Whether every sample of the chunk has the same format description.
    public var chunkHasUniformFormatDescriptions: ObjCBool

    /// An empty chunk.
    public init() {
        self.init(chunkSampleCount: 0, chunkHasUniformSampleSizes: false, chunkHasUniformSampleDurations: false,
                  chunkHasUniformFormatDescriptions: false)
    }

    /// The given values.
    public init(chunkSampleCount: Int64, chunkHasUniformSampleSizes: ObjCBool,
                chunkHasUniformSampleDurations: ObjCBool, chunkHasUniformFormatDescriptions: ObjCBool) {
        self.chunkSampleCount = chunkSampleCount
        self.chunkHasUniformSampleSizes = chunkHasUniformSampleSizes
        self.chunkHasUniformSampleDurations = chunkHasUniformSampleDurations
        self.chunkHasUniformFormatDescriptions = chunkHasUniformFormatDescriptions
    }
}
