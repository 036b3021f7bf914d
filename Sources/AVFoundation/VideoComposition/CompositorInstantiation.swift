import CNSObjectFactory
import Foundation

/// Makes a custom compositor from the class a video composition names, as AV Foundation does with Objective-C's
/// `alloc/init`: the class's own `init()` runs, whether it overrides `NSObject.init()`, inherits it, or is a
/// subclass of a class that does. Swift cannot call a non-`required` initializer through a metatype, and users'
/// compositor classes (non-final `NSObject` subclasses) cannot be asked to mark theirs `required`; the C half
/// (`CNSObjectFactory`) calls it through the class's vtable instead.
enum CompositorInstantiation {
    static func make(_ compositorClass: any AVVideoCompositing.Type) throws(AVError) -> any AVVideoCompositing {
        // The protocol refines NSObjectProtocol, which in practice only NSObject subclasses implement.
        guard compositorClass is NSObject.Type else {
            throw AVError(.invalidVideoComposition, "the custom video compositor class \(compositorClass) is not an "
                          + "NSObject subclass, so it cannot be made with init() as AV Foundation makes compositors")
        }
        let metadata = unsafeBitCast(compositorClass as AnyClass, to: UnsafeRawPointer.self)
        let instance = Unmanaged<NSObject>.fromOpaque(nsobject_factory_make_instance(metadata)).takeRetainedValue()
        guard let compositor = instance as? any AVVideoCompositing else {
            throw AVError(.invalidVideoComposition, "\(type(of: instance)), made from the custom video compositor "
                          + "class \(compositorClass), is not an AVVideoCompositing")
        }
        return compositor
    }
}
