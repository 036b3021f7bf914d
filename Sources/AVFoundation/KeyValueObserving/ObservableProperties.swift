// The properties AVFoundation's classes announce to key-value observers (`observe(_:options:changeHandler:)`):
// those Apple documents as key-value observable on the classes this package has, plus the export's `progress`
// (Apple's header calls it not observable; code written for iOS observes it anyway, so it is announced at each
// progress step). Key paths carry no property names on Linux, and a key path to a property from a subclass is a
// different value from one rooted at the class, so each class builds its key paths for the observer's root type
// (the `…Kind` protocols let a generic function open that type).
//
// Where each is announced: `AVAssetExportSession+Exporting.swift` (`status`, `progress`),
// `AVAssetExportSession.swift` (`outputURL`, `outputFileType`), `ReaderCore.swift` (`AVAssetReader.status`),
// `AVAssetWriter.swift` (`status`), `AVAssetWriterInput.swift` (`isReadyForMoreMediaData`).
import Foundation
import _KeyValueObserving

protocol ExportSessionKind: AVAssetExportSession {}
protocol AssetReaderKind: AVAssetReader {}
protocol AssetWriterKind: AVAssetWriter {}
protocol AssetWriterInputKind: AVAssetWriterInput {}

extension AVAssetExportSession: ExportSessionKind, KeyValueAnnouncing {
    package static func announcedKey(for keyPath: AnyKeyPath, rootedAt root: Any.Type) -> String? {
        func keys<Root: ExportSessionKind>(_: Root.Type) -> [AnyKeyPath: String] {
            [\Root.status: "status", \Root.progress: "progress", \Root.outputURL: "outputURL",
             \Root.outputFileType: "outputFileType"]
        }
        guard let root = root as? any ExportSessionKind.Type else { return nil }
        return keys(root)[keyPath]
    }
}

extension AVAssetReader: AssetReaderKind, KeyValueAnnouncing {
    package static func announcedKey(for keyPath: AnyKeyPath, rootedAt root: Any.Type) -> String? {
        func keys<Root: AssetReaderKind>(_: Root.Type) -> [AnyKeyPath: String] { [\Root.status: "status"] }
        guard let root = root as? any AssetReaderKind.Type else { return nil }
        return keys(root)[keyPath]
    }
}

extension AVAssetWriter: AssetWriterKind, KeyValueAnnouncing {
    package static func announcedKey(for keyPath: AnyKeyPath, rootedAt root: Any.Type) -> String? {
        func keys<Root: AssetWriterKind>(_: Root.Type) -> [AnyKeyPath: String] { [\Root.status: "status"] }
        guard let root = root as? any AssetWriterKind.Type else { return nil }
        return keys(root)[keyPath]
    }
}

extension AVAssetWriterInput: AssetWriterInputKind, KeyValueAnnouncing {
    package static func announcedKey(for keyPath: AnyKeyPath, rootedAt root: Any.Type) -> String? {
        func keys<Root: AssetWriterInputKind>(_: Root.Type) -> [AnyKeyPath: String] {
            // Apple's key is the Objective-C property's name.
            [\Root.isReadyForMoreMediaData: "readyForMoreMediaData"]
        }
        guard let root = root as? any AssetWriterInputKind.Type else { return nil }
        return keys(root)[keyPath]
    }
}
