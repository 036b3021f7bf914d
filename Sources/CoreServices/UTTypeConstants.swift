// The tag classes of UTType.h and the type identifiers of UTCoreTypes.h, the CFString constants that code written
// before `UTType` passes to the UTType functions and to AVFoundation (`AVFileType(rawValue: kUTTypeMPEG4 as String)`).
// Each value is the identifier Apple's header gives; the UniformTypeIdentifiers module declares each type.

// MARK: Tag classes

/// The tag class of filename extensions (without the dot).
nonisolated(unsafe) public let kUTTagClassFilenameExtension: CFString = "public.filename-extension"

/// The tag class of MIME types.
nonisolated(unsafe) public let kUTTagClassMIMEType: CFString = "public.mime-type"

/// The tag class of pasteboard types (no type here has one).
nonisolated(unsafe) public let kUTTagClassNSPboardType: CFString = "com.apple.nspboard-type"

/// The tag class of classic Mac OS four-character file types (no type here has one).
nonisolated(unsafe) public let kUTTagClassOSType: CFString = "com.apple.ostype"

// MARK: Types

/// `public.item`: The root of the physical hierarchy: anything.
nonisolated(unsafe) public let kUTTypeItem: CFString = "public.item"

/// `public.content`: Anything a person reads, watches or hears.
nonisolated(unsafe) public let kUTTypeContent: CFString = "public.content"

/// `public.composite-content`: Content that mixes kinds, such as a PDF.
nonisolated(unsafe) public let kUTTypeCompositeContent: CFString = "public.composite-content"

/// `public.data`: Bytes: a file's contents.
nonisolated(unsafe) public let kUTTypeData: CFString = "public.data"

/// `public.directory`: A folder or package.
nonisolated(unsafe) public let kUTTypeDirectory: CFString = "public.directory"

/// `public.folder`: A folder.
nonisolated(unsafe) public let kUTTypeFolder: CFString = "public.folder"

/// `public.url`: A URL.
nonisolated(unsafe) public let kUTTypeURL: CFString = "public.url"

/// `public.file-url`: A file URL.
nonisolated(unsafe) public let kUTTypeFileURL: CFString = "public.file-url"

/// `public.text`: Text.
nonisolated(unsafe) public let kUTTypeText: CFString = "public.text"

/// `public.plain-text`: Text without markup.
nonisolated(unsafe) public let kUTTypePlainText: CFString = "public.plain-text"

/// `public.utf8-plain-text`: UTF-8 text without markup.
nonisolated(unsafe) public let kUTTypeUTF8PlainText: CFString = "public.utf8-plain-text"

/// `public.xml`: XML.
nonisolated(unsafe) public let kUTTypeXML: CFString = "public.xml"

/// `public.json`: JSON.
nonisolated(unsafe) public let kUTTypeJSON: CFString = "public.json"

/// `com.adobe.pdf`: PDF.
nonisolated(unsafe) public let kUTTypePDF: CFString = "com.adobe.pdf"

/// `public.image`: Any image.
nonisolated(unsafe) public let kUTTypeImage: CFString = "public.image"

/// `public.jpeg`: JPEG images.
nonisolated(unsafe) public let kUTTypeJPEG: CFString = "public.jpeg"

/// `public.png`: PNG images.
nonisolated(unsafe) public let kUTTypePNG: CFString = "public.png"

/// `public.tiff`: TIFF images.
nonisolated(unsafe) public let kUTTypeTIFF: CFString = "public.tiff"

/// `com.compuserve.gif`: GIF images.
nonisolated(unsafe) public let kUTTypeGIF: CFString = "com.compuserve.gif"

/// `com.microsoft.bmp`: Windows bitmap images.
nonisolated(unsafe) public let kUTTypeBMP: CFString = "com.microsoft.bmp"

/// `com.microsoft.ico`: Windows icons.
nonisolated(unsafe) public let kUTTypeICO: CFString = "com.microsoft.ico"

/// `com.apple.icns`: Apple icon images.
nonisolated(unsafe) public let kUTTypeAppleICNS: CFString = "com.apple.icns"

/// `public.camera-raw-image`: Camera raw images.
nonisolated(unsafe) public let kUTTypeRawImage: CFString = "public.camera-raw-image"

/// `public.svg-image`: SVG images.
nonisolated(unsafe) public let kUTTypeScalableVectorGraphics: CFString = "public.svg-image"

/// `com.apple.live-photo`: Live Photos.
nonisolated(unsafe) public let kUTTypeLivePhoto: CFString = "com.apple.live-photo"

/// `public.audiovisual-content`: Audio, video or both.
nonisolated(unsafe) public let kUTTypeAudiovisualContent: CFString = "public.audiovisual-content"

/// `public.movie`: Media with video, audio or both, such as a QuickTime movie.
nonisolated(unsafe) public let kUTTypeMovie: CFString = "public.movie"

/// `public.video`: Video without audio.
nonisolated(unsafe) public let kUTTypeVideo: CFString = "public.video"

/// `public.audio`: Audio without video.
nonisolated(unsafe) public let kUTTypeAudio: CFString = "public.audio"

/// `com.apple.quicktime-movie`: QuickTime movies (.mov).
nonisolated(unsafe) public let kUTTypeQuickTimeMovie: CFString = "com.apple.quicktime-movie"

/// `public.mpeg`: MPEG-1 and MPEG-2 content.
nonisolated(unsafe) public let kUTTypeMPEG: CFString = "public.mpeg"

/// `public.mpeg-2-video`: MPEG-2 video.
nonisolated(unsafe) public let kUTTypeMPEG2Video: CFString = "public.mpeg-2-video"

/// `public.mpeg-2-transport-stream`: MPEG-2 transport streams.
nonisolated(unsafe) public let kUTTypeMPEG2TransportStream: CFString = "public.mpeg-2-transport-stream"

/// `public.mpeg-4`: MPEG-4 movies (.mp4).
nonisolated(unsafe) public let kUTTypeMPEG4: CFString = "public.mpeg-4"

/// `com.apple.protected-mpeg-4-video`: Protected MPEG-4 video (.m4v).
nonisolated(unsafe) public let kUTTypeAppleProtectedMPEG4Video: CFString = "com.apple.protected-mpeg-4-video"

/// `public.avi`: AVI movies.
nonisolated(unsafe) public let kUTTypeAVIMovie: CFString = "public.avi"

/// `public.mpeg-4-audio`: MPEG-4 audio (.m4a).
nonisolated(unsafe) public let kUTTypeMPEG4Audio: CFString = "public.mpeg-4-audio"

/// `com.apple.protected-mpeg-4-audio`: Protected MPEG-4 audio (.m4p).
nonisolated(unsafe) public let kUTTypeAppleProtectedMPEG4Audio: CFString = "com.apple.protected-mpeg-4-audio"

/// `public.mp3`: MP3 audio.
nonisolated(unsafe) public let kUTTypeMP3: CFString = "public.mp3"

/// `public.aiff-audio`: AIFF audio.
nonisolated(unsafe) public let kUTTypeAudioInterchangeFileFormat: CFString = "public.aiff-audio"

/// `com.microsoft.waveform-audio`: WAVE audio.
nonisolated(unsafe) public let kUTTypeWaveformAudio: CFString = "com.microsoft.waveform-audio"

/// `public.midi-audio`: MIDI sequences.
nonisolated(unsafe) public let kUTTypeMIDIAudio: CFString = "public.midi-audio"
