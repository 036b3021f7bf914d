import Synchronization
/// A run of media samples of one format: their data (a block buffer) or picture (an image buffer), their timing and
/// sizes, and buffer- and sample-level attachments (Apple's `CMSampleBufferRef`).
///
/// Thread safety: the format description, sample count, timing and size entries, image buffer and packet
/// descriptions are immutable after `init`. `lock` guards what can change: the data buffer (set at most once), data
/// readiness, validity, the explicit output presentation time, the sample attachments and the callbacks.
// Safe because immutable after `init` but for what `lock` guards (the data buffer, set at most once, readiness,
// attachments).
public final class CMSampleBuffer: @unchecked Sendable {
    /// Whether the data is there.
    enum Readiness: Equatable {
        case notReady, ready, failed(OSStatus)
    }

    /// An audio packet's place in the data buffer and its frame count (AudioStreamPacketDescription's fields).
    package struct PacketDescription: Equatable {
        package var startOffset: Int64
        package var variableFramesInPacket: UInt32
        package var dataByteSize: UInt32
    }

    /// How `CMSampleBufferMakeDataReady` makes the data ready.
    enum DataReadyMaker {
        case callback(CMSampleBufferMakeDataReadyCallback, UnsafeMutableRawPointer?)
        case handler(CMSampleBufferMakeDataReadyHandler)
    }

    /// What `CMSampleBufferInvalidate` calls.
    enum Invalidator {
        case callback(CMSampleBufferInvalidateCallback, UInt64)
        case handler(CMSampleBufferInvalidateHandler)
    }

    package let format: CMFormatDescription?
    package let sampleCount: Int
    /// No entry, one for every sample, or one per sample.
    package let timingEntries: [CMSampleTimingInfo]
    /// No entry, one for every sample, or one per sample.
    package let sizeEntries: [Int]
    let image: CVImageBuffer?
    /// The tagged buffer group the buffer carries instead of data or an image, if any (one sample).
    package let taggedBufferStore: [CMTaggedBuffer]?
    /// One per sample of compressed audio made with packet descriptions, else none.
    package let packetDescriptions: [PacketDescription]
    /// With per-sample sizes, the byte offset of each sample and of the end (nil when they overflow), so that
    /// finding a sample's bytes is O(1).
    let sizeOffsets: [Int]?
    /// The buffer-level attachments (`CMAttachmentBearer`).
    package let attachmentStorage = CMAttachmentStorage()

    /// Guards every `var` below.
    private let lock = Mutex(())
    private var data: CMBlockBuffer?
    private var readiness: Readiness
    private var valid = true
    private var outputPresentationTimeStampOverride: CMTime?
    /// The per-sample attachments (see `SampleAttachmentStore`).
    private var sampleAttachmentStore: SampleAttachmentStore?
    private var dataReadyMaker: DataReadyMaker?
    private var invalidator: Invalidator?
    private var trackedBuffer: CMSampleBuffer?

    init(format: CMFormatDescription?, sampleCount: Int, timingEntries: [CMSampleTimingInfo], sizeEntries: [Int],
         data: CMBlockBuffer?, image: CVImageBuffer?, dataReady: Bool, dataReadyMaker: DataReadyMaker?,
         packetDescriptions: [PacketDescription] = [], taggedBuffers: [CMTaggedBuffer]? = nil) {
        self.taggedBufferStore = taggedBuffers
        self.format = format
        self.sampleCount = sampleCount
        self.timingEntries = timingEntries
        self.sizeEntries = sizeEntries
        self.data = data
        self.image = image
        self.readiness = dataReady ? .ready : .notReady
        self.dataReadyMaker = dataReadyMaker
        self.packetDescriptions = packetDescriptions
        if sizeEntries.count > 1 {
            var offsets = [0]
            offsets.reserveCapacity(sizeEntries.count + 1)
            var overflowed = false
            for size in sizeEntries {
                let (next, overflow) = offsets[offsets.count - 1].addingReportingOverflow(size)
                if overflow { overflowed = true; break }
                offsets.append(next)
            }
            sizeOffsets = overflowed ? nil : offsets
        } else {
            sizeOffsets = nil
        }
    }

