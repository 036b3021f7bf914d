// The keys of an encoder specification (VTVideoEncoderList.h, VTCompressionSession.h): the dictionary given as
// `AVVideoEncoderSpecificationKey` to choose among encoders. There is one software encoder per codec here; what each
// key does with it is in Sources/MediaCodecs/README.md ("Decision table: video settings → encoder").
// Values follow Apple's naming pattern (the name without `kVTVideoEncoderSpecification_`).

/// A Boolean: prefer a hardware-accelerated encoder, falling back to software.
nonisolated(unsafe) public let kVTVideoEncoderSpecification_EnableHardwareAcceleratedVideoEncoder: CFString = "EnableHardwareAcceleratedVideoEncoder"

/// A Boolean: use only a hardware-accelerated encoder, or fail.
nonisolated(unsafe) public let kVTVideoEncoderSpecification_RequireHardwareAcceleratedVideoEncoder: CFString = "RequireHardwareAcceleratedVideoEncoder"

/// A Boolean: choose an encoder with low-latency rate control and turn that mode on (for real-time communication).
nonisolated(unsafe) public let kVTVideoEncoderSpecification_EnableLowLatencyRateControl: CFString = "EnableLowLatencyRateControl"

/// A string: the identifier of the one encoder to use.
nonisolated(unsafe) public let kVTVideoEncoderSpecification_EncoderID: CFString = "EncoderID"

/// A number: the registry ID of the GPU whose encoder is preferred.
nonisolated(unsafe) public let kVTVideoEncoderSpecification_PreferredEncoderGPURegistryID: CFString = "PreferredEncoderGPURegistryID"

/// A number: the registry ID of the GPU whose encoder must be used.
nonisolated(unsafe) public let kVTVideoEncoderSpecification_RequiredEncoderGPURegistryID: CFString = "RequiredEncoderGPURegistryID"
