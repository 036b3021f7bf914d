// Audio channel labels (CoreAudioBaseTypes.h): the role of one channel in an `AudioChannelDescription`. Values
// are those of Apple's header; `Discrete_N` is `1 << 16 | N` and `HOA_ACN_N` is `2 << 16 | N`.

/// The role of one channel.
public typealias AudioChannelLabel = UInt32

/// Unknown role.
public let kAudioChannelLabel_Unknown: AudioChannelLabel = 0xFFFF_FFFF

/// Present, but with no intended role.
public let kAudioChannelLabel_Unused: AudioChannelLabel = 0

/// Described only by the description's coordinates.
public let kAudioChannelLabel_UseCoordinates: AudioChannelLabel = 100

/// Left.
public let kAudioChannelLabel_Left: AudioChannelLabel = 1

/// Right.
public let kAudioChannelLabel_Right: AudioChannelLabel = 2

/// Centre.
public let kAudioChannelLabel_Center: AudioChannelLabel = 3

/// Low-frequency effects (screen).
public let kAudioChannelLabel_LFEScreen: AudioChannelLabel = 4

/// Left surround (WAVE: back left).
public let kAudioChannelLabel_LeftSurround: AudioChannelLabel = 5

/// Right surround (WAVE: back right).
public let kAudioChannelLabel_RightSurround: AudioChannelLabel = 6

/// Left centre.
public let kAudioChannelLabel_LeftCenter: AudioChannelLabel = 7

/// Right centre.
public let kAudioChannelLabel_RightCenter: AudioChannelLabel = 8

/// Centre surround (WAVE: back centre).
public let kAudioChannelLabel_CenterSurround: AudioChannelLabel = 9

/// Left surround direct (WAVE: side left).
public let kAudioChannelLabel_LeftSurroundDirect: AudioChannelLabel = 10

/// Right surround direct (WAVE: side right).
public let kAudioChannelLabel_RightSurroundDirect: AudioChannelLabel = 11

/// Top centre surround.
public let kAudioChannelLabel_TopCenterSurround: AudioChannelLabel = 12

/// Vertical height left (WAVE: top front left).
public let kAudioChannelLabel_VerticalHeightLeft: AudioChannelLabel = 13

/// Vertical height centre (WAVE: top front centre).
public let kAudioChannelLabel_VerticalHeightCenter: AudioChannelLabel = 14

/// Vertical height right (WAVE: top front right).
public let kAudioChannelLabel_VerticalHeightRight: AudioChannelLabel = 15

/// Top back left.
public let kAudioChannelLabel_TopBackLeft: AudioChannelLabel = 16

/// Top back centre.
public let kAudioChannelLabel_TopBackCenter: AudioChannelLabel = 17

/// Top back right.
public let kAudioChannelLabel_TopBackRight: AudioChannelLabel = 18

/// Rear surround left.
public let kAudioChannelLabel_RearSurroundLeft: AudioChannelLabel = 33

/// Rear surround right.
public let kAudioChannelLabel_RearSurroundRight: AudioChannelLabel = 34

/// Left wide.
public let kAudioChannelLabel_LeftWide: AudioChannelLabel = 35

/// Right wide.
public let kAudioChannelLabel_RightWide: AudioChannelLabel = 36

/// Second low-frequency effects.
public let kAudioChannelLabel_LFE2: AudioChannelLabel = 37

/// Matrix-encoded left total.
public let kAudioChannelLabel_LeftTotal: AudioChannelLabel = 38

/// Matrix-encoded right total.
public let kAudioChannelLabel_RightTotal: AudioChannelLabel = 39

/// Audio for the hard of hearing.
public let kAudioChannelLabel_HearingImpaired: AudioChannelLabel = 40

/// Narration.
public let kAudioChannelLabel_Narration: AudioChannelLabel = 41

/// Monaural.
public let kAudioChannelLabel_Mono: AudioChannelLabel = 42

/// Dialogue-centric mix.
public let kAudioChannelLabel_DialogCentricMix: AudioChannelLabel = 43

/// Back centre, non-diffuse.
public let kAudioChannelLabel_CenterSurroundDirect: AudioChannelLabel = 44

/// Haptic data.
public let kAudioChannelLabel_Haptic: AudioChannelLabel = 45

/// Left top front.
public let kAudioChannelLabel_LeftTopFront: AudioChannelLabel = kAudioChannelLabel_VerticalHeightLeft

/// Centre top front.
public let kAudioChannelLabel_CenterTopFront: AudioChannelLabel = kAudioChannelLabel_VerticalHeightCenter

/// Right top front.
public let kAudioChannelLabel_RightTopFront: AudioChannelLabel = kAudioChannelLabel_VerticalHeightRight

/// Left top middle.
public let kAudioChannelLabel_LeftTopMiddle: AudioChannelLabel = 49

/// Centre top middle.
public let kAudioChannelLabel_CenterTopMiddle: AudioChannelLabel = kAudioChannelLabel_TopCenterSurround

