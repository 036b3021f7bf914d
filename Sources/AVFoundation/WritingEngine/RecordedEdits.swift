import CoreMedia
import MediaContainer

/// Turns recorded edits (`EditListRecorder`) into a track's edit list: durations in the movie timescale, rounded
/// on their running sum so that many short edits do not drift; media times in the track's media timescale; rates in
/// 16.16 fixed point (ISO/IEC 14496-12 §8.6.6.3). The edits stop at `limit` (the writer's sessions' length: an
/// export cut short by its file length limit ends its session early).
enum RecordedEdits {
    static func entries(_ recorded: [EditListRecorder.Entry], movieTimescale: CMTimeScale,
                        mediaTimescale: CMTimeScale, limit: CMTime) -> [EditListEntry] {
        func ticks(_ time: CMTime, _ scale: CMTimeScale) -> Int64 {
            CMTimeConvertScale(time, timescale: scale, method: .roundHalfAwayFromZero).value
        }
        var entries: [EditListEntry] = []
        var end = CMTime.zero
        var endTicks: Int64 = 0
        for entry in recorded {
            var duration: CMTime
            switch entry {
            case .empty(let length): duration = length
            case .media(let length, _, _): duration = length
            }
            guard end < limit else { break }
            duration = min(duration, limit - end)
            end = end + duration
            let next = ticks(end, movieTimescale)
            let length = next - endTicks
            endTicks = next
            guard length > 0 else { continue }
            switch entry {
            case .empty:
                if let last = entries.last, last.isEmpty {
                    entries[entries.count - 1].segmentDuration += length
                } else {
                    entries.append(EditListEntry(segmentDuration: length, mediaTime: -1))
                }
            case .media(_, let start, let rate):
                let fixed = Int32(clamping: Int64((rate.doubleValue * 65536).rounded()))
                entries.append(EditListEntry(segmentDuration: length, mediaTime: ticks(start, mediaTimescale),
                                             mediaRateFixed: fixed))
            }
        }
        return entries
    }
}
