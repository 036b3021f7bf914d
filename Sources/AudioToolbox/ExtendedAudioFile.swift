// ExtendedAudioFile.h as Swift imports it: reading and writing audio files in a PCM client format, converted to and
// from the file's format. Each function looks the ref up and hands the call to the file object behind it
// (ExtAudioFileObjects.swift), which reads and writes through AVAudioFile and converts through AVAudioConverter.
//
// Every function returns a status and never traps on wrong use: an unknown or disposed ref, a size that does not fit,
// a property that is not supported, a buffer list that does not match the client format. Pointers the caller passes
// must point at what they claim (as in C).

/// An extended audio file object (Apple's `OpaquePointer` to an opaque struct). Here the pointer's bits are a number
/// that names the object, never memory: a ref that was disposed, or was never made, is refused with
/// `kAudio_ParamError` rather than followed.
public typealias ExtAudioFileRef = OpaquePointer

/// A property of an extended audio file object.
public typealias ExtAudioFilePropertyID = UInt32

/// How a packet table override is taken.
public typealias ExtAudioFilePacketTableInfoOverride = Int32

/// Use the file's packet table information (priming and remainder frames) as it is.
public let kExtAudioFilePacketTableInfoOverride_UseFileValue: ExtAudioFilePacketTableInfoOverride = -1
/// Use the file's packet table information if it is valid.
public let kExtAudioFilePacketTableInfoOverride_UseFileValueIfValid: ExtAudioFilePacketTableInfoOverride = -2

/// `AudioStreamBasicDescription`: the file's data format ('ffmt'). Read-only.
public let kExtAudioFileProperty_FileDataFormat: ExtAudioFilePropertyID = 0x6666_6D74
/// `AudioChannelLayout`: the file's channel layout ('fclo'). Read-only here (see README).
public let kExtAudioFileProperty_FileChannelLayout: ExtAudioFilePropertyID = 0x6663_6C6F
/// `AudioStreamBasicDescription`: the linear PCM format of the buffers read and written ('cfmt').
public let kExtAudioFileProperty_ClientDataFormat: ExtAudioFilePropertyID = 0x6366_6D74
/// `AudioChannelLayout`: the channel layout of the buffers read and written ('cclo'); set after the client format.
public let kExtAudioFileProperty_ClientChannelLayout: ExtAudioFilePropertyID = 0x6363_6C6F
/// `UInt32`: the manufacturer of the codec to use ('cman'). Kept, without effect: there is one codec per format here.
public let kExtAudioFileProperty_CodecManufacturer: ExtAudioFilePropertyID = 0x636D_616E
/// `AudioConverterRef`: the underlying converter ('acnv'). Not available here.
public let kExtAudioFileProperty_AudioConverter: ExtAudioFilePropertyID = 0x6163_6E76
/// `AudioFileID`: the underlying audio file ('afil'). Not available here.
public let kExtAudioFileProperty_AudioFile: ExtAudioFilePropertyID = 0x6166_696C
/// `UInt32`: the file data format's largest packet in bytes ('fmps'). Not available here.
public let kExtAudioFileProperty_FileMaxPacketSize: ExtAudioFilePropertyID = 0x666D_7073
/// `UInt32`: the client data format's largest packet in bytes ('cmps'). Not available here.
public let kExtAudioFileProperty_ClientMaxPacketSize: ExtAudioFilePropertyID = 0x636D_7073
/// `Int64`: the file's length in sample frames, at the file's sample rate ('#frm'). Read-only here.
public let kExtAudioFileProperty_FileLengthFrames: ExtAudioFilePropertyID = 0x2366_726D
/// `CFArray`: the converter's configuration ('accf'). Not available here.
public let kExtAudioFileProperty_ConverterConfig: ExtAudioFilePropertyID = 0x6163_6366
/// `UInt32`: the size of the converter's file I/O buffer ('iobs'). Not available here.
public let kExtAudioFileProperty_IOBufferSizeBytes: ExtAudioFilePropertyID = 0x696F_6273
/// A pointer to the converter's file I/O buffer ('iobf'). Not available here.
public let kExtAudioFileProperty_IOBuffer: ExtAudioFilePropertyID = 0x696F_6266
/// `AudioFilePacketTableInfo`: priming and remainder frames ('xpti'). Not available here.
public let kExtAudioFileProperty_PacketTable: ExtAudioFilePropertyID = 0x7870_7469

