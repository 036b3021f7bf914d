// The MPD's XML (ISO/IEC 23009-1 §5.3, the schema's element order): checked first, so that no text exists for values
// a client would misread.
extension MediaPresentation {
    /// The MPD as UTF-8 XML text: `type="static"`, one Period from zero, `mediaPresentationDuration` the end of the
    /// longest representation. Throws for values the MPD cannot carry or that contradict each other.
    package func render() throws(DASHError) -> String {
        guard !profiles.isEmpty else {
            throw DASHError(.invalidValue, field: "MPD@profiles", "an MPD names at least one profile")
        }
        for profile in profiles
        where profile.isEmpty || profile.contains(",") || profile.contains(where: \.isWhitespace) {
            throw DASHError(.invalidValue, field: "MPD@profiles", "'\(profile)' is not a profile URN")
        }
        guard !adaptationSets.isEmpty else {
            throw DASHError(.conflictingValues, field: "Period", "a Period holds at least one adaptation set")
        }
        var ids: Set<String> = []
        var end: MediaTime?
        for set in adaptationSets {
            guard !set.representations.isEmpty else {
                throw DASHError(.conflictingValues, field: "AdaptationSet[\(set.contentType.rawValue)]",
                                "an adaptation set holds at least one representation")
            }
            for representation in set.representations {
                guard ids.insert(representation.id).inserted else {
                    throw DASHError(.conflictingValues, field: "Representation[\(representation.id)]@id",
                                    "two representations have this id; ids are unique in a Period")
                }
                let last = try representation.check()
                if let current = end, !last.isLater(than: current) { continue }
                end = last
            }
        }
        guard let end, minBufferTime.timescale > 0, minBufferTime.value > 0 else {
            throw DASHError(.invalidValue, field: "MPD@minBufferTime", "the minimum buffer time must be positive")
        }
        let duration = try end.durationText(field: "MPD@mediaPresentationDuration", roundingUp: false)
        let buffer = try minBufferTime.durationText(field: "MPD@minBufferTime", roundingUp: true)
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        let profileList = xmlEscaped(profiles.joined(separator: ","))
        lines.append("<MPD xmlns=\"urn:mpeg:dash:schema:mpd:2011\" profiles=\"\(profileList)\" "
                     + "type=\"static\" mediaPresentationDuration=\"\(duration)\" minBufferTime=\"\(buffer)\">")
        lines.append("  <Period id=\"0\" start=\"PT0S\">")
        for (index, set) in adaptationSets.enumerated() {
            lines += set.lines(id: index)
        }
        lines.append("  </Period>")
        lines.append("</MPD>")
        return lines.joined(separator: "\n") + "\n"
    }
}

extension AdaptationSet {
    /// The set's element; `segmentAlignment` is written only when every representation's segments start and end at
    /// the same times (ISO/IEC 23009-1 §5.3.3.2), which is computed here rather than trusted.
    func lines(id: Int) -> [String] {
        var attributes = "id=\"\(id)\" contentType=\"\(contentType.rawValue)\" mimeType=\"\(contentType.rawValue)/mp4\""
        if let language { attributes += " lang=\"\(xmlEscaped(language))\"" }
        if isSegmentAligned { attributes += " segmentAlignment=\"true\"" }
        var lines = ["    <AdaptationSet \(attributes)>"]
        for representation in representations { lines += representation.lines() }
        lines.append("    </AdaptationSet>")
        return lines
    }

    /// True when every representation's segment boundaries are the same instants (compared exactly, across
    /// timescales).
    var isSegmentAligned: Bool {
        guard let first = representations.first?.segmentTemplate else { return false }
        return representations.dropFirst().allSatisfy { other in
            let template = other.segmentTemplate
            guard template.segments.count == first.segments.count else { return false }
            return zip(first.segments, template.segments).allSatisfy { a, b in
                first.sameInstant(a.start, template, b.start)
                    && first.sameInstant(a.start + a.duration, template, b.start + b.duration)
            }
        }
    }
}

extension Representation {
    /// Checks the representation's values; returns when its last segment ends, on the Period's timeline.
    func check() throws(DASHError) -> MediaTime {
        let field = "Representation[\(id)]"
        guard !id.isEmpty, !id.contains(where: \.isWhitespace) else {
            throw DASHError(.invalidValue, field: "\(field)@id", "an id is not empty and holds no whitespace")
        }
        guard !codecs.isEmpty, !codecs.contains(where: { $0.isWhitespace || $0 == "\"" }) else {
            throw DASHError(.invalidValue, field: "\(field)@codecs", "'\(codecs)' is not an RFC 6381 codecs string")
        }
        guard bandwidth > 0 else {
            throw DASHError(.invalidValue, field: "\(field)@bandwidth", "\(bandwidth) bit/s is not a bandwidth")
        }
        for (name, value) in [("@width", width), ("@height", height), ("@audioSamplingRate", audioSamplingRate),
                              ("/AudioChannelConfiguration@value", audioChannelCount)] {
            if let value, value <= 0 {
                throw DASHError(.invalidValue, field: "\(field)\(name)", "\(value) is not positive")
            }
        }
        if let frameRate, frameRate.frames <= 0 || frameRate.perSeconds <= 0 {
            throw DASHError(.invalidValue, field: "\(field)@frameRate",
                            "\(frameRate.frames)/\(frameRate.perSeconds) is not a frame rate")
        }
        return try segmentTemplate.check(field: "\(field)/SegmentTemplate")
    }

