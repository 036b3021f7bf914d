// Foundation's key-value observing as Swift code for Apple platforms uses it, which Linux's Foundation lacks:
// `observe(_:options:changeHandler:)` and `NSKeyValueObservation` (KeyValueCodingAndObserving.swift,
// NSKeyValueObservation.swift), `willChangeValue(forKey:)`/`didChangeValue(forKey:)` on NSObject, and the option and
// change types (KeyValueObservingTypes.swift). Apple declares them in Foundation, which cannot be extended as a
// module; AVFoundation re-exports this one, so a file that imports AVFoundation sees them.
//
// Nothing is observed automatically: Linux has no Objective-C runtime to swap setters (`@objc dynamic`). Changes
// reach observers when the object's class announces them: AVFoundation's classes for their key-value observable
// properties (KeyValueAnnouncements.swift), user classes with willChangeValue/didChangeValue (PendingChanges.swift,
// StoredProperties.swift). Observations live in a side table by object identity (ObservationRegistry.swift).
