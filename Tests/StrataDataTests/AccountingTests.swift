import Testing
@testable import StrataData

/// accepted + skipped == rows read, and every level's periods add up to
/// the accepted totals, on generated data whose answers are known.
struct AccountingTests {
    struct Generated {
        var text = "when,amount,kind\n"
        var rows = 0
        var accepted = 0
        /// Accepted rows with a value (a row of `NA` is accepted with none).
        var valued = 0
        var total = 0.0
        var byDay: [String: (count: Int, sum: Double)] = [:]
    }

    /// Naive New York times every 7 minutes from 2013-03-01 across the DST change, integer
    /// values (exact sums), and bad rows at known places.
    static func generate(rows: Int, seed: UInt64 = 7) -> Generated {
        var g = Generated()
        var random = SplitMix(seed: seed)
        let start = CivilDate(year: 2013, month: 3, day: 1).dayNumber * 1440
        for i in 0..<rows {
            let minute = start + i * 7 + Int(random.next() % 5)
            let date = CivilDate(dayNumber: minute / 1440)
            let day = date.isoString
            let time = "\(day) \(String((minute % 1440) / 60).leftPadded(2)):\(String(minute % 60).leftPadded(2)):00"
            let value = Int(random.next() % 1000) - 200
            let kind = ["a", "b", "\"c, d\""][i % 3]
            g.rows += 1
            if i % 13 == 5 {
                g.text += "\(day) 25:00:00,\(value),\(kind)\n"
            } else if i % 17 == 3 {
                // A row with no value (R writes NA) is a row, counted; only its value is missing.
                g.text += "\(time),NA,\(kind)\n"
                g.accepted += 1
            } else if i % 23 == 7 {
                g.text += "\(time),\(value) apples,\(kind)\n"
            } else if i % 19 == 4 {
                g.text += "\(time)\n"
            } else {
                g.text += "\(time),\(value),\(kind)\n"
                g.accepted += 1
                g.valued += 1
                g.total += Double(value)
                g.byDay[day, default: (0, 0)].count += 1
                g.byDay[day, default: (0, 0)].sum += Double(value)
            }
            if i % 101 == 0 { g.text += "\n" }  // blank lines are not rows
        }
        return g
    }

    static let levels: [Level] = [.hour, .day, .week, .month, .quarter, .year]

    @Test func everyRowIsAcceptedOrSkippedAndLevelsAddUp() throws {
        let g = Self.generate(rows: 3000)
        let r = try Fixture.load(g.text, calendar: Fixture.newYork, baseUnit: .minute) {
            $0.seriesColumn = "kind"; $0.valueColumn = "amount"
        }
        #expect(r.rowsRead == g.rows)
        #expect(r.accepted == g.accepted)
        #expect(r.accepted + r.skipped == r.rowsRead)
        #expect(r.seriesNames == ["a", "b", "c, d"])

        let d = Dataset(loaded: r, levels: Self.levels)
        for level in Self.levels {
            let periods = (0..<d.count(level)).map { d.stats(level, index: $0) }
            #expect(periods.reduce(0) { $0 + $1.count } == g.valued, "\(level)")
            #expect(periods.reduce(0) { $0 + $1.sum } == g.total, "\(level)")
            // The series add up to "all" in every period.
            for i in 0..<d.count(level) {
                let parts = (1...r.seriesNames.count).map { d.stats(level, index: i, series: $0) }
                #expect(parts.reduce(0) { $0 + $1.count } == periods[i].count)
            }
        }
        // Naive times are local: each local day holds what its date says.
        for i in 0..<d.count(.day) {
            let id = d.calendar.periodID(.day, ordinal: d.ordinal(.day, index: i))
            let expected = g.byDay[id] ?? (0, 0)
            #expect(d.stats(.day, index: i).count == expected.count, "\(id)")
            #expect(d.stats(.day, index: i).sum == expected.sum, "\(id)")
        }
        // 2013-03-10 has 23 hours in New York; every minute bucket lands inside its day.
        let dst = d.index(.day, containing: Fixture.utc(2013, 3, 10, 12))
        #expect(d.page(.day, index: dst).buckets.count == 23)
    }

    /// Two threads (one per half of the file) give exactly what one gives.
    @Test func splitReadingMatchesOneThread() throws {
        let g = Self.generate(rows: 4000, seed: 11)
        var limits = ScannerLimits()
        limits.chunk = 4096
        let one = try Fixture.load(g.text, calendar: Fixture.utc, baseUnit: .minute) {
            $0.seriesColumn = "kind"; $0.valueColumn = "amount"; $0.splitThreshold = .max; $0.skippedToKeep = 1000
        }
        let two = try Fixture.load(g.text, calendar: Fixture.utc, baseUnit: .minute) {
            $0.seriesColumn = "kind"; $0.valueColumn = "amount"; $0.splitThreshold = 1; $0.limits = limits; $0.skippedToKeep = 1000
        }
        Self.expectSame(one, two)
        #expect(two.accepted == g.accepted)
    }

