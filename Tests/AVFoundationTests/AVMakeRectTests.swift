import Testing
import AVFoundation

@Suite("AVMakeRect")
struct AVMakeRectTests {
    @Test("fits the aspect ratio inside the bounds, centred: letterbox, pillarbox, exact fit, offset bounds")
    func fits() {
        // 16:9 video in a 4:3 view: full width, bars above and below.
        #expect(AVMakeRect(aspectRatio: CGSize(width: 1920, height: 1080), insideRect: CGRect(x: 0, y: 0, width: 640, height: 480))
                == CGRect(x: 0, y: 60, width: 640, height: 360))
        // Portrait 9:16 in a landscape 1920x1080 frame: full height, bars left and right.
        #expect(AVMakeRect(aspectRatio: CGSize(width: 1080, height: 1920), insideRect: CGRect(x: 0, y: 0, width: 1920, height: 1080))
                == CGRect(x: 656.25, y: 0, width: 607.5, height: 1080))
        #expect(AVMakeRect(aspectRatio: CGSize(width: 2, height: 1), insideRect: CGRect(x: 10, y: 20, width: 200, height: 100))
                == CGRect(x: 10, y: 20, width: 200, height: 100))
        // Only the ratio counts: a small size is scaled up to fill.
        #expect(AVMakeRect(aspectRatio: CGSize(width: 4, height: 3), insideRect: CGRect(x: -100, y: -100, width: 800, height: 800))
                == CGRect(x: -100, y: 0, width: 800, height: 600))
    }

    @Test("no ratio: the empty rectangle at the centre")
    func degenerate() {
        let bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        #expect(AVMakeRect(aspectRatio: .zero, insideRect: bounds) == CGRect(x: 50, y: 25, width: 0, height: 0))
        #expect(AVMakeRect(aspectRatio: CGSize(width: -1, height: 1), insideRect: bounds).size == .zero)
    }
}
