/// Walks a file's top-level boxes with positioned reads: media data (`mdat`) and padding (`free`, `skip`, `wide`)
/// are recorded by location and never read; structure (`moov`, `moof`, `sidx`, `mfra`, `meta`…) is loaded within
/// the limits and parsed.
///
/// A truncated file is not an error: the scan keeps every complete box and reports the one that is cut (where it
/// starts, what size it declares, how many bytes exist), so a fragmented file plays up to its last complete
/// fragment.
package enum FileScanner {
    /// How to scan.
    package struct Options: Sendable {
        /// How boxes are parsed.
        package var parse = ParseOptions()
        /// When a complete box is malformed: `false` throws its `BoxParseError`; `true` ends the scan there and
        /// returns what came before, with the error as the result's `ending`.
        package var stopsAtMalformedBox = false
        /// Options with the defaults.
        package init() {}
    }

    /// Types whose payload is never read at file level.
    package static let unloadedTypes: Set<FourCC> = ["mdat", "free", "skip", "wide"]

    /// Types that are structure: loaded up to `ParseOptions.maximumLoadedBoxSize`, and an error beyond it.
    package static let structuralTypes: Set<FourCC> = [
        "ftyp", "styp", "moov", "moof", "sidx", "ssix", "mfra", "meta", "udta", "uuid", "pdin", "emsg", "prft",
    ]

    /// Scans `source`.
    package static func scan(_ source: some RandomAccessSource, options: Options = Options()) throws -> ScanResult {
        try scan(source, options: options, keeping: { _ in true })
    }

    /// Scans `source`, handing each complete top-level box to `keep` as soon as it is read: the boxes for which it
    /// returns `false` are left out of the result. A reader that indexes movie fragments as they come thus never
    /// holds them all (300,000 parsed fragments took 20 times the file's size). An error `keep` throws ends the scan
    /// and is rethrown as it is. Limits count every box scanned, kept or not.
    ///
    /// `takeChild` is offered every child of a container box as it is parsed (`ParseContext.takeChild`): those it
    /// takes are left out of their parent.
    package static func scan(_ source: some RandomAccessSource, options: Options = Options(),
                             takingChildren takeChild: ((BoxNode, BoxPath) -> Bool)? = nil,
                             keeping keep: (TopLevelBox) throws -> Bool) throws -> ScanResult {
        guard let takeChild else { return try scan(source, options: options, context: nil, keeping: keep) }
        return try withoutActuallyEscaping(takeChild) { takeChild in
            try scan(source, options: options, context: takeChild, keeping: keep)
        }
    }

    private static func scan(_ source: some RandomAccessSource, options: Options,
                             context takeChild: ((BoxNode, BoxPath) -> Bool)?,
                             keeping keep: (TopLevelBox) throws -> Bool) throws -> ScanResult {
        let fileSize = source.size
        let log = ParseLog()
        var context = ParseContext(options: options.parse, log: log)
        context.takeChild = takeChild
        var boxes: [TopLevelBox] = []
        var scanned = 0
        var counts: [FourCC: Int] = [:]
        var offset: Int64 = 0
        var ending = ScanResult.Ending.complete

        scanning: while offset < fileSize {
            let available = fileSize - offset
            let headerBytes = try source.read(at: offset, count: Int(min(Int64(Limits.maximumHeaderSize), available)))
            var headerReader = BoxReader(headerBytes, baseOffset: offset, context: context)
            let header: BoxHeader
            do {
                header = try BoxHeader.read(from: &headerReader, available: UInt64(available))
            } catch where error.code == .unexpectedEnd {
                ending = .truncated(TruncatedBox(offset: offset, type: headerBytes.count >= 8 ? headerReader.peekFourCC() : nil,
                                                 declaredSize: nil, availableSize: available))
                break scanning
            } catch {
                if options.stopsAtMalformedBox { ending = .malformed(error); break scanning }
                throw error
            }
            guard header.size <= UInt64(available) else {
                ending = .truncated(TruncatedBox(offset: offset, type: header.type, declaredSize: header.size,
                                                 availableSize: available))
                break
            }
            guard scanned < Limits.maximumTopLevelBoxCount else {
                let error = BoxParseError(.limitExceeded, path: .root, offset: offset,
                                          "more than \(Limits.maximumTopLevelBoxCount) top-level boxes")
                if options.stopsAtMalformedBox { ending = .malformed(error); break }
                throw error
            }
            let index = counts[header.type, default: 0] + 1
            counts[header.type] = index
            let path = BoxPath.root.appending(header.type, index: index)

            var content = TopLevelBox.Content.notLoaded
            if !unloadedTypes.contains(header.type) {
                let isStructural = structuralTypes.contains(header.type)
                let limit = isStructural ? options.parse.maximumLoadedBoxSize : Limits.maximumRawTopLevelBoxSize
                if header.payloadSize <= UInt64(limit) {
                    let payloadBytes = try source.read(at: header.payloadOffset, count: Int(header.payloadSize))
                    guard payloadBytes.count == Int(header.payloadSize) else {
                        // The file shrank while being read: report it like any truncation.
                        ending = .truncated(TruncatedBox(offset: offset, type: header.type, declaredSize: header.size,
                                                         availableSize: Int64(header.headerSize + payloadBytes.count)))
                        break
                    }
                    let payload = BoxReader(payloadBytes, baseOffset: header.payloadOffset, path: path, context: context)
                    do {
                        let node = try BoxNode.parse(header: header, payload: payload, scope: .standard)
                        if let fileType = node.box as? FileTypeBox { context.isQuickTimeFile = fileType.isQuickTime }
                        content = .parsed(node)
                    } catch {
                        if options.stopsAtMalformedBox { ending = .malformed(error); break }
                        throw error
                    }
                } else if isStructural {
                    let error = BoxParseError(.limitExceeded, path: path, offset: offset,
                                              "'\(header.type)' has \(header.payloadSize) bytes, over the limit of \(limit) "
                                                  + "loaded into memory")
                    if options.stopsAtMalformedBox { ending = .malformed(error); break }
                    throw error
                }
            }
            let box = TopLevelBox(header: header, path: path, content: content)
            scanned += 1
            if try keep(box) { boxes.append(box) }
            offset = header.endOffset
        }
        return ScanResult(fileSize: fileSize, boxes: boxes, ending: ending, warnings: log.warnings)
    }
}
