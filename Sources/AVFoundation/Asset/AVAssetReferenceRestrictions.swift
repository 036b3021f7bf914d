/// Which references to media data outside an asset's file may be followed (AVAsset.h), with Apple's raw values.
///
/// The container readers read only media stored in the asset's own file, so no restriction can be violated by a
/// file that loads: every reference a restriction could forbid is one this implementation does not follow.
public struct AVAssetReferenceRestrictions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Do not follow references from a remote asset to local media.
    public static let forbidRemoteReferenceToLocal = AVAssetReferenceRestrictions(rawValue: 1 << 0)
    /// Do not follow references from a local asset to remote media.
    public static let forbidLocalReferenceToRemote = AVAssetReferenceRestrictions(rawValue: 1 << 1)
    /// Do not follow references from a remote asset to media on another site.
    public static let forbidCrossSiteReference = AVAssetReferenceRestrictions(rawValue: 1 << 2)
    /// Do not follow references from a local asset to other local files.
    public static let forbidLocalReferenceToLocal = AVAssetReferenceRestrictions(rawValue: 1 << 3)
    /// Follow only references to media inside the asset's own file.
    public static let forbidAll = AVAssetReferenceRestrictions(rawValue: 0xFFFF)
    /// The default: `forbidLocalReferenceToRemote`.
    public static let defaultPolicy = AVAssetReferenceRestrictions.forbidLocalReferenceToRemote
}
