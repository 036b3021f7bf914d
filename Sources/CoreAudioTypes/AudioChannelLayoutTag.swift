// Audio channel layout tags (CoreAudioBaseTypes.h). A tag's high 16 bits name the layout and its low 16 bits give
// the channel count; values and channel orders are those of Apple's header (CoreAudioTypes framework, 2021 and
// later SDKs). Channel abbreviations: L/R/C left, right, centre; Ls/Rs surround; Rls/Rrs rear surround;
// Lc/Rc left/right centre; Cs centre surround; LFE low-frequency effects; Lw/Rw wide; Lsd/Rsd surround direct;
// Vhl/Vhc/Vhr vertical height; Ts top surround; Ltm/Rtm top middle; Ltr/Ctr/Rtr top rear; Lss/Rss side surround;
// Lb/Cb/Rb bottom; Lts/Rts top surround; Lbs/Rbs back surround; Leos/Reos edge of screen; Lt/Rt matrix total.

/// An identifier for a predefined channel layout: layout number in the high 16 bits, channel count in the low.
public typealias AudioChannelLayoutTag = UInt32

/// The number of channels a layout tag describes (its low 16 bits).
public func AudioChannelLayoutTag_GetNumberOfChannels(_ inLayoutTag: AudioChannelLayoutTag) -> UInt32 {
    inLayoutTag & 0x0000_FFFF
}

/// The layout is given by the channel descriptions.
public let kAudioChannelLayoutTag_UseChannelDescriptions: AudioChannelLayoutTag = 0 << 16 | 0

/// The layout is given by the channel bitmap.
public let kAudioChannelLayoutTag_UseChannelBitmap: AudioChannelLayoutTag = 1 << 16 | 0

/// C.
public let kAudioChannelLayoutTag_Mono: AudioChannelLayoutTag = 100 << 16 | 1

/// L R.
public let kAudioChannelLayoutTag_Stereo: AudioChannelLayoutTag = 101 << 16 | 2

/// L R, for headphones.
public let kAudioChannelLayoutTag_StereoHeadphones: AudioChannelLayoutTag = 102 << 16 | 2

/// Lt Rt (matrix-encoded).
public let kAudioChannelLayoutTag_MatrixStereo: AudioChannelLayoutTag = 103 << 16 | 2

/// Mid Side.
public let kAudioChannelLayoutTag_MidSide: AudioChannelLayoutTag = 104 << 16 | 2

/// X Y (coincident microphone pair).
public let kAudioChannelLayoutTag_XY: AudioChannelLayoutTag = 105 << 16 | 2

/// Binaural L R.
public let kAudioChannelLayoutTag_Binaural: AudioChannelLayoutTag = 106 << 16 | 2

/// W X Y Z.
public let kAudioChannelLayoutTag_Ambisonic_B_Format: AudioChannelLayoutTag = 107 << 16 | 4

/// L R Ls Rs.
public let kAudioChannelLayoutTag_Quadraphonic: AudioChannelLayoutTag = 108 << 16 | 4

/// L R Ls Rs C.
public let kAudioChannelLayoutTag_Pentagonal: AudioChannelLayoutTag = 109 << 16 | 5

/// L R Ls Rs C Cs.
public let kAudioChannelLayoutTag_Hexagonal: AudioChannelLayoutTag = 110 << 16 | 6

/// L R Ls Rs C Cs Lw Rw.
public let kAudioChannelLayoutTag_Octagonal: AudioChannelLayoutTag = 111 << 16 | 8

/// L R Rls Rrs, then the four top speakers.
public let kAudioChannelLayoutTag_Cube: AudioChannelLayoutTag = 112 << 16 | 8

/// The same layout as `kAudioChannelLayoutTag_Mono`.
public let kAudioChannelLayoutTag_MPEG_1_0: AudioChannelLayoutTag = kAudioChannelLayoutTag_Mono

/// The same layout as `kAudioChannelLayoutTag_Stereo`.
public let kAudioChannelLayoutTag_MPEG_2_0: AudioChannelLayoutTag = kAudioChannelLayoutTag_Stereo

/// L R C.
public let kAudioChannelLayoutTag_MPEG_3_0_A: AudioChannelLayoutTag = 113 << 16 | 3

/// C L R.
public let kAudioChannelLayoutTag_MPEG_3_0_B: AudioChannelLayoutTag = 114 << 16 | 3

/// L R C Cs.
public let kAudioChannelLayoutTag_MPEG_4_0_A: AudioChannelLayoutTag = 115 << 16 | 4

/// C L R Cs.
public let kAudioChannelLayoutTag_MPEG_4_0_B: AudioChannelLayoutTag = 116 << 16 | 4

/// L R C Ls Rs.
public let kAudioChannelLayoutTag_MPEG_5_0_A: AudioChannelLayoutTag = 117 << 16 | 5

/// L R Ls Rs C.
public let kAudioChannelLayoutTag_MPEG_5_0_B: AudioChannelLayoutTag = 118 << 16 | 5

