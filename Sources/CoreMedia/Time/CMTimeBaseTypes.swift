// The integer types CMTime is built from, and the CoreMedia item counters that travel with it.
// Types and values from Apple's CMTime.h and CMBase.h.

/// The numerator of a rational `CMTime`: a count of `timescale` units.
public typealias CMTimeValue = Int64

/// The denominator of a rational `CMTime`: units per second. Timescales must be positive.
public typealias CMTimeScale = Int32

/// The epoch (for example a loop count) a `CMTime` belongs to; times in later epochs come after earlier ones.
public typealias CMTimeEpoch = Int64

/// A count of items (samples, buffers) as CoreMedia functions take and return it.
public typealias CMItemCount = Int

/// An index of an item (sample, buffer) as CoreMedia functions take and return it.
public typealias CMItemIndex = Int

/// The largest timescale arithmetic results may use (`0x7fffffff`).
///
/// Apple's documentation gives no value; this is the value CMTime.h defines (`#define kCMTimeMaxTimescale
/// 0x7fffffffL`), imported into Swift as `Int`.
public let kCMTimeMaxTimescale: Int = 0x7fff_ffff
