import CoreMedia
import Foundation

/// An object an `AudioFileID` names: a file opened for reading, or one being written.
protocol AudioFileObject: AnyObject, Sendable {
    func readPacketData(_ bytes: UnsafeMutablePointer<UInt32>,
                        _ descriptions: UnsafeMutablePointer<AudioStreamPacketDescription>?, _ start: Int64,
                        _ packets: UnsafeMutablePointer<UInt32>, _ buffer: UnsafeMutableRawPointer?) -> OSStatus
    func writePackets(_ bytes: UInt32, _ descriptions: UnsafePointer<AudioStreamPacketDescription>?, _ start: Int64,
                      _ packets: UnsafeMutablePointer<UInt32>, _ buffer: UnsafeRawPointer) -> OSStatus
    func readBytes(_ start: Int64, _ bytes: UnsafeMutablePointer<UInt32>, _ buffer: UnsafeMutableRawPointer) -> OSStatus
    func writeBytes(_ start: Int64, _ bytes: UnsafeMutablePointer<UInt32>, _ buffer: UnsafeRawPointer) -> OSStatus
    func propertyInfo(_ id: AudioFilePropertyID) -> Result<ExtAudioFilePropertyInfo, ExtAudioFileFailure>
    func getProperty(_ id: AudioFilePropertyID, _ size: UnsafeMutablePointer<UInt32>,
                     _ data: UnsafeMutableRawPointer) -> OSStatus
    func setProperty(_ id: AudioFilePropertyID, _ size: UInt32, _ data: UnsafeRawPointer) -> OSStatus
    func close() -> OSStatus
}

/// The audio file objects by the number their ref carries.
enum AudioFileTable {
    static let shared = OpaqueRefTable<any AudioFileObject>()
}

/// A property value as the get calls copy it out: its bytes, whatever its type.
struct AudioPropertyValue {
    let bytes: Data

    init<Value>(_ value: Value) {
        bytes = withUnsafeBytes(of: value) { Data($0) }
    }

    init(bytes: Data) { self.bytes = bytes }

    var size: UInt32 { UInt32(bytes.count) }

    /// Copies the value out through a property call's size and data pointers; `tooSmall` when the size given cannot
    /// hold it.
    func copy(_ size: UnsafeMutablePointer<UInt32>, _ data: UnsafeMutableRawPointer, tooSmall: OSStatus) -> OSStatus {
        guard Int(size.pointee) >= bytes.count else { return tooSmall }
        bytes.withUnsafeBytes { if let base = $0.baseAddress { data.copyMemory(from: base, byteCount: $0.count) } }
        size.pointee = UInt32(bytes.count)
        return noErr
    }
}

/// The file type a URL's path extension names, for the formats one container reader serves several of.
func fileTypeID(for format: ContainerFormatName, url: URL, streamFormat: AudioFormatID) -> AudioFileTypeID {
    switch format {
    case .wave: kAudioFileWAVEType
    case .aiff: kAudioFileAIFFType
    case .aifc: kAudioFileAIFCType
    case .caf: kAudioFileCAFType
    case .amr: kAudioFileAMRType
    case .adts: kAudioFileAAC_ADTSType
    case .mp3:
        switch streamFormat {
        case kAudioFormatMPEGLayer1: kAudioFileMP1Type
        case kAudioFormatMPEGLayer2: kAudioFileMP2Type
        default: kAudioFileMP3Type
        }
    case .mpeg4:
        switch url.pathExtension.lowercased() {
        case "m4a": kAudioFileM4AType
        case "m4b": kAudioFileM4BType
        case "3gp", "3gpp": kAudioFile3GPType
        case "3g2", "3gp2": kAudioFile3GP2Type
        default: kAudioFileMPEG4Type
        }
    }
}

/// The containers `AudioFileOpenURL` reads, in the words of `kAudioFilePropertyFileFormat`.
enum ContainerFormatName {
    case wave, aiff, aifc, caf, amr, adts, mp3, mpeg4
}
