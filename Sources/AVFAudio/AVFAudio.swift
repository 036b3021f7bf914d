// AVFAudio: Apple's audio data classes (formats, channel layouts, PCM and compressed buffers) over the package's
// codec layer. `import AVFoundation` brings this module, as it does on Apple platforms.
//
// Apple's AVFAudio brings Core Audio's types and Core Media's format descriptions with it (its headers import
// them), and declares the audio settings keys (`AVFormatIDKey`…), which live in `MediaCodecs` here because the
// codec layer reads them; each is re-exported so that `import AVFAudio` alone sees what it sees on a Mac.
@_exported import CoreAudioTypes
@_exported import CoreMedia
@_exported import Foundation
@_exported import MediaCodecs
