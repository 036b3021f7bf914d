import AVFoundation
import Foundation
import Synchronization

/// A status that is not `noErr`, as the functions return it.
struct ExtAudioFileFailure: Error {
    let status: OSStatus
    init(_ status: OSStatus) { self.status = status }

    /// The status an AVFAudio error carries: its code is Core Audio's `OSStatus` (a four-character code or a small
    /// negative number), as on Apple platforms.
    init(_ error: any Error, otherwise fallback: OSStatus) {
        let code = (error as NSError).code
        status = code != 0 ? OSStatus(truncatingIfNeeded: code) : fallback
    }
}

/// What `ExtAudioFileGetPropertyInfo` reports.
struct ExtAudioFilePropertyInfo {
    let size: UInt32
    let writable: Bool
}

/// An object an `ExtAudioFileRef` names: a file open for reading or one being written.
protocol ExtAudioFileObject: AnyObject, Sendable {
    func read(_ frames: UnsafeMutablePointer<UInt32>, _ data: UnsafeMutablePointer<AudioBufferList>) -> OSStatus
    func write(_ frames: UInt32, _ data: UnsafePointer<AudioBufferList>) -> OSStatus
    func seek(_ frame: Int64) -> OSStatus
    func tell() -> Int64
    func propertyInfo(_ id: ExtAudioFilePropertyID) -> Result<ExtAudioFilePropertyInfo, ExtAudioFileFailure>
    func getProperty(_ id: ExtAudioFilePropertyID, _ size: UnsafeMutablePointer<UInt32>,
                     _ data: UnsafeMutableRawPointer) -> OSStatus
    func setProperty(_ id: ExtAudioFilePropertyID, _ size: UInt32, _ data: UnsafeRawPointer) -> OSStatus
    func dispose() -> OSStatus
}

/// The extended audio file objects by the number their ref carries.
enum ExtAudioFileTable {
    static let shared = OpaqueRefTable<any ExtAudioFileObject>()
}

// MARK: Formats and layouts

/// The byte size of a stream description, as the property calls take it.
let streamDescriptionSize = UInt32(MemoryLayout<AudioStreamBasicDescription>.size)

/// The layout a format's channels have when nothing says otherwise: mono, stereo, or discrete channels in order.
func defaultLayout(channels: UInt32) -> AVAudioChannelLayout? {
    switch channels {
    case 1: AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_Mono)
    case 2: AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_Stereo)
    default: AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_DiscreteInOrder | channels)
    }
}

/// The `AVAudioFormat` of a linear PCM client description (with `layout`, needed beyond 2 channels), or the status
/// Apple's call returns for it.
func clientFormat(_ asbd: AudioStreamBasicDescription, layout: AVAudioChannelLayout?)
    -> Result<AVAudioFormat, ExtAudioFileFailure> {
    guard asbd.mFormatID == kAudioFormatLinearPCM else { return .failure(.init(kExtAudioFileError_NonPCMClientFormat)) }
    var description = asbd
    let layout = layout ?? (asbd.mChannelsPerFrame > 2 ? defaultLayout(channels: asbd.mChannelsPerFrame) : nil)
    guard let format = AVAudioFormat(streamDescription: &description, channelLayout: layout) else {
        return .failure(.init(kExtAudioFileError_InvalidDataFormat))
    }
    return .success(format)
}

/// Copies `layout`'s C form out through a property call's size and data pointers.
func copyLayout(_ layout: AVAudioChannelLayout, _ size: UnsafeMutablePointer<UInt32>,
                _ data: UnsafeMutableRawPointer) -> OSStatus {
    let bytes = layout.layoutSize
    guard Int(size.pointee) >= bytes else { return kExtAudioFileError_InvalidPropertySize }
    data.copyMemory(from: UnsafeRawPointer(layout.layout), byteCount: bytes)
    size.pointee = UInt32(bytes)
    return noErr
}

/// Copies a fixed-size value out through a property call's size and data pointers.
func copyValue<Value>(_ value: Value, _ size: UnsafeMutablePointer<UInt32>, _ data: UnsafeMutableRawPointer) -> OSStatus {
    let bytes = MemoryLayout<Value>.size
    guard Int(size.pointee) >= bytes else { return kExtAudioFileError_InvalidPropertySize }
    data.storeBytes(of: value, as: Value.self)
    size.pointee = UInt32(bytes)
    return noErr
}

/// A layout read from a property call's bytes, or nil when the size cannot hold what it says.
func layout(from data: UnsafeRawPointer, size: UInt32) -> AVAudioChannelLayout? {
    guard Int(size) >= ChannelLayout.byteCount(descriptions: 0) else { return nil }
    let pointer = data.assumingMemoryBound(to: AudioChannelLayout.self)
    guard let value = ChannelLayout(pointer, byteCount: Int(size)) else { return nil }
    return AVAudioChannelLayout(value)
}

/// The client's buffers as a property of a read or write: their count must be the format's (one interleaved, one
/// per channel otherwise) and each must have memory. Returns the frames the smallest holds.
func bufferFrames(_ list: UnsafeMutableAudioBufferListPointer, format: AVAudioFormat) -> Result<Int, ExtAudioFileFailure> {
    let planes = format.isInterleaved ? 1 : Int(format.channelCount)
    let bytesPerFrame = Int(format.streamDescription.pointee.mBytesPerFrame)
    guard list.count >= planes, bytesPerFrame > 0 else { return .failure(.init(kAudio_ParamError)) }
    var frames = Int.max
    for plane in 0..<planes {
        guard list[plane].mData != nil else { return .failure(.init(kAudio_ParamError)) }
        frames = min(frames, Int(list[plane].mDataByteSize) / bytesPerFrame)
    }
    return .success(frames)
}

extension AudioStreamBasicDescription {
    /// Whether the description is of linear PCM.
    var isLinearPCM: Bool { mFormatID == kAudioFormatLinearPCM }
}
