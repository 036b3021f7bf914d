// `import AudioToolbox`: Apple's C-style audio file and converter API, as Swift imports it, over the AVFAudio
// classes of this package (Sources/AVFoundation/AVFAudio/): an `ExtAudioFileRef` reads and writes through an
// `AVAudioFile` and converts through an `AVAudioConverter`, so it reads and writes exactly the formats they do; an
// `AudioFileID` reads packets through the container readers those use and writes them through their container
// writers; an `AudioConverterRef` is an `AVAudioConverter`.
//
// As on Apple platforms, this module brings Core Audio's value types (CoreAudioTypes) and the CoreFoundation
// spellings, not AVFoundation: `import AVFoundation` does not bring AudioToolbox, and `import AudioToolbox` does not
// bring AVFoundation.
@_exported import CoreAudioTypes
