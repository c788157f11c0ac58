import Foundation
import StrataData

/// The fullest result a load has given so far: the first look, the whole
/// input once read, then each growth of a followed file. A dump or an
/// export tells the last one's notes and skipped rows on stderr once it has
/// settled. Set from the load's threads, read from the main one.
final class LatestLoad: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: LoadResult?

    /// Keeps `result` unless a whole input is kept already and `result` is
    /// only part of one (a first look returned after the load it began had ended).
    func keep(_ result: LoadResult) {
        lock.withLock {
            if let kept, kept.loading == nil, result.loading != nil { return }
            kept = result
        }
    }

    var result: LoadResult? { lock.withLock { kept } }
}
