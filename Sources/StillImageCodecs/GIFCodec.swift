internal import CGIF
import Foundation

/// GIF reading and writing with giflib's record-level API (GIF89a, W3C/CompuServe 1990): giflib parses the blocks
/// and codes the LZW data; the walk over the records, the Graphic Control and NETSCAPE2.0 extensions and the
/// drawing of a frame's indexed rows are ours.
///
/// Reading never holds a whole frame's indices: each row is decoded into one row buffer and drawn onto the caller's
/// canvas, clipped to it. A frame is decoded from the file's header followed by its own image block, found at the
/// offset the walk recorded, so reading every frame costs one pass over the file, not one pass a frame. What a header or image descriptor declares is checked against limits before any pixel
/// memory is taken.
package enum GIFCodec {
    /// One image of a GIF, from its descriptor and the Graphic Control Extension before it.
    package struct Frame: Sendable, Equatable {
        /// The frame's rectangle on the logical screen.
        package var left: Int
        package var top: Int
        package var width: Int
        package var height: Int
        /// Whether the rows are stored in GIF's four interlace passes.
        package var isInterlaced: Bool
        /// Whether the frame carries its own colour table.
        package var hasLocalColorMap: Bool
        /// The delay after the frame, in hundredths of a second (0 when there is no Graphic Control Extension).
        package var delayCentiseconds: Int
        /// The disposal method (GIF89a §23.c.iv): 0 unspecified, 1 leave in place, 2 restore to background,
        /// 3 restore to previous; 4…7 are reserved and treated as 0 by readers.
        package var disposal: Int
        /// The colour index that is not drawn, if any.
        package var transparentIndex: Int?
        /// Where the frame's image descriptor (its `,` separator) starts in the file.
        package var offset: Int
    }

    /// What a GIF holds, from a walk over its blocks without decoding pixels.
    package struct Info: Sendable {
        /// The logical screen (canvas) size.
        package var width: Int
        package var height: Int
        /// The global colour table as red, green, blue triples, if the file has one.
        package var globalColorMap: [UInt8]?
        /// The NETSCAPE2.0 (or ANIMEXTS1.0) loop count, if the file has that extension: 0 means forever.
        package var loopCount: Int?
        /// The frames whose data is complete, in file order.
        package var frames: [Frame]
        /// The length of the header, logical screen descriptor and global colour table.
        package var headerLength: Int
        /// Why the walk stopped before the trailer, if it did.
        package var failure: StillImageError?
    }

    /// A frame to write: its indices (one byte a pixel, rows packed) at the canvas's top left.
    package struct EncodedFrame: Sendable {
        package var width: Int
        package var height: Int
        package var indices: [UInt8]
        /// The frame's own colour table (RGB triples, at most 256), or `nil` to use the global one.
        package var palette: [UInt8]?
        package var transparentIndex: Int?
        package var delayCentiseconds: Int
        package var disposal: Int

        package init(width: Int, height: Int, indices: [UInt8], palette: [UInt8]?, transparentIndex: Int?,
                     delayCentiseconds: Int, disposal: Int) {
            self.width = width
            self.height = height
            self.indices = indices
            self.palette = palette
            self.transparentIndex = transparentIndex
            self.delayCentiseconds = delayCentiseconds
            self.disposal = disposal
        }
    }

    /// The GIF's blocks, walked to the trailer or to the first damaged block (then `failure` says why and `frames`
    /// holds the complete frames before it). Throws when the header or logical screen cannot be read, or the canvas
    /// exceeds `limits`.
    package static func scan(_ bytes: UnsafeRawBufferPointer, limits: StillImageLimits) throws(StillImageError) -> Info {
        let reader = Reader(bytes, ranges: [0..<bytes.count])
        let file = try open(reader)
        defer { close(file, reader) }
        return try walk(file, reader, limits: limits)
    }

    /// Decodes `frame` (one of `info.frames`, from a `scan` of the same `bytes`) and draws its opaque pixels onto
    /// `canvas` (straight RGBA, `info.width`×`info.height`, rows packed), clipped to it. Throws if its data does not
    /// decode or it has no colour table.
    package static func draw(_ bytes: UnsafeRawBufferPointer, frame: Frame, of info: Info,
                             onto canvas: inout [UInt8]) throws(StillImageError) {
        let operation = "DGifGetImageDesc"
        guard info.headerLength <= frame.offset, frame.offset < bytes.count else {
            throw StillImageError(.invalidArgument, operation: operation, message: "the frame is not in the file")
        }
        let reader = Reader(bytes, ranges: [0..<info.headerLength, frame.offset..<bytes.count])
        let file = try open(reader)
        defer { close(file, reader) }
        var record = UNDEFINED_RECORD_TYPE
        guard DGifGetRecordType(file, &record) == GIF_OK, record == IMAGE_DESC_RECORD_TYPE,
              DGifGetImageDesc(file) == GIF_OK else {
            throw error(code: file.pointee.Error, operation: operation)
        }
        guard let palette = colors(of: file.pointee.Image.ColorMap) ?? info.globalColorMap else {
            throw StillImageError(.invalidData, operation: operation, message: "a frame has no colour table and the file no global one")
        }
        try decodeRows(file, frame, palette: palette, canvasWidth: info.width, canvasHeight: info.height, canvas: &canvas)
    }

    // MARK: Reading

    /// Where giflib's read callback takes bytes from: ranges of the file, read one after another.
    private final class Reader {
        let bytes: UnsafeRawBufferPointer
        var ranges: ArraySlice<Range<Int>>
        /// How many bytes have been read.
        var position = 0

        init(_ bytes: UnsafeRawBufferPointer, ranges: [Range<Int>]) {
            self.bytes = bytes
            self.ranges = ranges[...]
        }

        /// Copies up to `count` bytes to `buffer`; how many were copied.
        func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
            var copied = 0
            while copied < count, let range = ranges.first, let base = bytes.baseAddress {
                let step = min(count - copied, range.count)
                (buffer + copied).copyMemory(from: base + range.lowerBound, byteCount: step)
                copied += step
                ranges[ranges.startIndex] = range.lowerBound + step..<range.upperBound
                if ranges[ranges.startIndex].isEmpty { ranges.removeFirst() }
            }
            position += copied
            return copied
        }
    }

    /// giflib's decoder over `reader` (which it holds unretained until `close`), past the logical screen.
    private static func open(_ reader: Reader) throws(StillImageError) -> UnsafeMutablePointer<GifFileType> {
        var openError: Int32 = 0
        let opened = DGifOpen(Unmanaged.passUnretained(reader).toOpaque(), { file, buffer, length in
            guard let file, let buffer, length > 0, let user = file.pointee.UserData else { return 0 }
            return Int32(Unmanaged<Reader>.fromOpaque(user).takeUnretainedValue().read(into: buffer, count: Int(length)))
        }, &openError)
        guard let file = opened else { throw error(code: openError, operation: "DGifOpen") }
        return file
    }

    private static func close(_ file: UnsafeMutablePointer<GifFileType>, _ reader: Reader) {
        var closeError: Int32 = 0
        DGifCloseFile(file, &closeError)
        withExtendedLifetime(reader) {}
    }

    /// The y coordinate of the `row`-th stored row of an interlaced frame `height` rows tall (GIF89a appendix E:
    /// every 8th row from 0, every 8th from 4, every 4th from 2, every 2nd from 1).
    static func interlacedRow(_ row: Int, height: Int) -> Int {
        var remaining = row
        for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
            let rows = height > start ? (height - start + step - 1) / step : 0
            if remaining < rows { return start + remaining * step }
            remaining -= rows
        }
        return row
    }

    /// The blocks after the logical screen, walked to the trailer or the first damaged block.
    private static func walk(_ file: UnsafeMutablePointer<GifFileType>, _ reader: Reader,
                             limits: StillImageLimits) throws(StillImageError) -> Info {
        let width = Int(file.pointee.SWidth), height = Int(file.pointee.SHeight)
        try limits.check(width: width, height: height, "DGifGetScreenDesc")
        var info = Info(width: width, height: height, globalColorMap: colors(of: file.pointee.SColorMap), loopCount: nil,
                        frames: [], headerLength: reader.position, failure: nil)
        var control: (delay: Int, disposal: Int, transparent: Int?)?
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(file, &record) == GIF_OK else {
                info.failure = error(code: file.pointee.Error, operation: "DGifGetRecordType")
                return info
            }
            switch record {
            case IMAGE_DESC_RECORD_TYPE:
                // The separator byte has just been read.
                let offset = reader.position - 1
                guard DGifGetImageDesc(file) == GIF_OK else {
                    info.failure = error(code: file.pointee.Error, operation: "DGifGetImageDesc")
                    return info
                }
                let descriptor = file.pointee.Image
                let frame = Frame(left: Int(descriptor.Left), top: Int(descriptor.Top), width: Int(descriptor.Width),
                                  height: Int(descriptor.Height), isInterlaced: descriptor.Interlace,
                                  hasLocalColorMap: descriptor.ColorMap != nil, delayCentiseconds: control?.delay ?? 0,
                                  disposal: control?.disposal ?? 0, transparentIndex: control?.transparent, offset: offset)
                control = nil
                do {
                    try limits.check(width: frame.width, height: frame.height, "DGifGetImageDesc")
                } catch {
                    info.failure = error
                    return info
                }
                // Skip the frame's data without decoding it.
                var codeSize: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetCode(file, &codeSize, &block) == GIF_OK else {
                    info.failure = error(code: file.pointee.Error, operation: "DGifGetCode")
                    return info
                }
                while block != nil {
                    guard DGifGetCodeNext(file, &block) == GIF_OK else {
                        info.failure = error(code: file.pointee.Error, operation: "DGifGetCodeNext")
                        return info
                    }
                }
                info.frames.append(frame)
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(file, &code, &block) == GIF_OK else {
                    info.failure = error(code: file.pointee.Error, operation: "DGifGetExtension")
                    return info
                }
                var isFirst = true, isLooping = false
                // Each block is a length byte and that many bytes.
                while let current = block {
                    let length = Int(current[0]), data = current + 1
                    if isFirst, code == GRAPHICS_EXT_FUNC_CODE, length >= 4 {
                        let packed = Int(data[0])
                        control = (delay: Int(data[1]) | Int(data[2]) << 8, disposal: (packed >> 2) & 7,
                                   transparent: packed & 1 != 0 ? Int(data[3]) : nil)
                    } else if isFirst, code == APPLICATION_EXT_FUNC_CODE, length == 11 {
                        let name = String(decoding: UnsafeBufferPointer(start: data, count: 11), as: UTF8.self)
                        isLooping = name == "NETSCAPE2.0" || name == "ANIMEXTS1.0"
                    } else if isLooping, length >= 3, data[0] == 1 {
                        info.loopCount = Int(data[1]) | Int(data[2]) << 8
                    }
                    isFirst = false
                    guard DGifGetExtensionNext(file, &block) == GIF_OK else {
                        info.failure = error(code: file.pointee.Error, operation: "DGifGetExtensionNext")
                        return info
                    }
                }
            case TERMINATE_RECORD_TYPE:
                return info
            default:
                info.failure = StillImageError(.invalidData, operation: "DGifGetRecordType", message: "an unknown block")
                return info
            }
        }
    }

    /// Decodes the current image's rows one at a time and draws them onto `canvas`.
    private static func decodeRows(_ file: UnsafeMutablePointer<GifFileType>, _ frame: Frame, palette: [UInt8],
                                   canvasWidth: Int, canvasHeight: Int, canvas: inout [UInt8]) throws(StillImageError) {
        guard canvas.count == canvasWidth * canvasHeight * 4 else {
            throw StillImageError(.invalidArgument, operation: "DGifGetLine", message: "the canvas is not \(canvasWidth)x\(canvasHeight) RGBA")
        }
        // Indices past the table's end are drawn black, as the table were padded.
        var table = palette
        if table.count < 256 * 3 { table += [UInt8](repeating: 0, count: 256 * 3 - table.count) }
        var row = [GifPixelType](repeating: 0, count: frame.width)
        let columns = max(0, min(frame.left + frame.width, canvasWidth) - frame.left)
        for stored in 0..<frame.height {
            let status = row.withUnsafeMutableBufferPointer { DGifGetLine(file, $0.baseAddress, Int32(frame.width)) }
            guard status == GIF_OK else { throw error(code: file.pointee.Error, operation: "DGifGetLine") }
            let y = frame.top + (frame.isInterlaced ? interlacedRow(stored, height: frame.height) : stored)
            guard y < canvasHeight, columns > 0 else { continue }
            table.withUnsafeBufferPointer { colors in
                row.withUnsafeBufferPointer { indices in
                    canvas.withUnsafeMutableBufferPointer { pixels in
                        var out = (y * canvasWidth + frame.left) * 4
                        for x in 0..<columns {
                            let index = Int(indices[x])
                            if index != frame.transparentIndex {
                                pixels[out] = colors[index * 3]
                                pixels[out + 1] = colors[index * 3 + 1]
                                pixels[out + 2] = colors[index * 3 + 2]
                                pixels[out + 3] = 255
                            }
                            out += 4
                        }
                    }
                }
            }
        }
    }

    /// A colour map's entries as RGB triples.
    private static func colors(of map: UnsafeMutablePointer<ColorMapObject>?) -> [UInt8]? {
        guard let map, let entries = map.pointee.Colors, map.pointee.ColorCount > 0 else { return nil }
        var triples = [UInt8]()
        triples.reserveCapacity(Int(map.pointee.ColorCount) * 3)
        for index in 0..<Int(min(map.pointee.ColorCount, 256)) {
            triples += [entries[index].Red, entries[index].Green, entries[index].Blue]
        }
        return triples
    }

    /// An error from giflib's code, worded so that a cut-short file reads as truncated.
    private static func error(code: Int32, operation: String) -> StillImageError {
        // giflib leaves the code at 0 for some damage it finds itself (an image descriptor without a colour table
        // to size its LZW codes, say).
        let text = code == 0 ? "damaged data" : GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
        switch code {
        case D_GIF_ERR_READ_FAILED, D_GIF_ERR_EOF_TOO_SOON:
            return StillImageError(.invalidData, operation: operation, message: "the GIF is truncated (\(text))")
        case D_GIF_ERR_NOT_ENOUGH_MEM, E_GIF_ERR_NOT_ENOUGH_MEM:
            return StillImageError(.outOfMemory, operation: operation, message: text)
        default:
            return StillImageError(.invalidData, operation: operation, message: text)
        }
    }

    // MARK: Writing

    /// Where giflib's write callback puts bytes.
    private final class Writer {
        var data = Data()
    }

    /// A GIF89a file of `frames` on a `width`×`height` canvas, with `globalPalette` as the global colour table (frames
    /// without their own table use it), `backgroundIndex` as the logical screen's background colour (decoders that
    /// fill the canvas with it, as ffmpeg's does, show the transparent index's slot as transparent) and a NETSCAPE2.0
    /// loop count when `loopCount` is given.
    package static func encode(width: Int, height: Int, globalPalette: [UInt8]?, backgroundIndex: Int = 0, loopCount: Int?,
                               frames: [EncodedFrame]) throws(StillImageError) -> Data {
        let operation = "EGifPutImageDesc"
        guard (1...65_535).contains(width), (1...65_535).contains(height) else {
            throw StillImageError(.invalidArgument, operation: operation, message: "GIF cannot store a \(width)x\(height) canvas")
        }
        guard !frames.isEmpty else { throw StillImageError(.invalidArgument, operation: operation, message: "no frames") }
        for frame in frames {
            guard (1...width).contains(frame.width), (1...height).contains(frame.height),
                  frame.indices.count == frame.width * frame.height,
                  let palette = frame.palette ?? globalPalette, palette.count >= 6, palette.count <= 768,
                  palette.count % 3 == 0,
                  frame.indices.allSatisfy({ Int($0) * 3 < palette.count }) else {
                throw StillImageError(.invalidArgument, operation: operation, message: "a frame does not fit its canvas or colour table")
            }
        }
        let writer = Writer()
        // giflib holds the writer unretained until EGifCloseFile, which runs before this defer.
        defer { withExtendedLifetime(writer) {} }
        var openError: Int32 = 0
        guard let file = EGifOpen(Unmanaged.passUnretained(writer).toOpaque(), { file, bytes, length in
            guard let file, let bytes, length >= 0, let user = file.pointee.UserData else { return 0 }
            Unmanaged<Writer>.fromOpaque(user).takeUnretainedValue().data.append(bytes, count: Int(length))
            return length
        }, &openError) else {
            throw error(code: openError, operation: "EGifOpen")
        }
        var isOpen = true
        defer {
            if isOpen {
                var closeError: Int32 = 0
                EGifCloseFile(file, &closeError)
            }
        }
        func check(_ status: Int32, _ operation: String) throws(StillImageError) {
            guard status == GIF_OK else { throw error(code: file.pointee.Error, operation: operation) }
        }
        do {
            EGifSetGifVersion(file, true)
            let global = globalPalette.flatMap(makeMap)
            defer { GifFreeMapObject(global) }
            try check(EGifPutScreenDesc(file, Int32(width), Int32(height), 8, Int32(min(max(backgroundIndex, 0), 255)), global), "EGifPutScreenDesc")
            if let loopCount {
                let count = min(max(loopCount, 0), 65_535)
                try check(EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE), "EGifPutExtensionLeader")
                try check(EGifPutExtensionBlock(file, 11, Array("NETSCAPE2.0".utf8)), "EGifPutExtensionBlock")
                try check(EGifPutExtensionBlock(file, 3, [1, UInt8(count & 0xFF), UInt8(count >> 8)]), "EGifPutExtensionBlock")
                try check(EGifPutExtensionTrailer(file), "EGifPutExtensionTrailer")
            }
            for frame in frames {
                let delay = min(max(frame.delayCentiseconds, 0), 65_535)
                let transparent = frame.transparentIndex.map { UInt8(clamping: $0) }
                let control: [UInt8] = [UInt8((frame.disposal & 7) << 2) | (transparent == nil ? 0 : 1),
                                        UInt8(delay & 0xFF), UInt8(delay >> 8), transparent ?? 0]
                try check(EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, 4, control), "EGifPutExtension")
                let local = frame.palette.flatMap(makeMap)
                defer { GifFreeMapObject(local) }
                try check(EGifPutImageDesc(file, 0, 0, Int32(frame.width), Int32(frame.height), false, local),
                          "EGifPutImageDesc")
                var row = [GifPixelType](repeating: 0, count: frame.width)
                for y in 0..<frame.height {
                    row.replaceSubrange(0..<frame.width, with: frame.indices[y * frame.width ..< (y + 1) * frame.width])
                    try check(row.withUnsafeMutableBufferPointer { EGifPutLine(file, $0.baseAddress, Int32(frame.width)) },
                              "EGifPutLine")
                }
            }
            isOpen = false
            var closeError: Int32 = 0
            guard EGifCloseFile(file, &closeError) == GIF_OK else { throw error(code: closeError, operation: "EGifCloseFile") }
        }
        return writer.data
    }

    /// A giflib colour map of `triples`, padded with black to the power of two GIF's tables come in.
    private static func makeMap(_ triples: [UInt8]) -> UnsafeMutablePointer<ColorMapObject>? {
        let count = triples.count / 3
        var size = 2
        while size < count { size *= 2 }
        var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size)
        for index in 0..<count {
            colors[index] = GifColorType(Red: triples[index * 3], Green: triples[index * 3 + 1], Blue: triples[index * 3 + 2])
        }
        return GifMakeMapObject(Int32(size), colors)
    }
}
