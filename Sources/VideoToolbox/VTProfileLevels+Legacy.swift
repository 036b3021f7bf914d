// The H.263 and MPEG-4 Part 2 profile/level constants of VTCompressionProperties.h. No encoder here produces either
// codec (AVFoundation's settings cannot ask for them either); the names exist so that code naming them compiles,
// and a settings dictionary that uses one is refused as naming a profile of another codec.
// Values follow Apple's naming pattern (the name without `kVTProfileLevel_`).

// MARK: H.263

/// H.263 profile 0, level 10.
nonisolated(unsafe) public let kVTProfileLevel_H263_Profile0_Level10: CFString = "H263_Profile0_Level10"

/// H.263 profile 0, level 45.
nonisolated(unsafe) public let kVTProfileLevel_H263_Profile0_Level45: CFString = "H263_Profile0_Level45"

/// H.263 profile 3, level 45.
nonisolated(unsafe) public let kVTProfileLevel_H263_Profile3_Level45: CFString = "H263_Profile3_Level45"

// MARK: MPEG-4 Part 2

/// MPEG-4 Part 2 Simple profile, level 0.
nonisolated(unsafe) public let kVTProfileLevel_MP4V_Simple_L0: CFString = "MP4V_Simple_L0"

/// MPEG-4 Part 2 Simple profile, level 1.
nonisolated(unsafe) public let kVTProfileLevel_MP4V_Simple_L1: CFString = "MP4V_Simple_L1"

/// MPEG-4 Part 2 Simple profile, level 2.
nonisolated(unsafe) public let kVTProfileLevel_MP4V_Simple_L2: CFString = "MP4V_Simple_L2"

/// MPEG-4 Part 2 Simple profile, level 3.
nonisolated(unsafe) public let kVTProfileLevel_MP4V_Simple_L3: CFString = "MP4V_Simple_L3"

/// MPEG-4 Part 2 Main profile, level 2.
nonisolated(unsafe) public let kVTProfileLevel_MP4V_Main_L2: CFString = "MP4V_Main_L2"

/// MPEG-4 Part 2 Main profile, level 3.
nonisolated(unsafe) public let kVTProfileLevel_MP4V_Main_L3: CFString = "MP4V_Main_L3"

/// MPEG-4 Part 2 Main profile, level 4.
nonisolated(unsafe) public let kVTProfileLevel_MP4V_Main_L4: CFString = "MP4V_Main_L4"

/// MPEG-4 Part 2 Advanced Simple profile, level 0.
nonisolated(unsafe) public let kVTProfileLevel_MP4V_AdvancedSimple_L0: CFString = "MP4V_AdvancedSimple_L0"

/// MPEG-4 Part 2 Advanced Simple profile, level 1.
nonisolated(unsafe) public let kVTProfileLevel_MP4V_AdvancedSimple_L1: CFString = "MP4V_AdvancedSimple_L1"

/// MPEG-4 Part 2 Advanced Simple profile, level 2.
nonisolated(unsafe) public let kVTProfileLevel_MP4V_AdvancedSimple_L2: CFString = "MP4V_AdvancedSimple_L2"

/// MPEG-4 Part 2 Advanced Simple profile, level 3.
nonisolated(unsafe) public let kVTProfileLevel_MP4V_AdvancedSimple_L3: CFString = "MP4V_AdvancedSimple_L3"

/// MPEG-4 Part 2 Advanced Simple profile, level 4.
nonisolated(unsafe) public let kVTProfileLevel_MP4V_AdvancedSimple_L4: CFString = "MP4V_AdvancedSimple_L4"
