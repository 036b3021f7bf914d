import AudioToolbox
import Foundation
import Testing
import TestSupport

/// AudioFile's packet calls over the package's container readers and writers: packets equal to ffprobe's, files
/// ffprobe and ffmpeg accept, and Apple's status codes (never a trap) for wrong use.
@Suite("AudioFile")
struct AudioFileTests {
    // MARK: Sources

    /// 0.5 s of a 1 kHz tone, 16-bit stereo WAVE at 44.1 kHz.
    static func wave() throws -> URL {
        try TestFiles.ffmpegMedia("audiofile-1k-stereo.wav", recipe: [
            "-f", "lavfi", "-i", "aevalsrc=0.5*sin(2*PI*1000*t):duration=0.5:sample_rate=44100",
            "-af", "pan=stereo|c0=c0|c1=c0", "-c:a", "pcm_s16le"])
    }

    /// The same tone as AAC in an M4A: variable-size packets, a magic cookie and 1,024 frames of priming.
    static func aac() throws -> URL {
        try TestFiles.ffmpegMedia("audiofile-1k-stereo.m4a", recipe: ["-i", try wave().path, "-c:a", "aac",
                                                                      "-b:a", "96k"])
    }

    /// The same tone as Apple Lossless in a CAF.
    static func alac() throws -> URL {
        try TestFiles.ffmpegMedia("audiofile-1k-stereo-alac.caf", recipe: ["-i", try wave().path, "-c:a", "alac"])
    }

    static func open(_ url: URL) throws -> AudioFileID {
        var file: AudioFileID?
        let status = AudioFileOpenURL(url as CFURL, .readPermission, 0, &file)
        try #require(status == noErr, "AudioFileOpenURL: \(status)")
        return try #require(file)
    }

    /// A fixed-size property's value.
    static func property<Value>(_ file: AudioFileID, _ id: AudioFilePropertyID, _ initial: Value) throws -> Value {
        var value = initial
        var size = UInt32(MemoryLayout<Value>.size)
        let status = withUnsafeMutableBytes(of: &value) { AudioFileGetProperty(file, id, &size, $0.baseAddress!) }
        try #require(status == noErr, "AudioFileGetProperty \(id): \(status)")
        #expect(size == UInt32(MemoryLayout<Value>.size))
        return value
    }

    /// A variable-size property's bytes (the magic cookie, the channel layout).
    static func bytes(_ file: AudioFileID, _ id: AudioFilePropertyID) throws -> [UInt8] {
        var size: UInt32 = 0
        var writable: UInt32 = 1
        try #require(AudioFileGetPropertyInfo(file, id, &size, &writable) == noErr)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        try #require(AudioFileGetProperty(file, id, &size, &bytes) == noErr)
        return Array(bytes.prefix(Int(size)))
    }

    /// Every packet of the file, read `chunk` packets at a time with a buffer of the largest packet times `chunk`.
    static func packets(_ file: AudioFileID, chunk: UInt32 = 7) throws -> [[UInt8]] {
        let largest = try property(file, kAudioFilePropertyMaximumPacketSize, UInt32(0))
        let count = try property(file, kAudioFilePropertyAudioDataPacketCount, UInt64(0))
        var buffer = [UInt8](repeating: 0, count: Int(largest * chunk))
        var descriptions = [AudioStreamPacketDescription](repeating: .init(), count: Int(chunk))
        var packets: [[UInt8]] = []
        let constant = try property(file, kAudioFilePropertyDataFormat, AudioStreamBasicDescription()).mBytesPerPacket
        while true {
            var bytes = UInt32(buffer.count)
            var number = chunk
            let status = AudioFileReadPacketData(file, false, &bytes, &descriptions, Int64(packets.count), &number,
                                                 &buffer)
            if status == kAudioFileEndOfFileError {
                #expect(number == 0 && bytes == 0)
                break
            }
            try #require(status == noErr, "AudioFileReadPacketData: \(status)")
            try #require(number > 0)
            for index in 0..<Int(number) {
                if constant > 0 {
                    let start = index * Int(constant)
                    packets.append(Array(buffer[start..<(start + Int(constant))]))
                } else {
                    let description = descriptions[index]
                    let start = Int(description.mStartOffset)
                    packets.append(Array(buffer[start..<(start + Int(description.mDataByteSize))]))
                }
            }
        }
        #expect(packets.count == Int(count))
        return packets
    }

