import CoreMedia

extension AVMutableAudioMixInputParameters {
    /// Parameters with no volume ramps for `track` (`kCMPersistentTrackID_Invalid` when nil).
    public convenience init(track: AVAssetTrack?) {
        self.init()
        trackID = track?.trackID ?? kCMPersistentTrackID_Invalid
    }
}