    // MARK: Guarded state

    var isValidBuffer: Bool { lock.withLock { _ in valid } }

    var dataBufferValue: CMBlockBuffer? { lock.withLock { _ in data } }

    /// Sets the data buffer once; the status says why not otherwise.
    func storeDataBuffer(_ buffer: CMBlockBuffer) -> OSStatus {
        lock.withLock { _ in
            guard valid else { return kCMSampleBufferError_Invalidated }
            guard data == nil, image == nil else { return kCMSampleBufferError_AlreadyHasDataBuffer }
            data = buffer
            return noErr
        }
    }

    /// The readiness, following a tracked buffer's when there is one.
    var readinessValue: Readiness {
        let (own, tracked) = lock.withLock { _ in (readiness, trackedBuffer) }
        return tracked?.readinessValue ?? own
    }

    func setReadiness(_ value: Readiness) -> OSStatus {
        lock.withLock { _ in
            guard valid else { return kCMSampleBufferError_Invalidated }
            readiness = value
            return noErr
        }
    }

    /// Makes the data ready with the maker given at creation (or through the tracked buffer).
    func makeReady() -> OSStatus {
        let (state, maker, tracked, isValid) = lock.withLock { _ in (readiness, dataReadyMaker, trackedBuffer, valid) }
        guard isValid else { return kCMSampleBufferError_Invalidated }
        if let tracked { return tracked.makeReady() }
        switch state {
        case .ready: return noErr
        case .failed(let status): return status
        case .notReady: break
        }
        let status: OSStatus
        switch maker {
        case .none: return kCMSampleBufferError_BufferNotReady
        case .callback(let callback, let refcon)?: status = callback(self, refcon)
        case .handler(let handler)?: status = handler(self)
        }
        guard status == noErr else { return kCMSampleBufferError_BufferNotReady }
        return setReadiness(.ready)
    }

    func track(_ other: CMSampleBuffer) -> OSStatus {
        guard other !== self else { return kCMSampleBufferError_RequiredParameterMissing }
        return lock.withLock { _ in
            guard valid else { return kCMSampleBufferError_Invalidated }
            trackedBuffer = other
            return noErr
        }
    }

    var dataReadyMakerValue: DataReadyMaker? { lock.withLock { _ in dataReadyMaker } }

    var trackedBufferValue: CMSampleBuffer? { lock.withLock { _ in trackedBuffer } }

    var outputPresentationTimeStampOverrideValue: CMTime? { lock.withLock { _ in outputPresentationTimeStampOverride } }

    func storeOutputPresentationTimeStamp(_ time: CMTime) -> OSStatus {
        lock.withLock { _ in
            guard valid else { return kCMSampleBufferError_Invalidated }
            outputPresentationTimeStampOverride = time.isValid ? time : nil
            return noErr
        }
    }

    func setInvalidator(_ newValue: Invalidator) -> OSStatus {
        lock.withLock { _ in
            guard valid else { return kCMSampleBufferError_Invalidated }
            guard invalidator == nil else { return kCMSampleBufferError_RequiredParameterMissing }
            invalidator = newValue
            return noErr
        }
    }

    /// Marks the buffer invalid and calls the invalidation callback, once.
    func invalidateBuffer() -> OSStatus {
        let callback: Invalidator? = lock.withLock { _ in
            guard valid else { return nil }
            valid = false
            defer { invalidator = nil }
            return invalidator
        }
        switch callback {
        case .callback(let function, let refCon)?: function(self, refCon)
        case .handler(let handler)?: handler(self)
        case .none: break
        }
        return noErr
    }

