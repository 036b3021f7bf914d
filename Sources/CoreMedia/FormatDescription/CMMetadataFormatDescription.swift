// Timed-metadata format descriptions (CMFormatDescription.h, "Metadata-specific functions"). A boxed ('mebx')
// description carries a key table: for each local ID (the four-character code a sample's boxes are typed with),
// the key's namespace and value and, when made from metadata specifications, its data type and language.
//
// The key table is the extension `kCMFormatDescriptionExtensionKey_MetadataKeyTable`, a dictionary whose keys are
// the local IDs written in decimal (CF dictionaries here are Swift dictionaries, whose property-list form needs
// string keys) and whose values are the key dictionaries.

extension CMFormatDescription {
    /// The key dictionaries of a metadata description, in local ID order.
    var metadataKeys: [(localID: OSType, key: [String: Any])] {
        guard let table = AttributeValue.dictionary(extensionStorage[kCMFormatDescriptionExtensionKey_MetadataKeyTable as String])
        else { return [] }
        return table.compactMap { entry -> (OSType, [String: Any])? in
            guard let id = OSType(entry.key), let key = AttributeValue.dictionary(entry.value) else { return nil }
            return (id, key)
        }.sorted { $0.0 < $1.0 }
    }
}

/// The namespace and value of a metadata identifier "keyspace/key" (AVMetadataIdentifier's form): the keyspace's
/// four characters, and the key's percent-decoded bytes.
func metadataKeyParts(identifier: String) -> (namespace: OSType, value: Data)? {
    guard let slash = identifier.firstIndex(of: "/") else { return nil }
    let keySpace = Array(identifier[..<slash].utf8)
    guard keySpace.count == 4 else { return nil }
    let namespace = keySpace.reduce(OSType(0)) { $0 << 8 | OSType($1) }
    var bytes: [UInt8] = []
    var scalars = Array(identifier[identifier.index(after: slash)...].utf8)[...]
    while let byte = scalars.popFirst() {
        if byte == UInt8(ascii: "%"), scalars.count >= 2,
           let value = UInt8(String(decoding: scalars.prefix(2), as: UTF8.self), radix: 16) {
            bytes.append(value)
            scalars = scalars.dropFirst(2)
        } else {
            bytes.append(byte)
        }
    }
    guard !bytes.isEmpty else { return nil }
    return (namespace, Data(bytes))
}

/// The identifier "keyspace/key" of a key's namespace and value, percent-encoding bytes that are not printable ASCII.
func metadataIdentifier(namespace: OSType, value: Data) -> String {
    let keySpace = String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: namespace >> (24 - 8 * UInt32($0))) },
                          as: UTF8.self)
    var key = ""
    for byte in value {
        if byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "%") {
            key.unicodeScalars.append(Unicode.Scalar(byte))
        } else {
            key += String(format: "%%%02X", byte)
        }
    }
    return keySpace + "/" + key
}

/// A boxed-metadata format description from key dictionaries already in key-table form.
private func makeBoxedDescription(keys: [(OSType, [String: Any])], extensions: [String: Any] = [:])
    -> CMFormatDescription {
    var table: [String: Any] = [:]
    for (localID, key) in keys { table[String(localID)] = key }
    var extensions = extensions
    extensions[kCMFormatDescriptionExtensionKey_MetadataKeyTable as String] = table
    return CMFormatDescription(mediaType: kCMMediaType_Metadata, mediaSubType: kCMMetadataFormatType_Boxed,
                               extensions: extensions, details: .none)
}

/// The key dictionary for one metadata specification, or nil when it lacks a usable identifier or data type.
private func keyDictionary(specification: [String: Any], localID: OSType) -> [String: Any]? {
    guard let identifier = AttributeValue.string(
              specification[kCMMetadataFormatDescriptionMetadataSpecificationKey_Identifier as String]),
          let (namespace, value) = metadataKeyParts(identifier: identifier),
          let dataType = AttributeValue.string(
              specification[kCMMetadataFormatDescriptionMetadataSpecificationKey_DataType as String]), !dataType.isEmpty
    else { return nil }
    var key: [String: Any] = [
        kCMMetadataFormatDescriptionKey_Namespace as String: Int(namespace),
        kCMMetadataFormatDescriptionKey_Value as String: value,
        kCMMetadataFormatDescriptionKey_LocalID as String: Int(localID),
        kCMMetadataFormatDescriptionKey_DataType as String: dataType,
    ]
    if let language = AttributeValue.string(
        specification[kCMMetadataFormatDescriptionMetadataSpecificationKey_ExtendedLanguageTag as String]) {
        key[kCMMetadataFormatDescriptionKey_LanguageTag as String] = language
    }
    if let dependency = specification[kCMMetadataFormatDescriptionMetadataSpecificationKey_StructuralDependency as String] {
        key[kCMMetadataFormatDescriptionKey_StructuralDependency as String] = dependency
    }
    if let setup = specification[kCMMetadataFormatDescriptionMetadataSpecificationKey_SetupData as String] {
        key[kCMMetadataFormatDescriptionKey_SetupData as String] = setup
    }
    return key
}

