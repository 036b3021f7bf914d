/// A QuickTime timecode sample entry (`tmcd`, QuickTime "Timecode sample description"): how the 32-bit frame
/// numbers in a timecode track's samples turn into hours, minutes, seconds and frames.
package struct TimecodeSampleEntry: SampleEntry, BoxContainer {
    /// Timecode flags.
    package struct Flags: OptionSet, Hashable, Sendable {
        package var rawValue: UInt32
        package init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Drop-frame timecode (29.97 fps NTSC).
        package static let dropFrame = Flags(rawValue: 0x1)
        /// The timecode wraps at 24 hours.
        package static let wrapsAt24Hours = Flags(rawValue: 0x2)
        /// Negative times are allowed.
        package static let allowsNegativeTimes = Flags(rawValue: 0x4)
        /// Samples are plain counters, not timecode records.
        package static let isCounter = Flags(rawValue: 0x8)
    }

    package var boxType: FourCC { "tmcd" }
    package var header: SampleEntryHeader
    /// Reserved 32 bits (0).
    package var reserved1: UInt32 = 0
    /// Drop frame, 24-hour wrap, negative times, counter.
    package var flags: Flags
    /// Units per second of `frameDuration`.
    package var timescale: UInt32
    /// Length of one frame in `timescale` units.
    package var frameDuration: UInt32
    /// Frames per second, rounded up (30 for 29.97).
    package var numberOfFrames: UInt8
    /// Reserved byte after the frame count (writers use 0).
    package var reserved2: UInt8 = 0
    /// The source reference: a `name` text item naming the tape (QuickTime), and anything else.
    package var children: BoxList

    /// An entry.
    package init(dataReferenceIndex: UInt16 = 1, flags: Flags, timescale: UInt32, frameDuration: UInt32,
                 numberOfFrames: UInt8, children: BoxList = []) {
        header = SampleEntryHeader(dataReferenceIndex: dataReferenceIndex)
        self.flags = flags
        self.timescale = timescale
        self.frameDuration = frameDuration
        self.numberOfFrames = numberOfFrames
        self.children = children
    }

    /// The tape name, from the `name` child.
    package var sourceName: String? { children.first(UserDataTextBox.self)?.text }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        header = try reader.readSampleEntryHeader()
        reserved1 = try reader.readUInt32()
        flags = Flags(rawValue: try reader.readUInt32())
        timescale = try reader.readUInt32()
        frameDuration = try reader.readUInt32()
        numberOfFrames = try reader.readUInt8()
        reserved2 = try reader.readUInt8()
        children = try BoxList.parse(&reader, scope: .standard)
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        try writer.writeSampleEntryHeader(header)
        writer.writeUInt32(reserved1)
        writer.writeUInt32(flags.rawValue)
        writer.writeUInt32(timescale)
        writer.writeUInt32(frameDuration)
        writer.writeUInt8(numberOfFrames)
        writer.writeUInt8(reserved2)
        try children.write(to: &writer)
    }
}
