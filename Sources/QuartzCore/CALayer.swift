import CoreFoundationShims
import CoreGraphics
import Foundation

/// A rectangle of layered content (Core Animation's CALayer.h), kept as a description for offline rendering:
/// AV Foundation's Core Animation tool reads a layer tree (geometry, background colour, image contents, opacity)
/// and draws it over or around composed video frames. Nothing here draws on screen.
///
/// Geometry is Core Animation's: a layer's `bounds` is its own coordinate space, `position` is where its
/// `anchorPoint` (a fraction of the bounds, (0.5, 0.5) by default) sits in the superlayer's space, and `frame`
/// is derived from both. `isGeometryFlipped` makes the layer's space (where its sublayers are placed) count y
/// downward from its top instead of upward from its bottom.
///
/// Thread safety: every property is guarded by the layer's own lock; no two layers' locks are held at once.
// Safe because every property is guarded by the layer's own lock.
open class CALayer: NSObject, @unchecked Sendable {
    private struct State {
        var bounds = CGRect.zero
        var position = CGPoint.zero
        var anchorPoint = CGPoint(x: 0.5, y: 0.5)
        var opacity: Float = 1
        var isHidden = false
        var contents: Any?
        var contentsGravity = CALayerContentsGravity.resize
        var contentsScale: CGFloat = 1
        var backgroundColor: CGColor?
        var sublayers: [CALayer]?
        weak var superlayer: CALayer?
        var isGeometryFlipped = false
        var masksToBounds = false
        var mask: CALayer?
        var transform = CATransform3DIdentity
        var sublayerTransform = CATransform3DIdentity
        var name: String?
        var animations: [(key: String, animation: CAAnimation)] = []
    }

    private let lock = NSLock()
    private var state = State()

    /// A layer with empty bounds at the origin, opaque, with no contents or sublayers.
    public override init() {
        super.init()
    }

    private func read<T>(_ body: (State) -> T) -> T { lock.withLock { body(state) } }
    private func write(_ body: (inout State) -> Void) { lock.withLock { body(&state) } }

    // MARK: Geometry

    /// The layer's own coordinate space.
    open var bounds: CGRect {
        get { read(\.bounds) }
        set { write { $0.bounds = newValue } }
    }

    /// Where the anchor point sits, in the superlayer's space.
    open var position: CGPoint {
        get { read(\.position) }
        set { write { $0.position = newValue } }
    }

    /// The point of the bounds (as fractions of its size) that `position` places; (0.5, 0.5) is the centre.
    open var anchorPoint: CGPoint {
        get { read(\.anchorPoint) }
        set { write { $0.anchorPoint = newValue } }
    }

    /// The layer's rectangle in the superlayer's space: its bounds' size placed so that the anchor point is at
    /// `position`. Setting it sets `position` and the size of `bounds` (for a layer without a transform, the only
    /// kind the Core Animation tool renders).
    open var frame: CGRect {
        get {
            read { state in
                CGRect(x: state.position.x - state.anchorPoint.x * state.bounds.width,
                       y: state.position.y - state.anchorPoint.y * state.bounds.height,
                       width: state.bounds.width, height: state.bounds.height)
            }
        }
        set {
            let rect = newValue.standardized
            write { state in
                state.bounds.size = rect.size
                state.position = CGPoint(x: rect.minX + state.anchorPoint.x * rect.width,
                                         y: rect.minY + state.anchorPoint.y * rect.height)
            }
        }
    }

    /// Whether the layer's space counts y downward from the top of its bounds (for its sublayers' geometry).
    open var isGeometryFlipped: Bool {
        get { read(\.isGeometryFlipped) }
        set { write { $0.isGeometryFlipped = newValue } }
    }

    /// The layer's transform, about its anchor point.
    open var transform: CATransform3D {
        get { read(\.transform) }
        set { write { $0.transform = newValue } }
    }

    /// The transform applied to the sublayers.
    open var sublayerTransform: CATransform3D {
        get { read(\.sublayerTransform) }
        set { write { $0.sublayerTransform = newValue } }
    }

    /// The transform as an affine transform (its 2-D part).
    open func affineTransform() -> CGAffineTransform {
        CATransform3DGetAffineTransform(transform)
    }

    /// Sets the transform to an affine transform.
    open func setAffineTransform(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }

    // MARK: Appearance

    /// The layer's opacity, 0 to 1.
    open var opacity: Float {
        get { read(\.opacity) }
        set { write { $0.opacity = newValue } }
    }

    /// Whether the layer and its sublayers are not drawn.
    open var isHidden: Bool {
        get { read(\.isHidden) }
        set { write { $0.isHidden = newValue } }
    }

    /// The layer's image (a `CGImage`).
    open var contents: Any? {
        get { read(\.contents) }
        set { write { $0.contents = newValue } }
    }

