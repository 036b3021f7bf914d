/// Preload hints (`load`, QuickTime "Track load settings atom").
package struct TrackLoadSettingsBox: SingleTypeBox {
    package static let type: FourCC = "load"
    /// Start of the segment to preload, in movie time.
    package var preloadStartTime: Int32
    /// Length of the segment to preload (-1: the whole track).
    package var preloadDuration: Int32
    /// 1: preload always; 2: preload only if enabled.
    package var preloadFlags: UInt32
    /// Playback hints (double buffer, high quality…).
    package var defaultHints: UInt32

    /// Settings with the given values.
    package init(preloadStartTime: Int32, preloadDuration: Int32, preloadFlags: UInt32, defaultHints: UInt32) {
        self.preloadStartTime = preloadStartTime
        self.preloadDuration = preloadDuration
        self.preloadFlags = preloadFlags
        self.defaultHints = defaultHints
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        preloadStartTime = try reader.readInt32()
        preloadDuration = try reader.readInt32()
        preloadFlags = try reader.readUInt32()
        defaultHints = try reader.readUInt32()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeInt32(preloadStartTime)
        writer.writeInt32(preloadDuration)
        writer.writeUInt32(preloadFlags)
        writer.writeUInt32(defaultHints)
    }
}