    /// The representation's element.
    func lines() -> [String] {
        var attributes = "id=\"\(xmlEscaped(id))\" bandwidth=\"\(bandwidth)\" codecs=\"\(xmlEscaped(codecs))\""
        if let width { attributes += " width=\"\(width)\"" }
        if let height { attributes += " height=\"\(height)\"" }
        if let frameRate {
            let denominator = frameRate.perSeconds == 1 ? "" : "/\(frameRate.perSeconds)"
            attributes += " frameRate=\"\(frameRate.frames)\(denominator)\""
        }
        if let audioSamplingRate { attributes += " audioSamplingRate=\"\(audioSamplingRate)\"" }
        var lines = ["      <Representation \(attributes)>"]
        if let audioChannelCount {
            // ISO/IEC 23009-1 §5.8.5.4: the channel count, as the scheme of ISO/IEC 23003-3 writes it.
            lines.append("        <AudioChannelConfiguration "
                         + "schemeIdUri=\"urn:mpeg:dash:23003:3:audio_channel_configuration:2011\" "
                         + "value=\"\(audioChannelCount)\"/>")
        }
        lines += segmentTemplate.lines()
        lines.append("      </Representation>")
        return lines
    }
}

extension SegmentTemplate {
    /// Checks the template and its timeline; returns when the last segment ends, on the Period's timeline.
    func check(field: String) throws(DASHError) -> MediaTime {
        guard timescale > 0, timescale <= Int64(UInt32.max) else {
            throw DASHError(.invalidValue, field: "\(field)@timescale", "\(timescale) is not a timescale")
        }
        guard startNumber >= 0, presentationTimeOffset >= 0 else {
            throw DASHError(.invalidValue, field: field, "the start number and presentation time offset are at least 0")
        }
        let mediaIdentifiers = try Self.identifiers(in: media, field: "\(field)@media")
        guard mediaIdentifiers.contains("Number") || mediaIdentifiers.contains("Time") else {
            throw DASHError(.invalidValue, field: "\(field)@media", "'\(media)' names every segment alike: it needs "
                            + "$Number$ or $Time$")
        }
        let initializationIdentifiers = try Self.identifiers(in: initialization, field: "\(field)@initialization")
        guard !initializationIdentifiers.contains("Number"), !initializationIdentifiers.contains("Time") else {
            throw DASHError(.invalidValue, field: "\(field)@initialization",
                            "an initialization segment has no number or time (ISO/IEC 23009-1 §5.3.9.4.4)")
        }
        guard let first = segments.first else {
            throw DASHError(.conflictingValues, field: "\(field)/SegmentTimeline", "a representation has segments")
        }
        guard first.start >= presentationTimeOffset else {
            throw DASHError(.invalidValue, field: "\(field)/SegmentTimeline[0]@t",
                            "the first segment starts at \(first.start), before the Period (presentation time "
                            + "offset \(presentationTimeOffset))")
        }
        var end = first.start
        for (index, segment) in segments.enumerated() {
            guard segment.duration > 0 else {
                throw DASHError(.invalidValue, field: "\(field)/SegmentTimeline[\(index)]@d",
                                "a segment lasts a positive number of ticks, not \(segment.duration)")
            }
            guard segment.start >= end else {
                throw DASHError(.conflictingValues, field: "\(field)/SegmentTimeline[\(index)]@t",
                                "the segment starts at \(segment.start), before the previous one ends at \(end)")
            }
            let (next, overflow) = segment.start.addingReportingOverflow(segment.duration)
            guard !overflow else {
                throw DASHError(.invalidValue, field: "\(field)/SegmentTimeline[\(index)]", "the segment ends too late")
            }
            end = next
        }
        return MediaTime(value: end - presentationTimeOffset, timescale: timescale)
    }

