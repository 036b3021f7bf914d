// The `kCVPixelFormatType_…` four-character codes, with the values of Apple's CVPixelBuffer.h. Only the formats in
// `PixelFormatLayout.table` can be allocated here; creating any other returns `kCVReturnInvalidPixelFormat`.

/// 1 bit indexed (0x00000001).
public let kCVPixelFormatType_1Monochrome: OSType = 0x0000_0001

/// 2 bit indexed (0x00000002).
public let kCVPixelFormatType_2Indexed: OSType = 0x0000_0002

/// 4 bit indexed (0x00000004).
public let kCVPixelFormatType_4Indexed: OSType = 0x0000_0004

/// 8 bit indexed (0x00000008).
public let kCVPixelFormatType_8Indexed: OSType = 0x0000_0008

/// 1 bit indexed gray, white is zero (0x00000021).
public let kCVPixelFormatType_1IndexedGray_WhiteIsZero: OSType = 0x0000_0021

/// 2 bit indexed gray, white is zero (0x00000022).
public let kCVPixelFormatType_2IndexedGray_WhiteIsZero: OSType = 0x0000_0022

/// 4 bit indexed gray, white is zero (0x00000024).
public let kCVPixelFormatType_4IndexedGray_WhiteIsZero: OSType = 0x0000_0024

/// 8 bit indexed gray, white is zero (0x00000028).
public let kCVPixelFormatType_8IndexedGray_WhiteIsZero: OSType = 0x0000_0028

/// 16 bit BE RGB 555 (0x00000010).
public let kCVPixelFormatType_16BE555: OSType = 0x0000_0010

/// 16 bit LE RGB 555 ('L555').
public let kCVPixelFormatType_16LE555: OSType = 0x4C35_3535

/// 16 bit LE RGB 5551 ('5551').
public let kCVPixelFormatType_16LE5551: OSType = 0x3535_3531

/// 16 bit BE RGB 565 ('B565').
public let kCVPixelFormatType_16BE565: OSType = 0x4235_3635

/// 16 bit LE RGB 565 ('L565').
public let kCVPixelFormatType_16LE565: OSType = 0x4C35_3635

/// 24 bit RGB (0x00000018).
public let kCVPixelFormatType_24RGB: OSType = 0x0000_0018

/// 24 bit BGR ('24BG').
public let kCVPixelFormatType_24BGR: OSType = 0x3234_4247

/// 32 bit ARGB (0x00000020).
public let kCVPixelFormatType_32ARGB: OSType = 0x0000_0020

/// 32 bit BGRA ('BGRA').
public let kCVPixelFormatType_32BGRA: OSType = 0x4247_5241

/// 32 bit ABGR ('ABGR').
public let kCVPixelFormatType_32ABGR: OSType = 0x4142_4752

/// 32 bit RGBA ('RGBA').
public let kCVPixelFormatType_32RGBA: OSType = 0x5247_4241

/// 64 bit ARGB, 16-bit big-endian samples ('b64a').
public let kCVPixelFormatType_64ARGB: OSType = 0x6236_3461

/// 64 bit RGBA, 16-bit little-endian full-range (0-65535) samples ('l64r').
public let kCVPixelFormatType_64RGBALE: OSType = 0x6C36_3472

/// 48 bit RGB, 16-bit big-endian samples ('b48r').
public let kCVPixelFormatType_48RGB: OSType = 0x6234_3872

/// 32 bit AlphaGray, 16-bit big-endian samples, black is zero ('b32a').
public let kCVPixelFormatType_32AlphaGray: OSType = 0x6233_3261

/// 16 bit Grayscale, 16-bit big-endian samples, black is zero ('b16g').
public let kCVPixelFormatType_16Gray: OSType = 0x6231_3667

/// 30 bit RGB, 10-bit big-endian samples, 2 unused padding bits (at least significant end) ('R10k').
public let kCVPixelFormatType_30RGB: OSType = 0x5231_306B

/// 30 bit RGB, 10-bit big-endian samples, 2 unused padding bits (at most significant end), video-range (64-940) ('r210').
public let kCVPixelFormatType_30RGB_r210: OSType = 0x7232_3130

/// Component Y'CbCr 8-bit 4:2:2, ordered Cb Y'0 Cr Y'1 ('2vuy').
public let kCVPixelFormatType_422YpCbCr8: OSType = 0x3276_7579

