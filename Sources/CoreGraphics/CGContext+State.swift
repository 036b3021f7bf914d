import Foundation

extension CGContext {
    /// The current transformation matrix: user space to the context's device space (y up, one unit a pixel).
    public var ctm: CGAffineTransform { lock.withLock { state.ctm } }

    /// The map from user space to device space (the CTM, as bitmap contexts have no other scale).
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { ctm }

    /// How images drawn at another size are sampled.
    public var interpolationQuality: CGInterpolationQuality {
        get { lock.withLock { state.interpolationQuality } }
        set { lock.withLock { state.interpolationQuality = newValue } }
    }

    /// Pushes a copy of the graphics state (CTM, colours, alpha, blend mode, quality, anti-aliasing).
    public func saveGState() {
        lock.withLock { savedStates.append(state) }
    }

    /// Restores the graphics state last saved; does nothing when none is saved.
    public func restoreGState() {
        lock.withLock {
            if let saved = savedStates.popLast() { state = saved }
        }
    }

    /// Moves user space's origin by (`tx`, `ty`).
    public func translateBy(x tx: CGFloat, y ty: CGFloat) {
        lock.withLock { state.ctm = state.ctm.translatedBy(x: tx, y: ty) }
    }

    /// Scales user space.
    public func scaleBy(x sx: CGFloat, y sy: CGFloat) {
        lock.withLock { state.ctm = state.ctm.scaledBy(x: sx, y: sy) }
    }

    /// Rotates user space by `angle` radians (counter-clockwise, y being up).
    public func rotate(by angle: CGFloat) {
        lock.withLock { state.ctm = state.ctm.rotated(by: angle) }
    }

    /// Applies `transform` to user space before the current CTM.
    public func concatenate(_ transform: CGAffineTransform) {
        lock.withLock { state.ctm = transform.concatenating(state.ctm) }
    }

    /// Sets the colour `fill(_:)` paints with. Colours in grey, RGB and CMYK spaces are understood (no colour
    /// management: CMYK becomes RGB by the naive complement); others leave the colour unchanged.
    public func setFillColor(_ color: CGColor) {
        guard let components = color.components, let model = color.colorSpace?.model else { return }
        let value: (Double, Double, Double, Double)
        switch (model, components.count) {
        case (.monochrome, 2):
            value = (Double(components[0]), Double(components[0]), Double(components[0]), Double(components[1]))
        case (.rgb, 4):
            value = (Double(components[0]), Double(components[1]), Double(components[2]), Double(components[3]))
        case (.cmyk, 5):
            let black = 1 - Double(components[3])
            value = ((1 - Double(components[0])) * black, (1 - Double(components[1])) * black,
                     (1 - Double(components[2])) * black, Double(components[4]))
        default:
            return
        }
        lock.withLock { state.fillColor = value }
    }

    /// Sets the fill colour to device RGB components (clamped to 0…1).
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setFillColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// Sets the fill colour to a device grey.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) {
        setFillColor(CGColor(gray: gray, alpha: alpha))
    }

    /// Sets the fill colour to device CMYK components.
    public func setFillColor(cyan: CGFloat, magenta: CGFloat, yellow: CGFloat, black: CGFloat, alpha: CGFloat) {
        setFillColor(CGColor(genericCMYKCyan: cyan, magenta: magenta, yellow: yellow, black: black, alpha: alpha))
    }

    /// Sets the opacity applied to everything drawn afterwards (clamped to 0…1).
    public func setAlpha(_ alpha: CGFloat) {
        lock.withLock { state.alpha = min(max(Double(alpha), 0), 1) }
    }

    /// Sets how drawing combines with the pixels already there.
    public func setBlendMode(_ mode: CGBlendMode) {
        lock.withLock { state.blendMode = mode }
    }

    /// Sets whether edges that fall between pixels are smoothed (when `allowsAntialiasing` too).
    public func setShouldAntialias(_ shouldAntialias: Bool) {
        lock.withLock { state.shouldAntialias = shouldAntialias }
    }

    /// Sets whether anti-aliasing may be used at all.
    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) {
        lock.withLock { state.allowsAntialiasing = allowsAntialiasing }
    }
}
