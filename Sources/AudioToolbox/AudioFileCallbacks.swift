// AudioFile.h's callback forms: the client's read, write, get-size and set-size functions are the file. They go
// behind the same seams as the URL forms: a file opened with callbacks is read into memory through them and handed to
// the container readers as a mapped file is (PacketFileReader), and a file initialised with callbacks is written by
// the same container writers, whose output goes to the callbacks instead of a file they create (OutputFileStorage).
import CoreMedia
import Foundation
import MediaContainer

/// Reads `requestCount` bytes at `inPosition` of the client's file into `buffer`, setting `actualCount` to the bytes
/// read (fewer at the end of the file); returns `noErr` or the client's error.
public typealias AudioFile_ReadProc = @convention(c) (
    UnsafeMutableRawPointer, Int64, UInt32, UnsafeMutableRawPointer, UnsafeMutablePointer<UInt32>
) -> OSStatus
/// Writes `requestCount` bytes from `buffer` at `inPosition` of the client's file (possibly past its end), setting
/// `actualCount` to the bytes written; returns `noErr` or the client's error.
public typealias AudioFile_WriteProc = @convention(c) (
    UnsafeMutableRawPointer, Int64, UInt32, UnsafeRawPointer, UnsafeMutablePointer<UInt32>
) -> OSStatus
/// The size of the client's file in bytes.
public typealias AudioFile_GetSizeProc = @convention(c) (UnsafeMutableRawPointer) -> Int64
/// Makes the client's file `inSize` bytes long; returns `noErr` or the client's error.
public typealias AudioFile_SetSizeProc = @convention(c) (UnsafeMutableRawPointer, Int64) -> OSStatus

/// Opens the audio file the client's callbacks hold, for reading its packets, as `AudioFileOpenURL` opens a file:
/// the same file types and formats, properties and statuses. `inFileTypeHint` names the type for bytes that carry
/// no signature (ADTS, MP3 without a tag; 0 for none). The file's `inGetSizeFunc` bytes are read through
/// `inReadFunc` when it opens, and kept in memory until `AudioFileClose`: the container readers index the whole file
/// at once (Apple's reads as it goes). A read that fails returns the callback's status; a file shorter than its size
/// `kAudioFileInvalidFileError`. The file is read only: `inWriteFunc` and `inSetSizeFunc` are not called, and writing
/// gives `kAudioFilePermissionsError`.
@discardableResult
public func AudioFileOpenWithCallbacks(_ inClientData: UnsafeMutableRawPointer, _ inReadFunc: AudioFile_ReadProc,
                                       _ inWriteFunc: AudioFile_WriteProc?, _ inGetSizeFunc: AudioFile_GetSizeProc,
                                       _ inSetSizeFunc: AudioFile_SetSizeProc?, _ inFileTypeHint: AudioFileTypeID,
                                       _ outAudioFile: UnsafeMutablePointer<AudioFileID?>) -> OSStatus {
    outAudioFile.pointee = nil
    let client = AudioFileClient(data: inClientData, read: inReadFunc, write: inWriteFunc, getSize: inGetSizeFunc,
                                 setSize: inSetSizeFunc)
    let size = client.size()
    guard size >= 0, let length = Int(exactly: size) else { return kAudioFileInvalidFileError }
    let name = AudioFileClient.name(hint: inFileTypeHint)
    let file: MappedFile
    do {
        file = try MappedFile(url: name, length: length) { bytes in try client.fill(bytes, from: 0) }
    } catch let failure as AudioFileClient.Failure {
        return failure.status
    } catch {
        return kAudio_MemFullError
    }
    switch PacketFileReader.open(file, url: name) {
    case .success(let reader):
        outAudioFile.pointee = AudioFileTable.shared.register(reader)
        return noErr
    case .failure(let failure):
        return failure.status
    }
}

/// Makes the client's file, which the callbacks hold, an empty audio file of type `inFileType` for packets of
/// `inFormat`, as `AudioFileCreateWithURL` makes one at a URL: the same file types and formats, the same bytes, the
/// same calls after. The type and format are checked first; then the old content is deleted (`inSetSizeFunc` to 0)
/// and the file is written through `inWriteFunc`, on the thread that calls AudioFile, complete once `AudioFileClose`
/// returns. A callback's error is returned by the call that made it; `inFlags` has no effect.
@discardableResult
public func AudioFileInitializeWithCallbacks(_ inClientData: UnsafeMutableRawPointer,
                                             _ inReadFunc: AudioFile_ReadProc, _ inWriteFunc: AudioFile_WriteProc,
                                             _ inGetSizeFunc: AudioFile_GetSizeProc,
                                             _ inSetSizeFunc: AudioFile_SetSizeProc, _ inFileType: AudioFileTypeID,
                                             _ inFormat: UnsafePointer<AudioStreamBasicDescription>,
                                             _ inFlags: AudioFileFlags,
                                             _ outAudioFile: UnsafeMutablePointer<AudioFileID?>) -> OSStatus {
    outAudioFile.pointee = nil
    let client = AudioFileClient(data: inClientData, read: inReadFunc, write: inWriteFunc, getSize: inGetSizeFunc,
                                 setSize: inSetSizeFunc)
    // Checked before the client's file is emptied: a call that fails leaves it as it was.
    let format = inFormat.pointee
    if let refusal = PacketFileWriter.refusal(fileType: inFileType, format: format) { return refusal.status }
    let cleared = client.setSizeStatus(0)
    guard cleared == noErr else { return cleared }
    switch PacketFileWriter.create(storage: client, name: AudioFileClient.name(hint: inFileType),
                                   fileType: inFileType, format: format) {
    case .success(let writer):
        outAudioFile.pointee = AudioFileTable.shared.register(writer)
        return noErr
    case .failure(let failure):
        return client.takeFailure() ?? failure.status
    }
}

