// The Swift overlay's view of attachments (Apple's CoreMedia overlay, macOS 10.15+).

/// A live view of the attachments of a sample buffer, block buffer or Core Video buffer.
///
/// It refers to its bearer rather than holding a copy, so setting a value through it changes the bearer.
public struct CMAttachmentBearerAttachments {
    /// An attachment value with its propagation mode.
    public enum Value {
        case shouldNotPropagate(Any)
        case shouldPropagate(Any)

        /// The attachment's value.
        public var value: Any {
            switch self {
            case .shouldNotPropagate(let value), .shouldPropagate(let value): return value
            }
        }

        /// The attachment's propagation mode.
        public var mode: CMAttachmentBearerAttachments.Mode {
            switch self {
            case .shouldNotPropagate: return .shouldNotPropagate
            case .shouldPropagate: return .shouldPropagate
            }
        }

        init(_ entry: CMAttachmentStorage.Entry) {
            self = entry.mode == kCMAttachmentMode_ShouldPropagate
                ? .shouldPropagate(entry.value) : .shouldNotPropagate(entry.value)
        }
    }

    /// Whether an attachment propagates (`CMAttachmentMode` as an enumeration).
    public enum Mode: CMAttachmentMode, Sendable {
        case shouldNotPropagate = 0
        case shouldPropagate = 1
    }

    let bearer: CMAttachmentAccessible

    init(_ bearer: CMAttachmentAccessible) { self.bearer = bearer }

    /// The attachment stored under `key`; setting nil removes it.
    public subscript(key: String) -> CMAttachmentBearerAttachments.Value? {
        get { bearer.entry(forKey: key).map(Value.init) }
        nonmutating set {
            if let newValue {
                bearer.set(newValue.value, forKey: key, mode: newValue.mode.rawValue)
            } else {
                bearer.remove(forKey: key)
            }
        }
    }

    /// Removes every attachment.
    public func removeAll() { bearer.removeAll() }

    /// The attachments that are not copied when attachments propagate.
    public var nonPropagated: [String: Any] { bearer.dictionary(mode: kCMAttachmentMode_ShouldNotPropagate) }

    /// The attachments that are copied when attachments propagate.
    public var propagated: [String: Any] { bearer.dictionary(mode: kCMAttachmentMode_ShouldPropagate) }

    /// Sets every key and value of `attachments` in `mode`.
    public func merge(_ attachments: [String: Any], mode: CMAttachmentBearerAttachments.Mode) {
        for (key, value) in attachments { bearer.set(value, forKey: key, mode: mode.rawValue) }
    }

    /// Replaces the bearer's attachments with those of `other`.
    func replace(with other: CMAttachmentBearerAttachments) {
        let notPropagated = other.nonPropagated, propagated = other.propagated
        removeAll()
        merge(notPropagated, mode: .shouldNotPropagate)
        merge(propagated, mode: .shouldPropagate)
    }
}

/// An object with attachments (Apple's overlay protocol for sample buffers, block buffers and Core Video buffers).
public protocol CMAttachmentBearerProtocol {
    /// The object's attachments.
    var attachments: CMAttachmentBearerAttachments { get }
    /// Copies the attachments that should propagate onto `destination`.
    func propagateAttachments<T: CMAttachmentBearerProtocol>(to destination: T)
}

extension CMAttachmentBearerProtocol {
    /// Copies the attachments that should propagate onto `destination`.
    public func propagateAttachments<T: CMAttachmentBearerProtocol>(to destination: T) {
        for (key, value) in attachments.propagated {
            destination.attachments[key] = .shouldPropagate(value)
        }
    }
}

extension CMBlockBuffer: CMAttachmentBearerProtocol {
    /// The buffer's attachments; assigning copies the attachments of another bearer.
    public var attachments: CMAttachmentBearerAttachments {
        get { CMAttachmentBearerAttachments(self) }
        set { CMAttachmentBearerAttachments(self).replace(with: newValue) }
    }
}
