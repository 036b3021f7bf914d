// The system types Apple's UTType declares as static members, by Apple's names.

extension UTType {
    /// The base type of every file, folder and other item. Identifier `public.item`.
    public static let item = UTType.declared("public.item")
    /// The base type of anything with content a person can view. Identifier `public.content`.
    public static let content = UTType.declared("public.content")
    /// Content that mixes several kinds (a PDF, for instance). Identifier `public.composite-content`.
    public static let compositeContent = UTType.declared("public.composite-content")
    /// The base type of every stream of bytes: files and data in memory. Identifier `public.data`.
    public static let data = UTType.declared("public.data")
    /// A file-system directory (folders and packages). Identifier `public.directory`.
    public static let directory = UTType.declared("public.directory")
    /// A folder a person can open. Identifier `public.folder`.
    public static let folder = UTType.declared("public.folder")
    /// The base type of all text, with or without markup. Identifier `public.text`.
    public static let text = UTType.declared("public.text")
    /// Text without markup, in an unspecified encoding. Identifier `public.plain-text`.
    public static let plainText = UTType.declared("public.plain-text")
    /// Text without markup, in UTF-8. Identifier `public.utf8-plain-text`.
    public static let utf8PlainText = UTType.declared("public.utf8-plain-text")
    /// XML text. Identifier `public.xml`.
    public static let xml = UTType.declared("public.xml")
    /// JSON text. Identifier `public.json`.
    public static let json = UTType.declared("public.json")
    /// A PDF document. Identifier `com.adobe.pdf`.
    public static let pdf = UTType.declared("com.adobe.pdf")
    /// The base type of images. Identifier `public.image`.
    public static let image = UTType.declared("public.image")
    /// A JPEG image. Identifier `public.jpeg`.
    public static let jpeg = UTType.declared("public.jpeg")
    /// A PNG image. Identifier `public.png`.
    public static let png = UTType.declared("public.png")
    /// A TIFF image. Identifier `public.tiff`.
    public static let tiff = UTType.declared("public.tiff")
    /// A GIF image. Identifier `com.compuserve.gif`.
    public static let gif = UTType.declared("com.compuserve.gif")
    /// A Windows bitmap image. Identifier `com.microsoft.bmp`.
    public static let bmp = UTType.declared("com.microsoft.bmp")
    /// A Windows icon image. Identifier `com.microsoft.ico`.
    public static let ico = UTType.declared("com.microsoft.ico")
    /// An Apple icon image. Identifier `com.apple.icns`.
    public static let icns = UTType.declared("com.apple.icns")
    /// A High Efficiency Image Coding image. Identifier `public.heic`.
    public static let heic = UTType.declared("public.heic")
    /// A High Efficiency Image File Format image. Identifier `public.heif`.
    public static let heif = UTType.declared("public.heif")
    /// A High Efficiency Image Coding image sequence. Identifier `public.heics`.
    public static let heics = UTType.declared("public.heics")
    /// A WebP image. Identifier `org.webmproject.webp`.
    public static let webP = UTType.declared("org.webmproject.webp")
    /// The base type of camera raw images. Identifier `public.camera-raw-image`.
    public static let rawImage = UTType.declared("public.camera-raw-image")
    /// A Scalable Vector Graphics image. Identifier `public.svg-image`.
    public static let svg = UTType.declared("public.svg-image")
    /// A Live Photo. Identifier `com.apple.live-photo`.
    public static let livePhoto = UTType.declared("com.apple.live-photo")
    /// The base type of audio and video content. Identifier `public.audiovisual-content`.
    public static let audiovisualContent = UTType.declared("public.audiovisual-content")
    /// Media that may hold both video and audio. Identifier `public.movie`.
    public static let movie = UTType.declared("public.movie")
    /// Video without audio. Identifier `public.video`.
    public static let video = UTType.declared("public.video")
    /// Audio without video. Identifier `public.audio`.
    public static let audio = UTType.declared("public.audio")
    /// A QuickTime movie. Identifier `com.apple.quicktime-movie`.
    public static let quickTimeMovie = UTType.declared("com.apple.quicktime-movie")
    /// An MPEG-1 or MPEG-2 movie. Identifier `public.mpeg`.
    public static let mpeg = UTType.declared("public.mpeg")
    /// MPEG-2 video. Identifier `public.mpeg-2-video`.
    public static let mpeg2Video = UTType.declared("public.mpeg-2-video")
    /// An MPEG-2 transport stream. Identifier `public.mpeg-2-transport-stream`.
    public static let mpeg2TransportStream = UTType.declared("public.mpeg-2-transport-stream")
    /// An MPEG-4 movie. Identifier `public.mpeg-4`.
    public static let mpeg4Movie = UTType.declared("public.mpeg-4")
    /// A protected (iTunes Store) MPEG-4 movie. Identifier `com.apple.protected-mpeg-4-video`.
    public static let appleProtectedMPEG4Video = UTType.declared("com.apple.protected-mpeg-4-video")
    /// An AVI movie. Identifier `public.avi`.
    public static let avi = UTType.declared("public.avi")
    /// MPEG-4 audio. Identifier `public.mpeg-4-audio`.
    public static let mpeg4Audio = UTType.declared("public.mpeg-4-audio")
    /// Protected (iTunes Store) MPEG-4 audio. Identifier `com.apple.protected-mpeg-4-audio`.
    public static let appleProtectedMPEG4Audio = UTType.declared("com.apple.protected-mpeg-4-audio")
    /// MP3 audio. Identifier `public.mp3`.
    public static let mp3 = UTType.declared("public.mp3")
    /// AIFF audio. Identifier `public.aiff-audio`.
    public static let aiff = UTType.declared("public.aiff-audio")
    /// Waveform (WAVE) audio. Identifier `com.microsoft.waveform-audio`.
    public static let wav = UTType.declared("com.microsoft.waveform-audio")
    /// MIDI audio. Identifier `public.midi-audio`.
    public static let midi = UTType.declared("public.midi-audio")
}