/// Right top middle.
public let kAudioChannelLabel_RightTopMiddle: AudioChannelLabel = 51

/// Left top rear.
public let kAudioChannelLabel_LeftTopRear: AudioChannelLabel = 52

/// Centre top rear.
public let kAudioChannelLabel_CenterTopRear: AudioChannelLabel = 53

/// Right top rear.
public let kAudioChannelLabel_RightTopRear: AudioChannelLabel = 54

/// Left side surround.
public let kAudioChannelLabel_LeftSideSurround: AudioChannelLabel = 55

/// Right side surround.
public let kAudioChannelLabel_RightSideSurround: AudioChannelLabel = 56

/// Left bottom.
public let kAudioChannelLabel_LeftBottom: AudioChannelLabel = 57

/// Right bottom.
public let kAudioChannelLabel_RightBottom: AudioChannelLabel = 58

/// Centre bottom.
public let kAudioChannelLabel_CenterBottom: AudioChannelLabel = 59

/// Left top surround.
public let kAudioChannelLabel_LeftTopSurround: AudioChannelLabel = 60

/// Right top surround.
public let kAudioChannelLabel_RightTopSurround: AudioChannelLabel = 61

/// Third low-frequency effects.
public let kAudioChannelLabel_LFE3: AudioChannelLabel = 62

/// Left back surround.
public let kAudioChannelLabel_LeftBackSurround: AudioChannelLabel = 63

/// Right back surround.
public let kAudioChannelLabel_RightBackSurround: AudioChannelLabel = 64

/// Left edge of screen.
public let kAudioChannelLabel_LeftEdgeOfScreen: AudioChannelLabel = 65

/// Right edge of screen.
public let kAudioChannelLabel_RightEdgeOfScreen: AudioChannelLabel = 66

/// First-order ambisonic W.
public let kAudioChannelLabel_Ambisonic_W: AudioChannelLabel = 200

/// First-order ambisonic X.
public let kAudioChannelLabel_Ambisonic_X: AudioChannelLabel = 201

/// First-order ambisonic Y.
public let kAudioChannelLabel_Ambisonic_Y: AudioChannelLabel = 202

/// First-order ambisonic Z.
public let kAudioChannelLabel_Ambisonic_Z: AudioChannelLabel = 203

/// Mid of a mid/side recording.
public let kAudioChannelLabel_MS_Mid: AudioChannelLabel = 204

/// Side of a mid/side recording.
public let kAudioChannelLabel_MS_Side: AudioChannelLabel = 205

/// X of an X-Y recording.
public let kAudioChannelLabel_XY_X: AudioChannelLabel = 206

/// Y of an X-Y recording.
public let kAudioChannelLabel_XY_Y: AudioChannelLabel = 207

/// Binaural left.
public let kAudioChannelLabel_BinauralLeft: AudioChannelLabel = 208

/// Binaural right.
public let kAudioChannelLabel_BinauralRight: AudioChannelLabel = 209

/// Headphones left.
public let kAudioChannelLabel_HeadphonesLeft: AudioChannelLabel = 301

/// Headphones right.
public let kAudioChannelLabel_HeadphonesRight: AudioChannelLabel = 302

/// Click track.
public let kAudioChannelLabel_ClickTrack: AudioChannelLabel = 304

/// Foreign language.
public let kAudioChannelLabel_ForeignLanguage: AudioChannelLabel = 305

/// A generic discrete channel.
public let kAudioChannelLabel_Discrete: AudioChannelLabel = 400

/// Discrete channel 0.
public let kAudioChannelLabel_Discrete_0: AudioChannelLabel = 1 << 16 | 0

/// Discrete channel 1.
public let kAudioChannelLabel_Discrete_1: AudioChannelLabel = 1 << 16 | 1

/// Discrete channel 2.
public let kAudioChannelLabel_Discrete_2: AudioChannelLabel = 1 << 16 | 2

/// Discrete channel 3.
public let kAudioChannelLabel_Discrete_3: AudioChannelLabel = 1 << 16 | 3

/// Discrete channel 4.
public let kAudioChannelLabel_Discrete_4: AudioChannelLabel = 1 << 16 | 4

/// Discrete channel 5.
public let kAudioChannelLabel_Discrete_5: AudioChannelLabel = 1 << 16 | 5

/// Discrete channel 6.
public let kAudioChannelLabel_Discrete_6: AudioChannelLabel = 1 << 16 | 6

/// Discrete channel 7.
public let kAudioChannelLabel_Discrete_7: AudioChannelLabel = 1 << 16 | 7

/// Discrete channel 8.
public let kAudioChannelLabel_Discrete_8: AudioChannelLabel = 1 << 16 | 8

/// Discrete channel 9.
public let kAudioChannelLabel_Discrete_9: AudioChannelLabel = 1 << 16 | 9

