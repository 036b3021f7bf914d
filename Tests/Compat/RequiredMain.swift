// The compat sample's required subset (see scripts/compat.sh): its own checkTime and checkBuffers,
// run against this project until reading, writing and export land and the unchanged sample becomes required.
import Foundation

do {
    try checkTime()
    try checkBuffers()
    print("compat sample (required subset): checkTime and checkBuffers passed")
} catch {
    print("compat sample (required subset): \(error)")
    exit(1)
}
