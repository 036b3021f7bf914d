import CoreGraphics
import Foundation

/// How a text layer aligns its lines (CATextLayer.h).
public struct CATextLayerAlignmentMode: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// A layer that shows text (CATextLayer.h). Kept so that watermark code which builds one compiles; there is no
/// text renderer here, so AV Foundation's Core Animation tool refuses a layer tree that has one (see the README).
// Safe because `textLock` guards its `var`s; the superclass guards its own.
open class CATextLayer: CALayer, @unchecked Sendable {
    private let textLock = NSLock()
    private var storedString: Any?
    private var storedFontSize: CGFloat = 36
    private var storedForegroundColor: CGColor? = CGColor.white
    private var storedAlignmentMode = CATextLayerAlignmentMode.natural
    private var storedIsWrapped = false

    /// The text (a `String` or an attributed string).
    open var string: Any? {
        get { textLock.withLock { storedString } }
        set { textLock.withLock { storedString = newValue } }
    }

    /// The font size, in points.
    open var fontSize: CGFloat {
        get { textLock.withLock { storedFontSize } }
        set { textLock.withLock { storedFontSize = newValue } }
    }

    /// The text colour.
    open var foregroundColor: CGColor? {
        get { textLock.withLock { storedForegroundColor } }
        set { textLock.withLock { storedForegroundColor = newValue } }
    }

    /// How lines are aligned.
    open var alignmentMode: CATextLayerAlignmentMode {
        get { textLock.withLock { storedAlignmentMode } }
        set { textLock.withLock { storedAlignmentMode = newValue } }
    }

    /// Whether long lines wrap.
    open var isWrapped: Bool {
        get { textLock.withLock { storedIsWrapped } }
        set { textLock.withLock { storedIsWrapped = newValue } }
    }
}
