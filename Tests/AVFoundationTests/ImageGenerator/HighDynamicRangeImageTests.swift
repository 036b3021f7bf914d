import CoreGraphics
import CoreMedia
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// `dynamicRangePolicy` on high-dynamic-range video: `.forceSDR` (the default) tone-maps BT.2100 PQ and HLG to
/// sRGB (reference white at SDR white, highlights compressed, BT.2020 primaries to BT.709); `.matchSource` gives
/// the pixels as they are.
@Suite("AVAssetImageGenerator on HDR video")
struct HighDynamicRangeImageTests {
    /// A 10-bit HEVC frame, BT.2020, tagged with `transfer` (ffmpeg's name): the left half Y′ = `left`, the right
    /// half Y′ = `right` (limited-range 10-bit codes), neutral chroma.
    static func grayPatches(_ name: String, transfer: String, left: Int, right: Int) throws -> URL {
        try TestFiles.ffmpegMedia(name, folder: "image-generator", recipe: [
            "-f", "lavfi", "-i", "color=c=black:s=64x32:r=25:d=0.2,format=yuv420p10le,"
                + "geq=lum='if(lt(X,32),\(left),\(right))':cb=512:cr=512",
            "-c:v", "libx265", "-x265-params", "log-level=error", "-pix_fmt", "yuv420p10le", "-tag:v", "hvc1",
            "-color_primaries", "bt2020", "-color_trc", transfer, "-colorspace", "bt2020nc",
        ])
    }

    /// The red, green and blue of pixel (x, y) of `image` (8-bit BGRX).
    static func rgb(_ image: CGImage, _ x: Int, _ y: Int) throws -> (Int, Int, Int) {
        let data = try #require(image.dataProvider?.data)
        let at = y * image.bytesPerRow + 4 * x
        return (Int(data[at + 2]), Int(data[at + 1]), Int(data[at]))
    }

    static func firstImage(_ url: URL, policy: AVAssetImageGenerator.DynamicRangePolicy) async throws -> CGImage {
        let generator = AVAssetImageGenerator(asset: AVURLAsset(url: url))
        generator.dynamicRangePolicy = policy
        return try await generator.image(at: .zero).image
    }

    @Test("PQ: reference white (203 nits) comes out near white, 20 nits a dark grey, tagged sRGB; .matchSource keeps PQ codes")
    func perceptualQuantizer() async throws {
        // PQ code values: 203 nits is E′ 0.5806, 20 nits E′ 0.3508; limited-range 10-bit Y′ = 64 + 876 E′.
        let url = try Self.grayPatches("hevc-pq-203-and-20-nits.mp4", transfer: "smpte2084", left: 573, right: 371)
        let mapped = try await Self.firstImage(url, policy: .forceSDR)
        let white = try Self.rgb(mapped, 8, 16), dark = try Self.rgb(mapped, 56, 16)
        // 203 nits → 1.0 of SDR white → the shoulder's 0.93 → sRGB 246; 20 nits → 0.099 → sRGB 89.
        #expect(abs(white.0 - 246) <= 6 && abs(white.1 - 246) <= 6 && abs(white.2 - 246) <= 6, "\(white)")
        #expect(abs(dark.0 - 89) <= 8 && abs(dark.1 - 89) <= 8 && abs(dark.2 - 89) <= 8, "\(dark)")
        #expect(mapped.colorSpace?.name as String? == CGColorSpace.sRGB as String)
        let raw = try await Self.firstImage(url, policy: .matchSource)
        let rawWhite = try Self.rgb(raw, 8, 16)
        // The PQ code itself: E′ 0.58 → 148.
        #expect(abs(rawWhite.1 - 148) <= 4, "\(rawWhite)")
        #expect(raw.colorSpace?.name as String? == CGColorSpace.itur_2100_PQ as String)
    }

    @Test("HLG: 75 % signal (reference white on a 1,000-nit display) comes out near white; 0.3 signal much darker")
    func hybridLogGamma() async throws {
        let url = try Self.grayPatches("hevc-hlg-75-and-30-percent.mp4", transfer: "arib-std-b67", left: 721, right: 327)
        let mapped = try await Self.firstImage(url, policy: .forceSDR)
        let white = try Self.rgb(mapped, 8, 16), dark = try Self.rgb(mapped, 56, 16)
        #expect(white.1 >= 225 && abs(white.0 - white.1) <= 4 && abs(white.2 - white.1) <= 4, "\(white)")
        #expect(dark.1 < 110 && dark.1 > 20, "\(dark)")
    }
}
