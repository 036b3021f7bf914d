/// The declared types: Apple's system declarations (identifiers and conformance from Apple's UTType documentation
/// and its UTCoreTypes.h comments) for the data, image, audio and movie types media code names, with their
/// filename extensions and MIME types, and lookups over them.
enum UTTypeRegistry {
    /// Every declared type. Order matters only between types with the same tag and no conformance between them:
    /// the earlier one is preferred.
    static let declarations: [UTTypeDeclaration] = [
        // Bases.
        .init("public.item", description: "item"),
        .init("public.content", description: "content"),
        .init("public.composite-content", conformsTo: ["public.content"], description: "content"),
        .init("public.data", conformsTo: ["public.item"], description: "data"),
        .init("public.directory", conformsTo: ["public.item"], description: "folder"),
        .init("public.folder", conformsTo: ["public.directory"], description: "folder"),
        .init("public.text", conformsTo: ["public.data", "public.content"], description: "text"),
        .init("public.plain-text", conformsTo: ["public.text"], extensions: ["txt", "text"], mimeTypes: ["text/plain"],
              description: "plain text document"),
        .init("public.utf8-plain-text", conformsTo: ["public.plain-text"], description: "Unicode text"),
        .init("public.xml", conformsTo: ["public.text"], extensions: ["xml"],
              mimeTypes: ["application/xml", "text/xml"], description: "XML text"),
        .init("public.json", conformsTo: ["public.text"], extensions: ["json"], mimeTypes: ["application/json"],
              description: "JSON document"),
        .init("com.adobe.pdf", conformsTo: ["public.data", "public.composite-content"], extensions: ["pdf"],
              mimeTypes: ["application/pdf"], description: "PDF document"),

        // Images.
        .init("public.image", conformsTo: ["public.data", "public.content"], description: "image"),
        .init("public.jpeg", conformsTo: ["public.image"], extensions: ["jpeg", "jpg", "jpe"],
              mimeTypes: ["image/jpeg", "image/jpg"], description: "JPEG image"),
        .init("public.png", conformsTo: ["public.image"], extensions: ["png"], mimeTypes: ["image/png"],
              description: "PNG image"),
        .init("public.tiff", conformsTo: ["public.image"], extensions: ["tiff", "tif"], mimeTypes: ["image/tiff"],
              description: "TIFF image"),
        .init("com.compuserve.gif", conformsTo: ["public.image"], extensions: ["gif"], mimeTypes: ["image/gif"],
              description: "GIF image"),
        .init("com.microsoft.bmp", conformsTo: ["public.image"], extensions: ["bmp", "dib"],
              mimeTypes: ["image/bmp", "image/x-bmp"], description: "Windows BMP image"),
        .init("com.microsoft.ico", conformsTo: ["public.image"], extensions: ["ico"],
              mimeTypes: ["image/vnd.microsoft.icon", "image/x-icon"], description: "Windows icon image"),
        .init("com.apple.icns", conformsTo: ["public.image"], extensions: ["icns"], description: "Apple icon image"),
        .init("public.jpeg-2000", conformsTo: ["public.image"], extensions: ["jp2", "jpf", "jpx", "j2k"],
              mimeTypes: ["image/jp2"], description: "JPEG 2000 image"),
        .init("public.heif-standard", conformsTo: ["public.image"], description: "HEIF image"),
        .init("public.heic", conformsTo: ["public.heif-standard"], extensions: ["heic"], mimeTypes: ["image/heic"],
              description: "HEIC image"),
        .init("public.heif", conformsTo: ["public.heif-standard"], extensions: ["heif", "hif"],
              mimeTypes: ["image/heif"], description: "HEIF image"),
        .init("public.heics", conformsTo: ["public.heif-standard"], extensions: ["heics"],
              mimeTypes: ["image/heic-sequence"], description: "HEIC image sequence"),
        .init("public.avci", conformsTo: ["public.heif-standard"], extensions: ["avci"], mimeTypes: ["image/avci"],
              description: "AVCI image"),
        .init("org.webmproject.webp", conformsTo: ["public.image"], extensions: ["webp"], mimeTypes: ["image/webp"],
              description: "WebP image"),
        .init("public.camera-raw-image", conformsTo: ["public.image"], description: "raw image"),
        .init("com.adobe.raw-image", conformsTo: ["public.camera-raw-image"], extensions: ["dng"],
              mimeTypes: ["image/x-adobe-dng"], description: "DNG image"),
        .init("public.svg-image", conformsTo: ["public.image"], extensions: ["svg", "svgz"],
              mimeTypes: ["image/svg+xml"], description: "SVG image"),
        .init("com.apple.live-photo", description: "Live Photo"),

        // Audio and movies.
        .init("public.audiovisual-content", conformsTo: ["public.data", "public.content"], description: "media"),
        .init("public.movie", conformsTo: ["public.audiovisual-content"], description: "movie"),
        .init("public.video", conformsTo: ["public.movie"], description: "video"),
        .init("public.audio", conformsTo: ["public.audiovisual-content"], description: "audio"),
        .init("com.apple.quicktime-movie", conformsTo: ["public.movie"], extensions: ["mov", "qt"],
              mimeTypes: ["video/quicktime"], description: "QuickTime movie"),
        .init("public.mpeg", conformsTo: ["public.movie"], extensions: ["mpg", "mpeg", "mpe", "m75", "m15"],
              mimeTypes: ["video/mpeg", "video/mpg", "video/x-mpeg", "video/x-mpg"], description: "MPEG movie"),
        .init("public.mpeg-2-video", conformsTo: ["public.video"], extensions: ["m2v"], mimeTypes: ["video/mpeg2"],
              description: "MPEG-2 video"),
        .init("public.mpeg-2-transport-stream", conformsTo: ["public.movie"], extensions: ["ts", "mts", "m2ts"],
              mimeTypes: ["video/mp2t"], description: "MPEG-2 transport stream"),
        .init("public.mpeg-4", conformsTo: ["public.movie"], extensions: ["mp4", "mpeg4"],
              mimeTypes: ["video/mp4", "video/mp4v"], description: "MPEG-4 movie"),
        .init("com.apple.m4v-video", conformsTo: ["public.mpeg-4"], extensions: ["m4v"], mimeTypes: ["video/x-m4v"],
              description: "Apple MPEG-4 movie"),
        .init("com.apple.protected-mpeg-4-video", conformsTo: ["com.apple.m4v-video"],
              description: "protected MPEG-4 movie"),
        .init("public.3gpp", conformsTo: ["public.movie"], extensions: ["3gp", "3gpp", "sdv"],
              mimeTypes: ["video/3gpp", "audio/3gpp"], description: "3GPP movie"),
        .init("public.3gpp2", conformsTo: ["public.movie"], extensions: ["3g2", "3gp2"],
              mimeTypes: ["video/3gpp2", "audio/3gpp2"], description: "3GPP2 movie"),
        .init("public.avi", conformsTo: ["public.movie"], extensions: ["avi", "vfw"],
              mimeTypes: ["video/avi", "video/msvideo", "video/x-msvideo"], description: "AVI movie"),
        .init("public.mpeg-4-audio", conformsTo: ["public.mpeg-4", "public.audio"], extensions: ["m4a"],
              mimeTypes: ["audio/mp4"], description: "MPEG-4 audio"),
        .init("com.apple.m4a-audio", conformsTo: ["public.mpeg-4-audio"], extensions: ["m4a"],
              mimeTypes: ["audio/x-m4a", "audio/m4a"], description: "Apple MPEG-4 audio"),
        .init("com.apple.protected-mpeg-4-audio", conformsTo: ["public.audio"], extensions: ["m4p"],
              description: "protected MPEG-4 audio"),
        .init("public.mp3", conformsTo: ["public.audio"], extensions: ["mp3"],
              mimeTypes: ["audio/mpeg", "audio/mpeg3", "audio/mpg", "audio/mp3", "audio/x-mp3"],
              description: "MP3 audio"),
        .init("public.aifc-audio", conformsTo: ["public.audio"], extensions: ["aifc", "aiffc"],
              mimeTypes: ["audio/x-aifc"], description: "AIFF-C audio"),
        .init("public.aiff-audio", conformsTo: ["public.aifc-audio"], extensions: ["aiff", "aif"],
              mimeTypes: ["audio/aiff", "audio/x-aiff"], description: "AIFF audio"),
        .init("com.microsoft.waveform-audio", conformsTo: ["public.audio"], extensions: ["wav", "wave", "bwf"],
              mimeTypes: ["audio/wav", "audio/wave", "audio/x-wav", "audio/vnd.wave"], description: "Waveform audio"),
        .init("public.midi-audio", conformsTo: ["public.audio"], extensions: ["mid", "midi", "smf", "kar"],
              mimeTypes: ["audio/midi", "audio/x-midi"], description: "MIDI audio"),
        .init("com.apple.coreaudio-format", conformsTo: ["public.audio"], extensions: ["caf"],
              mimeTypes: ["audio/x-caf"], description: "CAF audio"),
        .init("org.3gpp.adaptive-multi-rate-audio", conformsTo: ["public.audio"], extensions: ["amr"],
              mimeTypes: ["audio/amr"], description: "AMR audio"),
        .init("public.ac3-audio", conformsTo: ["public.audio"], extensions: ["ac3"], mimeTypes: ["audio/ac3"],
              description: "AC-3 audio"),
        .init("public.enhanced-ac3-audio", conformsTo: ["public.audio"], extensions: ["eac3", "ec3"],
              mimeTypes: ["audio/eac3"], description: "Enhanced AC-3 audio"),
        .init("public.aac-audio", conformsTo: ["public.audio"], extensions: ["aac", "adts"],
              mimeTypes: ["audio/aac", "audio/x-aac"], description: "AAC audio"),
        .init("public.au-audio", conformsTo: ["public.audio"], extensions: ["au", "snd"], mimeTypes: ["audio/basic"],
              description: "Sun audio"),
        .init("org.xiph.flac", conformsTo: ["public.audio"], extensions: ["flac"], mimeTypes: ["audio/flac"],
              description: "FLAC audio"),
    ]