/// L C R Ls Rs.
public let kAudioChannelLayoutTag_MPEG_5_0_C: AudioChannelLayoutTag = 119 << 16 | 5

/// C L R Ls Rs.
public let kAudioChannelLayoutTag_MPEG_5_0_D: AudioChannelLayoutTag = 120 << 16 | 5

/// L R C LFE Ls Rs.
public let kAudioChannelLayoutTag_MPEG_5_1_A: AudioChannelLayoutTag = 121 << 16 | 6

/// L R Ls Rs C LFE.
public let kAudioChannelLayoutTag_MPEG_5_1_B: AudioChannelLayoutTag = 122 << 16 | 6

/// L C R Ls Rs LFE.
public let kAudioChannelLayoutTag_MPEG_5_1_C: AudioChannelLayoutTag = 123 << 16 | 6

/// C L R Ls Rs LFE.
public let kAudioChannelLayoutTag_MPEG_5_1_D: AudioChannelLayoutTag = 124 << 16 | 6

/// L R C LFE Ls Rs Cs.
public let kAudioChannelLayoutTag_MPEG_6_1_A: AudioChannelLayoutTag = 125 << 16 | 7

/// L R C LFE Ls Rs Lc Rc.
public let kAudioChannelLayoutTag_MPEG_7_1_A: AudioChannelLayoutTag = 126 << 16 | 8

/// C Lc Rc L R Ls Rs LFE.
public let kAudioChannelLayoutTag_MPEG_7_1_B: AudioChannelLayoutTag = 127 << 16 | 8

/// L R C LFE Ls Rs Rls Rrs.
public let kAudioChannelLayoutTag_MPEG_7_1_C: AudioChannelLayoutTag = 128 << 16 | 8

/// L R Ls Rs C LFE Lc Rc.
public let kAudioChannelLayoutTag_Emagic_Default_7_1: AudioChannelLayoutTag = 129 << 16 | 8

/// L R C LFE Ls Rs Lt Rt.
public let kAudioChannelLayoutTag_SMPTE_DTV: AudioChannelLayoutTag = 130 << 16 | 8

/// The same layout as `kAudioChannelLayoutTag_Mono`.
public let kAudioChannelLayoutTag_ITU_1_0: AudioChannelLayoutTag = kAudioChannelLayoutTag_Mono

/// The same layout as `kAudioChannelLayoutTag_Stereo`.
public let kAudioChannelLayoutTag_ITU_2_0: AudioChannelLayoutTag = kAudioChannelLayoutTag_Stereo

/// L R Cs.
public let kAudioChannelLayoutTag_ITU_2_1: AudioChannelLayoutTag = 131 << 16 | 3

/// L R Ls Rs.
public let kAudioChannelLayoutTag_ITU_2_2: AudioChannelLayoutTag = 132 << 16 | 4

/// The same layout as `kAudioChannelLayoutTag_MPEG_3_0_A`.
public let kAudioChannelLayoutTag_ITU_3_0: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_3_0_A

/// The same layout as `kAudioChannelLayoutTag_MPEG_4_0_A`.
public let kAudioChannelLayoutTag_ITU_3_1: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_4_0_A

/// The same layout as `kAudioChannelLayoutTag_MPEG_5_0_A`.
public let kAudioChannelLayoutTag_ITU_3_2: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_0_A

/// The same layout as `kAudioChannelLayoutTag_MPEG_5_1_A`.
public let kAudioChannelLayoutTag_ITU_3_2_1: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_1_A

/// The same layout as `kAudioChannelLayoutTag_MPEG_7_1_C`.
public let kAudioChannelLayoutTag_ITU_3_4_1: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_7_1_C

/// The same layout as `kAudioChannelLayoutTag_Mono`.
public let kAudioChannelLayoutTag_DVD_0: AudioChannelLayoutTag = kAudioChannelLayoutTag_Mono

/// The same layout as `kAudioChannelLayoutTag_Stereo`.
public let kAudioChannelLayoutTag_DVD_1: AudioChannelLayoutTag = kAudioChannelLayoutTag_Stereo

/// The same layout as `kAudioChannelLayoutTag_ITU_2_1`.
public let kAudioChannelLayoutTag_DVD_2: AudioChannelLayoutTag = kAudioChannelLayoutTag_ITU_2_1

/// The same layout as `kAudioChannelLayoutTag_ITU_2_2`.
public let kAudioChannelLayoutTag_DVD_3: AudioChannelLayoutTag = kAudioChannelLayoutTag_ITU_2_2

/// L R LFE.
public let kAudioChannelLayoutTag_DVD_4: AudioChannelLayoutTag = 133 << 16 | 3

/// L R LFE Cs.
public let kAudioChannelLayoutTag_DVD_5: AudioChannelLayoutTag = 134 << 16 | 4

/// L R LFE Ls Rs.
public let kAudioChannelLayoutTag_DVD_6: AudioChannelLayoutTag = 135 << 16 | 5

