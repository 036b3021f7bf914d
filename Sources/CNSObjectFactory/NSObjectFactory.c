// Why C: Swift cannot call a non-`required` initializer through a metatype, but Apple's API hands us class objects
// (`customVideoCompositorClass`) and expects `init()` to run, as Objective-C's `alloc/init` does. Swift classes
// keep `NSObject.init()` in their vtable (every subclass overrides the slot, with its own `init()` or the one it
// inherits), so the runtime can find the right implementation for any subclass, as dynamic dispatch would. The
// call itself needs Swift's calling convention with the metatype as `self`, which clang spells `swiftcall` and
// `swift_context`.

#include "CNSObjectFactory.h"

// NSObject's method descriptor for `init()` and its class descriptor, both exported by swift-corelibs-foundation.
extern const char nsobject_factory_init_descriptor __asm__("$s10Foundation8NSObjectCACycfCTq");
extern const char nsobject_factory_class_descriptor __asm__("$s10Foundation8NSObjectCMn");

// The Swift runtime's vtable lookup (what resilient dispatch thunks call).
extern void *swift_lookUpClassMethod(const void *metadata, const void *method, const void *description);

typedef void *(*AllocatingInitializer)(const void *metatype __attribute__((swift_context))) __attribute__((swiftcall));

void *nsobject_factory_make_instance(const void *metatype) {
    void *implementation = swift_lookUpClassMethod(metatype, &nsobject_factory_init_descriptor,
                                                   &nsobject_factory_class_descriptor);
    return ((AllocatingInitializer)implementation)(metatype);
}