/// The property is not one this object has (or not one supported here).
public let kExtAudioFileError_InvalidProperty: OSStatus = -66561
/// The property's data size is wrong.
public let kExtAudioFileError_InvalidPropertySize: OSStatus = -66562
/// The client data format is not linear PCM.
public let kExtAudioFileError_NonPCMClientFormat: OSStatus = -66563
/// The number of channels does not match the format.
public let kExtAudioFileError_InvalidChannelMap: OSStatus = -66564
/// The calls were made in the wrong order.
public let kExtAudioFileError_InvalidOperationOrder: OSStatus = -66565
/// The data format is not valid, or cannot be converted.
public let kExtAudioFileError_InvalidDataFormat: OSStatus = -66566
/// The largest packet size is not known.
public let kExtAudioFileError_MaxPacketSizeUnknown: OSStatus = -66567
/// A seek is out of bounds (or, on a file being written, not at its end).
public let kExtAudioFileError_InvalidSeek: OSStatus = -66568
/// An asynchronous write is too large.
public let kExtAudioFileError_AsyncWriteTooLarge: OSStatus = -66569
/// An asynchronous write could not be completed in time.
public let kExtAudioFileError_AsyncWriteBufferOverflow: OSStatus = -66570

/// Opens the audio file at `inURL` for reading. On success `outExtAudioFile` holds a new object (dispose it with
/// `ExtAudioFileDispose`); on failure it is left nil and the status says why: `kAudioFileFileNotFoundError` for a
/// missing file, `kAudioFileUnsupportedFileTypeError` for one that is not an audio file read here,
/// `kAudioFileInvalidFileError` for a damaged one, `kAudioFileUnsupportedDataFormatError` for one with no audio.
public func ExtAudioFileOpenURL(_ inURL: CFURL, _ outExtAudioFile: UnsafeMutablePointer<ExtAudioFileRef?>) -> OSStatus {
    outExtAudioFile.pointee = nil
    switch ExtAudioFileReader.open(inURL) {
    case .success(let reader):
        outExtAudioFile.pointee = ExtAudioFileTable.shared.register(reader)
        return noErr
    case .failure(let error):
        return error.status
    }
}

/// Creates an audio file of type `inFileType` at `inURL` holding audio of format `inStreamDesc` (linear PCM, or a
/// codec such as `kAudioFormatMPEG4AAC`; interleaved), with `inChannelLayout` if given. An existing file is replaced
/// only when `inFlags` has `AudioFileFlags.eraseFile`; otherwise the call fails with `kAudioFilePermissionsError` and
/// the file is untouched. Nothing is left at the URL when creation fails. The file is complete once
/// `ExtAudioFileDispose` is called.
public func ExtAudioFileCreateWithURL(_ inURL: CFURL, _ inFileType: AudioFileTypeID,
                                      _ inStreamDesc: UnsafePointer<AudioStreamBasicDescription>,
                                      _ inChannelLayout: UnsafePointer<AudioChannelLayout>?, _ inFlags: UInt32,
                                      _ outExtAudioFile: UnsafeMutablePointer<ExtAudioFileRef?>) -> OSStatus {
    outExtAudioFile.pointee = nil
    switch ExtAudioFileWriter.create(url: inURL, fileType: inFileType, format: inStreamDesc.pointee,
                                     layout: inChannelLayout, flags: AudioFileFlags(rawValue: inFlags)) {
    case .success(let writer):
        outExtAudioFile.pointee = ExtAudioFileTable.shared.register(writer)
        return noErr
    case .failure(let error):
        return error.status
    }
}

/// Closes the file (a written file is finished on disk) and disposes of the object; the ref is invalid afterwards.
public func ExtAudioFileDispose(_ inExtAudioFile: ExtAudioFileRef) -> OSStatus {
    guard let file = ExtAudioFileTable.shared.remove(inExtAudioFile) else { return kAudio_ParamError }
    return file.dispose()
}

/// Reads up to `ioNumberFrames` frames in the client format into `ioData` (one buffer for an interleaved client
/// format, one per channel otherwise) from the read position, and advances it. On return `ioNumberFrames` is the
/// number read (0 at the end of the file) and each buffer's `mDataByteSize` says their bytes. Fewer frames are read
/// when the buffers hold fewer.
public func ExtAudioFileRead(_ inExtAudioFile: ExtAudioFileRef, _ ioNumberFrames: UnsafeMutablePointer<UInt32>,
                             _ ioData: UnsafeMutablePointer<AudioBufferList>) -> OSStatus {
    guard let file = ExtAudioFileTable.shared.object(inExtAudioFile) else {
        ioNumberFrames.pointee = 0
        return kAudio_ParamError
    }
    return file.read(ioNumberFrames, ioData)
}

