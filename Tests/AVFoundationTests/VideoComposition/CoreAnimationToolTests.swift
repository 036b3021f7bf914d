@testable import AVFoundation
import CoreGraphics
import CoreMedia
import Foundation
import QuartzCore
import Testing

/// CALayer's geometry and tree, and the Core Animation tool's render plan: where layers land in render
/// coordinates (top-left origin, y down), flipped and unflipped, and what is refused.
@Suite("QuartzCore layers and the Core Animation tool")
struct CoreAnimationToolTests {
    static let renderSize = CGSize(width: 400, height: 300)

    static func image(width: Int, height: Int) throws -> CGImage {
        let bytes = [UInt8](repeating: 0xFF, count: width * height * 4)
        let provider = try #require(CGDataProvider(data: Data(bytes)))
        let space = try #require(CGColorSpace(name: CGColorSpace.sRGB))
        let info = CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue).union(.byteOrder32Little)
        return try #require(CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32,
                                    bytesPerRow: width * 4, space: space, bitmapInfo: info, provider: provider,
                                    decode: nil, shouldInterpolate: true, intent: .defaultIntent))
    }

    static func layer(_ frame: CGRect, name: String? = nil) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.name = name
        return layer
    }

    /// The watermark idiom: an animation layer the size of the video, holding the video layer and an overlay.
    static func watermark(overlay: CALayer, flipped: Bool = false) -> (AVVideoCompositionCoreAnimationTool, CALayer) {
        let parent = layer(CGRect(origin: .zero, size: renderSize), name: "parent")
        let video = layer(CGRect(origin: .zero, size: renderSize), name: "video")
        parent.isGeometryFlipped = flipped
        parent.addSublayer(video)
        parent.addSublayer(overlay)
        return (AVVideoCompositionCoreAnimationTool(postProcessingAsVideoLayer: video, in: parent), parent)
    }

    /// The rectangles of the plan's operations, in order, with a letter for their kind.
    static func rects(_ plan: CoreAnimationRenderPlan) -> [String] {
        plan.operations.map { operation in
            let (kind, rect): (String, CGRect) = switch operation {
            case .fill(let rect, _, _, _): ("fill", rect)
            case .image(_, let rect, _, _): ("image", rect)
            case .video(_, let rect, _, _): ("video", rect)
            }
            return "\(kind) \(Int(rect.minX)),\(Int(rect.minY)) \(Int(rect.width))x\(Int(rect.height))"
        }
    }

    static func refusal(_ tool: AVVideoCompositionCoreAnimationTool) -> String? {
        do {
            _ = try tool.makeRenderPlan(renderSize: renderSize)
            return nil
        } catch {
            #expect(error.code == .invalidVideoComposition)
            return error.localizedDescription
        }
    }

    @Test("geometry: frame from position, anchor point and bounds, and back")
    func geometry() {
        let layer = CALayer()
        #expect(layer.anchorPoint == CGPoint(x: 0.5, y: 0.5) && layer.opacity == 1 && layer.frame == .zero)
        layer.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(layer.position == CGPoint(x: 60, y: 45) && layer.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        layer.anchorPoint = .zero
        #expect(layer.frame == CGRect(x: 60, y: 45, width: 100, height: 50), "the anchor moves, the position stays")
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        #expect(layer.frame == CGRect(x: 60, y: 45, width: 40, height: 20))
        #expect(AVCoreAnimationBeginTimeAtZero == 1e-100)
    }

    @Test("the layer tree: add, insert, move between parents, remove")
    func tree() {
        let parent = CALayer(), other = CALayer()
        let a = CALayer(), b = CALayer(), c = CALayer()
        parent.addSublayer(a)
        parent.addSublayer(c)
        parent.insertSublayer(b, above: a)
        #expect(parent.sublayers?.map(ObjectIdentifier.init) == [a, b, c].map(ObjectIdentifier.init))
        other.insertSublayer(b, at: 0)
        #expect(parent.sublayers?.count == 2 && b.superlayer === other)
        parent.insertSublayer(b, below: a)
        #expect(parent.sublayers?.first === b && other.sublayers == nil)
        a.removeFromSuperlayer()
        #expect(a.superlayer == nil && parent.sublayers?.count == 2)
        parent.sublayers = [c]
        #expect(b.superlayer == nil && c.superlayer === parent)
    }

    @Test("an unflipped animation layer puts y = 0 at the bottom of the video (AV Foundation's watermark quirk)")
    func unflipped() throws {
        let mark = Self.layer(CGRect(x: 10, y: 10, width: 50, height: 20), name: "mark")
        mark.contents = try Self.image(width: 50, height: 20)
        let (tool, _) = Self.watermark(overlay: mark)
        let plan = try tool.makeRenderPlan(renderSize: Self.renderSize)
        #expect(Self.rects(plan) == ["video 0,0 400x300", "image 10,270 50x20"])
    }

    @Test("isGeometryFlipped on the animation layer makes y count down from the top")
    func flipped() throws {
        let mark = Self.layer(CGRect(x: 10, y: 10, width: 50, height: 20))
        mark.contents = try Self.image(width: 50, height: 20)
        let (tool, _) = Self.watermark(overlay: mark, flipped: true)
        #expect(Self.rects(try tool.makeRenderPlan(renderSize: Self.renderSize))
                == ["video 0,0 400x300", "image 10,10 50x20"])
    }

    @Test("nested layers: sublayers placed in their superlayer's bounds space; flips compose; bounds origin shifts")
    func nested() throws {
        func plan(rootFlipped: Bool, boxFlipped: Bool, boundsOrigin: CGPoint = .zero) throws -> [String] {
            let box = Self.layer(CGRect(x: 100, y: 50, width: 200, height: 100), name: "box")
            box.bounds.origin = boundsOrigin
            box.isGeometryFlipped = boxFlipped
            box.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            let dot = Self.layer(CGRect(x: 10, y: 10, width: 20, height: 20), name: "dot")
            dot.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            box.addSublayer(dot)
            let (tool, _) = Self.watermark(overlay: box, flipped: rootFlipped)
            return Array(Self.rects(try tool.makeRenderPlan(renderSize: Self.renderSize)).dropFirst())
        }
        // Unflipped: the box spans y 150..250 from the top; the dot sits 10 above the box's bottom edge.
        #expect(try plan(rootFlipped: false, boxFlipped: false) == ["fill 100,150 200x100", "fill 110,220 20x20"])
        // The box flipped: the dot counts from the box's top.
        #expect(try plan(rootFlipped: false, boxFlipped: true) == ["fill 100,150 200x100", "fill 110,160 20x20"])
        // The root flipped: the box counts from the video's top, the dot from the box's top.
        #expect(try plan(rootFlipped: true, boxFlipped: false) == ["fill 100,50 200x100", "fill 110,60 20x20"])
        // Both flipped: flipped twice is unflipped inside the box.
        #expect(try plan(rootFlipped: true, boxFlipped: true) == ["fill 100,50 200x100", "fill 110,120 20x20"])
        // A bounds origin of (5, 5) moves the box's content by (-5, -5) in its own space.
        #expect(try plan(rootFlipped: true, boxFlipped: false, boundsOrigin: CGPoint(x: 5, y: 5))
                == ["fill 100,50 200x100", "fill 105,55 20x20"])
    }

    @Test("opacity multiplies down the tree; hidden layers draw nothing; masksToBounds clips; gravity places images")
    func appearance() throws {
        let box = Self.layer(CGRect(x: 0, y: 0, width: 100, height: 100), name: "box")
        box.opacity = 0.5
        box.masksToBounds = true
        let image = Self.layer(CGRect(x: 0, y: 0, width: 100, height: 100), name: "image")
        image.contents = try Self.image(width: 100, height: 50)
        image.contentsGravity = .resizeAspect
        image.opacity = 0.5
        let hidden = Self.layer(CGRect(x: 0, y: 0, width: 10, height: 10))
        hidden.isHidden = true
        hidden.backgroundColor = .black
        box.addSublayer(image)
        box.addSublayer(hidden)
        let (tool, _) = Self.watermark(overlay: box, flipped: true)
        let plan = try tool.makeRenderPlan(renderSize: Self.renderSize)
        #expect(Self.rects(plan) == ["video 0,0 400x300", "image 0,25 100x50"])
        guard case .image(_, _, let opacity, let clip) = plan.operations.last else {
            Issue.record("no image")
            return
        }
        #expect(opacity == 0.25 && clip == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(CoreAnimationRenderPlan.placement(of: CGSize(width: 100, height: 50),
                                                  in: CGRect(x: 0, y: 0, width: 100, height: 100),
                                                  gravity: .resizeAspectFill) == CGRect(x: -50, y: 0, width: 200, height: 100))
        #expect(CoreAnimationRenderPlan.placement(of: CGSize(width: 10, height: 10),
                                                  in: CGRect(x: 0, y: 0, width: 100, height: 100),
                                                  gravity: .center) == CGRect(x: 45, y: 45, width: 10, height: 10))
    }

    @Test("what cannot be drawn is refused, naming the layer and the property")
    func refusals() throws {
        let animated = Self.layer(CGRect(x: 0, y: 0, width: 10, height: 10), name: "fader")
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.beginTime = AVCoreAnimationBeginTimeAtZero
        fade.isRemovedOnCompletion = false
        animated.add(fade, forKey: "fade")
        let message = try #require(Self.refusal(Self.watermark(overlay: animated).0))
        #expect(message.contains("'fader'") && message.contains("animation") && message.contains("opacity"))

        let text = CATextLayer()
        text.string = "© 2026"
        #expect(Self.refusal(Self.watermark(overlay: text).0)?.contains("CATextLayer") == true)

        let turned = Self.layer(CGRect(x: 0, y: 0, width: 10, height: 10), name: "turned")
        turned.setAffineTransform(CGAffineTransform(rotationAngle: 0.5))
        #expect(Self.refusal(Self.watermark(overlay: turned).0)?.contains("transform") == true)

        let masked = CALayer()
        masked.mask = CALayer()
        #expect(Self.refusal(Self.watermark(overlay: masked).0)?.contains("mask") == true)

        let wrongContents = Self.layer(CGRect(x: 0, y: 0, width: 10, height: 10), name: "label")
        wrongContents.contents = "not an image"
        #expect(Self.refusal(Self.watermark(overlay: wrongContents).0)?.contains("'label' has contents of type") == true)

        let corner = Self.layer(CGRect(x: 0, y: 0, width: 10, height: 10))
        corner.contents = try Self.image(width: 4, height: 4)
        corner.contentsGravity = .topLeft
        #expect(Self.refusal(Self.watermark(overlay: corner).0)?.contains("topLeft") == true)

        let stray = CALayer()
        let orphanTool = AVVideoCompositionCoreAnimationTool(postProcessingAsVideoLayer: stray, in: CALayer())
        #expect(Self.refusal(orphanTool)?.contains("not in the animation layer's tree") == true)
    }

    @Test("the tool's forms: additional layer as a track, several video layers, the iOS 26 configuration")
    func toolForms() throws {
        let additional = Self.layer(CGRect(origin: .zero, size: Self.renderSize))
        additional.backgroundColor = .white
        let trackTool = AVVideoCompositionCoreAnimationTool(additionalLayer: additional, asTrackID: 7)
        #expect(trackTool.additionalTrackID == 7)
        #expect(Self.rects(try trackTool.makeRenderPlan(renderSize: Self.renderSize)) == ["fill 0,0 400x300"])

        let parent = Self.layer(CGRect(origin: .zero, size: Self.renderSize))
        let left = Self.layer(CGRect(x: 0, y: 0, width: 200, height: 300))
        let right = Self.layer(CGRect(x: 200, y: 0, width: 200, height: 300))
        left.contentsGravity = .resizeAspect
        parent.addSublayer(left)
        parent.addSublayer(right)
        let twice = AVVideoCompositionCoreAnimationTool(postProcessingAsVideoLayers: [left, right], in: parent)
        #expect(twice.additionalTrackID == nil)
        #expect(Self.rects(try twice.makeRenderPlan(renderSize: Self.renderSize))
                == ["video 0,75 200x150", "video 200,0 200x300"])

        let configured = AVVideoCompositionCoreAnimationTool(configuration: .init(postProcessingAsVideoLayer: left,
                                                                                  containingLayer: parent))
        #expect(Self.rects(try configured.makeRenderPlan(renderSize: Self.renderSize)) == ["video 0,75 200x150"])
    }
}
