// The Swift overlay of CMFormatDescription (Apple's CoreMedia overlay, macOS 10.15+): throwing initializers and
// typed properties over the C-style functions.

extension CMFormatDescription {
    /// The errors the overlay throws: `NSOSStatusErrorDomain` errors whose codes are `kCMFormatDescriptionError_…`.
    public struct Error {
        /// The `kCMFormatDescriptionError_InvalidParameter` status as an error.
        public static let invalidParameter = osStatusError(kCMFormatDescriptionError_InvalidParameter)
        /// The `kCMFormatDescriptionError_AllocationFailed` status as an error.
        public static let allocationFailed = osStatusError(kCMFormatDescriptionError_AllocationFailed)
        /// The `kCMFormatDescriptionError_ValueNotAvailable` status as an error.
        public static let valueNotAvailable = osStatusError(kCMFormatDescriptionError_ValueNotAvailable)
    }

    /// A copy of `other`, for the throwing initializers (a final class's convenience initializer cannot return
    /// another instance).
    convenience init(copying other: CMFormatDescription) {
        self.init(mediaType: other.mediaTypeCode, mediaSubType: other.mediaSubTypeCode,
                  extensions: other.extensionStorage, details: other.details)
    }

    /// Runs a C-style creation function and copies what it made, or throws its status.
    static func created(_ body: (UnsafeMutablePointer<CMFormatDescription?>) -> OSStatus) throws
        -> CMFormatDescription {
        var description: CMFormatDescription?
        let status = body(&description)
        guard status == noErr, let description else {
            throw osStatusError(status == noErr ? kCMFormatDescriptionError_InvalidParameter : status)
        }
        return description
    }

    /// Creates a format description of any media type from a type, subtype and extensions.
    public convenience init(mediaType: CMFormatDescription.MediaType, mediaSubType: CMFormatDescription.MediaSubType,
                            extensions: CMFormatDescription.Extensions? = nil) throws {
        self.init(copying: try Self.created {
            CMFormatDescriptionCreate(allocator: nil, mediaType: mediaType.rawValue,
                                      mediaSubType: mediaSubType.rawValue, extensions: extensions?.dictionary,
                                      formatDescriptionOut: $0)
        })
    }

    /// Creates a video format description.
    public convenience init(videoCodecType: CMFormatDescription.MediaSubType, width: Int, height: Int,
                            extensions: CMFormatDescription.Extensions? = nil) throws {
        guard let width = Int32(exactly: width), let height = Int32(exactly: height) else {
            throw CMFormatDescription.Error.invalidParameter
        }
        self.init(copying: try Self.created {
            CMVideoFormatDescriptionCreate(allocator: nil, codecType: videoCodecType.rawValue, width: width,
                                           height: height, extensions: extensions?.dictionary, formatDescriptionOut: $0)
        })
    }

    /// Creates an H.264 format description from SPS and PPS NAL units.
    public convenience init(h264ParameterSets: [Data], nalUnitHeaderLength: Int = 4) throws {
        do {
            self.init(copying: try makeH264FormatDescription(parameterSets: h264ParameterSets.map { [UInt8]($0) },
                                                             nalUnitLength: nalUnitHeaderLength))
        } catch {
            throw CMFormatDescription.Error.invalidParameter
        }
    }

    /// Creates an HEVC format description from VPS, SPS and PPS (and SEI) NAL units.
    public convenience init(hevcParameterSets: [Data], nalUnitHeaderLength: Int = 4,
                            extensions: CMFormatDescription.Extensions? = nil) throws {
        do {
            self.init(copying: try makeHEVCFormatDescription(
                parameterSets: hevcParameterSets.map { [UInt8]($0) }, nalUnitLength: nalUnitHeaderLength,
                extensions: extensions?.storage ?? [:]))
        } catch {
            throw CMFormatDescription.Error.invalidParameter
        }
    }

    /// Creates a metadata format description of a type without keys (ICY, ID3).
    public convenience init(metadataFormatType: CMFormatDescription.MediaSubType) throws {
        self.init(copying: try Self.created {
            CMMetadataFormatDescriptionCreateWithKeys(allocator: nil, metadataType: metadataFormatType.rawValue,
                                                      keys: nil, formatDescriptionOut: $0)
        })
    }

    /// Creates a boxed-metadata format description from key dictionaries.
    public convenience init(boxedMetadataKeys: [[String: CFPropertyList]]) throws {
        self.init(copying: try Self.created {
            CMMetadataFormatDescriptionCreateWithKeys(allocator: nil, metadataType: kCMMetadataFormatType_Boxed,
                                                      keys: CFObjectArray(bridging: boxedMetadataKeys), formatDescriptionOut: $0)
        })
    }

