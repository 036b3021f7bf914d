import Foundation

// What a stitch checks of its pieces: the plan says what each piece's bytes must be, and the stitch (and the store
// of a segmented export's pieces, which wrote the receipts) holds each file to it.

extension ExportPlan.Stitch.Content {
    /// Why the piece file at `url` does not hold these bytes, or nil when it does.
    func problem(withFile url: URL) -> String? {
        guard let (checksum, byteCount) = try? ContentChecksum.ofFile(url) else {
            return "its file \(url.lastPathComponent) cannot be read"
        }
        guard byteCount == self.byteCount, ContentChecksum.hex(checksum) == self.checksum else {
            return "its file \(url.lastPathComponent) does not match its receipt (\(byteCount) bytes, checksum "
                + "\(ContentChecksum.hex(checksum)); the receipt says \(self.byteCount) bytes, "
                + "\(self.checksum)): it was damaged after it was written"
        }
        return nil
    }
}

extension ExportPlan.Stitch {
    /// The error that refuses to stitch piece `index` (its file at `file`) for `problem`.
    static func refusal(ofPiece index: Int, file: URL, problem: String) -> AVError {
        AVError(.exportFailed, "segment \(index) (\(file.lastPathComponent)) cannot be stitched: \(problem); encode it "
                + "again")
    }
}
