import Testing
@testable import StrataData

/// One absurd time must not stretch a level over billions of periods.
@Suite("Supported time range")
struct TimeRangeTests {
    @Test func epochOutliersAreSkippedWithAReason() throws {
        var text = "ts,v\n"
        for i in 0..<200 { text += "\(1_614_834_367 + i * 60),1\n" }
        text += "99999999999999999,1\n"
        let result = try Fixture.load(text)
        #expect(result.accepted == 200)
        #expect(result.skipped == 1)
        #expect(result.firstSkipped.first?.reason == "time \"99999999999999999\" is outside the years 0001–9999")
        #expect(result.firstSkipped.first?.line == 202)
    }

    @Test func yearsAtTheEdgesAreKept() throws {
        let result = try Fixture.load("t,v\n0001-01-01T00:00:00Z,1\n9999-12-31T23:59:59Z,2\n", baseUnit: .day)
        #expect(result.accepted == 2)
        let dataset = Dataset(loaded: result, levels: [.day, .year])
        // Nearly ten thousand years of days, held sparsely: two periods with data.
        #expect(dataset.count(.day) == 3_652_059)
        #expect(dataset.count(.year) == 9999)
        #expect(dataset.stats(.year, index: 0).sum == 1)
        #expect(dataset.stats(.year, index: 9998).sum == 2)
        #expect(dataset.stats(.day, index: 1_000_000).isEmpty)
        #expect(dataset.series[0].periods[.day]?.ordinals.count == 2)
    }
}

@Suite("Epoch detection")
struct EpochDetectionTests {
    /// One huge number inside the sample must not turn epoch seconds into nanoseconds.
    @Test func anOutlierInTheSampleDoesNotChangeTheUnit() throws {
        var text = "ts,v\n"
        for i in 0..<10 { text += "\(1_614_834_367 + i * 3600),1\n" }
        text += "99999999999999999,1\n"
        let result = try Fixture.load(text)
        #expect(result.notes.contains { $0.contains("epoch seconds") })
        #expect(result.accepted == 10)
        #expect(result.skipped == 1)
        let first = try #require(Fixture.minutes(result).first)
        #expect(first.0 == 1_614_834_360)  // 2021-03-04T05:06Z, not 1970
    }
}