/// Component Y'CbCrA 8-bit 4:4:4:4, ordered Cb Y' Cr A ('v408').
public let kCVPixelFormatType_4444YpCbCrA8: OSType = 0x7634_3038

/// Y'CbCrA 8-bit 4:4:4:4 rendering format, zero-biased, ordered A Y' Cb Cr ('r408').
public let kCVPixelFormatType_4444YpCbCrA8R: OSType = 0x7234_3038

/// Component Y'CbCrA 8-bit 4:4:4:4, ordered A Y' Cb Cr, full range alpha, video range Y'CbCr ('y408').
public let kCVPixelFormatType_4444AYpCbCr8: OSType = 0x7934_3038

/// Component Y'CbCrA 16-bit 4:4:4:4, ordered A Y' Cb Cr, full range alpha, video range Y'CbCr, 16-bit little-endian samples ('y416').
public let kCVPixelFormatType_4444AYpCbCr16: OSType = 0x7934_3136

/// Component AY'CbCr single precision floating-point 4:4:4:4 ('r4fl').
public let kCVPixelFormatType_4444AYpCbCrFloat: OSType = 0x7234_666C

/// Component Y'CbCr 8-bit 4:4:4, ordered Cr Y' Cb ('v308').
public let kCVPixelFormatType_444YpCbCr8: OSType = 0x7633_3038

/// Component Y'CbCr 10,12,14,16-bit 4:2:2 ('v216').
public let kCVPixelFormatType_422YpCbCr16: OSType = 0x7632_3136

/// Component Y'CbCr 10-bit 4:2:2 ('v210').
public let kCVPixelFormatType_422YpCbCr10: OSType = 0x7632_3130

/// Component Y'CbCr 10-bit 4:4:4 ('v410').
public let kCVPixelFormatType_444YpCbCr10: OSType = 0x7634_3130

/// Planar Component Y'CbCr 8-bit 4:2:0, video range ('y420').
public let kCVPixelFormatType_420YpCbCr8Planar: OSType = 0x7934_3230

/// Planar Component Y'CbCr 8-bit 4:2:0, full range ('f420').
public let kCVPixelFormatType_420YpCbCr8PlanarFullRange: OSType = 0x6634_3230

/// Bi-planar: 2vuy-ordered video-range Y'CbCr 8-bit 4:2:2 plus an 8-bit alpha plane ('a2vy').
public let kCVPixelFormatType_422YpCbCr_4A_8BiPlanar: OSType = 0x6132_7679

/// Bi-Planar Component Y'CbCr 8-bit 4:2:0, video-range (luma=[16,235] chroma=[16,240]) ('420v').
public let kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange: OSType = 0x3432_3076

/// Bi-Planar Component Y'CbCr 8-bit 4:2:0, full-range (luma=[0,255] chroma=[1,255]) ('420f').
public let kCVPixelFormatType_420YpCbCr8BiPlanarFullRange: OSType = 0x3432_3066

/// Bi-Planar Component Y'CbCr 8-bit 4:2:2, video-range ('422v').
public let kCVPixelFormatType_422YpCbCr8BiPlanarVideoRange: OSType = 0x3432_3276

/// Bi-Planar Component Y'CbCr 8-bit 4:2:2, full-range ('422f').
public let kCVPixelFormatType_422YpCbCr8BiPlanarFullRange: OSType = 0x3432_3266

/// Bi-Planar Component Y'CbCr 8-bit 4:4:4, video-range ('444v').
public let kCVPixelFormatType_444YpCbCr8BiPlanarVideoRange: OSType = 0x3434_3476

/// Bi-Planar Component Y'CbCr 8-bit 4:4:4, full-range ('444f').
public let kCVPixelFormatType_444YpCbCr8BiPlanarFullRange: OSType = 0x3434_3466

/// Component Y'CbCr 8-bit 4:2:2, ordered Y'0 Cb Y'1 Cr ('yuvs').
public let kCVPixelFormatType_422YpCbCr8_yuvs: OSType = 0x7975_7673

/// Component Y'CbCr 8-bit 4:2:2, full range, ordered Y'0 Cb Y'1 Cr ('yuvf').
public let kCVPixelFormatType_422YpCbCr8FullRange: OSType = 0x7975_7666

