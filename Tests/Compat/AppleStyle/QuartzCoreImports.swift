// A layer-drawing tool's export step with `import QuartzCore` alone: on macOS QuartzCore brings ImageIO and the
// kUTType constants. It must compile unchanged against Apple's SDK for macOS.
import QuartzCore

/// Draws a filled square into a bitmap and saves it as JPEG; true when ImageIO wrote a file that reads back as one image.
func checkQuartzCoreImports(_ directory: URL) -> Bool {
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
    guard let context = CGContext(data: nil, width: Int(layer.bounds.width), height: Int(layer.bounds.height),
                                  bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return false }
    context.setFillColor(CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1))
    context.fill(layer.bounds)
    guard let image = context.makeImage() else { return false }
    let url = directory.appendingPathComponent("quartzcore-square.jpg")
    try? FileManager.default.removeItem(at: url)
    guard let destination = CGImageDestinationCreateWithURL(url as CFURL, kUTTypeJPEG, 1, nil) else { return false }
    CGImageDestinationAddImage(destination, image, [kCGImageDestinationLossyCompressionQuality: 0.9] as CFDictionary)
    guard CGImageDestinationFinalize(destination), let source = CGImageSourceCreateWithURL(url as CFURL, nil) else {
        return false
    }
    return CGImageSourceGetCount(source) == 1 && CGImageSourceCreateImageAtIndex(source, 0, nil)?.width == 32
}