/// The same layout as `kAudioChannelLayoutTag_MPEG_3_0_A`.
public let kAudioChannelLayoutTag_DVD_7: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_3_0_A

/// The same layout as `kAudioChannelLayoutTag_MPEG_4_0_A`.
public let kAudioChannelLayoutTag_DVD_8: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_4_0_A

/// The same layout as `kAudioChannelLayoutTag_MPEG_5_0_A`.
public let kAudioChannelLayoutTag_DVD_9: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_0_A

/// L R C LFE.
public let kAudioChannelLayoutTag_DVD_10: AudioChannelLayoutTag = 136 << 16 | 4

/// L R C LFE Cs.
public let kAudioChannelLayoutTag_DVD_11: AudioChannelLayoutTag = 137 << 16 | 5

/// The same layout as `kAudioChannelLayoutTag_MPEG_5_1_A`.
public let kAudioChannelLayoutTag_DVD_12: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_1_A

/// The same layout as `kAudioChannelLayoutTag_DVD_8`.
public let kAudioChannelLayoutTag_DVD_13: AudioChannelLayoutTag = kAudioChannelLayoutTag_DVD_8

/// The same layout as `kAudioChannelLayoutTag_DVD_9`.
public let kAudioChannelLayoutTag_DVD_14: AudioChannelLayoutTag = kAudioChannelLayoutTag_DVD_9

/// The same layout as `kAudioChannelLayoutTag_DVD_10`.
public let kAudioChannelLayoutTag_DVD_15: AudioChannelLayoutTag = kAudioChannelLayoutTag_DVD_10

/// The same layout as `kAudioChannelLayoutTag_DVD_11`.
public let kAudioChannelLayoutTag_DVD_16: AudioChannelLayoutTag = kAudioChannelLayoutTag_DVD_11

/// The same layout as `kAudioChannelLayoutTag_DVD_12`.
public let kAudioChannelLayoutTag_DVD_17: AudioChannelLayoutTag = kAudioChannelLayoutTag_DVD_12

/// L R Ls Rs LFE.
public let kAudioChannelLayoutTag_DVD_18: AudioChannelLayoutTag = 138 << 16 | 5

/// The same layout as `kAudioChannelLayoutTag_MPEG_5_0_B`.
public let kAudioChannelLayoutTag_DVD_19: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_0_B

/// The same layout as `kAudioChannelLayoutTag_MPEG_5_1_B`.
public let kAudioChannelLayoutTag_DVD_20: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_1_B

/// The same layout as `kAudioChannelLayoutTag_Quadraphonic`.
public let kAudioChannelLayoutTag_AudioUnit_4: AudioChannelLayoutTag = kAudioChannelLayoutTag_Quadraphonic

/// The same layout as `kAudioChannelLayoutTag_Pentagonal`.
public let kAudioChannelLayoutTag_AudioUnit_5: AudioChannelLayoutTag = kAudioChannelLayoutTag_Pentagonal

/// The same layout as `kAudioChannelLayoutTag_Hexagonal`.
public let kAudioChannelLayoutTag_AudioUnit_6: AudioChannelLayoutTag = kAudioChannelLayoutTag_Hexagonal

/// The same layout as `kAudioChannelLayoutTag_Octagonal`.
public let kAudioChannelLayoutTag_AudioUnit_8: AudioChannelLayoutTag = kAudioChannelLayoutTag_Octagonal

/// The same layout as `kAudioChannelLayoutTag_MPEG_5_0_B`.
public let kAudioChannelLayoutTag_AudioUnit_5_0: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_0_B

/// L R Ls Rs C Cs.
public let kAudioChannelLayoutTag_AudioUnit_6_0: AudioChannelLayoutTag = 139 << 16 | 6

/// L R Ls Rs C Rls Rrs.
public let kAudioChannelLayoutTag_AudioUnit_7_0: AudioChannelLayoutTag = 140 << 16 | 7

/// L R Ls Rs C Lc Rc.
public let kAudioChannelLayoutTag_AudioUnit_7_0_Front: AudioChannelLayoutTag = 148 << 16 | 7

/// The same layout as `kAudioChannelLayoutTag_MPEG_5_1_A`.
public let kAudioChannelLayoutTag_AudioUnit_5_1: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_1_A

/// The same layout as `kAudioChannelLayoutTag_MPEG_6_1_A`.
public let kAudioChannelLayoutTag_AudioUnit_6_1: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_6_1_A

/// The same layout as `kAudioChannelLayoutTag_MPEG_7_1_C`.
public let kAudioChannelLayoutTag_AudioUnit_7_1: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_7_1_C

/// The same layout as `kAudioChannelLayoutTag_MPEG_7_1_A`.
public let kAudioChannelLayoutTag_AudioUnit_7_1_Front: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_7_1_A

/// The same layout as `kAudioChannelLayoutTag_MPEG_3_0_B`.
public let kAudioChannelLayoutTag_AAC_3_0: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_3_0_B

