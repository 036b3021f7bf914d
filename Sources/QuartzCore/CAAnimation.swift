import CoreFoundationShims
import Foundation

/// How an animation's values apply outside its active time (CAMediaTiming.h).
public struct CAMediaTimingFillMode: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    public static let both = CAMediaTimingFillMode(rawValue: "both")
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
}

/// An animation of layer properties (CAAnimation.h). Kept so that code which builds animations compiles; layers
/// record the animations added to them, and AV Foundation's Core Animation tool refuses a layer tree that has any,
/// since nothing here runs them.
///
/// Not thread-safe, as on Apple platforms: configure an animation, then add it (the layer keeps a copy).
open class CAAnimation: NSObject, NSCopying {
    /// When the animation starts, in the layer's time (`AVCoreAnimationBeginTimeAtZero` for the start of a video).
    open var beginTime: CFTimeInterval = 0
    /// How long one repetition lasts.
    open var duration: CFTimeInterval = 0
    /// The rate of the animation's time relative to its layer's.
    open var speed: Float = 1
    /// An offset into the animation's time.
    open var timeOffset: CFTimeInterval = 0
    /// How many times it repeats.
    open var repeatCount: Float = 0
    /// For how long it repeats.
    open var repeatDuration: CFTimeInterval = 0
    /// Whether it plays backwards after each forward repetition.
    open var autoreverses = false
    /// How its values apply outside its active time.
    open var fillMode = CAMediaTimingFillMode.removed
    /// Whether it is removed from the layer when it ends.
    open var isRemovedOnCompletion = true

    public required override init() {
        super.init()
    }

    /// A copy with the same timing (subclasses copy their own properties).
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copy.beginTime = beginTime
        copy.duration = duration
        copy.speed = speed
        copy.timeOffset = timeOffset
        copy.repeatCount = repeatCount
        copy.repeatDuration = repeatDuration
        copy.autoreverses = autoreverses
        copy.fillMode = fillMode
        copy.isRemovedOnCompletion = isRemovedOnCompletion
        return copy
    }
}

/// An animation of one property, named by a key path ("opacity", "position.x").
open class CAPropertyAnimation: CAAnimation {
    /// The animated property.
    open var keyPath: String?
    /// Whether values add to the current one.
    open var isAdditive = false
    /// Whether repetitions build on the previous one's end.
    open var isCumulative = false

    public required init() {
        super.init()
    }

    /// An animation of the property at `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! CAPropertyAnimation
        copy.keyPath = keyPath
        copy.isAdditive = isAdditive
        copy.isCumulative = isCumulative
        return copy
    }
}

/// An animation of one property between two values.
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?

    public required init() {
        super.init()
    }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! CABasicAnimation
        copy.fromValue = fromValue
        copy.toValue = toValue
        copy.byValue = byValue
        return copy
    }
}

/// An animation of one property through a list of values.
open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]?
    open var keyTimes: [NSNumber]?

    public required init() {
        super.init()
    }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! CAKeyframeAnimation
        copy.values = values
        copy.keyTimes = keyTimes
        return copy
    }
}

/// Animations that run together.
open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]?

    public required init() {
        super.init()
    }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! CAAnimationGroup
        copy.animations = animations
        return copy
    }
}
