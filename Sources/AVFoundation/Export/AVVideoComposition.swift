import CoreGraphics
import CoreMedia
import Foundation

// Video composition is its own issue (AVVideoComposition, its instructions, AVVideoCompositing and the composition
// stage of the export pipeline). Until it lands, these types exist so that export code written for Apple compiles
// (`session.videoComposition = composition`), and an export given a composition fails with a clear AVError instead
// of ignoring it. The composition issue replaces this file.

/// Instructions for composing the video tracks of an asset into frames (AVVideoComposition.h): only the basic
/// properties so far; see the note above.
///
/// Thread safety: `lock` guards `state`.
public class AVVideoComposition: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    struct State {
        var frameDuration = CMTime.invalid
        var renderSize = CGSize.zero
        var renderScale: Float = 1
    }

    let lock = NSLock()
    var state = State()

    override init() {
        super.init()
    }

    /// The interval between composed frames.
    public var frameDuration: CMTime { lock.withLock { state.frameDuration } }
    /// The size of composed frames.
    public var renderSize: CGSize { lock.withLock { state.renderSize } }
    /// The scale of composed frames.
    public var renderScale: Float { lock.withLock { state.renderScale } }

    /// An immutable copy.
    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = AVVideoComposition()
        copy.state = lock.withLock { state }
        return copy
    }

    /// A mutable copy.
    public func mutableCopy(with zone: NSZone? = nil) -> Any {
        let copy = AVMutableVideoComposition()
        copy.state = lock.withLock { state }
        return copy
    }
}

/// A video composition whose properties can be changed.
public class AVMutableVideoComposition: AVVideoComposition, @unchecked Sendable {
    /// An empty composition.
    public override init() {
        super.init()
    }

    /// The interval between composed frames.
    public override var frameDuration: CMTime {
        get { lock.withLock { state.frameDuration } }
        set { lock.withLock { state.frameDuration = newValue } }
    }

    /// The size of composed frames.
    public override var renderSize: CGSize {
        get { lock.withLock { state.renderSize } }
        set { lock.withLock { state.renderSize = newValue } }
    }

    /// The scale of composed frames.
    public override var renderScale: Float {
        get { lock.withLock { state.renderScale } }
        set { lock.withLock { state.renderScale = newValue } }
    }
}

/// A custom video compositor (AVVideoCompositing.h); its requirements come with the composition issue.
public protocol AVVideoCompositing: AnyObject, Sendable {}