/// 8 bit one component, black is zero ('L008').
public let kCVPixelFormatType_OneComponent8: OSType = 0x4C30_3038

/// 8 bit two component, black is zero ('2C08').
public let kCVPixelFormatType_TwoComponent8: OSType = 0x3243_3038

/// little-endian RGB101010, 2 MSB are zero, wide-gamut (384-895) ('w30r').
public let kCVPixelFormatType_30RGBLEPackedWideGamut: OSType = 0x7733_3072

/// little-endian ARGB2101010 full-range ARGB ('l10r').
public let kCVPixelFormatType_ARGB2101010LEPacked: OSType = 0x6C31_3072

/// little-endian ARGB10101010, each 10 bits in the MSBs of 16bits, wide-gamut (384-895, including alpha) ('w40a').
public let kCVPixelFormatType_40ARGBLEWideGamut: OSType = 0x7734_3061

/// little-endian ARGB10101010, each 10 bits in the MSBs of 16bits, wide-gamut (384-895, including alpha), premultiplied ('w40m').
public let kCVPixelFormatType_40ARGBLEWideGamutPremultiplied: OSType = 0x7734_306D

/// 10 bit little-endian one component, stored as 10 MSBs of 16 bits, black is zero ('L010').
public let kCVPixelFormatType_OneComponent10: OSType = 0x4C30_3130

/// 12 bit little-endian one component, stored as 12 MSBs of 16 bits, black is zero ('L012').
public let kCVPixelFormatType_OneComponent12: OSType = 0x4C30_3132

/// 16 bit little-endian one component, black is zero ('L016').
public let kCVPixelFormatType_OneComponent16: OSType = 0x4C30_3136

/// 16 bit little-endian two component, black is zero ('2C16').
public let kCVPixelFormatType_TwoComponent16: OSType = 0x3243_3136

/// 16 bit one component IEEE half-precision float, 16-bit little-endian samples ('L00h').
public let kCVPixelFormatType_OneComponent16Half: OSType = 0x4C30_3068

/// 32 bit one component IEEE float, 32-bit little-endian samples ('L00f').
public let kCVPixelFormatType_OneComponent32Float: OSType = 0x4C30_3066

/// 16 bit two component IEEE half-precision float, 16-bit little-endian samples ('2C0h').
public let kCVPixelFormatType_TwoComponent16Half: OSType = 0x3243_3068

/// 32 bit two component IEEE float, 32-bit little-endian samples ('2C0f').
public let kCVPixelFormatType_TwoComponent32Float: OSType = 0x3243_3066

/// 64 bit RGBA IEEE half-precision float, 16-bit little-endian samples ('RGhA').
public let kCVPixelFormatType_64RGBAHalf: OSType = 0x5247_6841

/// 128 bit RGBA IEEE float, 32-bit little-endian samples ('RGfA').
public let kCVPixelFormatType_128RGBAFloat: OSType = 0x5247_6641

/// Bayer 14-bit Little-Endian, packed in 16-bits, ordered G R G R... alternating with B G B G ('grb4').
public let kCVPixelFormatType_14Bayer_GRBG: OSType = 0x6772_6234

/// Bayer 14-bit Little-Endian, packed in 16-bits, ordered R G R G... alternating with G B G B ('rgg4').
public let kCVPixelFormatType_14Bayer_RGGB: OSType = 0x7267_6734

/// Bayer 14-bit Little-Endian, packed in 16-bits, ordered B G B G... alternating with G R G R ('bgg4').
public let kCVPixelFormatType_14Bayer_BGGR: OSType = 0x6267_6734

/// Bayer 14-bit Little-Endian, packed in 16-bits, ordered G B G B... alternating with R G R G ('gbr4').
public let kCVPixelFormatType_14Bayer_GBRG: OSType = 0x6762_7234

/// Disparity map, half-precision float, in 1/metres ('hdis').
public let kCVPixelFormatType_DisparityFloat16: OSType = 0x6864_6973

/// Disparity map, single-precision float, in 1/metres ('fdis').
public let kCVPixelFormatType_DisparityFloat32: OSType = 0x6664_6973

/// Depth map, half-precision float, in metres ('hdep').
public let kCVPixelFormatType_DepthFloat16: OSType = 0x6864_6570

