// The planar-info header Apple places at the base address of a planar pixel buffer (CVPixelBuffer.h). Offsets
// and row byte counts are stored big-endian, as Apple's header documents.

/// One plane's entry in a planar-info header: its offset from the header and its row byte count (big-endian).
public struct CVPlanarComponentInfo: Sendable {
    /// Offset of the plane's first pixel from the header, big-endian.
    public var offset: Int32
    /// Bytes per row of the plane, big-endian.
    public var rowBytes: UInt32

    /// An entry with zero offset and row bytes.
    public init() {
        offset = 0
        rowBytes = 0
    }

    /// An entry with the given (big-endian) offset and row bytes.
    public init(offset: Int32, rowBytes: UInt32) {
        self.offset = offset
        self.rowBytes = rowBytes
    }
}

/// The header of a tri-planar Y'CbCr buffer (`y420`, `f420`).
public struct CVPlanarPixelBufferInfo_YCbCrPlanar: Sendable {
    /// The luma plane.
    public var componentInfoY: CVPlanarComponentInfo
    /// The Cb plane.
    public var componentInfoCb: CVPlanarComponentInfo
    /// The Cr plane.
    public var componentInfoCr: CVPlanarComponentInfo

    /// A header with zero entries.
    public init() {
        componentInfoY = CVPlanarComponentInfo()
        componentInfoCb = CVPlanarComponentInfo()
        componentInfoCr = CVPlanarComponentInfo()
    }

    /// A header with the given entries.
    public init(componentInfoY: CVPlanarComponentInfo, componentInfoCb: CVPlanarComponentInfo,
                componentInfoCr: CVPlanarComponentInfo) {
        self.componentInfoY = componentInfoY
        self.componentInfoCb = componentInfoCb
        self.componentInfoCr = componentInfoCr
    }
}

/// The header of a bi-planar Y'CbCr buffer (`420v`, `420f`, `x420`, …).
public struct CVPlanarPixelBufferInfo_YCbCrBiPlanar: Sendable {
    /// The luma plane.
    public var componentInfoY: CVPlanarComponentInfo
    /// The interleaved chroma plane.
    public var componentInfoCbCr: CVPlanarComponentInfo

    /// A header with zero entries.
    public init() {
        componentInfoY = CVPlanarComponentInfo()
        componentInfoCbCr = CVPlanarComponentInfo()
    }

    /// A header with the given entries.
    public init(componentInfoY: CVPlanarComponentInfo, componentInfoCbCr: CVPlanarComponentInfo) {
        self.componentInfoY = componentInfoY
        self.componentInfoCbCr = componentInfoCbCr
    }
}
