import Foundation
import Testing
@testable import StrataData

/// Every zone's every offset change from 1900 to 2037: rows every 5 minutes
/// from 3 hours before it to 3 hours after, and every hour from 26 hours
/// before to 26 after, read through the real path, must count in the
/// periods `PeriodRuleOracle` gives them, and each period must start where
/// the rule says. A few hundred zones take minutes in a debug build: it
/// runs with `STRATA_ZONES=1`, as `make test-zones` (release) does.
@Suite("Every zone's clock changes, 1900–2037",
       .enabled(if: ProcessInfo.processInfo.environment["STRATA_ZONES"] != nil))
struct ZoneDatabaseTests {
    static let levels: [Level] = [.day, .week, .month, .quarter, .year]

    /// One zone of each set of rules (a link, such as `US/Eastern`, names the same rules as its zone).
    static let zones: [String] = {
        var seen = Set<[Int64]>(), zones: [String] = []
        for name in TimeZone.knownTimeZoneIdentifiers.sorted() {
            guard let zone = TimeZone(identifier: name) else { continue }
            let oracle = PeriodRuleOracle(zone: zone)
            let key = oracle.changes + oracle.changes.map { Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0)))) }
            if seen.insert(key).inserted { zones.append(name) }
        }
        return zones
    }()

    /// The instants around every change, sorted, each once.
    static func rows(around changes: [Int64]) -> [Int64] {
        var rows = Set<Int64>()
        for change in changes {
            for k in -36...36 { rows.insert(change + Int64(k) * 300) }
            for k in -26...26 { rows.insert(change + Int64(k) * 3600) }
        }
        return rows.sorted()
    }

    /// `1987-10-25T02:31:00Z`
    static func utcText(_ t: Int64) -> String {
        let day = Int(floorDiv64(t, 86_400)), second = Int(t - Int64(day) * 86_400)
        return "\(CivilDate(dayNumber: day).isoString)T\(PeriodRuleOracle.pad(second / 3600, 2)):"
            + "\(PeriodRuleOracle.pad(second / 60 % 60, 2)):\(PeriodRuleOracle.pad(second % 60, 2))Z"
    }

    @Test(arguments: zones)
    func everyChange(_ name: String) throws {
        let zone = try #require(TimeZone(identifier: name))
        let oracle = PeriodRuleOracle(zone: zone)
        let monday = CalendarSystem(zone: ZoneRules(zone))
        let judge = Judge(rules: monday.zone, oracle: oracle)
        // Foundation's changes and the system database's, from 1900 to 2037.
        let changes = Set(oracle.changes + judge.changes.filter { $0 >= -2_208_988_800 && $0 < 2_145_916_800 }).sorted()
        // Where the two databases differ (before 1970, mostly), Foundation is no judge: the
        // system's files are read a second time, by Python's zoneinfo, for the local dates.
        let agrees = { (change: Int64) in judge.agrees(from: change - 27 * 3600, to: change + 27 * 3600) }
        let agreed = changes.filter(agrees), disputed = changes.filter { !agrees($0) }
        if !agreed.isEmpty {
            let rows = Self.rows(around: agreed)
            try check(name, rows: rows, calendar: monday, dates: oracle.ruleDates(rows), oracle: oracle, judge: judge)
        }
        if !disputed.isEmpty {
            let rows = Self.rows(around: disputed)
            let dates = PeriodRuleOracle.ruleDates(localDates: try SystemZoneDates.localDates(rows, zone: name))
            try check(name, rows: rows, calendar: monday, dates: dates, oracle: oracle, judge: nil)
        }
    }

    /// Reads `rows` through the real path and expects each level's counts
    /// from the rows' `dates` under the rule, and, given a `judge`, each
    /// period's start where the rule puts it.
    func check(_ name: String, rows: [Int64], calendar monday: CalendarSystem, dates: [Int], oracle: PeriodRuleOracle,
               judge: Judge?) throws {
        let result = try Fixture.load("time\n" + rows.map { Self.utcText($0) + "\n" }.joined(), calendar: monday,
                                      baseUnit: Level.baseUnit(for: Self.levels)) { $0.countOnly = true }
        #expect(result.accepted == rows.count)
        var sundayBuckets = Accumulator(calendar: CalendarSystem(zone: monday.zone, weekStart: .sunday), baseUnit: result.accumulator.baseUnit)
        sundayBuckets.merge(result.accumulator)
        for (buckets, weekStart) in [(result.accumulator, WeekStart.monday), (sundayBuckets, .sunday)] {
            let dataset = Dataset(loaded: LoadResult(accumulator: buckets, sourceName: name, valueName: ColumnNames.countedRows),
                                  levels: Self.levels)
            for level in Self.levels where weekStart == .monday || level == .week {
                let counts = ClockChangeTests.counts(dataset, level)
                let expected = oracle.counts(ofDates: dates, level, weekStart: weekStart)
                #expect(counts == expected, "\(name) \(level) \(weekStart): \(Self.differences(counts, expected))")
                if let judge { Self.expectStarts(of: dataset, level, judge, weekStart) }
            }
        }
    }

    /// Each period with rows starts at an instant whose date under the
    /// rule is in it, just after one whose date is not.
    static func expectStarts(of dataset: Dataset, _ level: Level, _ judge: Judge, _ weekStart: WeekStart) {
        let calendar = dataset.calendar, oracle = judge.oracle
        for i in 0..<dataset.count(level) where dataset.stats(level, index: i).count > 0 {
            let ordinal = dataset.ordinal(level, index: i)
            let id = calendar.periodID(level, ordinal: ordinal)
            let start = calendar.start(of: level.unit, ordinal: ordinal)
            guard judge.agrees(from: start - 1, to: start + 2 * 86_400) else { continue }
            let at = oracle.id(ofDate: oracle.ruleDate(at: start), level, weekStart: weekStart)
            let before = oracle.id(ofDate: oracle.ruleDate(at: start - 1), level, weekStart: weekStart)
            #expect(at == id && before != id, "\(oracle.zone.identifier) \(id) starts at \(utcText(start)): \(before) before, \(at) there")
        }
    }

    /// Foundation's calendar, where its data agrees with the system's database strata reads.
    struct Judge {
        let rules: ZoneRules
        let oracle: PeriodRuleOracle
        /// The rules' offset changes (not the segments where a fold begins).
        let changes: [Int64]

        init(rules: ZoneRules, oracle: PeriodRuleOracle) {
            self.rules = rules
            self.oracle = oracle
            changes = rules.transitions.indices.filter { rules.offsets[$0 + 1] != rules.offsets[$0] }.map { rules.transitions[$0] }
        }

        /// The same offset at `from` and the same changes up to `to`.
        func agrees(from: Int64, to: Int64) -> Bool {
            guard rules.offset(at: from) == oracle.zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(from))) else { return false }
            return changes.filter { $0 > from && $0 <= to } == oracle.changes.filter { $0 > from && $0 <= to }
        }
    }

    /// The periods whose counts differ, for the failure message.
    static func differences(_ counts: [String: Int], _ expected: [String: Int]) -> String {
        Set(counts.keys).union(expected.keys).sorted().filter { counts[$0] != expected[$0] }.prefix(6)
            .map { "\($0) \(counts[$0] ?? 0) for \(expected[$0] ?? 0)" }.joined(separator: ", ")
    }
}
