import AVFoundation
import Foundation
import Testing

/// The typed string constants bridge to NSString and CFString as Apple's imported newtypes do.
@Suite("Typed string constants bridge like Apple's newtypes")
struct NewtypeBridgingTests {
    @Test("as CFString and as NSString give the raw string")
    func bridgesOut() {
        let fileType = AVFileType.mov as CFString
        #expect(fileType as String == "com.apple.quicktime-movie")
        #expect((AVMediaType.video as NSString) as String == AVMediaType.video.rawValue)
        #expect((AVVideoCodecType.hevc as CFString) as String == "hvc1")
        #expect((AVMetadataIdentifier.commonIdentifierTitle as CFString) as String == AVMetadataIdentifier.commonIdentifierTitle.rawValue)
        #expect((CALayerContentsGravity.resizeAspect as NSString) as String == CALayerContentsGravity.resizeAspect.rawValue)
        #expect((AVAssetImageGenerator.ApertureMode.cleanAperture as CFString) as String == "CleanAperture")
    }

    // Linux's Foundation casts an NSArray or NSDictionary back to collections of String, not of the typed
    // constants (`array as? [AVFileType]` is nil): README.md's differences say so.
    @Test("collections of them bridge to NSArray and NSDictionary, and come back as strings")
    func collections() throws {
        let array = [AVFileType.mov, .mp4] as NSArray
        #expect(array.count == 2)
        #expect(array.firstObject as? String == "com.apple.quicktime-movie")
        #expect((array as? [String])?.map(AVFileType.init(rawValue:)) == [.mov, .mp4])
        let dictionary = [AVMetadataKey.commonKeyTitle: "A title"] as NSDictionary
        let back = try #require(dictionary as? [String: String])
        #expect(back[AVMetadataKey.commonKeyTitle.rawValue] == "A title")
    }

    @Test("an Any holding a string casts to the typed constant")
    func castsFromAny() {
        let fromObjC: Any = NSString(string: "public.mpeg-4")
        #expect(fromObjC as? AVFileType == .mp4)
        let codec: Any = NSString(string: "avc1")
        #expect(codec as? AVVideoCodecType == .h264)
        let notAString: Any = NSNumber(value: 3)
        #expect(notAString as? AVFileType == nil)
    }

    @Test("inside AnyHashable a constant equals its raw string, as on Apple platforms")
    func anyHashable() {
        #expect(AnyHashable(AVFileType.mov) == AnyHashable("com.apple.quicktime-movie"))
        #expect(AnyHashable(AVMediaType.audio).hashValue == AnyHashable(AVMediaType.audio.rawValue).hashValue)
        #expect(AnyHashable(AVFileType.mov) != AnyHashable(AVFileType.mp4))
    }
}
