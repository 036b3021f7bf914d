// The compression property keys and values of VTCompressionProperties.h for stereo (MV-HEVC) and immersive video:
// eye views, layer IDs, projections and camera calibration. No encoder here writes MV-HEVC, so a settings dictionary
// naming one of the keys is refused; the names exist so that code naming them compiles.
// Values follow Apple's naming pattern (the name without the prefix).

// MARK: Stereo (MV-HEVC)

/// An array of numbers: the video layer IDs of an MV-HEVC stream.
nonisolated(unsafe) public let kVTCompressionPropertyKey_MVHEVCVideoLayerIDs: CFString = "MVHEVCVideoLayerIDs"

/// An array of numbers: the view IDs of an MV-HEVC stream.
nonisolated(unsafe) public let kVTCompressionPropertyKey_MVHEVCViewIDs: CFString = "MVHEVCViewIDs"

/// An array of two numbers: the view IDs of the left and right eyes.
nonisolated(unsafe) public let kVTCompressionPropertyKey_MVHEVCLeftAndRightViewIDs: CFString = "MVHEVCLeftAndRightViewIDs"

/// A Boolean: the stream has a left-eye view.
nonisolated(unsafe) public let kVTCompressionPropertyKey_HasLeftStereoEyeView: CFString = "HasLeftStereoEyeView"

/// A Boolean: the stream has a right-eye view.
nonisolated(unsafe) public let kVTCompressionPropertyKey_HasRightStereoEyeView: CFString = "HasRightStereoEyeView"

/// `kVTHeroEye_…`: the eye to show when only one is shown.
nonisolated(unsafe) public let kVTCompressionPropertyKey_HeroEye: CFString = "HeroEye"

/// `HeroEye`: the left eye.
nonisolated(unsafe) public let kVTHeroEye_Left: CFString = "Left"

/// `HeroEye`: the right eye.
nonisolated(unsafe) public let kVTHeroEye_Right: CFString = "Right"

/// A number, micrometres: the distance between the two cameras' centres.
nonisolated(unsafe) public let kVTCompressionPropertyKey_StereoCameraBaseline: CFString = "StereoCameraBaseline"

/// A number: the horizontal shift between the eyes' images, normalised to the image width.
nonisolated(unsafe) public let kVTCompressionPropertyKey_HorizontalDisparityAdjustment: CFString = "HorizontalDisparityAdjustment"

/// A number, thousandths of a degree: the horizontal field of view.
nonisolated(unsafe) public let kVTCompressionPropertyKey_HorizontalFieldOfView: CFString = "HorizontalFieldOfView"

// MARK: Projection and packing

/// `kVTProjectionKind_…`: how the picture maps onto the viewing sphere.
nonisolated(unsafe) public let kVTCompressionPropertyKey_ProjectionKind: CFString = "ProjectionKind"

/// `ProjectionKind`: a flat picture.
nonisolated(unsafe) public let kVTProjectionKind_Rectilinear: CFString = "Rectilinear"

/// `ProjectionKind`: the whole sphere, equirectangular.
nonisolated(unsafe) public let kVTProjectionKind_Equirectangular: CFString = "Equirectangular"

/// `ProjectionKind`: the front half of the sphere, equirectangular.
nonisolated(unsafe) public let kVTProjectionKind_HalfEquirectangular: CFString = "HalfEquirectangular"

/// `ProjectionKind`: a lens model given by camera calibration data.
nonisolated(unsafe) public let kVTProjectionKind_ParametricImmersive: CFString = "ParametricImmersive"

/// `kVTViewPackingKind_…`: how two views share one frame.
nonisolated(unsafe) public let kVTCompressionPropertyKey_ViewPackingKind: CFString = "ViewPackingKind"

/// `ViewPackingKind`: the views side by side.
nonisolated(unsafe) public let kVTViewPackingKind_SideBySide: CFString = "SideBySide"

/// `ViewPackingKind`: one view above the other.
nonisolated(unsafe) public let kVTViewPackingKind_OverUnder: CFString = "OverUnder"

// MARK: Camera calibration

/// An array of dictionaries, one per lens, keyed by `kVTCompressionPropertyCameraCalibrationKey_…`.
nonisolated(unsafe) public let kVTCompressionPropertyKey_CameraCalibrationDataLensCollection: CFString = "CameraCalibrationDataLensCollection"

