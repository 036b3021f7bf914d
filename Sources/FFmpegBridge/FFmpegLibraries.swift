// The one Swift module that imports FFmpeg's C API (libyuv's kernels are Raster's). Nothing above this module
// sees a C type: every wrapper here owns its C handles and exposes plain Swift values.
internal import CFFmpeg

/// Which FFmpeg libraries this build is linked against, for tool banners and benchmark reports.
package enum FFmpegLibraries {
    /// The run-time versions of libavcodec, libavutil, libswscale and libswresample, as "major.minor.micro".
    package static var versions: [String: String] {
        [
            "libavcodec": format(avcodec_version()),
            "libavutil": format(avutil_version()),
            "libswscale": format(swscale_version()),
            "libswresample": format(swresample_version()),
        ]
    }

    /// FFmpeg packs versions as major << 16 | minor << 8 | micro.
    private static func format(_ packed: UInt32) -> String {
        "\(packed >> 16).\((packed >> 8) & 0xFF).\(packed & 0xFF)"
    }
}
