import MediaContainer

/// How a movie writer lays its output out, and what each layout needs of the sink it writes to (`OutputSink`).
enum MovieLayout: Equatable {
    /// `ftyp`, `mdat`, `moov`: the `mdat` header's size is patched in at the end.
    case progressive
    /// `ftyp`, `moov`, `mdat` (`shouldOptimizeForNetworkUse`): the movie box goes before the media data at the end,
    /// into reserved room or by moving the media data up.
    case fastStart
    /// `ftyp`, `moov`, `moof` + `mdat` pairs, `mfra` (`movieFragmentInterval`). On a patchable sink each fragment
    /// is committed by patching its type and the movie box is rewritten at the end (crash safety, final edit
    /// lists); on an append-only one the same boxes go out once, in order, and the movie box stays as first written.
    case fragmented
    /// The fragments handed out as segments (`MovieSegmentation`) through an `OutputSegmentCollector`.
    case segmented

    init(options: MovieWriterOptions, segmentation: MovieSegmentation?) {
        if segmentation != nil {
            self = .segmented
        } else if options.movieFragmentInterval != nil {
            self = .fragmented
        } else {
            self = options.shouldOptimizeForNetworkUse ? .fastStart : .progressive
        }
    }

    /// Whether the layout goes back over bytes it wrote, so that it needs a patchable sink.
    var needsPatchableSink: Bool { self == .progressive || self == .fastStart }

    /// Throws when `sink` (named `name`) cannot carry the layout: checked when the writer is created, so that a
    /// layout never finds out midway.
    func check(_ sink: some OutputSink, name: String) throws(ContainerWriterError) {
        guard needsPatchableSink, !sink.isPatchable else { return }
        let need = self == .progressive ? "patches its media data's size in at the end"
            : "moves its movie box before the media data at the end"
        throw ContainerWriterError(.unsupportedFormat, "a \(self == .progressive ? "progressive" : "fast-start") "
                                   + "movie \(need), and '\(name)' only appends (a pipe): write a fragmented movie "
                                   + "(movieFragmentInterval) to it instead")
    }
}
