#ifndef CNSOBJECTFACTORY_H
#define CNSOBJECTFACTORY_H

/// Makes an instance of an NSObject subclass from its class object, as Objective-C's `[[cls alloc] init]` does:
/// calls the `init()` that the class (or its nearest ancestor that declares one) gives `NSObject.init()`, through
/// the class's vtable. Returns the new object at +1, for `Unmanaged.takeRetainedValue()`.
///
/// `metatype` must be the class metadata of `NSObject` or of a subclass of it; the caller checks that (Swift's
/// `is NSObject.Type`). A class that has no `init()` (it declares only other designated initializers) traps in
/// Swift's "unimplemented initializer" stub, as it does on Apple's platforms.
void *_Nonnull nsobject_factory_make_instance(const void *_Nonnull metatype);

#endif
