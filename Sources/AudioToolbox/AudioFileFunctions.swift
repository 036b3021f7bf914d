// AudioFile.h's functions as Swift imports them: packets as the file stores them, read through the package's
// container readers and written through its container writers (PacketFileReader, PacketFileWriter). Every function
// returns a status and never traps on wrong use: an unknown or closed ref, a size that does not fit, a property that
// is not supported. Pointers the caller passes must point at what they claim (as in C).
import Foundation

/// Opens the audio file at `inFileRef` for reading its packets. `inFileTypeHint` may be 0 (the type is recognised
/// from the bytes, as Apple's does when the hint is wrong). On failure `outAudioFile` is nil and the status says
/// why: `kAudioFileFileNotFoundError`, `kAudioFileUnsupportedFileTypeError` (not an audio file read here),
/// `kAudioFileInvalidFileError` (damaged or cut short), `kAudioFileUnsupportedDataFormatError` (no audio).
/// Files open for reading only: other permissions give `kAudioFileOperationNotSupportedError`.
@discardableResult
public func AudioFileOpenURL(_ inFileRef: CFURL, _ inPermissions: AudioFilePermissions,
                             _ inFileTypeHint: AudioFileTypeID,
                             _ outAudioFile: UnsafeMutablePointer<AudioFileID?>) -> OSStatus {
    outAudioFile.pointee = nil
    guard inPermissions == .readPermission else { return kAudioFileOperationNotSupportedError }
    switch PacketFileReader.open(inFileRef) {
    case .success(let reader):
        outAudioFile.pointee = AudioFileTable.shared.register(reader)
        return noErr
    case .failure(let failure):
        return failure.status
    }
}

/// Creates an audio file of type `inFileType` at `inFileRef` for packets of `inFormat` (interleaved linear PCM, or
/// a codec's packets in a file type that holds it: CAF, M4A/MPEG-4/3GPP, AMR). An existing file is replaced only
/// with `.eraseFile`; otherwise the call fails with `kAudioFilePermissionsError` and the file is untouched. A type
/// not written here gives `kAudioFileUnsupportedFileTypeError`, a format the type cannot hold
/// `kAudioFileUnsupportedDataFormatError`; nothing is left at the URL when creation fails. Set the magic cookie
/// (and a channel layout) before the first `AudioFileWritePackets`; the file is complete once `AudioFileClose`
/// returns.
@discardableResult
public func AudioFileCreateWithURL(_ inFileRef: CFURL, _ inFileType: AudioFileTypeID,
                                   _ inFormat: UnsafePointer<AudioStreamBasicDescription>, _ inFlags: AudioFileFlags,
                                   _ outAudioFile: UnsafeMutablePointer<AudioFileID?>) -> OSStatus {
    outAudioFile.pointee = nil
    switch PacketFileWriter.create(url: inFileRef, fileType: inFileType, format: inFormat.pointee, flags: inFlags) {
    case .success(let writer):
        outAudioFile.pointee = AudioFileTable.shared.register(writer)
        return noErr
    case .failure(let failure):
        return failure.status
    }
}

/// Closes the file (a written file is finished on disk, with the packet table set); the ref is invalid afterwards.
@discardableResult
public func AudioFileClose(_ inAudioFile: AudioFileID) -> OSStatus {
    guard let file = AudioFileTable.shared.remove(inAudioFile) else { return kAudio_ParamError }
    return file.close()
}

/// Reads up to `ioNumPackets` packets from packet `inStartingPacket` into `outBuffer`, whose size `ioNumBytes`
/// gives, with a description of each (offset in `outBuffer`, size) in `outPacketDescriptions` for formats whose
/// packets vary; linear PCM's packets are frames. Fewer packets are read when the buffer holds fewer or the file
/// ends; on return the two counts say what was read. A start at or past the end reads nothing and returns
/// `kAudioFileEndOfFileError`; a buffer too small for one packet, or no descriptions where they are needed,
/// `kAudio_ParamError`. `inUseCache` has no effect: the file is mapped.
@discardableResult
public func AudioFileReadPacketData(_ inAudioFile: AudioFileID, _ inUseCache: Bool,
                                    _ ioNumBytes: UnsafeMutablePointer<UInt32>,
                                    _ outPacketDescriptions: UnsafeMutablePointer<AudioStreamPacketDescription>?,
                                    _ inStartingPacket: Int64, _ ioNumPackets: UnsafeMutablePointer<UInt32>,
                                    _ outBuffer: UnsafeMutableRawPointer?) -> OSStatus {
    guard let file = AudioFileTable.shared.object(inAudioFile) else {
        ioNumBytes.pointee = 0
        ioNumPackets.pointee = 0
        return kAudio_ParamError
    }
    return file.readPacketData(ioNumBytes, outPacketDescriptions, inStartingPacket, ioNumPackets, outBuffer)
}

