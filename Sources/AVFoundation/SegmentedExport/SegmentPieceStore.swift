import Foundation

/// Where a segmented export keeps its pieces, and how it knows a piece is finished and undamaged.
///
/// Piece `i` of a plan is the movie `<name>.segment-<i>.mov` in the store's directory. A piece is finished once its
/// receipt `<name>.segment-<i>.json` exists: written (to a temporary name, then renamed) only after the piece is
/// complete, it holds the plan's checksum, the piece's size and its checksum. A piece without a receipt (its encoder
/// was killed), with another plan's receipt, or whose bytes no longer match it, is not finished: it is encoded again.
///
/// The segmented export and `AVAssetWritingPlanner` (one store per planned track) keep their pieces here.
struct SegmentPieceStore: Sendable {
    let directory: URL
    /// The names' common stem.
    let name: String
    /// The checksum of the plan the pieces belong to.
    let planChecksum: String

    struct Receipt: Codable, Equatable {
        var plan: String
        var segment: Int
        var byteCount: Int64
        var checksum: String
        /// What the piece's writer asked to be handed to the next piece's (`AVAssetWritingPlanner.SegmentResult
        /// .successWithState`).
        var clientState: Data?
    }

    func pieceURL(_ index: Int) -> URL {
        directory.appendingPathComponent("\(name).segment-\(String(format: "%04d", index)).mov")
    }

    func receiptURL(_ index: Int) -> URL {
        directory.appendingPathComponent("\(name).segment-\(String(format: "%04d", index)).json")
    }

    /// Whether piece `index` has a receipt naming this plan: it was finished, though its bytes are not checked (see
    /// `problem(withPiece:)` for that).
    func hasReceipt(_ index: Int) -> Bool {
        guard case .success(let receipt) = receipt(index) else { return false }
        return receipt.plan == planChecksum
    }

    /// Piece `index`'s receipt, or why there is none to read: not written yet, or damaged.
    func receipt(_ index: Int) -> Result<Receipt, ReceiptProblem> {
        guard let data = try? Data(contentsOf: receiptURL(index)) else { return .failure(.missing) }
        guard let receipt = try? JSONDecoder().decode(Receipt.self, from: data), receipt.segment == index else {
            return .failure(.damaged)
        }
        return .success(receipt)
    }

    enum ReceiptProblem: Error {
        case missing
        case damaged
    }

    /// Why piece `index` is not finished and sound, or nil when it is (its receipt names this plan, and its bytes
    /// match the receipt).
    func problem(withPiece index: Int) -> String? {
        switch finishedContent(index) {
        case .failure(let problem): problem.reason
        case .success(let content): content.problem(withFile: pieceURL(index))
        }
    }

    /// What piece `index`'s receipt says its bytes are, when the receipt names this plan; else why the piece is
    /// not finished. The bytes themselves are not read (`ExportPlan.Stitch.Content.problem(withFile:)` does that).
    func finishedContent(_ index: Int) -> Result<ExportPlan.Stitch.Content, PieceProblem> {
        switch receipt(index) {
        case .failure(.missing): return .failure(PieceProblem(reason: "it has not been encoded"))
        case .failure(.damaged):
            return .failure(PieceProblem(reason: "its receipt \(receiptURL(index).lastPathComponent) is damaged"))
        case .success(let receipt):
            guard receipt.plan == planChecksum else {
                return .failure(PieceProblem(reason: "it was encoded for another plan"))
            }
            return .success(ExportPlan.Stitch.Content(byteCount: receipt.byteCount, checksum: receipt.checksum))
        }
    }

    /// Why a piece is not finished and sound, in words that follow "segment N cannot be stitched: ".
    struct PieceProblem: Error {
        let reason: String
    }

    /// Makes piece `index` with `encode` (which writes the movie at the URL it is given) and writes its receipt.
    /// What an earlier attempt left of the piece (no receipt, or a receipt that does not hold) goes first.
    func make(_ index: Int, encode: (URL) throws -> Void) throws {
        clear(index)
        do {
            try encode(pieceURL(index))
            try seal(index)
        } catch {
            try? FileManager.default.removeItem(at: pieceURL(index))
            throw error
        }
    }

    /// Removes what an earlier attempt left of piece `index`, before it is written again.
    func clear(_ index: Int) {
        try? FileManager.default.removeItem(at: receiptURL(index))
        try? FileManager.default.removeItem(at: pieceURL(index))
    }

    /// Marks piece `index`, just written, as finished: its receipt, with `clientState` for the next piece's writer.
    func seal(_ index: Int, clientState: Data? = nil) throws {
        let (checksum, byteCount) = try ContentChecksum.ofFile(pieceURL(index))
        let data = try JSONEncoder().encode(Receipt(plan: planChecksum, segment: index, byteCount: byteCount,
                                                    checksum: ContentChecksum.hex(checksum), clientState: clientState))
        try writeAtomically(data, to: receiptURL(index))
    }

    /// Removes every piece and receipt of the plan's `count` segments.
    func removeAll(count: Int) {
        for index in 0..<count {
            try? FileManager.default.removeItem(at: pieceURL(index))
            try? FileManager.default.removeItem(at: receiptURL(index))
        }
    }

    /// Writes `data` to a temporary name beside `url`, then renames it: a reader sees all of it or nothing.
    func writeAtomically(_ data: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try data.write(to: temporary)
            guard rename(temporary.path, url.path) == 0 else {
                throw AVError(.exportFailed, "cannot rename \(temporary.path) to \(url.path): "
                              + String(cString: strerror(errno)))
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