/// The same layout as `kAudioChannelLayoutTag_Quadraphonic`.
public let kAudioChannelLayoutTag_AAC_Quadraphonic: AudioChannelLayoutTag = kAudioChannelLayoutTag_Quadraphonic

/// The same layout as `kAudioChannelLayoutTag_MPEG_4_0_B`.
public let kAudioChannelLayoutTag_AAC_4_0: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_4_0_B

/// The same layout as `kAudioChannelLayoutTag_MPEG_5_0_D`.
public let kAudioChannelLayoutTag_AAC_5_0: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_0_D

/// The same layout as `kAudioChannelLayoutTag_MPEG_5_1_D`.
public let kAudioChannelLayoutTag_AAC_5_1: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_1_D

/// C L R Ls Rs Cs.
public let kAudioChannelLayoutTag_AAC_6_0: AudioChannelLayoutTag = 141 << 16 | 6

/// C L R Ls Rs Cs LFE.
public let kAudioChannelLayoutTag_AAC_6_1: AudioChannelLayoutTag = 142 << 16 | 7

/// C L R Ls Rs Rls Rrs.
public let kAudioChannelLayoutTag_AAC_7_0: AudioChannelLayoutTag = 143 << 16 | 7

/// The same layout as `kAudioChannelLayoutTag_MPEG_7_1_B`.
public let kAudioChannelLayoutTag_AAC_7_1: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_7_1_B

/// C L R Ls Rs Rls Rrs LFE.
public let kAudioChannelLayoutTag_AAC_7_1_B: AudioChannelLayoutTag = 183 << 16 | 8

/// C L R Ls Rs LFE Vhl Vhr.
public let kAudioChannelLayoutTag_AAC_7_1_C: AudioChannelLayoutTag = 184 << 16 | 8

/// C L R Ls Rs Rls Rrs Cs.
public let kAudioChannelLayoutTag_AAC_Octagonal: AudioChannelLayoutTag = 144 << 16 | 8

/// L R C Vhc Lsd Rsd Ls Rs Vhl Vhr Lw Rw Csd Cs LFE1 LFE2.
public let kAudioChannelLayoutTag_TMH_10_2_std: AudioChannelLayoutTag = 145 << 16 | 16

/// TMH 10.2 standard plus Lc Rc HI VI Haptic.
public let kAudioChannelLayoutTag_TMH_10_2_full: AudioChannelLayoutTag = 146 << 16 | 21

/// C LFE.
public let kAudioChannelLayoutTag_AC3_1_0_1: AudioChannelLayoutTag = 149 << 16 | 2

/// L C R.
public let kAudioChannelLayoutTag_AC3_3_0: AudioChannelLayoutTag = 150 << 16 | 3

/// L C R Cs.
public let kAudioChannelLayoutTag_AC3_3_1: AudioChannelLayoutTag = 151 << 16 | 4

/// L C R LFE.
public let kAudioChannelLayoutTag_AC3_3_0_1: AudioChannelLayoutTag = 152 << 16 | 4

/// L R Cs LFE.
public let kAudioChannelLayoutTag_AC3_2_1_1: AudioChannelLayoutTag = 153 << 16 | 4

/// L C R Cs LFE.
public let kAudioChannelLayoutTag_AC3_3_1_1: AudioChannelLayoutTag = 154 << 16 | 5

/// L C R Ls Rs Cs.
public let kAudioChannelLayoutTag_EAC_6_0_A: AudioChannelLayoutTag = 155 << 16 | 6

/// L C R Ls Rs Rls Rrs.
public let kAudioChannelLayoutTag_EAC_7_0_A: AudioChannelLayoutTag = 156 << 16 | 7

/// L C R Ls Rs LFE Cs.
public let kAudioChannelLayoutTag_EAC3_6_1_A: AudioChannelLayoutTag = 157 << 16 | 7

/// L C R Ls Rs LFE Ts.
public let kAudioChannelLayoutTag_EAC3_6_1_B: AudioChannelLayoutTag = 158 << 16 | 7

/// L C R Ls Rs LFE Vhc.
public let kAudioChannelLayoutTag_EAC3_6_1_C: AudioChannelLayoutTag = 159 << 16 | 7

/// L C R Ls Rs LFE Rls Rrs.
public let kAudioChannelLayoutTag_EAC3_7_1_A: AudioChannelLayoutTag = 160 << 16 | 8

/// L C R Ls Rs LFE Lc Rc.
public let kAudioChannelLayoutTag_EAC3_7_1_B: AudioChannelLayoutTag = 161 << 16 | 8

/// L C R Ls Rs LFE Lsd Rsd.
public let kAudioChannelLayoutTag_EAC3_7_1_C: AudioChannelLayoutTag = 162 << 16 | 8

/// L C R Ls Rs LFE Lw Rw.
public let kAudioChannelLayoutTag_EAC3_7_1_D: AudioChannelLayoutTag = 163 << 16 | 8

