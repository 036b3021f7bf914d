import AudioToolbox
import Foundation
import Testing
import TestSupport

/// A client's file in memory, as an app keeps one (a download, a blob from a database), reached only through
/// AudioFile's C callbacks with a pointer to it as the client data. Counts the calls, and fails on request.
final class MemoryAudioFile {
    var bytes: [UInt8]
    var reads = 0
    var writes = 0
    var sizesSet: [Int64] = []
    /// A status the read callback returns instead of reading.
    var readFailure: OSStatus?
    /// A status the write callback returns once this many writes have succeeded.
    var writeFailure: (after: Int, status: OSStatus)?
    /// A status the set-size callback returns.
    var setSizeFailure: OSStatus?

    init(_ bytes: [UInt8] = []) { self.bytes = bytes }

    var clientData: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func from(_ data: UnsafeMutableRawPointer) -> MemoryAudioFile {
        Unmanaged<MemoryAudioFile>.fromOpaque(data).takeUnretainedValue()
    }
}

// The callbacks as C code writes them: plain functions, the state behind the client data pointer.

func memoryRead(_ data: UnsafeMutableRawPointer, _ position: Int64, _ count: UInt32,
                _ buffer: UnsafeMutableRawPointer, _ actual: UnsafeMutablePointer<UInt32>) -> OSStatus {
    let file = MemoryAudioFile.from(data)
    file.reads += 1
    actual.pointee = 0
    if let failure = file.readFailure { return failure }
    guard position >= 0, position <= Int64(file.bytes.count) else { return kAudioFilePositionError }
    let start = Int(position)
    let length = min(Int(count), file.bytes.count - start)
    if length > 0 {
        file.bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress! + start, byteCount: length) }
    }
    actual.pointee = UInt32(length)
    return length < Int(count) ? kAudioFileEndOfFileError : noErr
}

func memoryWrite(_ data: UnsafeMutableRawPointer, _ position: Int64, _ count: UInt32, _ buffer: UnsafeRawPointer,
                 _ actual: UnsafeMutablePointer<UInt32>) -> OSStatus {
    let file = MemoryAudioFile.from(data)
    actual.pointee = 0
    if let failure = file.writeFailure, file.writes >= failure.after { return failure.status }
    file.writes += 1
    let start = Int(position), end = start + Int(count)
    if end > file.bytes.count { file.bytes += [UInt8](repeating: 0, count: end - file.bytes.count) }
    file.bytes.withUnsafeMutableBytes {
        $0.baseAddress!.advanced(by: start).copyMemory(from: buffer, byteCount: Int(count))
    }
    actual.pointee = count
    return noErr
}

func memorySize(_ data: UnsafeMutableRawPointer) -> Int64 {
    Int64(MemoryAudioFile.from(data).bytes.count)
}

func hugeSize(_ data: UnsafeMutableRawPointer) -> Int64 { Int64.max / 2 }

func negativeSize(_ data: UnsafeMutableRawPointer) -> Int64 { -1 }

func memorySetSize(_ data: UnsafeMutableRawPointer, _ size: Int64) -> OSStatus {
    let file = MemoryAudioFile.from(data)
    file.sizesSet.append(size)
    if let failure = file.setSizeFailure { return failure }
    let length = Int(size)
    if length < file.bytes.count {
        file.bytes.removeLast(file.bytes.count - length)
    } else {
        file.bytes += [UInt8](repeating: 0, count: length - file.bytes.count)
    }
    return noErr
}

/// AudioFileOpenWithCallbacks and AudioFileInitializeWithCallbacks: every format the URL forms read, read through
/// the client's callbacks to the same packets and properties; files written through them byte for byte the files
/// the URL form writes, judged by ffprobe and ffmpeg; the callbacks' own failures returned.
@Suite("AudioFile callbacks")
struct AudioFileCallbacksTests {
    static func mp3() throws -> URL {
        try TestFiles.ffmpegMedia("audiofile-1k-stereo.mp3", recipe: ["-i", try AudioFileTests.wave().path,
                                                                      "-c:a", "libmp3lame", "-b:a", "128k"])
    }

    static func adts() throws -> URL {
        try TestFiles.ffmpegMedia("audiofile-1k-stereo.aac", recipe: ["-i", try AudioFileTests.wave().path,
                                                                      "-c:a", "aac", "-b:a", "96k", "-f", "adts"])
    }