/// Lens: an identifier.
nonisolated(unsafe) public let kVTCompressionPropertyCameraCalibrationKey_LensIdentifier: CFString = "LensIdentifier"

/// Lens: the model of its distortion (`kVTCameraCalibrationLensAlgorithmKind_…`).
nonisolated(unsafe) public let kVTCompressionPropertyCameraCalibrationKey_LensAlgorithmKind: CFString = "LensAlgorithmKind"

/// Lens: what it captures (`kVTCameraCalibrationLensDomain_…`).
nonisolated(unsafe) public let kVTCompressionPropertyCameraCalibrationKey_LensDomain: CFString = "LensDomain"

/// Lens: its role in the rig (`kVTCameraCalibrationLensRole_…`).
nonisolated(unsafe) public let kVTCompressionPropertyCameraCalibrationKey_LensRole: CFString = "LensRole"

/// Lens: the radial distortion coefficients.
nonisolated(unsafe) public let kVTCompressionPropertyCameraCalibrationKey_LensDistortions: CFString = "LensDistortions"

/// Lens: the largest radial angle the distortion model covers.
nonisolated(unsafe) public let kVTCompressionPropertyCameraCalibrationKey_RadialAngleLimit: CFString = "RadialAngleLimit"

/// Lens: the horizontal frame adjustment polynomial.
nonisolated(unsafe) public let kVTCompressionPropertyCameraCalibrationKey_LensFrameAdjustmentsPolynomialX: CFString = "LensFrameAdjustmentsPolynomialX"

/// Lens: the vertical frame adjustment polynomial.
nonisolated(unsafe) public let kVTCompressionPropertyCameraCalibrationKey_LensFrameAdjustmentsPolynomialY: CFString = "LensFrameAdjustmentsPolynomialY"

/// Lens: the 3×3 intrinsic matrix.
nonisolated(unsafe) public let kVTCompressionPropertyCameraCalibrationKey_IntrinsicMatrix: CFString = "IntrinsicMatrix"

/// Lens: the offset of the intrinsic matrix's projection.
nonisolated(unsafe) public let kVTCompressionPropertyCameraCalibrationKey_IntrinsicMatrixProjectionOffset: CFString = "IntrinsicMatrixProjectionOffset"

/// Lens: the picture size the intrinsic matrix refers to.
nonisolated(unsafe) public let kVTCompressionPropertyCameraCalibrationKey_IntrinsicMatrixReferenceDimensions: CFString = "IntrinsicMatrixReferenceDimensions"

/// Lens: where its extrinsic position is measured from (`kVTCameraCalibrationExtrinsicOriginSource_…`).
nonisolated(unsafe) public let kVTCompressionPropertyCameraCalibrationKey_ExtrinsicOriginSource: CFString = "ExtrinsicOriginSource"

/// Lens: its orientation as a quaternion.
nonisolated(unsafe) public let kVTCompressionPropertyCameraCalibrationKey_ExtrinsicOrientationQuaternion: CFString = "ExtrinsicOrientationQuaternion"

/// `LensAlgorithmKind`: a parametric lens model.
nonisolated(unsafe) public let kVTCameraCalibrationLensAlgorithmKind_ParametricLens: CFString = "ParametricLens"

/// `LensDomain`: a colour camera.
nonisolated(unsafe) public let kVTCameraCalibrationLensDomain_Color: CFString = "Color"

/// `LensRole`: the only lens.
nonisolated(unsafe) public let kVTCameraCalibrationLensRole_Mono: CFString = "Mono"

/// `LensRole`: the left lens of a pair.
nonisolated(unsafe) public let kVTCameraCalibrationLensRole_Left: CFString = "Left"

/// `LensRole`: the right lens of a pair.
nonisolated(unsafe) public let kVTCameraCalibrationLensRole_Right: CFString = "Right"

/// `ExtrinsicOriginSource`: measured from the stereo rig's baseline.
nonisolated(unsafe) public let kVTCameraCalibrationExtrinsicOriginSource_StereoCameraSystemBaseline: CFString = "StereoCameraSystemBaseline"