    // MARK: Sample attachments
    //
    // The array and its dictionaries are the ones callers get, and callers change the dictionaries without our
    // lock (with CFDictionarySetValue, or `array[0] as! NSMutableDictionary`): as on Apple platforms, a sample
    // buffer's attachments must not be changed by one thread while another uses the buffer. Our own reads and
    // writes of them hold the lock, so the overlay's accessors may be used from several threads.

    /// Per-sample attachments, kept as the package's makers set them until a caller needs Apple's form.
    ///
    /// Apple's form is one mutable dictionary per sample, handed out as they are by
    /// `CMSampleBufferGetSampleAttachmentsArray`, so that a caller's `CFDictionarySetValue` on one reaches the buffer.
    /// Making those dictionaries, and reading them back through Foundation's bridging, cost a passthrough remux
    /// 30 % of its user time (every sample the reader hands the muxer carries its sync and dependency flags; the
    /// 600 s 1080p remux went from 1.04 s to 0.74 s of user time without it). So the values a maker
    /// sets stay Swift dictionaries, which the muxer reads as they are, and become mutable dictionaries only when a
    /// caller asks for them; from then on those are the attachments.
    private enum SampleAttachmentStore {
        case values([[String: Any]])
        /// A reader's flags (`SampleAttachmentFlags`): the values, made only when asked for.
        case flags([SampleAttachmentFlags])
        case objects(CFObjectArray)

        /// Apple's form, made from the values if need be (called with the lock held, by the callers that hand it out).
        mutating func objects() -> CFObjectArray {
            switch self {
            case .objects(let array):
                return array
            case .values(let list):
                let array = CFObjectArray(objects: list.map { NSMutableDictionary(dictionary: $0) })
                self = .objects(array)
                return array
            case .flags(let list):
                let array = CFObjectArray(objects: list.map { NSMutableDictionary(dictionary: $0.dictionary) })
                self = .objects(array)
                return array
            }
        }
    }

    /// The per-sample attachment dictionaries, made (empty, one per sample) when `create` and missing.
    func sampleAttachments(create: Bool) -> CFObjectArray? {
        lock.withLock { _ in
            if sampleAttachmentStore == nil && create { sampleAttachmentStore = .objects(Self.attachmentArray(count: sampleCount)) }
            return sampleAttachmentStore?.objects()
        }
    }

    /// Reads or changes one sample's attachments under the lock.
    func withSampleAttachments<R>(at index: Int, _ body: (NSMutableDictionary) -> R) -> R? {
        lock.withLock { _ in
            guard index >= 0, index < sampleCount else { return nil }
            if sampleAttachmentStore == nil { sampleAttachmentStore = .objects(Self.attachmentArray(count: sampleCount)) }
            guard let dictionary = sampleAttachmentStore?.objects().objects[index] as? NSMutableDictionary else { return nil }
            return body(dictionary)
        }
    }

    /// Every sample's attachments as they are now (a copy), without making them: nil when the buffer has none yet.
    /// For readers of many buffers (the muxer) that must not pay for empty dictionaries.
    package var existingSampleAttachments: [[String: Any]]? {
        lock.withLock { _ in
            switch sampleAttachmentStore {
            case nil: nil
            case .values(let list)?: list
            case .flags(let list)?: list.map(\.dictionary)
            case .objects(let array)?: array.objects.map { ($0 as? NSDictionary)?.stringKeyed ?? [:] }
            }
        }
    }

    /// Every sample's sync, dependency and display flags as they are now, without making dictionaries when a
    /// reader set them as flags: nil when the buffer has no per-sample attachments. For the muxer, which reads
    /// only these.
    package var existingSampleFlags: [SampleAttachmentFlags]? {
        lock.withLock { _ in
            switch sampleAttachmentStore {
            case nil: nil
            case .flags(let list)?: list
            case .values(let list)?: list.map(SampleAttachmentFlags.init)
            case .objects(let array)?:
                array.objects.map { SampleAttachmentFlags(($0 as? NSDictionary)?.stringKeyed ?? [:]) }
            }
        }
    }