/// L C R Ls Rs LFE Vhl Vhr.
public let kAudioChannelLayoutTag_EAC3_7_1_E: AudioChannelLayoutTag = 164 << 16 | 8

/// L C R Ls Rs LFE Cs Ts.
public let kAudioChannelLayoutTag_EAC3_7_1_F: AudioChannelLayoutTag = 165 << 16 | 8

/// L C R Ls Rs LFE Cs Vhc.
public let kAudioChannelLayoutTag_EAC3_7_1_G: AudioChannelLayoutTag = 166 << 16 | 8

/// L C R Ls Rs LFE Ts Vhc.
public let kAudioChannelLayoutTag_EAC3_7_1_H: AudioChannelLayoutTag = 167 << 16 | 8

/// C L R LFE.
public let kAudioChannelLayoutTag_DTS_3_1: AudioChannelLayoutTag = 168 << 16 | 4

/// C L R Cs LFE.
public let kAudioChannelLayoutTag_DTS_4_1: AudioChannelLayoutTag = 169 << 16 | 5

/// Lc Rc L R Ls Rs.
public let kAudioChannelLayoutTag_DTS_6_0_A: AudioChannelLayoutTag = 170 << 16 | 6

/// C L R Rls Rrs Ts.
public let kAudioChannelLayoutTag_DTS_6_0_B: AudioChannelLayoutTag = 171 << 16 | 6

/// C Cs L R Rls Rrs.
public let kAudioChannelLayoutTag_DTS_6_0_C: AudioChannelLayoutTag = 172 << 16 | 6

/// Lc Rc L R Ls Rs LFE.
public let kAudioChannelLayoutTag_DTS_6_1_A: AudioChannelLayoutTag = 173 << 16 | 7

/// C L R Rls Rrs Ts LFE.
public let kAudioChannelLayoutTag_DTS_6_1_B: AudioChannelLayoutTag = 174 << 16 | 7

/// C Cs L R Rls Rrs LFE.
public let kAudioChannelLayoutTag_DTS_6_1_C: AudioChannelLayoutTag = 175 << 16 | 7

/// Lc C Rc L R Ls Rs.
public let kAudioChannelLayoutTag_DTS_7_0: AudioChannelLayoutTag = 176 << 16 | 7

/// Lc C Rc L R Ls Rs LFE.
public let kAudioChannelLayoutTag_DTS_7_1: AudioChannelLayoutTag = 177 << 16 | 8

/// Lc Rc L R Ls Rs Rls Rrs.
public let kAudioChannelLayoutTag_DTS_8_0_A: AudioChannelLayoutTag = 178 << 16 | 8

/// Lc C Rc L R Ls Cs Rs.
public let kAudioChannelLayoutTag_DTS_8_0_B: AudioChannelLayoutTag = 179 << 16 | 8

/// Lc Rc L R Ls Rs Rls Rrs LFE.
public let kAudioChannelLayoutTag_DTS_8_1_A: AudioChannelLayoutTag = 180 << 16 | 9

/// Lc C Rc L R Ls Cs Rs LFE.
public let kAudioChannelLayoutTag_DTS_8_1_B: AudioChannelLayoutTag = 181 << 16 | 9

/// C L R Ls Rs LFE Cs.
public let kAudioChannelLayoutTag_DTS_6_1_D: AudioChannelLayoutTag = 182 << 16 | 7

/// The same layout as `kAudioChannelLayoutTag_DVD_4`.
public let kAudioChannelLayoutTag_WAVE_2_1: AudioChannelLayoutTag = kAudioChannelLayoutTag_DVD_4

/// The same layout as `kAudioChannelLayoutTag_MPEG_3_0_A`.
public let kAudioChannelLayoutTag_WAVE_3_0: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_3_0_A

/// The same layout as `kAudioChannelLayoutTag_ITU_2_2`.
public let kAudioChannelLayoutTag_WAVE_4_0_A: AudioChannelLayoutTag = kAudioChannelLayoutTag_ITU_2_2

/// L R Rls Rrs.
public let kAudioChannelLayoutTag_WAVE_4_0_B: AudioChannelLayoutTag = 185 << 16 | 4

/// The same layout as `kAudioChannelLayoutTag_MPEG_5_0_A`.
public let kAudioChannelLayoutTag_WAVE_5_0_A: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_0_A

/// L R C Rls Rrs.
public let kAudioChannelLayoutTag_WAVE_5_0_B: AudioChannelLayoutTag = 186 << 16 | 5

/// The same layout as `kAudioChannelLayoutTag_MPEG_5_1_A`.
public let kAudioChannelLayoutTag_WAVE_5_1_A: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_1_A

/// L R C LFE Rls Rrs.
public let kAudioChannelLayoutTag_WAVE_5_1_B: AudioChannelLayoutTag = 187 << 16 | 6