/// Depth map, single-precision float, in metres ('fdep').
public let kCVPixelFormatType_DepthFloat32: OSType = 0x6664_6570

/// 2 plane YCbCr10 4:2:0, each 10 bits in the MSBs of 16bits, video-range (luma=[64,940] chroma=[64,960]) ('x420').
public let kCVPixelFormatType_420YpCbCr10BiPlanarVideoRange: OSType = 0x7834_3230

/// 2 plane YCbCr10 4:2:2, each 10 bits in the MSBs of 16bits, video-range (luma=[64,940] chroma=[64,960]) ('x422').
public let kCVPixelFormatType_422YpCbCr10BiPlanarVideoRange: OSType = 0x7834_3232

/// 2 plane YCbCr10 4:4:4, each 10 bits in the MSBs of 16bits, video-range (luma=[64,940] chroma=[64,960]) ('x444').
public let kCVPixelFormatType_444YpCbCr10BiPlanarVideoRange: OSType = 0x7834_3434

/// 2 plane YCbCr10 4:2:0, each 10 bits in the MSBs of 16bits, full-range (Y range 0-1023) ('xf20').
public let kCVPixelFormatType_420YpCbCr10BiPlanarFullRange: OSType = 0x7866_3230

/// 2 plane YCbCr10 4:2:2, each 10 bits in the MSBs of 16bits, full-range (Y range 0-1023) ('xf22').
public let kCVPixelFormatType_422YpCbCr10BiPlanarFullRange: OSType = 0x7866_3232

/// 2 plane YCbCr10 4:4:4, each 10 bits in the MSBs of 16bits, full-range (Y range 0-1023) ('xf44').
public let kCVPixelFormatType_444YpCbCr10BiPlanarFullRange: OSType = 0x7866_3434

/// Tri-planar: 420v luma and chroma planes plus an 8-bit full-range alpha plane ('v0a8').
public let kCVPixelFormatType_420YpCbCr8VideoRange_8A_TriPlanar: OSType = 0x7630_6138

/// Bayer 16-bit little-endian sensel samples (full-size ProRes RAW decode) ('bp16').
public let kCVPixelFormatType_16VersatileBayer: OSType = 0x6270_3136

/// 64-bit RGBA, 16-bit little-endian samples (downscaled ProRes RAW decode) ('bp64').
public let kCVPixelFormatType_64RGBA_DownscaledProResRAW: OSType = 0x6270_3634

/// 2 plane YCbCr16 4:2:2, video-range (luma=[4096,60160] chroma=[4096,61440]) ('sv22').
public let kCVPixelFormatType_422YpCbCr16BiPlanarVideoRange: OSType = 0x7376_3232

/// 2 plane YCbCr16 4:4:4, video-range (luma=[4096,60160] chroma=[4096,61440]) ('sv44').
public let kCVPixelFormatType_444YpCbCr16BiPlanarVideoRange: OSType = 0x7376_3434

/// 3 plane video-range YCbCr16 4:4:4 with 16-bit full-range alpha ('s4as').
public let kCVPixelFormatType_444YpCbCr16VideoRange_16A_TriPlanar: OSType = 0x7334_6173

/// Lossless-compressed form of kCVPixelFormatType_32BGRA ('&BGA').
public let kCVPixelFormatType_Lossless_32BGRA: OSType = 0x2642_4741

/// Lossless-compressed form of kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange ('&8v0').
public let kCVPixelFormatType_Lossless_420YpCbCr8BiPlanarVideoRange: OSType = 0x2638_7630

/// Lossless-compressed form of kCVPixelFormatType_420YpCbCr8BiPlanarFullRange ('&8f0').
public let kCVPixelFormatType_Lossless_420YpCbCr8BiPlanarFullRange: OSType = 0x2638_6630

/// Lossless-compressed-packed form of kCVPixelFormatType_420YpCbCr10BiPlanarVideoRange ('&xv0').
public let kCVPixelFormatType_Lossless_420YpCbCr10PackedBiPlanarVideoRange: OSType = 0x2678_7630

/// Lossless-compressed-packed form of kCVPixelFormatType_422YpCbCr10BiPlanarVideoRange ('&xv2').
public let kCVPixelFormatType_Lossless_422YpCbCr10PackedBiPlanarVideoRange: OSType = 0x2678_7632