    /// The identifiers (`Number`, `Time`, `RepresentationID`, `Bandwidth`) a URL template uses; throws for a `$`
    /// that starts none of ISO/IEC 23009-1 Table 16's (a literal `$` is written `$$`).
    static func identifiers(in template: String, field: String) throws(DASHError) -> Set<String> {
        var found: Set<String> = []
        let parts = template.split(separator: "$", omittingEmptySubsequences: false)
        // Between the n-th and (n+1)-th `$`: text at even positions, an identifier (or "" for `$$`) at odd ones.
        guard parts.count % 2 == 1 else {
            throw DASHError(.invalidValue, field: field, "'\(template)' has a `$` that opens no identifier "
                            + "(write a literal $ as $$)")
        }
        for (index, part) in parts.enumerated() where index % 2 == 1 && !part.isEmpty {
            var name = Substring(part)
            if let percent = name.firstIndex(of: "%") {
                // A width tag, %0[width]d, only after Number, Time and Bandwidth.
                let format = name[name.index(after: percent)...]
                guard format.count > 2, format.hasPrefix("0"), format.hasSuffix("d"),
                      format.dropFirst().dropLast().allSatisfy(\.isNumber) else {
                    throw DASHError(.invalidValue, field: field, "'$\(part)$' has a format tag that is not %0<width>d")
                }
                name = name[..<percent]
                guard name != "RepresentationID" else {
                    throw DASHError(.invalidValue, field: field, "$RepresentationID$ takes no format tag")
                }
            }
            guard ["Number", "Time", "RepresentationID", "Bandwidth"].contains(String(name)) else {
                throw DASHError(.invalidValue, field: field, "'$\(part)$' is not a template identifier")
            }
            found.insert(String(name))
        }
        return found
    }

    /// The template's element, its timeline run-length coded: `S@t` where a segment does not follow the previous
    /// one's end, `S@r` for the repeats of one duration.
    func lines() -> [String] {
        var attributes = "timescale=\"\(timescale)\""
        if presentationTimeOffset != 0 { attributes += " presentationTimeOffset=\"\(presentationTimeOffset)\"" }
        attributes += " initialization=\"\(xmlEscaped(initialization))\" media=\"\(xmlEscaped(media))\""
            + " startNumber=\"\(startNumber)\""
        var lines = ["        <SegmentTemplate \(attributes)>", "          <SegmentTimeline>"]
        var index = 0
        var expected: Int64?
        while index < segments.count {
            let segment = segments[index]
            var repeats = 0
            while index + repeats + 1 < segments.count,
                  segments[index + repeats + 1].duration == segment.duration,
                  segments[index + repeats + 1].start == segment.start + Int64(repeats + 1) * segment.duration {
                repeats += 1
            }
            var element = "<S"
            if segment.start != expected { element += " t=\"\(segment.start)\"" }
            element += " d=\"\(segment.duration)\""
            if repeats > 0 { element += " r=\"\(repeats)\"" }
            lines.append("            \(element)/>")
            expected = segment.start + Int64(repeats + 1) * segment.duration
            index += repeats + 1
        }
        lines += ["          </SegmentTimeline>", "        </SegmentTemplate>"]
        return lines
    }

    /// True when `ticks` of this template and `otherTicks` of `other` are the same instant on the Period's timeline.
    func sameInstant(_ ticks: Int64, _ other: SegmentTemplate, _ otherTicks: Int64) -> Bool {
        let a = (ticks - presentationTimeOffset).multipliedFullWidth(by: other.timescale)
        let b = (otherTicks - other.presentationTimeOffset).multipliedFullWidth(by: timescale)
        return a == b
    }
}

extension MediaTime {
    /// True when this time is later than `other` (compared exactly).
    func isLater(than other: MediaTime) -> Bool {
        value.multipliedFullWidth(by: other.timescale) > other.value.multipliedFullWidth(by: timescale)
    }

    /// The time as an xs:duration of seconds (`PT7S`, `PT6.006S`), to the microsecond: the nearest one, or the
    /// next one up when `roundingUp` (a buffer time must not be understated).
    func durationText(field: String, roundingUp: Bool) throws(DASHError) -> String {
        guard value >= 0, timescale > 0 else {
            throw DASHError(.invalidValue, field: field, "\(value)/\(timescale) s is not a duration")
        }
        let (whole, remainder) = value.quotientAndRemainder(dividingBy: timescale)
        guard whole < Limits.maximumDurationSeconds else {
            throw DASHError(.invalidValue, field: field, "\(whole) s is longer than the module's limit")
        }
        // remainder < timescale ≤ 2³², so remainder × 10⁶ fits.
        let scaled = remainder * 1_000_000
        let micros = roundingUp ? (scaled + timescale - 1) / timescale : (scaled + timescale / 2) / timescale
        let total = whole * 1_000_000 + micros
        var fraction = String(total % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        return "PT\(total / 1_000_000)" + (fraction.isEmpty ? "" : ".\(fraction)") + "S"
    }
}

/// `text` with XML's five special characters as entities, for an attribute value in double quotes.
func xmlEscaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.count)
    for character in text {
        switch character {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        case "'": result += "&apos;"
        default: result.append(character)
        }
    }
    return result
}