    /// Creates a boxed-metadata format description from metadata specifications.
    public convenience init(boxedMetadataSpecifications: [[String: CFPropertyList]]) throws {
        self.init(copying: try Self.created {
            CMMetadataFormatDescriptionCreateWithMetadataSpecifications(
                allocator: nil, metadataType: kCMMetadataFormatType_Boxed,
                metadataSpecifications: CFObjectArray(bridging: boxedMetadataSpecifications), formatDescriptionOut: $0)
        })
    }

    /// Creates a boxed-metadata format description from another plus metadata specifications.
    public convenience init(sourceMetadata: CMMetadataFormatDescription,
                            specifications: [[String: CFPropertyList]]) throws {
        self.init(copying: try Self.created {
            CMMetadataFormatDescriptionCreateWithMetadataFormatDescriptionAndMetadataSpecifications(
                allocator: nil, sourceDescription: sourceMetadata, metadataSpecifications: CFObjectArray(bridging: specifications),
                formatDescriptionOut: $0)
        })
    }

    /// Creates a boxed-metadata format description merging two others.
    public convenience init(sourceMetadata: CMMetadataFormatDescription,
                            otherSourceDescription: CMMetadataFormatDescription) throws {
        self.init(copying: try Self.created {
            CMMetadataFormatDescriptionCreateByMergingMetadataFormatDescriptions(
                allocator: nil, sourceDescription: sourceMetadata, otherSourceDescription: otherSourceDescription,
                formatDescriptionOut: $0)
        })
    }

    // MARK: Properties

    /// The media type.
    public var mediaType: CMFormatDescription.MediaType { MediaType(rawValue: mediaTypeCode) }

    /// The media subtype.
    public var mediaSubType: CMFormatDescription.MediaSubType { MediaSubType(rawValue: mediaSubTypeCode) }

    /// The extensions.
    public var extensions: CMFormatDescription.Extensions { Extensions(storage: extensionStorage) }

    /// Whether the descriptions are equal apart from the given extension keys and sample description atoms.
    public func equalTo(_ otherFormatDescription: CMFormatDescription,
                        extensionKeysToIgnore: [CMFormatDescription.Extensions.Key] = [],
                        sampleDescriptionExtensionAtomKeysToIgnore: [String] = []) -> Bool {
        isEqual(to: otherFormatDescription, ignoringExtensionKeys: Set(extensionKeysToIgnore.map { $0.rawValue as String }),
                ignoringAtomKeys: Set(sampleDescriptionExtensionAtomKeysToIgnore))
    }

    /// The encoded dimensions (zero for non-video descriptions).
    public var dimensions: CMVideoDimensions { CMVideoFormatDescriptionGetDimensions(self) }

    /// The dimensions adjusted for pixel aspect ratio and clean aperture.
    public func presentationDimensions(usePixelAspectRatio: Bool = true, useCleanAperture: Bool = true) -> CGSize {
        CMVideoFormatDescriptionGetPresentationDimensions(self, usePixelAspectRatio: usePixelAspectRatio,
                                                         useCleanAperture: useCleanAperture)
    }

    /// The clean aperture.
    public func cleanAperture(originIsAtTopLeft: Bool) -> CGRect {
        CMVideoFormatDescriptionGetCleanAperture(self, originIsAtTopLeft: originIsAtTopLeft)
    }

    /// The extension keys video format descriptions share with image buffer attachments.
    public static var extensionKeysCommonWithImageBuffers: [CMFormatDescription.Extensions.Key] {
        videoExtensionKeysCommonWithImageBuffers.map { Extensions.Key(rawValue: $0 as CFString) }
    }

    /// The NAL unit length size of an H.264 or HEVC description, or nil for other descriptions.
    public var nalUnitHeaderLength: Int? {
        guard let storage = parameterSetStorage, case .success(let parsed) = storage.parsed else { return nil }
        return parsed.nalUnitLength
    }

    /// The parameter sets of an H.264 or HEVC description (empty for others).
    public var parameterSets: CMFormatDescription.ParameterSetCollection { ParameterSetCollection(description: self) }

    /// The parameter sets of an H.264 or HEVC format description, in record order.
    public struct ParameterSetCollection: RandomAccessCollection {
        let description: CMFormatDescription
        private var units: [UnsafeBufferPointer<UInt8>] {
            guard let storage = description.parameterSetStorage, case .success(let parsed) = storage.parsed else {
                return []
            }
            return parsed.units
        }
        /// The first index.
        public var startIndex: Int { 0 }
        /// The index past the last.
        public var endIndex: Int { units.count }
        /// A copy of the parameter set at `position`.
        public subscript(position: Int) -> Data { Data(buffer: units[position]) }
    }

    /// The identifiers of a metadata description's keys.
    public var identifiers: [String] { (CMMetadataFormatDescriptionGetIdentifiers(self) as? [String]) ?? [] }

    /// The key with a local ID, for a metadata description.
    public func keyWithLocalID(_ localKeyID: OSType) -> [String: CFPropertyList]? {
        CMMetadataFormatDescriptionGetKeyWithLocalID(self, localKeyID: localKeyID).flatMap(AttributeValue.dictionary)
    }
}
