import Foundation
import StrataData

/// The overview's mini cards already worked out, by period, series and
/// value: a key redraws some fifteen cards a strip, and looking up every
/// card's sub-buckets again (binary searches in the base buckets) cost more
/// than drawing them. Rendering stays a function of state and data; this
/// only remembers its work. The app keeps one for its dataset.
public final class MiniCards: @unchecked Sendable {
    private struct Key: Hashable {
        let level: Level
        let index: Int
        let series: Int
        let value: Int
    }

    /// Cards kept at most (about 1 KB each); past it, the memory starts over.
    static let limit = 4096

    private let lock = NSLock()
    private var cards: [Key: MiniCard] = [:]

    public init() {}

    func card(_ level: Level, index: Int, series: Int, value: Int, in dataset: Dataset, width: Int) -> MiniCard {
        let key = Key(level: level, index: index, series: series, value: value)
        if let card = lock.withLock({ cards[key] }) { return card }
        let page = dataset.page(level, index: index, series: series, value: value)
        let card = MiniCard(page: page, label: dataset.calendar.periodID(level, ordinal: page.ordinal), width: width)
        lock.withLock {
            if cards.count >= Self.limit { cards.removeAll(keepingCapacity: true) }
            cards[key] = card
        }
        return card
    }
}
