/// QuickTime's header for media other than sound and video (`gmhd`, QuickTime "Base media information header
/// atom"): holds `gmin` and, for timecode and text tracks, their media information.
package struct BaseMediaInformationHeaderBox: ContainerBox {
    package static let type: FourCC = "gmhd"
    package var children: BoxList
    package init(children: BoxList) { self.children = children }

    /// The base media info.
    package var baseMediaInfo: BaseMediaInfoBox? { children.first(BaseMediaInfoBox.self) }
    /// Timecode display settings, for timecode tracks.
    package var timecode: TimecodeMediaHeaderBox? { children.first(TimecodeMediaHeaderBox.self) }
}
