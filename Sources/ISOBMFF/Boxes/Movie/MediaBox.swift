/// A track's media (`mdia`, ISO/IEC 14496-12 §8.4.1): header, handler, media information.
package struct MediaBox: ContainerBox {
    package static let type: FourCC = "mdia"
    package var children: BoxList
    package init(children: BoxList) { self.children = children }

    /// Sample descriptions are read according to the media handler (`vide`, `soun`…), which the `hdlr` child
    /// states; it usually precedes `minf`, but the spec does not require that, so look it up first.
    package static func prepareChildContext(_ reader: inout BoxReader) {
        reader.context.handlerType = HandlerBox.peekHandlerType(in: reader)
    }

    /// The media header.
    package var header: MediaHeaderBox? { children.first(MediaHeaderBox.self) }
    /// The handler (media type).
    package var handler: HandlerBox? { children.first(HandlerBox.self) }
    /// The media information.
    package var information: MediaInformationBox? { children.first(MediaInformationBox.self) }
    /// The sample table, through the media information.
    package var sampleTable: SampleTableBox? { information?.sampleTable }
}
