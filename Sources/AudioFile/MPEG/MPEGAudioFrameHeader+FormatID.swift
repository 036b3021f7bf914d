import CoreAudioTypes
import MediaFormats

extension MPEGAudioFrameHeader {
    /// The `AudioFormatID` of this layer.
    var formatID: AudioFormatID {
        layer == 1 ? kAudioFormatMPEGLayer1 : layer == 2 ? kAudioFormatMPEGLayer2 : kAudioFormatMPEGLayer3
    }
}
