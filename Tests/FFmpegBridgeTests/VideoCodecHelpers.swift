import Foundation
import Testing
import FFmpegBridge
import MediaFormats

/// Encodes `count` frames of the moving pattern and decodes them back; shared by the round-trip tests.
struct VideoRoundTrip {
    var configuration: FFVideoEncoderConfiguration
    var frameCount: Int
    var ticksPerFrame: Int64 = 20            // time base 1/600 at 30 fps

    struct Result {
        var packets: [FFPacket]
        var extradata: [UInt8]
        var sources: [TestPicture]
        var frames: [FFVideoFrame]
    }

    /// Encodes (zero copy: each picture is its own owner) and returns the packets.
    func encode() throws -> (packets: [FFPacket], extradata: [UInt8], sources: [TestPicture]) {
        let encoder = try FFVideoEncoder(configuration: configuration)
        var packets: [FFPacket] = []
        var sources: [TestPicture] = []
        for t in 0..<frameCount {
            let picture = Pattern.picture(configuration.pixelFormat, width: configuration.width,
                                          height: configuration.height, frame: t)
            sources.append(picture)
            packets += try encoder.encode(picture.image, owner: picture, pts: Int64(t) * ticksPerFrame,
                                          duration: ticksPerFrame)
        }
        packets += try encoder.flush()
        return (packets, encoder.extradata, sources)
    }

    /// Encodes, then decodes with `decoderExtradata` (default: the encoder's) after `transform`ing each packet.
    func run(decoderExtradata: (([UInt8]) throws -> [UInt8])? = nil,
             transform: ([UInt8]) throws -> [UInt8] = { $0 }) throws -> Result {
        let (packets, extradata, sources) = try encode()
        let decoderConfig = FFVideoDecoderConfiguration(
            codec: configuration.encoder.codec, extradata: try decoderExtradata?(extradata) ?? extradata,
            codedWidth: configuration.width, codedHeight: configuration.height)
        let decoder = try FFVideoDecoder(configuration: decoderConfig)
        var frames: [FFVideoFrame] = []
        for packet in packets {
            frames += try decoder.decode(try transform(packet.data),
                                         timing: FFPacketTiming(pts: packet.pts, dts: packet.dts,
                                                                duration: packet.duration, isKeyFrame: packet.isKeyFrame))
        }
        frames += try decoder.flush()
        return Result(packets: packets, extradata: extradata, sources: sources, frames: frames)
    }
}

/// Builds an avcC box payload (ISO/IEC 14496-15 §5.3.3.1) from parameter sets — test-side only, so the decoder is
/// exercised the way MP4 feeds it.
func makeAVCC(_ sets: ParameterSets) throws -> [UInt8] {
    let sps = sets.sequenceParameterSets[0]
    return try AVCDecoderConfigurationRecord(profileIndication: sps[1], profileCompatibility: sps[2], levelIndication: sps[3],
                                             sequenceParameterSets: sets.sequenceParameterSets,
                                             pictureParameterSets: sets.pictureParameterSets).serialized()
}

/// Writes data to a file in a temporary directory and returns its URL.
func writeFile(_ directory: TemporaryDirectoryLike, _ name: String, _ bytes: [UInt8]) throws -> URL {
    let url = directory.file(name)
    try Data(bytes).write(to: url)
    return url
}

protocol TemporaryDirectoryLike { func file(_ name: String) -> URL }