    /// Replaces every sample's attachments with those `flags` stand for (readers). Ignored unless there are flags
    /// for each sample.
    package func setSampleFlags(_ flags: [SampleAttachmentFlags]) {
        guard flags.count == sampleCount else { return }
        lock.withLock { _ in sampleAttachmentStore = .flags(flags) }
    }

    /// Replaces every sample's attachments with `attachments` (makers of buffers that set several keys at once).
    /// Ignored unless there is one dictionary per sample.
    package func setSampleAttachments(_ attachments: [[String: Any]]?) {
        let made = attachments.flatMap { list in list.count == sampleCount ? SampleAttachmentStore.values(list) : nil }
        lock.withLock { _ in sampleAttachmentStore = made }
    }

    /// Gives this buffer the per-sample attachments of `source`'s samples `range` (all of them when nil), kept in
    /// the form the source holds them: a copy made of a reader's buffer keeps its flags, which the muxer reads as
    /// they are, where a trip through dictionaries cost a stitch a seventh of its CPU. Dictionaries a caller was
    /// handed are copied, so the two buffers' attachments change independently.
    func copySampleAttachments(from source: CMSampleBuffer, samples range: Range<Int>? = nil) {
        let copied: SampleAttachmentStore? = source.lock.withLock { _ in
            guard let store = source.sampleAttachmentStore else { return nil }
            let range = range ?? 0..<source.sampleCount
            switch store {
            case .flags(let list):
                return range.upperBound <= list.count ? .flags(Array(list[range])) : nil
            case .values(let list):
                return range.upperBound <= list.count ? .values(Array(list[range])) : nil
            case .objects(let array):
                guard range.upperBound <= array.objects.count else { return nil }
                return .values(array.objects[range].map { ($0 as? NSDictionary)?.stringKeyed ?? [:] })
            }
        }
        let count = switch copied {
        case .flags(let list)?: list.count
        case .values(let list)?: list.count
        case .objects(let array)?: array.objects.count
        case nil: sampleCount
        }
        guard count == sampleCount else { return }
        lock.withLock { _ in sampleAttachmentStore = copied }
    }

    /// `count` empty mutable dictionaries.
    private static func attachmentArray(count: Int) -> CFObjectArray {
        CFObjectArray(objects: (0..<count).map { _ in NSMutableDictionary() })
    }
}

/// Makes a sample buffer's data ready (e.g. finishes a scheduled read) and returns `noErr` on success.
///
/// On Apple platforms this is a C function pointer; here sample buffers are Swift classes, which C function types
/// cannot carry, so it is a Swift function type: a C-style function or a non-capturing closure passes unchanged.
public typealias CMSampleBufferMakeDataReadyCallback = (CMSampleBuffer, UnsafeMutableRawPointer?) -> OSStatus

/// Makes a sample buffer's data ready and returns `noErr` on success.
public typealias CMSampleBufferMakeDataReadyHandler = (CMSampleBuffer) -> OSStatus

/// Called by `CMSampleBufferInvalidate` (a Swift function type here, as for `CMSampleBufferMakeDataReadyCallback`).
public typealias CMSampleBufferInvalidateCallback = (CMSampleBuffer, UInt64) -> Void

/// Called by `CMSampleBufferInvalidate`.
public typealias CMSampleBufferInvalidateHandler = (CMSampleBuffer) -> Void

extension CMSampleBuffer: CMAttachmentStorageOwner, CMAttachmentAccessible {}

extension CMSampleBuffer: Hashable {
    /// Identity, as Core Foundation compares sample buffers.
    public static func == (lhs: CMSampleBuffer, rhs: CMSampleBuffer) -> Bool { lhs === rhs }
    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
