/// Writing a multivariant playlist's text, and the rules between its tags.
extension MultivariantPlaylist {
    /// The playlist's text: `#EXTM3U`, the version when needed, `EXT-X-INDEPENDENT-SEGMENTS`, the renditions, then
    /// each variant's `EXT-X-STREAM-INF` and URI line; each line ends with a line feed.
    ///
    /// Throws, naming the tag and attribute, for a value the syntax cannot carry and for renditions and variants that
    /// break rfc8216bis §4.4.6's rules between them.
    package func render() throws(HLSError) -> String {
        guard !variants.isEmpty else {
            throw HLSError(.invalidValue, field: "EXT-X-STREAM-INF",
                           "a multivariant playlist needs at least one variant stream")
        }
        try checkGroups()
        var lines = ["#EXTM3U"]
        if let version { lines.append("#EXT-X-VERSION:\(version)") }
        if hasIndependentSegments { lines.append("#EXT-X-INDEPENDENT-SEGMENTS") }
        for (index, rendition) in renditions.enumerated() {
            lines.append(try Self.mediaTag(rendition, tag: "EXT-X-MEDIA[\(index)]"))
        }
        for (index, variant) in variants.enumerated() {
            let tag = "EXT-X-STREAM-INF[\(index)]"
            lines.append(try Self.streamInfTag(variant, tag: tag))
            lines.append(try PlaylistText.uri(variant.uri, field: "\(tag) URI line"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The rules of §4.4.6.1.1 within each group (names differ, at most one default) and of §4.4.6.2 between the
    /// variants and the groups (every `AUDIO`, `VIDEO` or `SUBTITLES` value names a group of that type).
    private func checkGroups() throws(HLSError) {
        var names: [String: Set<String>] = [:], defaults: [String: Int] = [:]
        for (index, rendition) in renditions.enumerated() {
            let key = "\(rendition.type.rawValue) \(rendition.groupID)"
            guard names[key, default: []].insert(rendition.name).inserted else {
                throw HLSError(.conflictingValues, field: "EXT-X-MEDIA[\(index)]:NAME",
                               "another rendition of the \(rendition.type.rawValue) group '\(rendition.groupID)' is "
                                   + "already named '\(rendition.name)' (rfc8216bis §4.4.6.1.1: names differ in a "
                                   + "group)")
            }
            if rendition.isDefault {
                if let first = defaults[key] {
                    throw HLSError(.conflictingValues, field: "EXT-X-MEDIA[\(index)]:DEFAULT",
                                   "EXT-X-MEDIA[\(first)] is already the default of the \(rendition.type.rawValue) "
                                       + "group '\(rendition.groupID)' (rfc8216bis §4.4.6.1.1: at most one per group)")
                }
                defaults[key] = index
            }
        }
        for (index, variant) in variants.enumerated() {
            for reference in variant.groupReferences
            where names["\(reference.type.rawValue) \(reference.groupID)"] == nil {
                throw HLSError(.conflictingValues, field: "EXT-X-STREAM-INF[\(index)]:\(reference.attribute)",
                               "no EXT-X-MEDIA tag of TYPE=\(reference.type.rawValue) has GROUP-ID "
                                   + "'\(reference.groupID)' (rfc8216bis §4.4.6.2: the value must match one)")
            }
        }
    }

    /// `#EXT-X-MEDIA:TYPE=…,GROUP-ID="…",NAME="…"[,LANGUAGE="…"],DEFAULT=…,AUTOSELECT=…[,CHANNELS="n"][,URI="…"]`.
    private static func mediaTag(_ rendition: Rendition, tag: String) throws(HLSError) -> String {
        if rendition.isDefault, !rendition.isAutoselect {
            throw HLSError(.conflictingValues, field: "\(tag):AUTOSELECT",
                           "a DEFAULT=YES rendition must have AUTOSELECT=YES (rfc8216bis §4.4.6.1)")
        }
        if rendition.type == .subtitles, rendition.uri == nil {
            throw HLSError(.invalidValue, field: "\(tag):URI",
                           "a SUBTITLES rendition needs a URI (rfc8216bis §4.4.6.2.1)")
        }
        var attributes = AttributeList(tag: tag)
        attributes.append("TYPE", verbatim: rendition.type.rawValue)
        try attributes.append("GROUP-ID", quoted: rendition.groupID)
        try attributes.append("NAME", quoted: rendition.name)
        if let language = rendition.language {
            let checked = try PlaylistText.languageTag(language, field: "\(tag):LANGUAGE")
            try attributes.append("LANGUAGE", quoted: checked)
        }
        attributes.append("DEFAULT", verbatim: rendition.isDefault ? "YES" : "NO")
        attributes.append("AUTOSELECT", verbatim: rendition.isAutoselect ? "YES" : "NO")
        if let channels = rendition.channelCount {
            guard rendition.type == .audio else {
                throw HLSError(.invalidValue, field: "\(tag):CHANNELS",
                               "only an AUDIO rendition has CHANNELS (rfc8216bis §4.4.6.1)")
            }
            guard channels > 0 else {
                throw HLSError(.invalidValue, field: "\(tag):CHANNELS", "\(channels) is not a channel count")
            }
            try attributes.append("CHANNELS", quoted: String(channels))
        }
        if let uri = rendition.uri { try attributes.append("URI", uri: uri) }
        return "#EXT-X-MEDIA:" + attributes.text
    }

    /// `#EXT-X-STREAM-INF:BANDWIDTH=…[,AVERAGE-BANDWIDTH=…][,CODECS="…"][,RESOLUTION=WxH][,FRAME-RATE=…]` and the
    /// group references.
    private static func streamInfTag(_ variant: VariantStream, tag: String) throws(HLSError) -> String {
        var attributes = AttributeList(tag: tag)
        try attributes.append("BANDWIDTH", integer: variant.bandwidth, isPositive: true)
        if let average = variant.averageBandwidth {
            try attributes.append("AVERAGE-BANDWIDTH", integer: average, isPositive: true)
        }
        if !variant.codecs.isEmpty {
            try attributes.append("CODECS", quoted: try codecsValue(variant.codecs, tag: tag))
        }
        if let resolution = variant.resolution {
            guard resolution.width > 0, resolution.height > 0 else {
                throw HLSError(.invalidValue, field: "\(tag):RESOLUTION",
                               "\(resolution.width)x\(resolution.height) is not a resolution")
            }
            attributes.append("RESOLUTION", verbatim: "\(resolution.width)x\(resolution.height)")
        }
        if let frameRate = variant.frameRate {
            attributes.append("FRAME-RATE", verbatim: try frameRateText(frameRate, field: "\(tag):FRAME-RATE"))
        }
        for reference in variant.groupReferences {
            try attributes.append(reference.attribute, quoted: reference.groupID)
        }
        return "#EXT-X-STREAM-INF:" + attributes.text
    }

    /// The `CODECS` list: RFC 6381 formats separated by commas, so no format may itself hold a comma or whitespace.
    private static func codecsValue(_ codecs: [String], tag: String) throws(HLSError) -> String {
        for codec in codecs {
            let isFormat = !codec.isEmpty && codec.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII && scalar.value > 0x20 && scalar.value < 0x7F && scalar != "," && scalar != "\""
            }
            guard isFormat else {
                throw HLSError(.invalidValue, field: "\(tag):CODECS",
                               "'\(codec)' is not an RFC 6381 format (printable ASCII without ',', '\"' or spaces)")
            }
        }
        return codecs.joined(separator: ",")
    }

    /// A frame rate as a decimal-floating-point rounded to three decimals (§4.4.6.2): `29.970`, `30.000`.
    static func frameRateText(_ rate: Double, field: String) throws(HLSError) -> String {
        let isRate = rate.isFinite && rate >= 0.0005 && rate <= Limits.maximumFrameRate
        guard isRate else {
            throw HLSError(.invalidValue, field: field,
                           "\(rate) is not a frame rate (0.0005 to \(Int(Limits.maximumFrameRate)), so that it is "
                               + "above 0 when rounded to three decimals)")
        }
        let thousandths = Int64((rate * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
