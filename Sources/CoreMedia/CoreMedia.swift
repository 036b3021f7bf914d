// Core Media: rational time, time ranges and mappings, format descriptions, block buffers and sample buffers,
// in both the Swift overlay spelling and the C-style function spelling that existing code uses.
@_exported import CoreAudioTypes
@_exported import CoreVideo
