// swift-tools-version:6.0
// LinuxAVFoundation: Apple's AVFoundation asset pipeline for Swift on Linux.
// Module layout and dependency rules: docs/ARCHITECTURE.md.
import PackageDescription

/// Apple's module names, shipped together as the `AVFoundation` library product so one
/// `import AVFoundation` gives what it gives on a Mac.
let appleModules = [
    "AVFoundation", "CoreMedia", "CoreVideo", "CoreAudioTypes", "CoreGraphics", "QuartzCore", "VideoToolbox",
    "ImageIO", "UniformTypeIdentifiers", "CoreFoundationShims", "_Testing_CoreGraphics", "ObjectiveC",
    "os", "OSLog", "COSUnfairLock", "_KeyValueObserving", "CoreServices", "MobileCoreServices", "AVFAudio",
    "_DispatchSerialQueue", "AudioToolbox",
]

let package = Package(
    name: "LinuxAVFoundation",
    products: [
        .library(name: "AVFoundation", targets: appleModules),
        .executable(name: "avinfo", targets: ["avinfo"]),
        .executable(name: "avconvert", targets: ["avconvert"]),
        .executable(name: "avsplit", targets: ["avsplit"]),
        .executable(name: "avframe", targets: ["avframe"]),
        .executable(name: "avsegment", targets: ["avsegment"]),
    ],
    // `from:`, not `exact:`: a library's exact pins would clash with any other version a client's graph has.
    dependencies: [
        .package(url: "https://github.com/attaswift/BigInt", from: "6.0.1"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // The ecosystem's logging API: the os module's Logger and os_log write through it.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // C system libraries. Only the bridge modules may import them (FFmpegBridge, Raster, AudioStretch,
        // StillImageCodecs), each the libraries of its own job.
        .systemLibrary(
            name: "CFFmpeg",
            path: "Sources/CFFmpeg",
            pkgConfig: "libavcodec libavutil libswscale libswresample",
            providers: [.apt(["libavcodec-dev", "libavutil-dev", "libswscale-dev", "libswresample-dev"])]
        ),
        // 2-D compositing (fills, scaled and filtered draws) for the built-in video compositor.
        .systemLibrary(name: "CPixman", path: "Sources/CPixman", pkgConfig: "pixman-1",
                       providers: [.apt(["libpixman-1-dev"])]),
        // libyuv-dev ships no .pc file: the module map links "yuv" itself.
        .systemLibrary(name: "CYUV", path: "Sources/CYUV", providers: [.apt(["libyuv-dev"])]),
        // Time stretching (Sources/MediaCodecs/README.md says which library serves which AVAudioTimePitchAlgorithm).
        .systemLibrary(name: "CRubberBand", path: "Sources/CRubberBand", pkgConfig: "rubberband",
                       providers: [.apt(["librubberband-dev"])]),
        // SoundTouch's C interface (libSoundTouchDll) has no .pc file of its own: the module map links it.
        .systemLibrary(name: "CSoundTouch", path: "Sources/CSoundTouch", providers: [.apt(["libsoundtouch-dev"])]),
        // Still-image codecs for ImageIO: libpng's simplified API (plus zlib's CRC for the chunks ImageIO writes
        // itself) and libjpeg-turbo's TurboJPEG API, both of which report errors by return value, not longjmp.
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng zlib",
                       providers: [.apt(["libpng-dev", "zlib1g-dev"])]),
        .systemLibrary(name: "CTurboJPEG", path: "Sources/CTurboJPEG", pkgConfig: "libturbojpeg",
                       providers: [.apt(["libturbojpeg0-dev"])]),
        // giflib for GIF's blocks and LZW coding (libgif-dev ships no .pc file: the module map links "gif").
        .systemLibrary(name: "CGIF", path: "Sources/CGIF", providers: [.apt(["libgif-dev"])]),
        // Row kernels of our own in C, where Swift cannot reach the processor's byte shuffles (Raster's PlaneDrawing).
        .target(name: "CRowKernels"),
        // Pixel work over plain plane descriptors, with no codec in it: pixman fills and draws (Core Graphics' bitmap
        // contexts, the video compositor), Y′CbCr plane draws (libyuv, CRowKernels), libyuv's whole-picture
        // conversions, scales and quarter turns (for FFmpegBridge's converter). The one importer of pixman and libyuv.
        // CoreGraphics needs only this, so nothing that imports CoreGraphics (CoreVideo, CoreMedia, the containers)
        // links a codec library.
        .target(name: "Raster", dependencies: ["CPixman", "CYUV", "CRowKernels"]),
        // FFmpeg only: codecs, swscale, swresample. Its converter plans libyuv's faster paths; Raster runs them.
        .target(name: "FFmpegBridge", dependencies: ["CFFmpeg", "Raster"]),
        // Time stretchers over Rubber Band and SoundTouch, for AVAudioTimePitchAlgorithm's scaled edits.
        .target(name: "AudioStretch", dependencies: ["CRubberBand", "CSoundTouch"]),
        // PNG, JPEG and GIF files to and from interleaved 8-bit pixels, for ImageIO. Only these codecs' C libraries.
        .target(name: "StillImageCodecs", dependencies: ["CPNG", "CTurboJPEG", "CGIF"]),

        // Apple's small value-type modules.
        .target(name: "CoreFoundationShims", dependencies: ["_DispatchSerialQueue"]),
        // The Objective-C runtime calls Swift code for Apple platforms makes: objc_sync_enter/exit, autoreleasepool.
        .target(name: "ObjectiveC"),
        // Foundation's key-value observing (observe(_:options:changeHandler:), willChangeValue(forKey:)…), which
        // Linux's Foundation lacks; AVFoundation re-exports it and announces its own observable properties through it.
        .target(name: "_KeyValueObserving"),
        // Dispatch's DispatchSerialQueue and its use as an actor's executor (macOS 14 / iOS 17), which Linux's
        // Dispatch lacks; re-exported by CoreFoundationShims, as Apple's Foundation brings Dispatch.
        .target(name: "_DispatchSerialQueue"),
        // Apple's os module: os_unfair_lock (its futex word in C, COSUnfairLock), OSAllocatedUnfairLock, and
        // Logger/os_log writing through swift-log. OSLog re-exports it, as Apple's OSLog framework does.
        .target(name: "COSUnfairLock"),
        .target(name: "os", dependencies: ["COSUnfairLock", .product(name: "Logging", package: "swift-log")]),
        .target(name: "OSLog", dependencies: ["os"]),
        .target(name: "CoreAudioTypes", dependencies: ["CoreFoundationShims"]),
        // CoreGraphics carries the (empty) cross-import overlay Swift Testing expects for a module of that name,
        // so that `import Testing` beside `import AVFoundation` compiles on Linux.
        .target(name: "_Testing_CoreGraphics"),
        // Bitmap contexts draw with pixman through Raster (docs/ARCHITECTURE.md says why there).
        .target(name: "CoreGraphics", dependencies: ["CoreFoundationShims", "_Testing_CoreGraphics", "Raster"]),
        // Uniform type identifiers: a table of the declared types and their tags. Foundation only.
        .target(name: "UniformTypeIdentifiers"),
        // The pre-iOS 14 UTType functions and kUTType constants (macOS's CoreServices, iOS's MobileCoreServices,
        // which re-exports it) over UniformTypeIdentifiers.
        .target(name: "CoreServices", dependencies: ["CoreFoundationShims", "UniformTypeIdentifiers"]),
        .target(name: "MobileCoreServices", dependencies: ["CoreServices", "UniformTypeIdentifiers"]),
        // Image files: CGImageSource and CGImageDestination for PNG, JPEG and (animated) GIF over StillImageCodecs.
        .target(name: "ImageIO", dependencies: ["CoreFoundationShims", "CoreGraphics", "StillImageCodecs"]),
        .target(name: "VideoToolbox", dependencies: ["CoreFoundationShims"]),
        // Core Animation's layer model, as far as AV Foundation's offline rendering reads it.
        .target(name: "QuartzCore", dependencies: ["CoreFoundationShims", "CoreGraphics", "ImageIO", "CoreServices"]),

        // Apple's media modules. CoreVideo sits below CoreMedia, as on Apple platforms:
        // a CMSampleBuffer carries a CVImageBuffer.
        .target(name: "CoreVideo", dependencies: ["MediaFormats", "CoreFoundationShims", "CoreGraphics"]),
        .target(name: "CoreMedia", dependencies: ["MediaFormats", "CoreAudioTypes", "CoreVideo", "CMappingGuard"]),
        // Turns SIGBUS from a mapped file that another process truncates into an error for that read
        // (MappedFile); C because the handler runs in signal context.
        .target(name: "CMappingGuard"),

        // Low-level formats shared by the container and codec modules: the byte and bit grammar, codec
        // configuration records, magic cookies, colour code points. Foundation only, at the bottom of the graph.
        .target(name: "MediaFormats"),
        // HLS playlists (RFC 8216, rfc8216bis) and RFC 6381 codec strings, for the segmenter. Over MediaFormats only.
        .target(name: "HTTPLiveStreaming", dependencies: ["MediaFormats"]),
        // Static MPEG-DASH manifests (ISO/IEC 23009-1) of segmented packages, for the segmenter. Standard library only.
        .target(name: "DynamicAdaptiveStreaming"),

        // Containers and codecs (internal to the package; see docs/ARCHITECTURE.md).
        .target(name: "ISOBMFF", dependencies: ["MediaFormats"]),
        // What every container reader gives the asset layer: sample tables and a neutral track model.
        .target(name: "MediaContainer", dependencies: ["CoreMedia"]),
        .target(name: "MovieFile", dependencies: ["MediaFormats", "ISOBMFF", "MediaContainer", "CoreMedia"]),
        .target(name: "AudioFile", dependencies: ["MediaFormats", "MediaContainer", "CoreMedia"]),
        // The built-in video compositor's pixel work: layers drawn into one frame over Raster's planes. No codec:
        // conversions between pixel formats are its caller's (MediaCodecs supplies FFmpeg's image converter).
        .target(name: "LayerCompositing", dependencies: ["Raster", "CoreVideo", "CoreGraphics"],
                exclude: ["README.md"]),
        .target(name: "MediaCodecs", dependencies: ["MediaFormats", "FFmpegBridge", "Raster", "AudioStretch",
                                                   "LayerCompositing", "CoreMedia", "CoreVideo", "CoreGraphics",
                                                   "VideoToolbox"],
                exclude: ["README.md"]),

        // Makes an NSObject subclass from its class object, as Objective-C's alloc/init does (custom video
        // compositors are given as classes). C because the call needs Swift's calling convention by hand.
        .target(name: "CNSObjectFactory"),

        // The public API.
        .target(name: "AVFoundation", dependencies: [
            "CoreMedia", "CoreVideo", "CoreAudioTypes", "CoreGraphics", "QuartzCore", "VideoToolbox", "CoreFoundationShims",
            "ImageIO", "UniformTypeIdentifiers", "MediaFormats", "MediaContainer", "MediaCodecs", "MovieFile", "AudioFile", "CNSObjectFactory",
            "ObjectiveC", "_KeyValueObserving", "FrameworkSubmodules", "CoreServices", "LayerCompositing",
        ]),
        .target(name: "FrameworkSubmodules"),
        // `import AVFAudio`: re-exports AVFoundation, where the AVFAudio classes are declared (they read through its engine).
        .target(name: "AVFAudio", dependencies: ["AVFoundation"]),
        // `import AudioToolbox`: ExtAudioFile's C-style calls over AVAudioFile and AVAudioConverter; AudioFile's over
        // the package's container readers and writers (packets as they are stored); AudioConverter's over
        // AVAudioConverter. Re-exports CoreAudioTypes only, as Apple's does (not AVFoundation).
        .target(name: "AudioToolbox", dependencies: ["AVFoundation", "CoreAudioTypes", "CoreMedia", "MediaContainer",
                                                   "AudioFile", "MovieFile"]),

        // Tools over the public API.
        .executableTarget(name: "avinfo", dependencies: ["AVFoundation"]),
        // What the tools share: the export presets under avconvert's names, output types by extension.
        .target(name: "ToolSupport", dependencies: ["AVFoundation"]),
        .executableTarget(name: "avconvert", dependencies: ["AVFoundation", "ToolSupport"]),
        // Segmented exports across processes and machines: plan, encode a segment, stitch.
        .executableTarget(name: "avsplit", dependencies: ["AVFoundation", "ToolSupport"]),
        .executableTarget(name: "demo", dependencies: ["AVFoundation"]),
        .executableTarget(name: "avbench", dependencies: ["AVFoundation"]),
        .executableTarget(name: "avframe", dependencies: ["AVFoundation", "ImageIO", "UniformTypeIdentifiers"]),
        .executableTarget(name: "avsegment", dependencies: ["AVFoundation", "UniformTypeIdentifiers", "HTTPLiveStreaming",
                                                            "DynamicAdaptiveStreaming", "MediaFormats"]),

        // libFuzzer targets (`make fuzz`); a normal build links a stub main.
        .executableTarget(name: "isobmff-fuzz", dependencies: ["ISOBMFF"]),
        .executableTarget(name: "moviefile-fuzz", dependencies: ["MovieFile"]),
        .executableTarget(name: "audiofile-fuzz", dependencies: ["AudioFile"]),
        .executableTarget(name: "avassetwriter-fuzz", dependencies: ["AVFoundation"]),
        .executableTarget(name: "avexport-fuzz", dependencies: ["AVFoundation"]),

        // Tests.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // Rewrites of real movies through the box model, for tests that need quirks ffmpeg does not write.
        .target(name: "MovieTestSupport", dependencies: ["ISOBMFF"], path: "Tests/MovieTestSupport"),
        .testTarget(name: "MediaFormatsTests", dependencies: ["MediaFormats", "TestSupport"]),
        .testTarget(name: "HTTPLiveStreamingTests", dependencies: ["HTTPLiveStreaming", "TestSupport"]),
        .testTarget(name: "DynamicAdaptiveStreamingTests", dependencies: ["DynamicAdaptiveStreaming"]),
        .testTarget(name: "CoreAudioTypesTests", dependencies: ["CoreAudioTypes"]),
        .testTarget(name: "AVFAudioTests", dependencies: ["AVFAudio", "TestSupport"]),
        .testTarget(name: "AudioToolboxTests", dependencies: ["AudioToolbox", "AVFAudio", "TestSupport"]),
        .testTarget(name: "CoreFoundationShimsTests", dependencies: ["CoreFoundationShims"]),
        .testTarget(name: "DispatchSerialQueueTests", dependencies: ["_DispatchSerialQueue"]),
        .testTarget(name: "ObjectiveCTests", dependencies: ["ObjectiveC"]),
        .testTarget(name: "KeyValueObservingTests", dependencies: ["_KeyValueObserving"]),
        .testTarget(name: "osTests", dependencies: ["os", "OSLog", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "CoreGraphicsTests", dependencies: ["CoreGraphics"]),
        .testTarget(name: "UniformTypeIdentifiersTests", dependencies: ["UniformTypeIdentifiers"]),
        .testTarget(name: "CoreServicesTests", dependencies: ["MobileCoreServices"]),
        .testTarget(name: "ImageIOTests", dependencies: ["ImageIO", "UniformTypeIdentifiers", "TestSupport"]),
        .testTarget(name: "CoreMediaTests", dependencies: ["CoreMedia", "TestSupport", .product(name: "BigInt", package: "BigInt")]),
        .testTarget(name: "MediaContainerTests", dependencies: ["MediaContainer"]),
        .testTarget(name: "CoreVideoTests", dependencies: ["CoreVideo", "TestSupport"]),
        .testTarget(name: "ISOBMFFTests", dependencies: ["ISOBMFF", "MediaFormats", "TestSupport"], exclude: ["Corpus"]),
        .testTarget(name: "MovieFileTests", dependencies: ["MovieFile", "MediaFormats", "TestSupport", "MovieTestSupport"],
                    exclude: ["Corpus"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster"]),
        .testTarget(name: "AudioStretchTests", dependencies: ["AudioStretch"]),
        .testTarget(name: "StillImageCodecsTests", dependencies: ["StillImageCodecs"]),
        .testTarget(name: "FFmpegBridgeTests", dependencies: ["FFmpegBridge", "Raster", "MediaFormats", "TestSupport"]),
        .testTarget(name: "MediaCodecsTests", dependencies: ["MediaCodecs", "MediaFormats", "TestSupport"]),
        // The compositor's tests convert through MediaCodecs' converter, as AVFoundation's compositors do.
        .testTarget(name: "LayerCompositingTests", dependencies: ["LayerCompositing", "MediaCodecs", "TestSupport"]),
        .testTarget(name: "AudioFileTests", dependencies: ["AudioFile", "MediaFormats", "TestSupport"], exclude: ["Corpus"]),
        .testTarget(name: "ToolTests", dependencies: ["TestSupport", "ImageIO"], exclude: ["Corpus"]),
        .testTarget(name: "AVFoundationTests", dependencies: ["AVFoundation", "MediaContainer", "TestSupport",
                                                            "MovieTestSupport"]),
    ]
)