/// Discrete channel 10.
public let kAudioChannelLabel_Discrete_10: AudioChannelLabel = 1 << 16 | 10

/// Discrete channel 11.
public let kAudioChannelLabel_Discrete_11: AudioChannelLabel = 1 << 16 | 11

/// Discrete channel 12.
public let kAudioChannelLabel_Discrete_12: AudioChannelLabel = 1 << 16 | 12

/// Discrete channel 13.
public let kAudioChannelLabel_Discrete_13: AudioChannelLabel = 1 << 16 | 13

/// Discrete channel 14.
public let kAudioChannelLabel_Discrete_14: AudioChannelLabel = 1 << 16 | 14

/// Discrete channel 15.
public let kAudioChannelLabel_Discrete_15: AudioChannelLabel = 1 << 16 | 15

/// Discrete channel 65535.
public let kAudioChannelLabel_Discrete_65535: AudioChannelLabel = 1 << 16 | 65535

/// A generic higher-order ambisonics channel.
public let kAudioChannelLabel_HOA_ACN: AudioChannelLabel = 500

/// Higher-order ambisonics channel 0 (ACN order, SN3D).
public let kAudioChannelLabel_HOA_ACN_0: AudioChannelLabel = 2 << 16 | 0

/// Higher-order ambisonics channel 1 (ACN order, SN3D).
public let kAudioChannelLabel_HOA_ACN_1: AudioChannelLabel = 2 << 16 | 1

/// Higher-order ambisonics channel 2 (ACN order, SN3D).
public let kAudioChannelLabel_HOA_ACN_2: AudioChannelLabel = 2 << 16 | 2

/// Higher-order ambisonics channel 3 (ACN order, SN3D).
public let kAudioChannelLabel_HOA_ACN_3: AudioChannelLabel = 2 << 16 | 3

/// Higher-order ambisonics channel 4 (ACN order, SN3D).
public let kAudioChannelLabel_HOA_ACN_4: AudioChannelLabel = 2 << 16 | 4

/// Higher-order ambisonics channel 5 (ACN order, SN3D).
public let kAudioChannelLabel_HOA_ACN_5: AudioChannelLabel = 2 << 16 | 5

/// Higher-order ambisonics channel 6 (ACN order, SN3D).
public let kAudioChannelLabel_HOA_ACN_6: AudioChannelLabel = 2 << 16 | 6

/// Higher-order ambisonics channel 7 (ACN order, SN3D).
public let kAudioChannelLabel_HOA_ACN_7: AudioChannelLabel = 2 << 16 | 7

/// Higher-order ambisonics channel 8 (ACN order, SN3D).
public let kAudioChannelLabel_HOA_ACN_8: AudioChannelLabel = 2 << 16 | 8

/// Higher-order ambisonics channel 9 (ACN order, SN3D).
public let kAudioChannelLabel_HOA_ACN_9: AudioChannelLabel = 2 << 16 | 9

/// Higher-order ambisonics channel 10 (ACN order, SN3D).
public let kAudioChannelLabel_HOA_ACN_10: AudioChannelLabel = 2 << 16 | 10

/// Higher-order ambisonics channel 11 (ACN order, SN3D).
public let kAudioChannelLabel_HOA_ACN_11: AudioChannelLabel = 2 << 16 | 11

/// Higher-order ambisonics channel 12 (ACN order, SN3D).
public let kAudioChannelLabel_HOA_ACN_12: AudioChannelLabel = 2 << 16 | 12

/// Higher-order ambisonics channel 13 (ACN order, SN3D).
public let kAudioChannelLabel_HOA_ACN_13: AudioChannelLabel = 2 << 16 | 13

/// Higher-order ambisonics channel 14 (ACN order, SN3D).
public let kAudioChannelLabel_HOA_ACN_14: AudioChannelLabel = 2 << 16 | 14

/// Higher-order ambisonics channel 15 (ACN order, SN3D).
public let kAudioChannelLabel_HOA_ACN_15: AudioChannelLabel = 2 << 16 | 15

/// Higher-order ambisonics channel 65024 (ACN order, SN3D).
public let kAudioChannelLabel_HOA_ACN_65024: AudioChannelLabel = 2 << 16 | 65024

/// Base of the SN3D-normalised HOA labels (same as HOA_ACN_0).
public let kAudioChannelLabel_HOA_SN3D: AudioChannelLabel = kAudioChannelLabel_HOA_ACN_0

/// Base of the N3D-normalised HOA labels.
public let kAudioChannelLabel_HOA_N3D: AudioChannelLabel = 3 << 16

/// Base of object labels.
public let kAudioChannelLabel_Object: AudioChannelLabel = 4 << 16

/// First label reserved for Apple's internal use.
public let kAudioChannelLabel_BeginReserved: AudioChannelLabel = 0xF000_0000

/// Last label reserved for Apple's internal use.
public let kAudioChannelLabel_EndReserved: AudioChannelLabel = 0xFFFF_FFFE