/// Adds `specifications` to `existing` keys, giving each new identifier (with its data type and language) the next
/// free local ID and reusing an existing key that matches.
private func addingSpecifications(_ specifications: CFArray, to existing: [(OSType, [String: Any])])
    -> [(OSType, [String: Any])]? {
    var keys = existing
    var nextID = (keys.map(\.0).max() ?? 0) + 1
    for item in specifications {
        guard let specification = AttributeValue.dictionary(item),
              let key = keyDictionary(specification: specification, localID: nextID) else { return nil }
        let duplicate = keys.contains { _, existingKey in
            PropertyListEquality.isEqual(existingKey.filter { $0.key != kCMMetadataFormatDescriptionKey_LocalID as String },
                                         key.filter { $0.key != kCMMetadataFormatDescriptionKey_LocalID as String })
        }
        if duplicate { continue }
        keys.append((nextID, key))
        nextID += 1
    }
    return keys
}

/// Creates a metadata format description. Boxed metadata needs `keys`: dictionaries with a namespace and value and,
/// optionally, a local ID (assigned 1, 2, … otherwise); ICY and ID3 metadata have no keys.
@discardableResult
public func CMMetadataFormatDescriptionCreateWithKeys(
    allocator: CFAllocator?, metadataType: CMMetadataFormatType, keys: CFArray?,
    formatDescriptionOut: UnsafeMutablePointer<CMMetadataFormatDescription?>
) -> OSStatus {
    formatDescriptionOut.pointee = nil
    guard metadataType == kCMMetadataFormatType_Boxed else {
        guard keys == nil || keys?.count == 0 else { return kCMFormatDescriptionError_InvalidParameter }
        formatDescriptionOut.pointee = CMFormatDescription(mediaType: kCMMediaType_Metadata, mediaSubType: metadataType,
                                                          extensions: [:], details: .none)
        return noErr
    }
    guard let keys, keys.count > 0 else { return kCMFormatDescriptionError_InvalidParameter }
    var entries: [(OSType, [String: Any])] = []
    var usedIDs = Set<OSType>()
    for (index, item) in keys.enumerated() {
        guard var key = AttributeValue.dictionary(item),
              AttributeValue.int(key[kCMMetadataFormatDescriptionKey_Namespace as String]).flatMap(OSType.init(exactly:)) != nil,
              key[kCMMetadataFormatDescriptionKey_Value as String] is Data else { return kCMFormatDescriptionError_InvalidParameter }
        let localID: OSType
        if let given = key[kCMMetadataFormatDescriptionKey_LocalID as String] {
            guard let id = AttributeValue.int(given).flatMap(OSType.init(exactly:)), id != 0 else {
                return kCMFormatDescriptionError_InvalidParameter
            }
            localID = id
        } else {
            localID = OSType(index + 1)
        }
        guard usedIDs.insert(localID).inserted else { return kCMFormatDescriptionError_InvalidParameter }
        key[kCMMetadataFormatDescriptionKey_LocalID as String] = Int(localID)
        entries.append((localID, key))
    }
    formatDescriptionOut.pointee = makeBoxedDescription(keys: entries)
    return noErr
}

/// Creates a boxed-metadata format description from metadata specifications: dictionaries of an identifier
/// ("mdta/com.example.key"), a data type and, optionally, an extended language tag, structural dependency and setup
/// data. Each distinct specification gets the next local ID, from 1.
@discardableResult
public func CMMetadataFormatDescriptionCreateWithMetadataSpecifications(
    allocator: CFAllocator?, metadataType: CMMetadataFormatType, metadataSpecifications: CFArray,
    formatDescriptionOut: UnsafeMutablePointer<CMMetadataFormatDescription?>
) -> OSStatus {
    formatDescriptionOut.pointee = nil
    guard metadataType == kCMMetadataFormatType_Boxed, metadataSpecifications.count > 0,
          let keys = addingSpecifications(metadataSpecifications, to: []) else {
        return kCMFormatDescriptionError_InvalidParameter
    }
    formatDescriptionOut.pointee = makeBoxedDescription(keys: keys)
    return noErr
}

