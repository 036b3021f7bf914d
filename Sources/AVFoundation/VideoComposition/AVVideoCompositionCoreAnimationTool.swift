import Foundation

/// Draws Core Animation layers over composed video frames (AVVideoCompositing.h).
open class AVVideoCompositionCoreAnimationTool: NSObject, @unchecked Sendable {
}
