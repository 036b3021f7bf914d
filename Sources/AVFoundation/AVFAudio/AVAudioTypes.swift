// AVAudioTypes.h: the counts and positions AVFAudio's API is written in.

/// A number of audio sample frames.
public typealias AVAudioFrameCount = UInt32

/// A position in an audio file or stream, in sample frames.
public typealias AVAudioFramePosition = Int64

/// A number of audio packets.
public typealias AVAudioPacketCount = UInt32

/// A number of audio channels.
public typealias AVAudioChannelCount = UInt32