/// Creates a boxed-metadata format description with the keys of `sourceDescription` and those of
/// `metadataSpecifications` that it lacks.
@discardableResult
public func CMMetadataFormatDescriptionCreateWithMetadataFormatDescriptionAndMetadataSpecifications(
    allocator: CFAllocator?, sourceDescription: CMMetadataFormatDescription, metadataSpecifications: CFArray,
    formatDescriptionOut: UnsafeMutablePointer<CMMetadataFormatDescription?>
) -> OSStatus {
    formatDescriptionOut.pointee = nil
    guard sourceDescription.mediaTypeCode == kCMMediaType_Metadata,
          sourceDescription.mediaSubTypeCode == kCMMetadataFormatType_Boxed,
          let keys = addingSpecifications(metadataSpecifications, to: sourceDescription.metadataKeys) else {
        return kCMFormatDescriptionError_InvalidParameter
    }
    var extensions = sourceDescription.extensionStorage
    extensions[kCMFormatDescriptionExtensionKey_MetadataKeyTable as String] = nil
    formatDescriptionOut.pointee = makeBoxedDescription(keys: keys, extensions: extensions)
    return noErr
}

/// Creates a boxed-metadata format description with the keys of both descriptions; keys of the second that the
/// first lacks get new local IDs.
@discardableResult
public func CMMetadataFormatDescriptionCreateByMergingMetadataFormatDescriptions(
    allocator: CFAllocator?, sourceDescription: CMMetadataFormatDescription,
    otherSourceDescription: CMMetadataFormatDescription,
    formatDescriptionOut: UnsafeMutablePointer<CMMetadataFormatDescription?>
) -> OSStatus {
    formatDescriptionOut.pointee = nil
    for description in [sourceDescription, otherSourceDescription] {
        guard description.mediaTypeCode == kCMMediaType_Metadata,
              description.mediaSubTypeCode == kCMMetadataFormatType_Boxed else {
            return kCMFormatDescriptionError_InvalidParameter
        }
    }
    var keys = sourceDescription.metadataKeys
    var nextID = (keys.map(\.localID).max() ?? 0) + 1
    for (_, key) in otherSourceDescription.metadataKeys {
        let withoutID = key.filter { $0.key != kCMMetadataFormatDescriptionKey_LocalID as String }
        let known = keys.contains {
            PropertyListEquality.isEqual($0.key.filter { $0.key != kCMMetadataFormatDescriptionKey_LocalID as String }, withoutID)
        }
        if known { continue }
        var renumbered = key
        renumbered[kCMMetadataFormatDescriptionKey_LocalID as String] = Int(nextID)
        keys.append((nextID, renumbered))
        nextID += 1
    }
    formatDescriptionOut.pointee = makeBoxedDescription(keys: keys, extensions: sourceDescription.extensionStorage)
    return noErr
}

/// The key dictionary with local ID `localKeyID`, or nil.
public func CMMetadataFormatDescriptionGetKeyWithLocalID(
    _ desc: CMMetadataFormatDescription, localKeyID: OSType
) -> CFDictionary? {
    desc.metadataKeys.first { $0.localID == localKeyID }.map { $0.key as CFDictionary }
}

/// The identifiers ("keyspace/key") of the description's keys, in local ID order, or nil when it has none.
public func CMMetadataFormatDescriptionGetIdentifiers(_ desc: CMMetadataFormatDescription) -> CFArray? {
    let identifiers = desc.metadataKeys.compactMap { _, key -> String? in
        guard let namespace = AttributeValue.int(key[kCMMetadataFormatDescriptionKey_Namespace as String])
                .flatMap(OSType.init(exactly:)),
              let value = key[kCMMetadataFormatDescriptionKey_Value as String] as? Data else { return nil }
        return metadataIdentifier(namespace: namespace, value: value)
    }
    return identifiers.isEmpty ? nil : CFObjectArray(bridging: identifiers)
}