    /// How the contents image fills the bounds.
    open var contentsGravity: CALayerContentsGravity {
        get { read(\.contentsGravity) }
        set { write { $0.contentsGravity = newValue } }
    }

    /// Image pixels per point of the contents.
    open var contentsScale: CGFloat {
        get { read(\.contentsScale) }
        set { write { $0.contentsScale = newValue } }
    }

    /// The colour that fills the bounds behind the contents.
    open var backgroundColor: CGColor? {
        get { read(\.backgroundColor) }
        set { write { $0.backgroundColor = newValue } }
    }

    /// Whether sublayers and contents are clipped to the bounds.
    open var masksToBounds: Bool {
        get { read(\.masksToBounds) }
        set { write { $0.masksToBounds = newValue } }
    }

    /// A layer whose alpha masks this one.
    open var mask: CALayer? {
        get { read(\.mask) }
        set { write { $0.mask = newValue } }
    }

    /// A name for the layer (used in messages about it).
    open var name: String? {
        get { read(\.name) }
        set { write { $0.name = newValue } }
    }

    // MARK: The layer tree

    /// The layer this one is a sublayer of.
    open var superlayer: CALayer? { read(\.superlayer) }

    /// The sublayers, back to front.
    open var sublayers: [CALayer]? {
        get { read(\.sublayers) }
        set {
            for old in sublayers ?? [] where !(newValue ?? []).contains(where: { $0 === old }) {
                old.write { $0.superlayer = nil }
            }
            for layer in newValue ?? [] {
                layer.detachFromSuperlayer(except: self)
                layer.write { $0.superlayer = self }
            }
            write { $0.sublayers = newValue }
        }
    }

    /// Adds `layer` in front of the other sublayers (removing it from its superlayer first).
    open func addSublayer(_ layer: CALayer) {
        insert(layer) { $0.endIndex }
    }

    /// Inserts `layer` at `idx` of the sublayers (at the end if `idx` is past it).
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        insert(layer) { Swift.min(Int(idx), $0.endIndex) }
    }

    /// Inserts `layer` just behind `sibling` (at the back if `sibling` is not a sublayer).
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        insert(layer) { layers in layers.firstIndex { $0 === sibling } ?? 0 }
    }

    /// Inserts `layer` just in front of `sibling` (at the front if `sibling` is not a sublayer).
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        insert(layer) { layers in layers.firstIndex { $0 === sibling }.map { $0 + 1 } ?? layers.endIndex }
    }

    /// Replaces the sublayer `oldLayer` with `newLayer`.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard read({ $0.sublayers?.contains { $0 === oldLayer } ?? false }) else { return }
        insertSublayer(newLayer, above: oldLayer)
        oldLayer.removeFromSuperlayer()
    }

    /// Removes the layer from its superlayer.
    open func removeFromSuperlayer() {
        detachFromSuperlayer(except: nil)
    }

    private func insert(_ layer: CALayer, at index: ([CALayer]) -> Int) {
        guard layer !== self else { return }
        layer.detachFromSuperlayer(except: nil)
        write { state in
            var layers = state.sublayers ?? []
            layers.insert(layer, at: index(layers))
            state.sublayers = layers
        }
        layer.write { $0.superlayer = self }
    }

    /// Takes the layer out of its superlayer's sublayers, unless that superlayer is `keeper`.
    private func detachFromSuperlayer(except keeper: CALayer?) {
        guard let parent = superlayer, parent !== keeper else { return }
        parent.write { state in
            state.sublayers?.removeAll { $0 === self }
            if state.sublayers?.isEmpty == true { state.sublayers = nil }
        }
        write { $0.superlayer = nil }
    }

    // MARK: Animations

    /// Adds a copy of `anim` under `key` (replacing one with the same key). Animations are recorded, not run: the
    /// Core Animation tool refuses a layer tree that has any (see the README).
    open func add(_ anim: CAAnimation, forKey key: String?) {
        let copy = anim.copy() as? CAAnimation ?? anim
        write { state in
            let key = key ?? "animation-\(state.animations.count)"
            state.animations.removeAll { $0.key == key }
            state.animations.append((key, copy))
        }
    }

    /// The animation added under `key`.
    open func animation(forKey key: String) -> CAAnimation? {
        read { $0.animations.first { $0.key == key }?.animation }
    }

    /// The keys of the animations added, or `nil` when there are none.
    open func animationKeys() -> [String]? {
        read { $0.animations.isEmpty ? nil : $0.animations.map(\.key) }
    }

    /// Removes the animation added under `key`.
    open func removeAnimation(forKey key: String) {
        write { $0.animations.removeAll { $0.key == key } }
    }

    /// Removes every animation.
    open func removeAllAnimations() {
        write { $0.animations.removeAll() }
    }
}