/// Writes `ioNumPackets` packets from `inBuffer` (`inNumBytes` bytes; `inPacketDescriptions` locates each for
/// formats whose packets vary) at packet `inStartingPacket`, which must be the number already written (packets are
/// appended: `kAudioFileInvalidPacketOffsetError` otherwise). On return `ioNumPackets` says how many were written.
/// `inUseCache` has no effect.
@discardableResult
public func AudioFileWritePackets(_ inAudioFile: AudioFileID, _ inUseCache: Bool, _ inNumBytes: UInt32,
                                  _ inPacketDescriptions: UnsafePointer<AudioStreamPacketDescription>?,
                                  _ inStartingPacket: Int64, _ ioNumPackets: UnsafeMutablePointer<UInt32>,
                                  _ inBuffer: UnsafeRawPointer) -> OSStatus {
    guard let file = AudioFileTable.shared.object(inAudioFile) else {
        ioNumPackets.pointee = 0
        return kAudio_ParamError
    }
    return file.writePackets(inNumBytes, inPacketDescriptions, inStartingPacket, ioNumPackets, inBuffer)
}

/// Reads up to `ioNumBytes` bytes of the file's audio data, from byte `inStartingByte` of it (0 is the first byte of
/// the data chunk, `mdat` payload or frames: the packets' bytes in order, `kAudioFilePropertyAudioDataByteCount` of
/// them), into `outBuffer`; on return `ioNumBytes` says how many were read. A read that reaches the end of the data
/// returns `kAudioFileEndOfFileError` with the bytes it read; a negative start `kAudioFilePositionError`.
/// `inUseCache` has no effect: the file is mapped.
@discardableResult
public func AudioFileReadBytes(_ inAudioFile: AudioFileID, _ inUseCache: Bool, _ inStartingByte: Int64,
                               _ ioNumBytes: UnsafeMutablePointer<UInt32>,
                               _ outBuffer: UnsafeMutableRawPointer) -> OSStatus {
    guard let file = AudioFileTable.shared.object(inAudioFile) else {
        ioNumBytes.pointee = 0
        return kAudio_ParamError
    }
    return file.readBytes(inStartingByte, ioNumBytes, outBuffer)
}

/// Writes `ioNumBytes` bytes of audio data from `inBuffer` at byte `inStartingByte` of the audio data, for a file
/// of linear PCM made by `AudioFileCreateWithURL`, whose bytes are its frames: bytes are appended, so the start
/// must be the count already written (`kAudioFileInvalidPacketOffsetError` otherwise), and only whole frames are
/// written; on return `ioNumBytes` says how many bytes were. Formats whose packets need descriptions give
/// `kAudioFileOperationNotSupportedError` (use `AudioFileWritePackets`); a file opened for reading
/// `kAudioFilePermissionsError`. `inUseCache` has no effect.
@discardableResult
public func AudioFileWriteBytes(_ inAudioFile: AudioFileID, _ inUseCache: Bool, _ inStartingByte: Int64,
                                _ ioNumBytes: UnsafeMutablePointer<UInt32>,
                                _ inBuffer: UnsafeRawPointer) -> OSStatus {
    guard let file = AudioFileTable.shared.object(inAudioFile) else {
        ioNumBytes.pointee = 0
        return kAudio_ParamError
    }
    return file.writeBytes(inStartingByte, ioNumBytes, inBuffer)
}

/// The size of a property's value, and whether it can be set now (1) or not (0). A property the file does not have
/// gives `kAudioFileUnsupportedPropertyError`.
@discardableResult
public func AudioFileGetPropertyInfo(_ inAudioFile: AudioFileID, _ inPropertyID: AudioFilePropertyID,
                                     _ outDataSize: UnsafeMutablePointer<UInt32>?,
                                     _ isWritable: UnsafeMutablePointer<UInt32>?) -> OSStatus {
    guard let file = AudioFileTable.shared.object(inAudioFile) else { return kAudio_ParamError }
    switch file.propertyInfo(inPropertyID) {
    case .success(let info):
        outDataSize?.pointee = info.size
        isWritable?.pointee = info.writable ? 1 : 0
        return noErr
    case .failure(let failure):
        return failure.status
    }
}

/// Copies a property's value into `outPropertyData`, whose size `ioDataSize` gives (too small:
/// `kAudioFileBadPropertySizeError`); on return it holds the value's size.
@discardableResult
public func AudioFileGetProperty(_ inAudioFile: AudioFileID, _ inPropertyID: AudioFilePropertyID,
                                 _ ioDataSize: UnsafeMutablePointer<UInt32>,
                                 _ outPropertyData: UnsafeMutableRawPointer) -> OSStatus {
    guard let file = AudioFileTable.shared.object(inAudioFile) else { return kAudio_ParamError }
    return file.getProperty(inPropertyID, ioDataSize, outPropertyData)
}

/// Sets a property from the `inDataSize` bytes at `inPropertyData`: on a file being written, the magic cookie and
/// channel layout (before the first packet) and the packet table (whose three counts must add up to the frames
/// written, else `kAudio_ParamError`). A file opened for reading gives `kAudioFilePermissionsError`.
@discardableResult
public func AudioFileSetProperty(_ inAudioFile: AudioFileID, _ inPropertyID: AudioFilePropertyID,
                                 _ inDataSize: UInt32, _ inPropertyData: UnsafeRawPointer) -> OSStatus {
    guard let file = AudioFileTable.shared.object(inAudioFile) else { return kAudio_ParamError }
    return file.setProperty(inPropertyID, inDataSize, inPropertyData)
}
