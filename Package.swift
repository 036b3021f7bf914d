// swift-tools-version:6.0
// LinuxAVFoundation: Apple's AVFoundation asset pipeline for Swift on Linux.
// Module layout and dependency rules: docs/ARCHITECTURE.md.
import PackageDescription

/// Apple's module names, shipped together as the `AVFoundation` library product so one
/// `import AVFoundation` gives what it gives on a Mac.
let appleModules = [
    "AVFoundation", "CoreMedia", "CoreVideo", "CoreAudioTypes", "CoreGraphics", "VideoToolbox",
    "CoreFoundationShims",
]

let package = Package(
    name: "LinuxAVFoundation",
    products: [
        .library(name: "AVFoundation", targets: appleModules),
    ],
    dependencies: [],
    targets: [
        // C system libraries. Only FFmpegBridge may import them.
        .systemLibrary(
            name: "CFFmpeg",
            path: "Sources/CFFmpeg",
            pkgConfig: "libavcodec libavutil libswscale libswresample",
            providers: [.apt(["libavcodec-dev", "libavutil-dev", "libswscale-dev", "libswresample-dev"])]
        ),
        // libyuv-dev ships no .pc file: the module map links "yuv" itself.
        .systemLibrary(name: "CYUV", path: "Sources/CYUV", providers: [.apt(["libyuv-dev"])]),
        .target(name: "FFmpegBridge", dependencies: ["CFFmpeg", "CYUV"]),

        // Apple's small value-type modules.
        .target(name: "CoreFoundationShims"),
        .target(name: "CoreAudioTypes", dependencies: ["CoreFoundationShims"]),
        .target(name: "CoreGraphics", dependencies: ["CoreFoundationShims"]),
        .target(name: "VideoToolbox", dependencies: ["CoreFoundationShims"]),

        // Apple's media modules. CoreVideo sits below CoreMedia, as on Apple platforms:
        // a CMSampleBuffer carries a CVImageBuffer.
        .target(name: "CoreVideo", dependencies: ["CoreFoundationShims", "CoreGraphics"]),
        .target(name: "CoreMedia", dependencies: ["CoreAudioTypes", "CoreVideo"]),

        // Containers and codecs (internal to the package).
        .target(name: "ISOBMFF"),

        // The public API.
        .target(name: "AVFoundation", dependencies: [
            "CoreMedia", "CoreVideo", "CoreAudioTypes", "CoreGraphics", "VideoToolbox", "CoreFoundationShims",
        ]),

        // Tests.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "FFmpegBridgeTests", dependencies: ["FFmpegBridge", "TestSupport"]),
    ]
)
