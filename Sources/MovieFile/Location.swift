import ISOBMFF

/// Where in the file a table problem is reported: a box path and byte offset, when known.
struct Location {
    var path: BoxPath?
    var offset: Int64?
}
