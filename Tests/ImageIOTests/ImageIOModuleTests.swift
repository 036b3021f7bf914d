import ImageIO
import Testing

@Suite("ImageIO module")
struct ImageIOModuleTests {
    @Test("re-exports Core Graphics' image types")
    func reexports() {
        #expect(CGColorSpaceCreateDeviceRGB().numberOfComponents == 3)
    }
}
