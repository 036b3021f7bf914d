/// A message's level, as Apple's unified logging system has them.
public struct OSLogType: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `OS_LOG_TYPE_DEFAULT`: what `Logger.notice` and `Logger.log` write.
    public static let `default` = OSLogType(rawValue: 0x00)
    /// `OS_LOG_TYPE_INFO`.
    public static let info = OSLogType(rawValue: 0x01)
    /// `OS_LOG_TYPE_DEBUG`.
    public static let debug = OSLogType(rawValue: 0x02)
    /// `OS_LOG_TYPE_ERROR`.
    public static let error = OSLogType(rawValue: 0x10)
    /// `OS_LOG_TYPE_FAULT`.
    public static let fault = OSLogType(rawValue: 0x11)
}
