// Apple's ObjectiveC module, as far as Swift code for Apple platforms calls it without Objective-C itself:
// objc_sync_enter/objc_sync_exit (ObjCSync.swift) and autoreleasepool(invoking:) (Autoreleasepool.swift).
// AVFoundation re-exports it, as Apple's umbrella does through Foundation.
