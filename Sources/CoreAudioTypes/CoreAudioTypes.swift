// Core Audio's value types and constants that AVFoundation code uses: stream descriptions, channel layouts,
// format identifiers and flags.
@_exported import CoreFoundationShims