    /// Adler-32 (RFC 1950 §8.2), the hash ffprobe's `-show_data_hash adler32` and the hash muxer print.
    static func adler32<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return String(format: "%08x", b << 16 | a)
    }

    /// ffprobe's packets of the first audio stream: size and Adler-32 of each.
    static func probePackets(_ url: URL) throws -> [(size: Int, hash: String)] {
        let json = try ExternalTool.ffprobeJSON(["-select_streams", "a:0", "-show_packets", "-show_data_hash",
                                                 "adler32", url.path])
        let packets = try #require(json["packets"] as? [[String: Any]])
        return try packets.map { packet in
            let size = Int(try #require(packet["size"] as? String)) ?? -1
            let hash = try #require(packet["data_hash"] as? String)
            return (size, String(hash.dropFirst("adler32:".count)))
        }
    }

    /// The hash muxer's Adler-32 of all of a stream's packet bytes, copied, not decoded.
    static func streamHash(_ url: URL) throws -> String {
        let result = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-map", "0:a:0",
                                                       "-c", "copy", "-f", "hash", "-hash", "adler32", "-"])
        let line = String(decoding: result.standardOutput, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return String(line.dropFirst("adler32=".count))
    }

    /// ffprobe's first audio stream.
    static func probeStream(_ url: URL) throws -> [String: Any] {
        let json = try ExternalTool.ffprobeJSON(["-show_streams", "-select_streams", "a:0", url.path])
        return try #require((json["streams"] as? [[String: Any]])?.first)
    }

    // MARK: Reading

    @Test("AAC in M4A: every packet's bytes and size equal ffprobe's; format, cookie, counts and priming")
    func readsAACPackets() throws {
        let url = try Self.aac()
        let file = try Self.open(url)
        defer { _ = AudioFileClose(file) }
        let packets = try Self.packets(file)
        let probed = try Self.probePackets(url)
        #expect(packets.count == probed.count)
        for (index, (ours, theirs)) in zip(packets, probed).enumerated() {
            #expect(ours.count == theirs.size, "packet \(index)")
            #expect(Self.adler32(ours) == theirs.hash, "packet \(index)")
        }
        #expect(try Self.property(file, kAudioFilePropertyFileFormat, AudioFileTypeID(0)) == kAudioFileM4AType)
        let format = try Self.property(file, kAudioFilePropertyDataFormat, AudioStreamBasicDescription())
        #expect(format.mFormatID == kAudioFormatMPEG4AAC)
        #expect(format.mSampleRate == 44_100 && format.mChannelsPerFrame == 2 && format.mFramesPerPacket == 1_024)
        #expect(format.mBytesPerPacket == 0)
        let bytes = packets.reduce(0) { $0 + $1.count }
        #expect(try Self.property(file, kAudioFilePropertyAudioDataByteCount, UInt64(0)) == UInt64(bytes))
        #expect(try Self.property(file, kAudioFilePropertyMaximumPacketSize, UInt32(0))
            == UInt32(packets.map(\.count).max() ?? 0))
        // The cookie is an ES_Descriptor that carries ffprobe's extradata (the AudioSpecificConfig).
        let extradata = try Self.probeExtradata(url)
        let cookie = try Self.bytes(file, kAudioFilePropertyMagicCookieData)
        #expect(cookie.first == 0x03 && !extradata.isEmpty)
        #expect(cookie.indices.contains { cookie[$0...].starts(with: extradata) }, "cookie \(cookie)")
        // ffmpeg's encoder primes with 1,024 frames (ffprobe: skip_samples 1024 on the first packet).
        let table = try Self.property(file, kAudioFilePropertyPacketTableInfo, AudioFilePacketTableInfo())
        #expect(table.mPrimingFrames == 1_024)
        #expect(table.mNumberValidFrames + Int64(table.mPrimingFrames) + Int64(table.mRemainderFrames)
            == Int64(packets.count) * 1_024)
        #expect(table.mNumberValidFrames == 22_050)
        let duration = try Self.property(file, kAudioFilePropertyEstimatedDuration, Float64(0))
        #expect(abs(duration - 0.5) < 1e-9)
        #expect(try Self.property(file, kAudioFilePropertyBitRate, UInt32(0)) > 0)
    }

    static func probeExtradata(_ url: URL) throws -> [UInt8] {
        let json = try ExternalTool.ffprobeJSON(["-show_streams", "-show_data", "-select_streams", "a:0", url.path])
        let stream = try #require((json["streams"] as? [[String: Any]])?.first)
        let dump = try #require(stream["extradata"] as? String)
        // ffprobe's hex dump: "00000000: 1208 56e5 00   ..V..", one line per 16 bytes.
        var bytes: [UInt8] = []
        for line in dump.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let hex = line[line.index(after: colon)...].prefix(41).replacingOccurrences(of: " ", with: "")
            var index = hex.startIndex
            while let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex), next > index {
                if let byte = UInt8(hex[index..<next], radix: 16) { bytes.append(byte) }
                index = next
            }
        }
        return bytes
    }

    @Test("16-bit WAVE: packets are frames, and their bytes are ffmpeg's stream bytes")
    func readsPCMPackets() throws {
        let url = try Self.wave()
        let file = try Self.open(url)
        defer { _ = AudioFileClose(file) }
        let format = try Self.property(file, kAudioFilePropertyDataFormat, AudioStreamBasicDescription())
        #expect(format.mFormatID == kAudioFormatLinearPCM)
        #expect(format.mBytesPerPacket == 4 && format.mFramesPerPacket == 1)
        #expect(try Self.property(file, kAudioFilePropertyAudioDataPacketCount, UInt64(0)) == 22_050)
        #expect(try Self.property(file, kAudioFilePropertyFileFormat, AudioFileTypeID(0)) == kAudioFileWAVEType)
        // The samples start where ffprobe's first packet does (after ffmpeg's LIST chunk).
        let json = try ExternalTool.ffprobeJSON(["-show_packets", "-read_intervals", "%+#1", url.path])
        let position = (json["packets"] as? [[String: Any]])?.first?["pos"] as? String
        #expect(try Self.property(file, kAudioFilePropertyDataOffset, Int64(0)) == Int64(try #require(position)) ?? -1)
        let packets = try Self.packets(file, chunk: 4_000)
        #expect(Self.adler32(packets.joined()) == (try Self.streamHash(url)))
        // PCM has no packet table, and no cookie.
        var table = AudioFilePacketTableInfo()
        var size = UInt32(MemoryLayout<AudioFilePacketTableInfo>.size)
        #expect(AudioFileGetProperty(file, kAudioFilePropertyPacketTableInfo, &size, &table)
            == kAudioFileUnsupportedPropertyError)
        #expect(AudioFileGetPropertyInfo(file, kAudioFilePropertyMagicCookieData, &size, nil)
            == kAudioFileUnsupportedPropertyError)
        let layout = try Self.bytes(file, kAudioFilePropertyChannelLayout)
        let tag = layout.withUnsafeBytes { $0.loadUnaligned(as: AudioChannelLayoutTag.self) }
        #expect(tag == kAudioChannelLayoutTag_Stereo)
    }

    @Test("Reads that do not fit: fewer packets for a small buffer, -50 for none, -39 at the end, 'pck?' before it")
    func readsWithinBounds() throws {
        let file = try Self.open(try Self.aac())
        defer { _ = AudioFileClose(file) }
        let count = try Self.property(file, kAudioFilePropertyAudioDataPacketCount, UInt64(0))
        var buffer = [UInt8](repeating: 0, count: 1_000)
        var descriptions = [AudioStreamPacketDescription](repeating: .init(), count: 10)
        var bytes: UInt32 = 1_000
        var number: UInt32 = 10
        #expect(AudioFileReadPacketData(file, false, &bytes, &descriptions, 1, &number, &buffer) == noErr)
        // Packets of about 270 bytes: three fit in 1,000.
        #expect(number >= 1 && number < 10 && bytes <= 1_000)
        #expect(descriptions.prefix(Int(number)).reduce(0) { $0 + Int($1.mDataByteSize) } == Int(bytes))
        bytes = 10
        number = 1
        #expect(AudioFileReadPacketData(file, false, &bytes, &descriptions, 1, &number, &buffer) == kAudio_ParamError)
        #expect(number == 0 && bytes == 0)
        bytes = 1_000
        number = 1
        #expect(AudioFileReadPacketData(file, false, &bytes, nil, 1, &number, &buffer) == kAudio_ParamError)
        bytes = 1_000
        number = 4
        #expect(AudioFileReadPacketData(file, false, &bytes, &descriptions, Int64(count), &number, &buffer)
            == kAudioFileEndOfFileError)
        #expect(number == 0 && bytes == 0)
        number = 4
        bytes = 1_000
        #expect(AudioFileReadPacketData(file, false, &bytes, &descriptions, -1, &number, &buffer)
            == kAudioFileInvalidPacketOffsetError)
        // The last packets: fewer than asked, no error.
        bytes = 1_000
        number = 4
        #expect(AudioFileReadPacketData(file, false, &bytes, &descriptions, Int64(count) - 1, &number, &buffer)
            == noErr)
        #expect(number == 1)
    }

    @Test("Properties: too small a size is '!siz', an unknown one 'pty?', setting on a read file 'prm?'")
    func refusesBadProperties() throws {
        let file = try Self.open(try Self.aac())
        var small: UInt16 = 0
        var size: UInt32 = 2
        #expect(AudioFileGetProperty(file, kAudioFilePropertyDataFormat, &size, &small)
            == kAudioFileBadPropertySizeError)
        size = 4
        var value: UInt32 = 0
        #expect(AudioFileGetProperty(file, 0x7A7A_7A7A, &size, &value) == kAudioFileUnsupportedPropertyError)
        #expect(AudioFileGetPropertyInfo(file, 0x7A7A_7A7A, &size, nil) == kAudioFileUnsupportedPropertyError)
        var writable: UInt32 = 1
        #expect(AudioFileGetPropertyInfo(file, kAudioFilePropertyDataFormat, &size, &writable) == noErr)
        #expect(size == 40 && writable == 0)
        var table = AudioFilePacketTableInfo()
        #expect(AudioFileSetProperty(file, kAudioFilePropertyPacketTableInfo, 16, &table) == kAudioFilePermissionsError)
        #expect(AudioFileClose(file) == noErr)
        #expect(AudioFileClose(file) == kAudio_ParamError)
        size = 4
        #expect(AudioFileGetProperty(file, kAudioFilePropertyFileFormat, &size, &value) == kAudio_ParamError)
    }

    @Test("Opening a missing, foreign, damaged or cut-short file returns Apple's codes and no ref")
    func refusesBadFiles() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        var file: AudioFileID?
        #expect(AudioFileOpenURL(directory.file("missing.wav") as CFURL, .readPermission, 0, &file)
            == kAudioFileFileNotFoundError)
        #expect(file == nil)
        let text = directory.file("notes.txt")
        try Data("not audio at all, just words".utf8).write(to: text)
        #expect(AudioFileOpenURL(text as CFURL, .readPermission, 0, &file) == kAudioFileUnsupportedFileTypeError)
        #expect(file == nil)
        // An M4A cut in the middle of its media data (ffmpeg writes `moov` last, so cut its packets instead).
        let source = try Data(contentsOf: try Self.aac())
        let cut = directory.file("cut.m4a")
        try source.prefix(source.count / 2).write(to: cut)
        let status = AudioFileOpenURL(cut as CFURL, .readPermission, 0, &file)
        #expect([kAudioFileInvalidFileError, kAudioFileUnsupportedFileTypeError].contains(status), "status \(status)")
        #expect(file == nil)
        // A WAVE whose format chunk is garbage.
        var bytes = try Data(contentsOf: try Self.wave())
        bytes.replaceSubrange(20..<36, with: Data(repeating: 0xFF, count: 16))
        let damaged = directory.file("damaged.wav")
        try bytes.write(to: damaged)
        let damagedStatus = AudioFileOpenURL(damaged as CFURL, .readPermission, 0, &file)
        #expect([kAudioFileInvalidFileError, kAudioFileUnsupportedDataFormatError].contains(damagedStatus),
                "status \(damagedStatus)")
        #expect(file == nil)
        #expect(AudioFileOpenURL(try Self.wave() as CFURL, .readWritePermission, 0, &file)
            == kAudioFileOperationNotSupportedError)
    }

    @Test("A WAVE cut short in its samples: the whole frames left, byte for byte what ffmpeg copies of them")
    func readsCutWave() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let cut = directory.file("cut.wav")
        // 78 header bytes (ffmpeg's, with its LIST chunk) and 2,500.5 frames of 4 bytes: the half frame is dropped.
        try Data(contentsOf: try Self.wave()).prefix(78 + 10_002).write(to: cut)
        let file = try Self.open(cut)
        defer { _ = AudioFileClose(file) }
        #expect(try Self.property(file, kAudioFilePropertyAudioDataPacketCount, UInt64(0)) == 2_500)
        let packets = try Self.packets(file, chunk: 1_000)
        // ffmpeg copies the half frame too (its last packet is 1,810 bytes); the whole frames are the same bytes.
        let copied = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", cut.path, "-map", "0:a:0",
                                                       "-c", "copy", "-f", "data", "-"]).standardOutput
        #expect(copied.count == 10_002)
        #expect(Array(packets.joined()) == Array(copied.prefix(10_000)))
    }
}