/// L R C LFE Cs Ls Rs.
public let kAudioChannelLayoutTag_WAVE_6_1: AudioChannelLayoutTag = 188 << 16 | 7

/// L R C LFE Rls Rrs Ls Rs.
public let kAudioChannelLayoutTag_WAVE_7_1: AudioChannelLayoutTag = 189 << 16 | 8

/// Higher-order ambisonics, ACN order, SN3D normalisation; OR with the channel count.
public let kAudioChannelLayoutTag_HOA_ACN_SN3D: AudioChannelLayoutTag = 190 << 16 | 0

/// Higher-order ambisonics, ACN order, N3D normalisation; OR with the channel count.
public let kAudioChannelLayoutTag_HOA_ACN_N3D: AudioChannelLayoutTag = 191 << 16 | 0

/// L R C LFE Ls Rs Ltm Rtm.
public let kAudioChannelLayoutTag_Atmos_5_1_2: AudioChannelLayoutTag = 194 << 16 | 8

/// L R C LFE Ls Rs Vhl Vhr Ltr Rtr.
public let kAudioChannelLayoutTag_Atmos_5_1_4: AudioChannelLayoutTag = 195 << 16 | 10

/// L R C LFE Ls Rs Rls Rrs Ltm Rtm.
public let kAudioChannelLayoutTag_Atmos_7_1_2: AudioChannelLayoutTag = 196 << 16 | 10

/// L R C LFE Ls Rs Rls Rrs Vhl Vhr Ltr Rtr.
public let kAudioChannelLayoutTag_Atmos_7_1_4: AudioChannelLayoutTag = 192 << 16 | 12

/// L R C LFE Ls Rs Rls Rrs Lw Rw Vhl Vhr Ltm Rtm Ltr Rtr.
public let kAudioChannelLayoutTag_Atmos_9_1_6: AudioChannelLayoutTag = 193 << 16 | 16

/// The same layout as `kAudioChannelLayoutTag_Mono`.
public let kAudioChannelLayoutTag_Logic_Mono: AudioChannelLayoutTag = kAudioChannelLayoutTag_Mono

/// The same layout as `kAudioChannelLayoutTag_Stereo`.
public let kAudioChannelLayoutTag_Logic_Stereo: AudioChannelLayoutTag = kAudioChannelLayoutTag_Stereo

/// The same layout as `kAudioChannelLayoutTag_Quadraphonic`.
public let kAudioChannelLayoutTag_Logic_Quadraphonic: AudioChannelLayoutTag = kAudioChannelLayoutTag_Quadraphonic

/// The same layout as `kAudioChannelLayoutTag_MPEG_4_0_A`.
public let kAudioChannelLayoutTag_Logic_4_0_A: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_4_0_A

/// The same layout as `kAudioChannelLayoutTag_MPEG_4_0_B`.
public let kAudioChannelLayoutTag_Logic_4_0_B: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_4_0_B

/// L R Cs C.
public let kAudioChannelLayoutTag_Logic_4_0_C: AudioChannelLayoutTag = 197 << 16 | 4

/// The same layout as `kAudioChannelLayoutTag_MPEG_5_0_A`.
public let kAudioChannelLayoutTag_Logic_5_0_A: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_0_A

/// The same layout as `kAudioChannelLayoutTag_MPEG_5_0_B`.
public let kAudioChannelLayoutTag_Logic_5_0_B: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_0_B

/// The same layout as `kAudioChannelLayoutTag_MPEG_5_0_C`.
public let kAudioChannelLayoutTag_Logic_5_0_C: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_0_C

/// The same layout as `kAudioChannelLayoutTag_MPEG_5_0_D`.
public let kAudioChannelLayoutTag_Logic_5_0_D: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_0_D

/// The same layout as `kAudioChannelLayoutTag_MPEG_5_1_A`.
public let kAudioChannelLayoutTag_Logic_5_1_A: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_1_A

/// The same layout as `kAudioChannelLayoutTag_MPEG_5_1_B`.
public let kAudioChannelLayoutTag_Logic_5_1_B: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_1_B

/// The same layout as `kAudioChannelLayoutTag_MPEG_5_1_C`.
public let kAudioChannelLayoutTag_Logic_5_1_C: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_1_C

/// The same layout as `kAudioChannelLayoutTag_MPEG_5_1_D`.
public let kAudioChannelLayoutTag_Logic_5_1_D: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_1_D

/// The same layout as `kAudioChannelLayoutTag_AAC_6_0`.
public let kAudioChannelLayoutTag_Logic_6_0_A: AudioChannelLayoutTag = kAudioChannelLayoutTag_AAC_6_0

/// L R Ls Rs Cs C.
public let kAudioChannelLayoutTag_Logic_6_0_B: AudioChannelLayoutTag = 198 << 16 | 6

/// The same layout as `kAudioChannelLayoutTag_AudioUnit_6_0`.
public let kAudioChannelLayoutTag_Logic_6_0_C: AudioChannelLayoutTag = kAudioChannelLayoutTag_AudioUnit_6_0