    /// Declarations by lowercased identifier (identifiers compare without regard to case).
    static let byIdentifier: [String: UTTypeDeclaration] = Dictionary(
        declarations.map { ($0.identifier.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })

    /// Declarations by tag class and lowercased tag, in table order.
    static let byTag: [UTTagClass: [String: [UTTypeDeclaration]]] = {
        var index: [UTTagClass: [String: [UTTypeDeclaration]]] = [:]
        for tagClass in [UTTagClass.filenameExtension, .mimeType] {
            for declaration in declarations {
                for tag in declaration.tags(tagClass) { index[tagClass, default: [:]][tag.lowercased(), default: []].append(declaration) }
            }
        }
        return index
    }()

    /// The declaration of `identifier`, if the type is declared.
    static func declaration(_ identifier: String) -> UTTypeDeclaration? {
        byIdentifier[identifier.lowercased()]
    }

    /// The declared types with `tag` of `tagClass`, most specific first: a type that conforms to another of them
    /// comes before it (so `m4a` names Apple's MPEG-4 audio before generic MPEG-4 audio), otherwise table order.
    static func declarations(tag: String, tagClass: UTTagClass) -> [UTTypeDeclaration] {
        let candidates = byTag[tagClass]?[tag.lowercased()] ?? []
        guard candidates.count > 1 else { return candidates }
        func depth(_ declaration: UTTypeDeclaration) -> Int {
            candidates.filter { $0.identifier != declaration.identifier
                && UTType(declaration: declaration).conforms(to: UTType(declaration: $0)) }.count
        }
        return candidates.enumerated()
            .sorted { (depth($0.element), -$0.offset) > (depth($1.element), -$1.offset) }
            .map(\.element)
    }
}
