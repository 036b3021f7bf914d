import CoreFoundationShims

// Buffer attachments (CVBuffer.h). `CFTypeRef` is `Any` on Linux, so values go in and come out as Swift values.
// Apple's deprecated `CVBufferGetAttachment`/`CVBufferGetAttachments` return `Unmanaged` references, which a
// Swift value cannot be; use the `Copy` forms, which Apple recommends anyway.

/// Attribute key: a dictionary of attachments to set, with `.shouldPropagate`, on a new pixel buffer.
nonisolated(unsafe) public let kCVBufferPropagatedAttachmentsKey: CFString = "PropagatedAttachments"

/// Attribute key: a dictionary of attachments to set, with `.shouldNotPropagate`, on a new pixel buffer.
nonisolated(unsafe) public let kCVBufferNonPropagatedAttachmentsKey: CFString = "NonPropagatedAttachments"

/// Attachment key: the movie time of a buffer (a dictionary of `kCVBufferTimeValueKey` and `kCVBufferTimeScaleKey`).
nonisolated(unsafe) public let kCVBufferMovieTimeKey: CFString = "QTMovieTime"

/// The time value in a `kCVBufferMovieTimeKey` dictionary.
nonisolated(unsafe) public let kCVBufferTimeValueKey: CFString = "TimeValue"

/// The time scale in a `kCVBufferMovieTimeKey` dictionary.
nonisolated(unsafe) public let kCVBufferTimeScaleKey: CFString = "TimeScale"

/// Sets or replaces the attachment for `key`.
public func CVBufferSetAttachment(_ buffer: CVBuffer, _ key: CFString, _ value: CFTypeRef,
                                  _ attachmentMode: CVAttachmentMode) {
    buffer.setAttachment(key as String, value, mode: attachmentMode)
}

/// The attachment for `key`, or `nil`; stores its mode in `attachmentMode` when given.
public func CVBufferCopyAttachment(_ buffer: CVBuffer, _ key: CFString,
                                   _ attachmentMode: UnsafeMutablePointer<CVAttachmentMode>?) -> CFTypeRef? {
    guard let (value, mode) = buffer.attachment(key as String) else { return nil }
    attachmentMode?.pointee = mode
    return value
}

/// All attachments with `attachmentMode`, or `nil` if there are none.
public func CVBufferCopyAttachments(_ buffer: CVBuffer, _ attachmentMode: CVAttachmentMode) -> CFDictionary? {
    let found = buffer.attachments(mode: attachmentMode)
    guard !found.isEmpty else { return nil }
    var result: [String: Any] = [:]
    for (key, value) in found { result[key] = value }
    return result as CFDictionary
}

/// Whether an attachment for `key` is present.
public func CVBufferHasAttachment(_ buffer: CVBuffer, _ key: CFString) -> Bool {
    buffer.attachment(key as String) != nil
}

/// Removes the attachment for `key`, if any.
public func CVBufferRemoveAttachment(_ buffer: CVBuffer, _ key: CFString) {
    buffer.removeAttachment(key as String)
}

/// Removes every attachment.
public func CVBufferRemoveAllAttachments(_ buffer: CVBuffer) {
    buffer.removeAllAttachments()
}

/// Sets every entry of `theAttachments` with `attachmentMode`. Keys must be strings (`String` or `NSString`),
/// as Core Video's keys are; others are skipped.
public func CVBufferSetAttachments(_ buffer: CVBuffer, _ theAttachments: CFDictionary,
                                   _ attachmentMode: CVAttachmentMode) {
    for (key, value) in AttributeValue.normalized(theAttachments) {
        buffer.setAttachment(key, value, mode: attachmentMode)
    }
}

/// Copies every `.shouldPropagate` attachment of `sourceBuffer` to `destinationBuffer`, replacing attachments
/// with the same keys there.
public func CVBufferPropagateAttachments(_ sourceBuffer: CVBuffer, _ destinationBuffer: CVBuffer) {
    guard sourceBuffer !== destinationBuffer else { return }
    for (key, value) in sourceBuffer.attachments(mode: .shouldPropagate) {
        destinationBuffer.setAttachment(key, value, mode: .shouldPropagate)
    }
}
