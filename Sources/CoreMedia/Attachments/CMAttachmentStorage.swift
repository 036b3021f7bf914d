import Synchronization
/// The attachments of one bearer (a block buffer or sample buffer): keys with values and a propagation mode.
///
/// Thread safety: `lock` guards `entries`; values are stored as given (Swift values here, CF objects on Apple).
// Safe because `lock` guards `entries`.
package final class CMAttachmentStorage: @unchecked Sendable {
    /// A stored attachment.
    package struct Entry {
        /// The attachment.
        package var value: Any
        /// Its propagation mode.
        package var mode: CMAttachmentMode
    }

    private let lock = Mutex(())
    private var entries: [String: Entry] = [:]

    /// Empty storage.
    package init() {}

    /// The attachment stored under `key`, with its mode.
    package func entry(forKey key: String) -> Entry? { lock.withLock { _ in entries[key] } }

    /// Stores `value` under `key` in `mode`; a key lives in one mode at a time, so this replaces any earlier entry.
    package func set(_ value: Any, forKey key: String, mode: CMAttachmentMode) {
        lock.withLock { _ in entries[key] = Entry(value: value, mode: mode) }
    }

    /// Removes the attachment stored under `key`.
    package func remove(forKey key: String) { lock.withLock { _ in _ = entries.removeValue(forKey: key) } }

    /// Removes every attachment.
    package func removeAll() { lock.withLock { _ in entries.removeAll() } }

    /// The attachments stored in `mode`.
    package func dictionary(mode: CMAttachmentMode) -> [String: Any] {
        lock.withLock { _ in
            var result: [String: Any] = [:]
            for (key, entry) in entries where entry.mode == mode { result[key] = entry.value }
            return result
        }
    }

    /// Whether there is no attachment (cheaper than asking for each key in turn).
    package var isEmpty: Bool { lock.withLock { _ in entries.isEmpty } }

    /// Every attachment with its mode.
    package var allEntries: [String: Entry] { lock.withLock { _ in entries } }
}

/// A CoreMedia object that keeps its attachments in a `CMAttachmentStorage`.
package protocol CMAttachmentStorageOwner: AnyObject {
    /// The object's attachments.
    var attachmentStorage: CMAttachmentStorage { get }
}

extension CMBlockBuffer: CMAttachmentStorageOwner {}

/// Anything the `CM…Attachment` functions work on: CoreMedia's own bearers and Core Video buffers.
package protocol CMAttachmentAccessible {
    /// The attachment stored under `key`, with its mode.
    func entry(forKey key: String) -> CMAttachmentStorage.Entry?
    /// Stores `value` under `key` in `mode`, replacing any earlier entry.
    func set(_ value: Any, forKey key: String, mode: CMAttachmentMode)
    /// Removes the attachment stored under `key`.
    func remove(forKey key: String)
    /// Removes every attachment.
    func removeAll()
    /// The attachments stored in `mode`.
    func dictionary(mode: CMAttachmentMode) -> [String: Any]
}

extension CMAttachmentStorageOwner {
    /// The attachment stored under `key`, with its mode.
    package func entry(forKey key: String) -> CMAttachmentStorage.Entry? { attachmentStorage.entry(forKey: key) }
    /// Stores `value` under `key` in `mode`.
    package func set(_ value: Any, forKey key: String, mode: CMAttachmentMode) {
        attachmentStorage.set(value, forKey: key, mode: mode)
    }
    /// Removes the attachment stored under `key`.
    package func remove(forKey key: String) { attachmentStorage.remove(forKey: key) }
    /// Removes every attachment.
    package func removeAll() { attachmentStorage.removeAll() }
    /// The attachments stored in `mode`.
    package func dictionary(mode: CMAttachmentMode) -> [String: Any] { attachmentStorage.dictionary(mode: mode) }
}

extension CMBlockBuffer: CMAttachmentAccessible {}
