import CoreMedia
import MediaContainer

extension TrackSource {
    /// Whether no other sample needs sample `index` to be decoded, so a read that does not show it may skip it:
    /// `sdtp` says so (sample_is_depended_on = 2, ISO/IEC 14496-12 §8.6.4), or, without `sdtp`, every NAL unit of an
    /// H.264 sample has nal_ref_idc 0 (ITU-T H.264 §7.4.1: a picture no other picture refers to; x264's non-reference
    /// B-frames, half the frames of its default GOP). `buffer` holds the sample's bytes. Unknown means no.
    func isDisposable(_ index: Int, bytes buffer: CMSampleBuffer, description: CMFormatDescription) -> Bool {
        if let flags = table.dependencyByte(at: index) {
            let dependedOn = (flags >> 2) & 3
            if dependedOn == 2 { return true }
            if dependedOn == 1 { return false }
        }
        let subtype = CMFormatDescriptionGetMediaSubType(description)
        guard subtype == kCMVideoCodecType_H264 || subtype == FourCharCode(0x6176_6333) /* 'avc3' */,
              let data = CMSampleBufferGetDataBuffer(buffer) else { return false }
        var lengthSize: Int32 = 0
        guard CMVideoFormatDescriptionGetH264ParameterSetAtIndex(description, parameterSetIndex: 0,
                                                                 parameterSetPointerOut: nil, parameterSetSizeOut: nil,
                                                                 parameterSetCountOut: nil,
                                                                 nalUnitHeaderLengthOut: &lengthSize) == noErr,
              [1, 2, 4].contains(lengthSize) else { return false }
        let total = CMBlockBufferGetDataLength(data)
        var offset = 0, sawSlice = false
        var header = [UInt8](repeating: 0, count: 5)
        while offset + Int(lengthSize) < total {
            let count = Int(lengthSize) + 1
            let status = header.withUnsafeMutableBytes {
                CMBlockBufferCopyDataBytes(data, atOffset: offset, dataLength: count, destination: $0.baseAddress!)
            }
            guard status == kCMBlockBufferNoErr else { return false }
            var length = 0
            for byte in header[0..<Int(lengthSize)] { length = length << 8 | Int(byte) }
            let nal = header[Int(lengthSize)]
            let type = nal & 0x1F
            // Any NAL unit with nal_ref_idc ≠ 0 (a reference slice, a parameter set) makes the sample needed.
            if nal & 0x60 != 0 { return false }
            if (1...5).contains(type) { sawSlice = true }
            let (next, overflow) = offset.addingReportingOverflow(Int(lengthSize) + length)
            guard !overflow, length > 0 else { return false }
            offset = next
        }
        return sawSlice && offset == total
    }
}
