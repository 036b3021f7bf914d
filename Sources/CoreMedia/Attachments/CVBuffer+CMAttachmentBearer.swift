// Core Video buffers as attachment bearers: on Apple platforms the CM…Attachment functions accept a CVBuffer and
// behave as the matching CVBuffer…Attachment functions, whose attachment modes have the same values.

extension CVBuffer: CMAttachmentAccessible {
    /// The attachment stored under `key`, with its mode.
    package func entry(forKey key: String) -> CMAttachmentStorage.Entry? {
        var mode: CVAttachmentMode = .shouldNotPropagate
        guard let value = CVBufferCopyAttachment(self, key as CFString, &mode) else { return nil }
        return CMAttachmentStorage.Entry(value: value, mode: mode.rawValue)
    }

    /// Stores `value` under `key` in `mode`.
    package func set(_ value: Any, forKey key: String, mode: CMAttachmentMode) {
        // CMAttachment.h defines only the two modes Core Video has; any other value is treated as "do not propagate".
        CVBufferSetAttachment(self, key as CFString, value, CVAttachmentMode(rawValue: mode) ?? .shouldNotPropagate)
    }

    /// Removes the attachment stored under `key`.
    package func remove(forKey key: String) { CVBufferRemoveAttachment(self, key as CFString) }

    /// Removes every attachment.
    package func removeAll() { CVBufferRemoveAllAttachments(self) }

    /// The attachments stored in `mode`.
    package func dictionary(mode: CMAttachmentMode) -> [String: Any] {
        guard let cvMode = CVAttachmentMode(rawValue: mode) else { return [:] }
        return AttributeValue.normalized(CVBufferCopyAttachments(self, cvMode))
    }
}

extension CVBuffer: CMAttachmentBearerProtocol {
    /// The buffer's attachments.
    public var attachments: CMAttachmentBearerAttachments {
        get { CMAttachmentBearerAttachments(self) }
        set { CMAttachmentBearerAttachments(self).replace(with: newValue) }
    }
}
