import CoreMedia
import CoreVideo
import Foundation
import MediaCodecs
import MediaContainer
import MovieFile

/// What relates the output tracks to each other: alternate groups and track associations, as the source had them.
extension ExportPipeline {
    /// Alternate groups of the source (with at least two exported members) and track associations whose two tracks
    /// are both exported.
    func addGroupsAndAssociations(_ inputs: [AVAssetWriterInput]) {
        var groups: [Int16: [Int]] = [:]
        var order: [Int16] = []
        for (index, plan) in plans.enumerated() where plan.source.track.backing.alternateGroup != 0 {
            let group = plan.source.track.backing.alternateGroup
            if groups[group] == nil { order.append(group) }
            groups[group, default: []].append(index)
        }
        for group in order {
            guard let members = groups[group], members.count > 1 else { continue }
            let defaultMember = members.first { plans[$0].source.track.backing.isEnabled }
            let inputGroup = AVAssetWriterInputGroup(inputs: members.map { inputs[$0] },
                                                     defaultInput: defaultMember.map { inputs[$0] })
            if writer.canAdd(inputGroup) { writer.add(inputGroup) }
        }
        let indexOfTrack = Dictionary(plans.enumerated().map { ($1.source.trackID, $0) },
                                      uniquingKeysWith: { first, _ in first })
        for (index, plan) in plans.enumerated() {
            for (type, targets) in plan.source.track.backing.associations {
                let name = FourCharCodeText.string(type)
                for target in targets {
                    guard let targetIndex = indexOfTrack[target] else { continue }
                    if inputs[index].canAddTrackAssociation(withTrackOf: inputs[targetIndex], type: name) {
                        inputs[index].addTrackAssociation(withTrackOf: inputs[targetIndex], type: name)
                    }
                }
            }
        }
    }
}