    /// When the middle of the file falls inside a quoted field, the halves
    /// cannot be trusted: the file is read again in one pass.
    @Test func splitInsideAQuotedFieldFallsBackToOnePass() throws {
        var text = "when,amount,note\n"
        // Past the sample (the first 101 records), so the split comes after it.
        for i in 0..<150 { text += "2013-03-05T\(String(i / 60).leftPadded(2)):\(String(i % 60).leftPadded(2)):00Z,\(i),n\n" }
        text += "2013-03-05T11:00:00Z,1000,\"" + String(repeating: "2013-03-06T00:00:00Z,5,x\n", count: 2000) + "\"\n"
        for i in 0..<50 { text += "2013-03-05T12:\(String(i).leftPadded(2)):00Z,\(i),n\n" }
        var limits = ScannerLimits()
        limits.chunk = 4096
        let one = try Fixture.load(text) { $0.splitThreshold = .max }
        let two = try Fixture.load(text) { $0.splitThreshold = 1; $0.limits = limits }
        #expect(one.rowsRead == 201 && one.accepted == 201)
        Self.expectSame(one, two)
        // With --strict, the half-read quote at the split is not an error either.
        let strict = try Fixture.load(text) { $0.splitThreshold = 1; $0.limits = limits; $0.strict = true }
        Self.expectSame(one, strict)
    }

    /// More series than the cap: the two halves would each keep their own
    /// first thousand, and half of another's rows. Read in one pass, every
    /// series kept has all its rows and each row past the cap is skipped.
    @Test func pastTheSeriesCapTheHalvesDecideAsOnePass() throws {
        var text = "when,sensor,value\n"
        for minute in 0..<3 {
            for sensor in 0..<1100 { text += "2013-03-05T10:0\(minute):00Z,s\(sensor),1\n" }
        }
        var limits = ScannerLimits()
        limits.chunk = 4096
        let one = try Fixture.load(text) { $0.seriesColumn = "sensor"; $0.splitThreshold = .max; $0.skippedToKeep = 1000 }
        let two = try Fixture.load(text) { $0.seriesColumn = "sensor"; $0.splitThreshold = 1; $0.limits = limits; $0.skippedToKeep = 1000 }
        #expect(one.seriesNames.count == SeriesTable.limit && one.accepted == 3 * SeriesTable.limit && one.skipped == 3 * 100)
        #expect((two.rowsRead, two.accepted, two.skipped) == (one.rowsRead, one.accepted, one.skipped))
        #expect(two.seriesNames == one.seriesNames)
        // A series' minutes are read from the whole accumulator: a few of them, not a thousand.
        for s in [0, 1, 500, 998, 999] {
            #expect(Fixture.minutes(two, series: s).map(\.1) == Fixture.minutes(one, series: s).map(\.1))
        }
    }

    @Test func strictErrorsInTheSecondHalfKeepTheirLineNumbers() {
        var text = "when,amount\n"
        for i in 0..<4000 {
            if i == 3500 { text += "2013-99-01 00:00:00,1\n" }  // line 3502
            text += "2013-03-05 \(String(i / 60 % 24).leftPadded(2)):\(String(i % 60).leftPadded(2)):00,\(i)\n"
        }
        var limits = ScannerLimits()
        limits.chunk = 4096
        let error = Fixture.error(text) { $0.strict = true; $0.splitThreshold = 1; $0.limits = limits }
        #expect(error?.exitCode == 65)
        #expect(error?.message.hasSuffix("data.csv:3502:1: time \"2013-99-01 00:00:00\" does not parse as YYYY-MM-DD HH:MM:SS") == true,
                "\(error?.message ?? "")")
    }

    static func expectSame(_ a: LoadResult, _ b: LoadResult) {
        #expect(a.rowsRead == b.rowsRead)
        #expect(a.accepted == b.accepted)
        #expect(a.skipped == b.skipped)
        #expect(a.seriesNames == b.seriesNames)
        #expect(a.firstSkipped.map { "\($0.line):\($0.column): \($0.reason)" } == b.firstSkipped.map { "\($0.line):\($0.column): \($0.reason)" })
        for s in 0..<max(1, a.seriesNames.count) {
            #expect(Fixture.minutes(a, series: s).map(\.0) == Fixture.minutes(b, series: s).map(\.0))
            #expect(Fixture.minutes(a, series: s).map(\.1) == Fixture.minutes(b, series: s).map(\.1))
        }
    }
}
