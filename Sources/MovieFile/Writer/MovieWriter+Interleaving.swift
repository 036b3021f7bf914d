import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer

// Interleaving: each track gathers samples into a pending chunk; a chunk closes when it spans the track's chunk
// duration (0.5 s by default), reaches its byte limit, or the sample description changes. A closed chunk waits
// until no other unfinished track could still produce a chunk that starts earlier (its own pending chunk starts
// earlier, or its next sample's time is earlier or unknown), then it is written. So chunks appear in the file in
// order of their start times, and a track that finishes never holds the others back.
//
// Memory: a track ahead of the others keeps its closed chunks (`waiting`) until the others catch up, and reports
// itself not ready for more data meanwhile; should a caller keep appending regardless, past
// `options.maximumBufferedBytes` the earliest closed chunk is written anyway (order suffers, memory does not).
extension MovieWriter {
    /// Adds a validated sample's payload to its track's chunk and writes whatever chunks are due.
    func place(_ sample: OutputSample, timing: SampleTiming, in track: WriterTrack) throws(ContainerWriterError) {
        if case .reference(let offset, _) = sample.payload {
            placeReference(offset: offset, timing: timing, descriptionIndex: sample.descriptionIndex, in: track)
            return
        }
        let byteCount = Int(timing.sampleSize) * Int(timing.sampleCount)
        let end = track.lastDecodeTime + track.lastDuration
        if track.pending?.descriptionIndex ?? sample.descriptionIndex != sample.descriptionIndex {
            closePendingChunk(of: track)
        }
        if track.pending == nil {
            track.pending = WriterTrack.Chunk(startTime: timing.decodeTime, endTime: end,
                                              descriptionIndex: sample.descriptionIndex)
        }
        track.pending!.payloads.append(sample.payload)
        track.pending!.byteCount += byteCount
        track.pending!.sampleCount += timing.sampleCount
        track.pending!.endTime = end
        track.bufferedBytes += byteCount
        bufferedBytes += byteCount
        if let pending = track.pending, pending.endTime - pending.startTime >= track.chunkDurationTicks
            || pending.byteCount >= track.chunkByteLimit {
            closePendingChunk(of: track)
        }
        try writeDueChunks()
    }

    /// Sample references make chunks of contiguous samples in the referenced file (same description, at most a
    /// chunk duration long); nothing is written.
    private func placeReference(offset: UInt64, timing: SampleTiming, descriptionIndex: Int, in track: WriterTrack) {
        let size = UInt64(timing.sampleSize) * UInt64(timing.sampleCount)
        if let next = track.referenceNextOffset, next == offset,
           track.referenceDescriptionIndex == descriptionIndex,
           timing.decodeTime - track.referenceChunkStart < track.chunkDurationTicks {
            track.table.extendLastChunk(by: timing.sampleCount)
        } else {
            track.table.appendChunk(.external(offset), sampleCount: timing.sampleCount,
                                    descriptionIndex: UInt32(descriptionIndex))
            track.referenceChunkStart = timing.decodeTime
            track.referenceDescriptionIndex = descriptionIndex
        }
        track.referenceNextOffset = offset + size
    }

    /// Moves a track's pending chunk to its waiting list.
    func closePendingChunk(of track: WriterTrack) {
        guard let pending = track.pending else { return }
        track.pending = nil
        track.waiting.append(pending)
    }

    /// Writes every waiting chunk whose turn has come (and, over the memory cap, the earliest regardless).
    func writeDueChunks() throws(ContainerWriterError) {
        // Data placed before the main media data goes to the spool as soon as a chunk closes.
        for track in tracks where track.configuration.mediaDataLocation == .beforeMainMediaDataNotInterleaved {
            while !track.waiting.isEmpty { try writeChunk(of: track) }
        }
        while true {
            // The waiting chunk that starts first (ties: the lower track).
            var candidate: WriterTrack?
            for track in tracks where !track.waiting.isEmpty && track.isInterleaved {
                guard let best = candidate else { candidate = track; continue }
                if TimeConversion.isEarlier(track.waiting[0].startTime, track.timescale, than: best.waiting[0].startTime, best.timescale) {
                    candidate = track
                }
            }
            guard let track = candidate else {
                if bufferedBytes > options.maximumBufferedBytes, let largest = tracks.filter(\.isInterleaved).max(by: {
                    ($0.pending?.byteCount ?? 0) < ($1.pending?.byteCount ?? 0)
                }), largest.pending != nil {
                    closePendingChunk(of: largest)
                    continue
                }
                return
            }
            let start = track.waiting[0].startTime
            let blocked = tracks.contains { other in
                guard other !== track, other.isInterleaved, other.waiting.isEmpty else { return false }
                if let pending = other.pending {
                    return TimeConversion.isEarlier(pending.startTime, other.timescale, than: start, track.timescale)
                }
                if other.isFinished { return false }
                guard let next = other.nextDecodeTime else { return true }
                return TimeConversion.isEarlier(next, other.timescale, than: start, track.timescale)
            }
            if blocked && bufferedBytes <= options.maximumBufferedBytes { return }
            try writeChunk(of: track)
        }
    }

    /// Writes a track's oldest waiting chunk: to the spool for data placed before the main media data, else to the
    /// file (after padding to the track's chunk alignment), and records it in the track's table.
    private func writeChunk(of track: WriterTrack) throws(ContainerWriterError) {
        let chunk = track.waiting.removeFirst()
        track.bufferedBytes -= chunk.byteCount
        bufferedBytes -= chunk.byteCount
        let location: SampleTableRecorder.ChunkLocation
        let destination: OutputFile
        if track.configuration.mediaDataLocation == .beforeMainMediaDataNotInterleaved {
            guard let spool else { throw ContainerWriterError(.invalidState, "internal: no spool for track \(track.trackID)") }
            destination = spool
            location = .spool(spool.position)
        } else {
            guard let file else { throw ContainerWriterError(.invalidState, "internal: no output file") }
            let alignment = UInt64(track.configuration.preferredChunkAlignment)
            if alignment > 1, file.position % alignment != 0 {
                try file.writeZeros(Int(alignment - file.position % alignment))
            }
            destination = file
            location = .main(file.position)
        }
        // Runs of block buffers go out as one gathered write each.
        var run: [CMBlockBuffer] = []
        for payload in chunk.payloads {
            switch payload {
            case .blockBuffer(let buffer):
                run.append(buffer)
            case .data(let data):
                try destination.write(gathering: run)
                run.removeAll()
                try destination.write(data)
            case .reference: throw ContainerWriterError(.invalidState, "internal: a reference in a written chunk")
            }
        }
        try destination.write(gathering: run)
        track.table.appendChunk(location, sampleCount: chunk.sampleCount, descriptionIndex: UInt32(chunk.descriptionIndex))
    }
}