/// The same layout as `kAudioChannelLayoutTag_AAC_6_1`.
public let kAudioChannelLayoutTag_Logic_6_1_A: AudioChannelLayoutTag = kAudioChannelLayoutTag_AAC_6_1

/// L R Ls Rs Cs C LFE.
public let kAudioChannelLayoutTag_Logic_6_1_B: AudioChannelLayoutTag = 199 << 16 | 7

/// The same layout as `kAudioChannelLayoutTag_MPEG_6_1_A`.
public let kAudioChannelLayoutTag_Logic_6_1_C: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_6_1_A

/// L C R Ls Cs Rs LFE.
public let kAudioChannelLayoutTag_Logic_6_1_D: AudioChannelLayoutTag = 200 << 16 | 7

/// The same layout as `kAudioChannelLayoutTag_AudioUnit_7_1`.
public let kAudioChannelLayoutTag_Logic_7_1_A: AudioChannelLayoutTag = kAudioChannelLayoutTag_AudioUnit_7_1

/// L R Ls Rs Rls Rrs C LFE.
public let kAudioChannelLayoutTag_Logic_7_1_B: AudioChannelLayoutTag = 201 << 16 | 8

/// The same layout as `kAudioChannelLayoutTag_MPEG_7_1_C`.
public let kAudioChannelLayoutTag_Logic_7_1_C: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_7_1_C

/// The same layout as `kAudioChannelLayoutTag_MPEG_7_1_A`.
public let kAudioChannelLayoutTag_Logic_7_1_SDDS_A: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_7_1_A

/// The same layout as `kAudioChannelLayoutTag_MPEG_7_1_B`.
public let kAudioChannelLayoutTag_Logic_7_1_SDDS_B: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_7_1_B

/// The same layout as `kAudioChannelLayoutTag_Emagic_Default_7_1`.
public let kAudioChannelLayoutTag_Logic_7_1_SDDS_C: AudioChannelLayoutTag = kAudioChannelLayoutTag_Emagic_Default_7_1

/// The same layout as `kAudioChannelLayoutTag_Atmos_5_1_2`.
public let kAudioChannelLayoutTag_Logic_Atmos_5_1_2: AudioChannelLayoutTag = kAudioChannelLayoutTag_Atmos_5_1_2

/// The same layout as `kAudioChannelLayoutTag_Atmos_5_1_4`.
public let kAudioChannelLayoutTag_Logic_Atmos_5_1_4: AudioChannelLayoutTag = kAudioChannelLayoutTag_Atmos_5_1_4

/// The same layout as `kAudioChannelLayoutTag_Atmos_7_1_2`.
public let kAudioChannelLayoutTag_Logic_Atmos_7_1_2: AudioChannelLayoutTag = kAudioChannelLayoutTag_Atmos_7_1_2

/// The same layout as `kAudioChannelLayoutTag_Atmos_7_1_4`.
public let kAudioChannelLayoutTag_Logic_Atmos_7_1_4_A: AudioChannelLayoutTag = kAudioChannelLayoutTag_Atmos_7_1_4

/// L R Rls Rrs Ls Rs C LFE Vhl Vhr Ltr Rtr.
public let kAudioChannelLayoutTag_Logic_Atmos_7_1_4_B: AudioChannelLayoutTag = 202 << 16 | 12

/// L R Rls Rrs Ls Rs C LFE Vhl Vhr Ltm Rtm Ltr Rtr.
public let kAudioChannelLayoutTag_Logic_Atmos_7_1_6: AudioChannelLayoutTag = 203 << 16 | 14

/// Discrete channels in order; OR with the channel count.
public let kAudioChannelLayoutTag_DiscreteInOrder: AudioChannelLayoutTag = 147 << 16 | 0

/// The same layout as `kAudioChannelLayoutTag_MPEG_1_0`.
public let kAudioChannelLayoutTag_CICP_1: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_1_0

/// The same layout as `kAudioChannelLayoutTag_MPEG_2_0`.
public let kAudioChannelLayoutTag_CICP_2: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_2_0

/// The same layout as `kAudioChannelLayoutTag_MPEG_3_0_A`.
public let kAudioChannelLayoutTag_CICP_3: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_3_0_A

/// The same layout as `kAudioChannelLayoutTag_MPEG_4_0_A`.
public let kAudioChannelLayoutTag_CICP_4: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_4_0_A

/// The same layout as `kAudioChannelLayoutTag_MPEG_5_0_A`.
public let kAudioChannelLayoutTag_CICP_5: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_0_A

/// The same layout as `kAudioChannelLayoutTag_MPEG_5_1_A`.
public let kAudioChannelLayoutTag_CICP_6: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_5_1_A

/// The same layout as `kAudioChannelLayoutTag_MPEG_7_1_B`.
public let kAudioChannelLayoutTag_CICP_7: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_7_1_B

