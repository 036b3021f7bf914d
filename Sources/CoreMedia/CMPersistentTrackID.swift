/// A track's identifier, unique and persistent within its movie (ISO/IEC 14496-12 §8.3.2 `track_ID`).
public typealias CMPersistentTrackID = Int32

/// The track ID that means "no track" (`track_ID` 0 is reserved by ISO/IEC 14496-12 §8.3.2).
public let kCMPersistentTrackID_Invalid: CMPersistentTrackID = 0
