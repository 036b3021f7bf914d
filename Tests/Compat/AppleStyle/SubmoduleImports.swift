// Submodule imports, as code for Apple platforms sometimes writes them (Apple's frameworks are Clang modules with a
// submodule per header), and AVMakeRect to letterbox a track into a render size, as thumbnailers and compositions
// do. It must compile unchanged against Apple's SDKs.
import AVFoundation.AVAssetWriter
import AVFoundation.AVUtilities
import CoreMedia.CMTime
import CoreVideo.CVPixelBuffer

/// Where a clip's picture lands when it is fitted into a square render size.
func checkSubmoduleImports(_ url: URL) throws {
    let asset = AVURLAsset(url: url)
    guard let track = asset.tracks(withMediaType: .video).first else { fail("no video track in \(url.lastPathComponent)") }
    let renderRect = CGRect(x: 0, y: 0, width: 720, height: 720)
    let fitted = AVMakeRect(aspectRatio: track.naturalSize, insideRect: renderRect)
    let aspect = track.naturalSize.width / track.naturalSize.height
    check(abs(fitted.width / fitted.height - aspect) < 0.01, "AVMakeRect kept \(fitted.size), natural size \(track.naturalSize)")
    check(abs(fitted.midX - 360) < 0.01 && abs(fitted.midY - 360) < 0.01, "AVMakeRect did not centre: \(fitted)")
    check(fitted.width == 720 || fitted.height == 720, "AVMakeRect did not fill one side: \(fitted)")
    let half = CMTimeMultiplyByFloat64(asset.duration, multiplier: 0.5)
    check(CMTimeCompare(half, asset.duration) < 0, "CMTime from import CoreMedia.CMTime")
    var buffer: CVPixelBuffer?
    check(CVPixelBufferCreate(kCFAllocatorDefault, 16, 16, kCVPixelFormatType_32BGRA, nil, &buffer) == kCVReturnSuccess,
          "CVPixelBufferCreate from import CoreVideo.CVPixelBuffer")
}