/// The same layout as `kAudioChannelLayoutTag_ITU_2_1`.
public let kAudioChannelLayoutTag_CICP_9: AudioChannelLayoutTag = kAudioChannelLayoutTag_ITU_2_1

/// The same layout as `kAudioChannelLayoutTag_ITU_2_2`.
public let kAudioChannelLayoutTag_CICP_10: AudioChannelLayoutTag = kAudioChannelLayoutTag_ITU_2_2

/// The same layout as `kAudioChannelLayoutTag_MPEG_6_1_A`.
public let kAudioChannelLayoutTag_CICP_11: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_6_1_A

/// The same layout as `kAudioChannelLayoutTag_MPEG_7_1_C`.
public let kAudioChannelLayoutTag_CICP_12: AudioChannelLayoutTag = kAudioChannelLayoutTag_MPEG_7_1_C

/// Lc Rc C LFE2 Rls Rrs L R Cs LFE3 Lss Rss Vhl Vhr Vhc Ts Ltr Rtr Ltm Rtm Ctr Cb Lb Rb.
public let kAudioChannelLayoutTag_CICP_13: AudioChannelLayoutTag = 204 << 16 | 24

/// L R C LFE Ls Rs Vhl Vhr.
public let kAudioChannelLayoutTag_CICP_14: AudioChannelLayoutTag = 205 << 16 | 8

/// L R C LFE2 Rls Rrs LFE3 Lss Rss Vhl Vhr Ctr.
public let kAudioChannelLayoutTag_CICP_15: AudioChannelLayoutTag = 206 << 16 | 12

/// L R C LFE Ls Rs Vhl Vhr Lts Rts.
public let kAudioChannelLayoutTag_CICP_16: AudioChannelLayoutTag = 207 << 16 | 10

/// L R C LFE Ls Rs Vhl Vhr Vhc Lts Rts Ts.
public let kAudioChannelLayoutTag_CICP_17: AudioChannelLayoutTag = 208 << 16 | 12

/// L R C LFE Ls Rs Lbs Rbs Vhl Vhr Vhc Lts Rts Ts.
public let kAudioChannelLayoutTag_CICP_18: AudioChannelLayoutTag = 209 << 16 | 14

/// L R C LFE Rls Rrs Lss Rss Vhl Vhr Ltr Rtr.
public let kAudioChannelLayoutTag_CICP_19: AudioChannelLayoutTag = 210 << 16 | 12

/// L R C LFE Rls Rrs Lss Rss Vhl Vhr Ltr Rtr Leos Reos.
public let kAudioChannelLayoutTag_CICP_20: AudioChannelLayoutTag = 211 << 16 | 14

/// The same layout as `kAudioChannelLayoutTag_AC3_3_0`.
public let kAudioChannelLayoutTag_Ogg_3_0: AudioChannelLayoutTag = kAudioChannelLayoutTag_AC3_3_0

/// The same layout as `kAudioChannelLayoutTag_WAVE_4_0_B`.
public let kAudioChannelLayoutTag_Ogg_4_0: AudioChannelLayoutTag = kAudioChannelLayoutTag_WAVE_4_0_B

/// L C R Rls Rrs.
public let kAudioChannelLayoutTag_Ogg_5_0: AudioChannelLayoutTag = 212 << 16 | 5

/// L C R Rls Rrs LFE.
public let kAudioChannelLayoutTag_Ogg_5_1: AudioChannelLayoutTag = 213 << 16 | 6

/// L C R Ls Rs Cs LFE.
public let kAudioChannelLayoutTag_Ogg_6_1: AudioChannelLayoutTag = 214 << 16 | 7

/// L C R Ls Rs Rls Rrs LFE.
public let kAudioChannelLayoutTag_Ogg_7_1: AudioChannelLayoutTag = 215 << 16 | 8

/// L R Rls Rrs C.
public let kAudioChannelLayoutTag_MPEG_5_0_E: AudioChannelLayoutTag = 216 << 16 | 5

/// L R Rls Rrs C LFE.
public let kAudioChannelLayoutTag_MPEG_5_1_E: AudioChannelLayoutTag = 217 << 16 | 6

/// L R Ls Rs C Cs LFE.
public let kAudioChannelLayoutTag_MPEG_6_1_B: AudioChannelLayoutTag = 218 << 16 | 7

/// L R Rls Rrs Ls Rs C LFE.
public let kAudioChannelLayoutTag_MPEG_7_1_D: AudioChannelLayoutTag = 219 << 16 | 8

/// First tag reserved for Apple's internal use.
public let kAudioChannelLayoutTag_BeginReserved: AudioChannelLayoutTag = 0xF000_0000

/// Last tag reserved for Apple's internal use.
public let kAudioChannelLayoutTag_EndReserved: AudioChannelLayoutTag = 0xFFFE_FFFF

/// An unknown layout; OR with the channel count.
public let kAudioChannelLayoutTag_Unknown: AudioChannelLayoutTag = 0xFFFF_0000
