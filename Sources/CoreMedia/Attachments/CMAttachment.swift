// The attachment-bearer functions of CMAttachment.h. They work on block buffers, sample buffers and Core Video
// buffers alike, as on Apple platforms: for a CVBuffer each one is the matching CVBuffer…Attachment function.

/// An object that can carry attachments: a `CMSampleBuffer`, `CMBlockBuffer` or `CVBuffer`.
public typealias CMAttachmentBearer = CFTypeRef

/// Whether an attachment is copied when attachments are propagated from one object to another.
public typealias CMAttachmentMode = UInt32

/// The attachment is not copied by `CMPropagateAttachments` (value from Apple's CMAttachment.h).
public let kCMAttachmentMode_ShouldNotPropagate: CMAttachmentMode = 0

/// The attachment is copied by `CMPropagateAttachments` (value from Apple's CMAttachment.h).
public let kCMAttachmentMode_ShouldPropagate: CMAttachmentMode = 1

/// The attachments of anything `CMAttachmentBearer` may be, or nil when `target` bears no attachments.
func attachmentAccess(_ target: CMAttachmentBearer) -> CMAttachmentAccessible? {
    target as? CMAttachmentAccessible
}

/// Sets or replaces the attachment `key` of `target` in `attachmentMode`.
///
/// A `nil` value has no defined behaviour on Apple platforms; here it leaves the attachments unchanged.
public func CMSetAttachment(
    _ target: CMAttachmentBearer, key: CFString, value: CFTypeRef?, attachmentMode: CMAttachmentMode
) {
    guard let value, let access = attachmentAccess(target) else { return }
    access.set(value, forKey: key as String, mode: attachmentMode)
}

/// The attachment `key` of `target`, and its mode through `attachmentModeOut`; nil when there is none.
public func CMGetAttachment(
    _ target: CMAttachmentBearer, key: CFString, attachmentModeOut: UnsafeMutablePointer<CMAttachmentMode>?
) -> CFTypeRef? {
    guard let access = attachmentAccess(target), let entry = access.entry(forKey: key as String) else { return nil }
    attachmentModeOut?.pointee = entry.mode
    return entry.value
}

/// Removes the attachment `key` of `target`, if there is one.
public func CMRemoveAttachment(_ target: CMAttachmentBearer, key: CFString) {
    attachmentAccess(target)?.remove(forKey: key as String)
}

/// Removes every attachment of `target`.
public func CMRemoveAllAttachments(_ target: CMAttachmentBearer) {
    attachmentAccess(target)?.removeAll()
}

/// A new dictionary of the attachments of `target` that are in `attachmentMode`, or nil when there are none.
public func CMCopyDictionaryOfAttachments(
    allocator: CFAllocator?, target: CMAttachmentBearer, attachmentMode: CMAttachmentMode
) -> CFDictionary? {
    guard let access = attachmentAccess(target) else { return nil }
    let attachments = access.dictionary(mode: attachmentMode)
    if attachments.isEmpty { return nil }
    return attachments as CFDictionary
}

/// Sets each key and value of `theAttachments` (whose keys must be strings) as an attachment in `attachmentMode`.
public func CMSetAttachments(
    _ target: CMAttachmentBearer, attachments theAttachments: CFDictionary, attachmentMode: CMAttachmentMode
) {
    guard let access = attachmentAccess(target) else { return }
    for (key, value) in theAttachments.stringKeyed {
        access.set(value, forKey: key, mode: attachmentMode)
    }
}

/// Copies the attachments of `source` that should propagate onto `destination`, in the same mode.
public func CMPropagateAttachments(_ source: CMAttachmentBearer, destination: CMAttachmentBearer) {
    guard let from = attachmentAccess(source), let to = attachmentAccess(destination) else { return }
    for (key, value) in from.dictionary(mode: kCMAttachmentMode_ShouldPropagate) {
        to.set(value, forKey: key, mode: kCMAttachmentMode_ShouldPropagate)
    }
}

