// `import AVFAudio`: Apple's audio data, file and converter classes (AVAudioFormat, AVAudioPCMBuffer, AVAudioFile,
// AVAudioConverter…), which `import AVFoundation` brings too, as on Apple platforms.
//
// The classes are declared in the AVFoundation module (Sources/AVFoundation/AVFAudio/), not here: an AVAudioFile
// reads exactly the frames an AVAssetReader of the same file gives (priming and remainder cut the same way) because
// it reads through the same engine, and that engine is AVFoundation's. So this module sits above AVFoundation and
// re-exports it; `import AVFAudio` therefore also makes AVFoundation's names visible (a superset of Apple's
// AVFAudio, which README's differences note). Qualified names (`AVFAudio.AVAudioFile`) resolve through the
// re-export.
@_exported import AVFoundation