    static func openWithCallbacks(_ memory: MemoryAudioFile, hint: AudioFileTypeID) -> (OSStatus, AudioFileID?) {
        var file: AudioFileID?
        let status = AudioFileOpenWithCallbacks(memory.clientData, memoryRead, memoryWrite, memorySize, memorySetSize,
                                                hint, &file)
        return (status, file)
    }

    static func sources() throws -> [(URL, AudioFileTypeID)] {
        [(try AudioFileTests.wave(), kAudioFileWAVEType), (try AudioFileBytesTests.aiff(), kAudioFileAIFFType),
         (try AudioFileTests.alac(), kAudioFileCAFType), (try AudioFileTests.aac(), kAudioFileM4AType),
         (try Self.mp3(), kAudioFileMP3Type), (try Self.adts(), kAudioFileAAC_ADTSType)]
    }

    @Test("WAVE, AIFF, CAF, M4A, MP3, ADTS through read callbacks: AudioFileOpenURL's packets, format, cookie")
    func readsThroughCallbacks() throws {
        for (url, type) in try Self.sources() {
            let byURL = try AudioFileTests.open(url)
            defer { _ = AudioFileClose(byURL) }
            for hint in [type, 0] {
                let memory = MemoryAudioFile([UInt8](try Data(contentsOf: url)))
                let (status, opened) = Self.openWithCallbacks(memory, hint: hint)
                try #require(status == noErr, "\(url.lastPathComponent), hint \(hint): \(status)")
                let file = try #require(opened)
                defer { _ = AudioFileClose(file) }
                #expect(memory.reads > 0 && memory.writes == 0 && memory.sizesSet.isEmpty)
                let format = try AudioFileTests.property(file, kAudioFilePropertyDataFormat,
                                                         AudioStreamBasicDescription())
                let expected = try AudioFileTests.property(byURL, kAudioFilePropertyDataFormat,
                                                           AudioStreamBasicDescription())
                #expect(format.mFormatID == expected.mFormatID && format.mSampleRate == expected.mSampleRate
                        && format.mChannelsPerFrame == expected.mChannelsPerFrame
                        && format.mBytesPerPacket == expected.mBytesPerPacket)
                if hint != 0 {
                    #expect(try AudioFileTests.property(file, kAudioFilePropertyFileFormat, AudioFileTypeID(0))
                        == AudioFileTests.property(byURL, kAudioFilePropertyFileFormat, AudioFileTypeID(0)))
                }
                #expect(try AudioFileTests.packets(file) == AudioFileTests.packets(byURL), "\(url.lastPathComponent)")
                var size: UInt32 = 0
                if AudioFileGetPropertyInfo(byURL, kAudioFilePropertyMagicCookieData, &size, nil) == noErr {
                    #expect(try AudioFileTests.bytes(file, kAudioFilePropertyMagicCookieData)
                        == AudioFileTests.bytes(byURL, kAudioFilePropertyMagicCookieData))
                }
                var table = AudioFilePacketTableInfo(), expectedTable = AudioFilePacketTableInfo()
                size = UInt32(MemoryLayout<AudioFilePacketTableInfo>.size)
                let tableStatus = AudioFileGetProperty(file, kAudioFilePropertyPacketTableInfo, &size, &table)
                #expect(tableStatus
                    == AudioFileGetProperty(byURL, kAudioFilePropertyPacketTableInfo, &size, &expectedTable))
                #expect(table.mPrimingFrames == expectedTable.mPrimingFrames
                        && table.mNumberValidFrames == expectedTable.mNumberValidFrames)
                // Opened for reading: writing is refused, and nothing went to the client's write callback.
                var count: UInt32 = 1
                let byte: UInt8 = 0
                #expect(AudioFileWriteBytes(file, false, 0, &count, [byte]) == kAudioFilePermissionsError)
                #expect(memory.writes == 0)
            }
        }
    }

    @Test("Opening with callbacks: the read callback's status, a size it cannot hold, bytes that are not audio")
    func refusesBadReads() throws {
        let wave = [UInt8](try Data(contentsOf: try AudioFileTests.wave()))
        let failing = MemoryAudioFile(wave)
        failing.readFailure = -36  // ioErr
        var (status, file) = Self.openWithCallbacks(failing, hint: 0)
        #expect(status == -36 && file == nil)
        (status, file) = Self.openWithCallbacks(MemoryAudioFile([UInt8](repeating: 0x42, count: 4_096)), hint: 0)
        #expect(status == kAudioFileUnsupportedFileTypeError && file == nil)
        (status, file) = Self.openWithCallbacks(MemoryAudioFile(Array(wave[0..<30])), hint: 0)
        #expect(status != noErr && file == nil)
        (status, file) = Self.openWithCallbacks(MemoryAudioFile(), hint: kAudioFileWAVEType)
        #expect(status != noErr && file == nil)
        // A size the client cannot back: far more than it holds, or more than memory can map.
        var claimed: AudioFileID?
        #expect(AudioFileOpenWithCallbacks(MemoryAudioFile(wave).clientData, memoryRead, nil, hugeSize, nil, 0,
                                           &claimed) != noErr)
        #expect(claimed == nil)
        #expect(AudioFileOpenWithCallbacks(MemoryAudioFile(wave).clientData, memoryRead, nil, negativeSize, nil, 0,
                                           &claimed) == kAudioFileInvalidFileError)
        #expect(claimed == nil)
    }

    /// Copies every packet of `source` into `file`, with its cookie and packet table, and closes `file`.
    static func copyPackets(from source: URL, into file: AudioFileID) throws {
        let input = try AudioFileTests.open(source)
        defer { _ = AudioFileClose(input) }
        var cookieSize: UInt32 = 0
        if AudioFileGetPropertyInfo(input, kAudioFilePropertyMagicCookieData, &cookieSize, nil) == noErr {
            var cookie = try AudioFileTests.bytes(input, kAudioFilePropertyMagicCookieData)
            #expect(AudioFileSetProperty(file, kAudioFilePropertyMagicCookieData, UInt32(cookie.count), &cookie)
                == noErr)
        }
        for (index, packet) in try AudioFileTests.packets(input).enumerated() {
            var description = AudioStreamPacketDescription(mStartOffset: 0, mVariableFramesInPacket: 0,
                                                           mDataByteSize: UInt32(packet.count))
            var number: UInt32 = 1
            let status = packet.withUnsafeBytes { bytes in
                AudioFileWritePackets(file, false, UInt32(packet.count), &description, Int64(index), &number,
                                      bytes.baseAddress!)
            }
            try #require(status == noErr && number == 1, "packet \(index): \(status)")
        }
        var table = AudioFilePacketTableInfo()
        var size = UInt32(MemoryLayout<AudioFilePacketTableInfo>.size)
        if AudioFileGetProperty(input, kAudioFilePropertyPacketTableInfo, &size, &table) == noErr {
            #expect(AudioFileSetProperty(file, kAudioFilePropertyPacketTableInfo, size, &table) == noErr)
        }
        #expect(AudioFileClose(file) == noErr)
    }

    @Test("WAVE, AIFF, CAF, M4A through write callbacks: AudioFileCreateWithURL's bytes; ffprobe's packets",
          arguments: [("wav", kAudioFileWAVEType), ("aiff", kAudioFileAIFFType), ("caf", kAudioFileCAFType),
                      ("m4a", kAudioFileM4AType)])
    func writesThroughCallbacks(ext: String, type: AudioFileTypeID) throws {
        let source = switch type {
        case kAudioFileAIFFType: try AudioFileBytesTests.aiff()
        case kAudioFileCAFType: try AudioFileTests.alac()
        case kAudioFileM4AType: try AudioFileTests.aac()
        default: try AudioFileTests.wave()
        }
        let input = try AudioFileTests.open(source)
        var format = try AudioFileTests.property(input, kAudioFilePropertyDataFormat, AudioStreamBasicDescription())
        _ = AudioFileClose(input)
        let directory = try TestFiles.makeTemporaryDirectory()
        // The URL form, for comparison.
        let byURL = directory.file("url.\(ext)")
        var created: AudioFileID?
        try #require(AudioFileCreateWithURL(byURL as CFURL, type, &format, [], &created) == noErr)
        try Self.copyPackets(from: source, into: try #require(created))
        // The callbacks, over a client's file that held something before: it is emptied first.
        let memory = MemoryAudioFile([UInt8](repeating: 0xEE, count: 100_000))
        var initialized: AudioFileID?
        let status = AudioFileInitializeWithCallbacks(memory.clientData, memoryRead, memoryWrite, memorySize,
                                                      memorySetSize, type, &format, [], &initialized)
        try #require(status == noErr, "AudioFileInitializeWithCallbacks: \(status)")
        #expect(memory.sizesSet.first == 0)
        try Self.copyPackets(from: source, into: try #require(initialized))
        #expect(memory.writes > 0)
        let written = directory.file("callbacks.\(ext)")
        try Data(memory.bytes).write(to: written)
        let expected = [UInt8](try Data(contentsOf: byURL))
        if type == kAudioFileM4AType {
            // The movie header's creation and modification times are the clock's: compare what ffprobe sees.
            #expect(memory.bytes.count == expected.count)
        } else {
            let difference = AudioFileBytesTests.firstDifference(memory.bytes, expected)
            #expect(memory.bytes == expected, "first difference at \(difference)")
        }
        #expect(try AudioFileTests.probePackets(written).map(\.hash) == AudioFileTests.probePackets(source).map(\.hash))
        #expect(try ExternalTool.ffmpegDecodeErrors(written).isEmpty)
        // And it reads back through the callbacks.
        let (reopened, file) = Self.openWithCallbacks(memory, hint: type)
        try #require(reopened == noErr)
        defer { _ = AudioFileClose(file!) }
        let original = try AudioFileTests.open(source)
        defer { _ = AudioFileClose(original) }
        #expect(try AudioFileTests.packets(file!) == AudioFileTests.packets(original))
    }

    @Test("PCM bytes overwritten through the callbacks land in the client's memory, as in a file")
    func overwritesThroughCallbacks() throws {
        let samples = try AudioConverterTests.toneSamples()
        var format = AudioConverterTests.int16(rate: 44_100, channels: 2)
        let memory = MemoryAudioFile()
        var initialized: AudioFileID?
        try #require(AudioFileInitializeWithCallbacks(memory.clientData, memoryRead, memoryWrite, memorySize,
                                                      memorySetSize, kAudioFileWAVEType, &format, [], &initialized)
            == noErr)
        let file = try #require(initialized)
        var count = UInt32(samples.count)
        #expect(AudioFileWriteBytes(file, false, 0, &count, samples) == noErr && count == 88_200)
        let patch = [UInt8](repeating: 0, count: 4_000)
        count = 4_000
        #expect(AudioFileWriteBytes(file, false, 40_000, &count, patch) == noErr && count == 4_000)
        #expect(AudioFileClose(file) == noErr)
        var expected = samples
        expected.replaceSubrange(40_000..<44_000, with: patch)
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("overwritten.wav")
        try Data(memory.bytes).write(to: url)
        #expect(try AudioFileBytesTests.ffmpegSamples(url, format: "s16le") == expected)
    }

    @Test("Refused types and formats leave the client's file alone; the callbacks' statuses come back")
    func refusesBadWrites() throws {
        var pcm = AudioConverterTests.int16(rate: 44_100, channels: 2)
        let untouched = MemoryAudioFile([1, 2, 3])
        var file: AudioFileID?
        #expect(AudioFileInitializeWithCallbacks(untouched.clientData, memoryRead, memoryWrite, memorySize,
                                                 memorySetSize, kAudioFileMP3Type, &pcm, [], &file)
            == kAudioFileUnsupportedFileTypeError)
        var aac = AudioConverterTests.codec(kAudioFormatMPEG4AAC)
        aac.mFramesPerPacket = 1_024
        #expect(AudioFileInitializeWithCallbacks(untouched.clientData, memoryRead, memoryWrite, memorySize,
                                                 memorySetSize, kAudioFileWAVEType, &aac, [], &file)
            == kAudioFileUnsupportedDataFormatError)
        #expect(file == nil && untouched.bytes == [1, 2, 3] && untouched.sizesSet.isEmpty && untouched.writes == 0)

        let cannotResize = MemoryAudioFile([1, 2, 3])
        cannotResize.setSizeFailure = -61  // wrPermErr
        #expect(AudioFileInitializeWithCallbacks(cannotResize.clientData, memoryRead, memoryWrite, memorySize,
                                                 memorySetSize, kAudioFileWAVEType, &pcm, [], &file) == -61)
        #expect(file == nil)

        // The header and frames are buffered, as for a file: the write that reaches the client, or the close,
        // returns the write callback's status.
        let full = MemoryAudioFile()
        full.writeFailure = (after: 0, status: -34)  // dskFulErr
        try #require(AudioFileInitializeWithCallbacks(full.clientData, memoryRead, memoryWrite, memorySize,
                                                      memorySetSize, kAudioFileWAVEType, &pcm, [], &file) == noErr)
        let opened = try #require(file)
        let samples = try AudioConverterTests.toneSamples()
        var count = UInt32(samples.count)
        let status = AudioFileWriteBytes(opened, false, 0, &count, samples)
        let closed = AudioFileClose(opened)
        #expect(status == -34 || closed == -34, "write \(status), close \(closed)")
    }
}
