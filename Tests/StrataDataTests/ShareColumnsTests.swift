import Foundation
import Testing
@testable import StrataData

/// A poll table whose party columns are whole numbers that add up to 100
/// in every row, read with no flags from a file, a `.gz` and a pipe, sorted
/// and shuffled: shares, averaged over time, never summed (issue 33, item 6).
struct ShareColumnsTests {
    typealias Road = Fixture.Road

    /// Week `k`'s poll: ALP and LNP drift, Other is what is left of 100.
    static func poll(_ k: Int) -> (alp: Int, lnp: Int, other: Int) {
        let alp = 30 + (k * 7) % 9, lnp = 33 + (k * 5) % 7
        return (alp, lnp, 100 - alp - lnp)
    }

    static let weeks = 30
    static let start = Fixture.utc(2024, 1, 1)

    static func csv(shuffled: Bool) -> String {
        var rows = (0..<weeks).map { k in
            let p = poll(k)
            return "\(Fixture.iso(start + Int64(k) * 7 * 86_400).prefix(10)),\(p.alp),\(p.lnp),\(p.other)"
        }
        if shuffled {
            var random = SplitMix(seed: 33)
            for i in rows.indices.reversed() { rows.swapAt(i, Int(random.next() % UInt64(i + 1))) }
        }
        return (["date,ALP,LNP,Other"] + rows).joined(separator: "\n") + "\n"
    }

    @Test(arguments: [false, true], Road.allCases)
    func partySharesAreAveraged(_ shuffled: Bool, _ road: Road) throws {
        let r = try Fixture.load(Self.csv(shuffled: shuffled), name: "polls.csv", road: road)
        #expect(r.suggestedAggregate == .mean, "\(r.notes)")
        #expect(r.profile.aggregateReason == "\"ALP\" is a level, not a quantity: with \"LNP\", \"Other\" it adds up to about 100 in every row (a share)")
        // Weekly polls open on years (a quarter would be three monthly bars): 2024's
        // thirty polls (1 January to 22 July), ALP's mean worked out here.
        #expect(r.levels.first == .year, "\(r.notes)")
        let d = Dataset(loaded: r, levels: r.levels)
        let year = (0..<Self.weeks).map { Double(Self.poll($0).alp) }
        let alp = try #require(d.series.firstIndex { $0.name == "ALP" })
        #expect(d.stats(.year, index: d.index(.year, containing: Self.start), series: alp).mean == year.reduce(0, +) / Double(Self.weeks))
    }
}
