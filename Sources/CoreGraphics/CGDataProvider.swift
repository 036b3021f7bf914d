import CoreFoundationShims

/// Called when a `CGDataProvider` made with `init(dataInfo:data:size:releaseData:)` no longer needs the bytes.
public typealias CGDataProviderReleaseDataCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer, Int)
    -> Void

/// The source of an image's bytes: a `Data` value, or caller memory released through a callback.
///
/// Immutable after `init`, so safe to share between threads.
// Safe because immutable after `init`.
public final class CGDataProvider: @unchecked Sendable {
    private enum Source {
        case data(Data)
        case memory(UnsafeRawPointer, count: Int, info: UnsafeMutableRawPointer?, release: CGDataProviderReleaseDataCallback?)
    }

    private let source: Source

    /// A provider of `data`'s bytes.
    public init?(data: CFData) {
        source = .data(data)
    }

    /// A provider of the file at `url`'s bytes, or `nil` if it cannot be read.
    public convenience init?(url: CFURL) {
        guard let data = try? Data(contentsOf: url) else { return nil }
        self.init(data: data)
    }

    /// A provider of `size` bytes at `data`, which stay the caller's: `releaseData` runs once, when the provider
    /// dies, with `dataInfo`, `data` and `size`.
    public init?(dataInfo info: UnsafeMutableRawPointer?, data: UnsafeRawPointer, size: Int,
                 releaseData: CGDataProviderReleaseDataCallback?) {
        guard size >= 0 else { return nil }
        source = .memory(data, count: size, info: info, release: releaseData)
    }

    deinit {
        if case .memory(let bytes, let count, let info, let release?) = source { release(info, bytes, count) }
    }

    /// A copy of the provider's bytes.
    public var data: CFData? {
        switch source {
        case .data(let data): return data
        case .memory(let bytes, let count, _, _): return Data(bytes: bytes, count: count)
        }
    }

    /// How many bytes the provider holds.
    package var byteCount: Int {
        switch source {
        case .data(let data): return data.count
        case .memory(_, let count, _, _): return count
        }
    }

    /// Calls `body` with the provider's bytes without copying them.
    package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        switch source {
        case .data(let data): return try data.withUnsafeBytes(body)
        case .memory(let bytes, let count, _, _): return try body(UnsafeRawBufferPointer(start: bytes, count: count))
        }
    }
}