/// The client's callbacks and data pointer: a file a reader reads into memory, or the storage a writer's output
/// goes to. Its failures keep the callback's own status, which the AudioFile call returns.
// Safe because the callbacks are called only under the owning file object's lock (or while it opens), on the
// thread that calls AudioFile; the client's data pointer is the client's to make safe, as in C.
final class AudioFileClient: OutputFileStorage, @unchecked Sendable {
    private let data: UnsafeMutableRawPointer
    private let readProc: AudioFile_ReadProc
    private let writeProc: AudioFile_WriteProc?
    private let getSizeProc: AudioFile_GetSizeProc
    private let setSizeProc: AudioFile_SetSizeProc?
    /// The status of the last callback that failed, until the AudioFile call reports it.
    private var failure: OSStatus?

    /// A callback's failure, as a thrown error.
    struct Failure: Error {
        let status: OSStatus
    }

    init(data: UnsafeMutableRawPointer, read: AudioFile_ReadProc, write: AudioFile_WriteProc?,
         getSize: AudioFile_GetSizeProc, setSize: AudioFile_SetSizeProc?) {
        self.data = data
        readProc = read
        writeProc = write
        getSizeProc = getSize
        setSizeProc = setSize
    }

    /// The name a client's file goes by in messages: its path extension stands for the file type, which the
    /// readers' sniffer takes as a hint and the MPEG-4 file types are told apart by.
    static func name(hint: AudioFileTypeID) -> URL {
        let extensions: [AudioFileTypeID: String] = [
            kAudioFileWAVEType: "wav", kAudioFileRF64Type: "wav", kAudioFileBW64Type: "wav",
            kAudioFileAIFFType: "aiff", kAudioFileAIFCType: "aifc", kAudioFileCAFType: "caf",
            kAudioFileAMRType: "amr", kAudioFileAAC_ADTSType: "aac", kAudioFileMP3Type: "mp3",
            kAudioFileMP2Type: "mp2", kAudioFileMP1Type: "mp3", kAudioFileM4AType: "m4a", kAudioFileM4BType: "m4b",
            kAudioFileMPEG4Type: "mp4", kAudioFile3GPType: "3gp", kAudioFile3GP2Type: "3g2",
        ]
        let file = "audio-file-callbacks" + (extensions[hint].map { "." + $0 } ?? "")
        return URL(fileURLWithPath: "/").appendingPathComponent(file)
    }

    /// The status a failed call returns, once.
    func takeFailure() -> OSStatus? {
        defer { failure = nil }
        return failure
    }

    func size() -> Int64 { getSizeProc(data) }

    func setSizeStatus(_ size: Int64) -> OSStatus {
        guard let setSizeProc else { return kAudioFileOperationNotSupportedError }
        return setSizeProc(data, size)
    }

    /// Fills `bytes` from `offset`, calling the read callback until it is full.
    func fill(_ bytes: UnsafeMutableRawBufferPointer, from offset: Int64) throws(Failure) {
        var done = 0
        while done < bytes.count, let base = bytes.baseAddress {
            let request = UInt32(clamping: bytes.count - done)
            var actual: UInt32 = 0
            let status = readProc(data, offset + Int64(done), request, base + done, &actual)
            guard status == noErr || (status == kAudioFileEndOfFileError && actual > 0) else {
                throw Failure(status: status)
            }
            // Nothing more: the file is shorter than its size said.
            guard actual > 0, actual <= request else { throw Failure(status: kAudioFileInvalidFileError) }
            done += Int(actual)
        }
    }

    // MARK: OutputFileStorage

    func write(_ bytes: UnsafeRawBufferPointer, at offset: UInt64) throws(ContainerWriterError) {
        guard let writeProc else { throw fail(kAudioFileOperationNotSupportedError, "writing") }
        var done = 0
        while done < bytes.count, let base = bytes.baseAddress {
            let request = UInt32(clamping: bytes.count - done)
            var actual: UInt32 = 0
            let status = writeProc(data, Int64(offset) + Int64(done), request, base + done, &actual)
            guard status == noErr else { throw fail(status, "writing") }
            guard actual > 0, actual <= request else { throw fail(kAudioFileUnspecifiedError, "writing") }
            done += Int(actual)
        }
    }

    func read(into destination: UnsafeMutableRawBufferPointer, at offset: UInt64) throws(ContainerWriterError) {
        do throws(Failure) {
            try fill(destination, from: Int64(offset))
        } catch {
            throw fail(error.status, "reading")
        }
    }

    func setSize(_ size: UInt64) throws(ContainerWriterError) {
        let status = setSizeStatus(Int64(size))
        guard status == noErr else { throw fail(status, "setting the size of") }
    }

    /// Records the callback's status and makes the writers' error for it.
    private func fail(_ status: OSStatus, _ operation: String) -> ContainerWriterError {
        failure = status
        return ContainerWriterError(.fileSystem, "\(operation) the client's file through its callback failed "
                                    + "(status \(status))")
    }
}
