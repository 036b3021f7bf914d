// The output-settings constants (AVVideoSettings.h, AVAudioSettings.h: `AVVideoCodecKey`, `AVVideoCodecType`,
// `AVFormatIDKey`, `AVAudioQuality`, …) live in MediaCodecs, the module that reads them, and are re-exported here
// so that `import AVFoundation` gives them, as it does on Apple platforms.
@_exported import MediaCodecs
