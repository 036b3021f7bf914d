/// The `tmcd` container inside `gmhd` of a QuickTime timecode track, holding `tcmi` (QuickTime "Timecode media
/// information atom" sits in it, not in `gmin`, despite the spec's size example).
package struct TimecodeMediaHeaderBox: ContainerBox {
    package static let type: FourCC = "tmcd"
    package var children: BoxList
    package init(children: BoxList) { self.children = children }

    /// How the timecode text is displayed.
    package var information: TimecodeMediaInformationBox? { children.first(TimecodeMediaInformationBox.self) }
}
