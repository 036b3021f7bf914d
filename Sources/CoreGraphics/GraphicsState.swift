/// What `saveGState()` saves and `restoreGState()` restores.
struct GraphicsState {
    /// User space to the context's y-up device space.
    var ctm = CGAffineTransform.identity
    /// The fill colour as straight (not premultiplied) device RGB and alpha, 0…1.
    var fillColor: (red: Double, green: Double, blue: Double, alpha: Double) = (0, 0, 0, 1)
    /// The global opacity of drawing.
    var alpha: Double = 1
    var blendMode = CGBlendMode.normal
    var interpolationQuality = CGInterpolationQuality.default
    var shouldAntialias = true
    var allowsAntialiasing = true
}
