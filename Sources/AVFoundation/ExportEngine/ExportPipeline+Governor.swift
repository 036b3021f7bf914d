import CoreMedia
import CoreVideo
import Foundation
import MediaCodecs
import MediaContainer
import MovieFile

/// The `fileLengthLimit` governor of an export.
extension ExportPipeline {
    /// The `fileLengthLimit` governor, probing the size the container writer projects.
    func makeGovernor(limit: Int64) -> FileLengthGovernor {
        let writer = self.writer
        let trackCount = plans.count
        let reserve = ExportLimits.finishReserveFixed + ExportLimits.finishReservePerTrack * Int64(trackCount)
        // What each track writes per second, sample bytes and table entries: the room kept for a track that lags.
        let rates = plans.map { plan -> Double in
            let rate = ExportEstimate.trackRates(request.preset, track: plan.source)
            return rate.bytes + rate.samples * Double(ExportLimits.tableBytesPerSampleBound)
        }
        return FileLengthGovernor(limit: limit, reserve: reserve,
                                  initialSize: ExportLimits.estimatedHeaderBytes + 1024 * Int64(trackCount),
                                  start: range.start, nominalRates: rates,
                                  projection: { try? writer.containerWriter?.sizeProjection() },
                                  sampleCounts: { writer.containerWriter?.trackSampleCounts })
    }
}