/// Writes `inNumberFrames` frames in the client format from `ioData`, converting them to the file's format.
public func ExtAudioFileWrite(_ inExtAudioFile: ExtAudioFileRef, _ inNumberFrames: UInt32,
                              _ ioData: UnsafePointer<AudioBufferList>) -> OSStatus {
    guard let file = ExtAudioFileTable.shared.object(inExtAudioFile) else { return kAudio_ParamError }
    return file.write(inNumberFrames, ioData)
}

/// Writes as `ExtAudioFileWrite` does. Here the write is done before the call returns (there is no writer thread),
/// so its errors are returned at once; 0 frames with a nil list, which Apple's uses to set up its thread, does nothing.
public func ExtAudioFileWriteAsync(_ inExtAudioFile: ExtAudioFileRef, _ inNumberFrames: UInt32,
                                   _ ioData: UnsafePointer<AudioBufferList>?) -> OSStatus {
    guard let file = ExtAudioFileTable.shared.object(inExtAudioFile) else { return kAudio_ParamError }
    guard let ioData else { return inNumberFrames == 0 ? noErr : kAudio_ParamError }
    return file.write(inNumberFrames, ioData)
}

/// Moves the read position to frame `inFrameOffset`, counted at the file's sample rate (not the client's). The next
/// read starts exactly there, in compressed files too. A file being written can only be "sought" to its end.
public func ExtAudioFileSeek(_ inExtAudioFile: ExtAudioFileRef, _ inFrameOffset: Int64) -> OSStatus {
    guard let file = ExtAudioFileTable.shared.object(inExtAudioFile) else { return kAudio_ParamError }
    return file.seek(inFrameOffset)
}

/// The read (or write) position in frames at the file's sample rate.
public func ExtAudioFileTell(_ inExtAudioFile: ExtAudioFileRef, _ outFrameOffset: UnsafeMutablePointer<Int64>) -> OSStatus {
    guard let file = ExtAudioFileTable.shared.object(inExtAudioFile) else { return kAudio_ParamError }
    outFrameOffset.pointee = file.tell()
    return noErr
}

/// The size of a property's value, and whether it can be set.
public func ExtAudioFileGetPropertyInfo(_ inExtAudioFile: ExtAudioFileRef, _ inPropertyID: ExtAudioFilePropertyID,
                                        _ outSize: UnsafeMutablePointer<UInt32>?,
                                        _ outWritable: UnsafeMutablePointer<DarwinBoolean>?) -> OSStatus {
    guard let file = ExtAudioFileTable.shared.object(inExtAudioFile) else { return kAudio_ParamError }
    switch file.propertyInfo(inPropertyID) {
    case .success(let info):
        outSize?.pointee = info.size
        outWritable?.pointee = DarwinBoolean(info.writable)
        return noErr
    case .failure(let error):
        return error.status
    }
}

/// Copies a property's value into `outPropertyData`, whose size `ioPropertyDataSize` gives (too small:
/// `kExtAudioFileError_InvalidPropertySize`); on return it holds the value's size.
public func ExtAudioFileGetProperty(_ inExtAudioFile: ExtAudioFileRef, _ inPropertyID: ExtAudioFilePropertyID,
                                    _ ioPropertyDataSize: UnsafeMutablePointer<UInt32>,
                                    _ outPropertyData: UnsafeMutableRawPointer) -> OSStatus {
    guard let file = ExtAudioFileTable.shared.object(inExtAudioFile) else { return kAudio_ParamError }
    return file.getProperty(inPropertyID, ioPropertyDataSize, outPropertyData)
}

/// Sets a property from the `inPropertyDataSize` bytes at `inPropertyData`.
public func ExtAudioFileSetProperty(_ inExtAudioFile: ExtAudioFileRef, _ inPropertyID: ExtAudioFilePropertyID,
                                    _ inPropertyDataSize: UInt32, _ inPropertyData: UnsafeRawPointer) -> OSStatus {
    guard let file = ExtAudioFileTable.shared.object(inExtAudioFile) else { return kAudio_ParamError }
    return file.setProperty(inPropertyID, inPropertyDataSize, inPropertyData)
}
