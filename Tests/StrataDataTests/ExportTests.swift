import Testing
@testable import StrataData

struct ExportTests {
    /// Monday 2013-03-04 has two rows, Tuesday none, Wednesday one.
    static func dataset(calendar: CalendarSystem = Fixture.utc, series: Bool = false) -> Dataset {
        var acc = Accumulator(calendar: calendar, baseUnit: .hour)
        acc.add(seconds: Fixture.utc(2013, 3, 4, 10), value: 1234, series: 0)
        acc.add(seconds: Fixture.utc(2013, 3, 4, 11), value: 0.1, series: series ? 1 : 0)
        acc.add(seconds: Fixture.utc(2013, 3, 6, 9), value: 0.2, series: 0)
        let rows = LoadResult(accumulator: acc, sourceName: "t.csv", valueName: "v", seriesNames: series ? ["north", "south, \"far\""] : [])
        return Dataset(loaded: rows, levels: [.day, .week])
    }

    @Test func csvGolden() {
        #expect(Exporter.csv(Self.dataset(), levels: [.day, .week]) == """
        level,period,start,end,count,sum,min,max,mean
        day,2013-03-04,2013-03-04T00:00:00+00:00,2013-03-05T00:00:00+00:00,2,1234.1,0.1,1234,617.05
        day,2013-03-05,2013-03-05T00:00:00+00:00,2013-03-06T00:00:00+00:00,0,,,,
        day,2013-03-06,2013-03-06T00:00:00+00:00,2013-03-07T00:00:00+00:00,1,0.2,0.2,0.2,0.2
        week,2013-W10,2013-03-04T00:00:00+00:00,2013-03-11T00:00:00+00:00,3,1234.3,0.1,1234,411.433333333333

        """)
    }

    /// A series name holding an escape sequence (it retitled the terminal
    /// showing the export) is written with its controls made visible.
    @Test func csvWritesNoControlCharacterFromTheData() {
        var acc = Accumulator(calendar: Fixture.utc, baseUnit: .hour)
        acc.add(seconds: Fixture.utc(2013, 3, 4, 10), value: 1, series: 0)
        acc.add(seconds: Fixture.utc(2013, 3, 4, 11), value: 2, series: 1)
        let rows = LoadResult(accumulator: acc, sourceName: "t.csv", valueName: "v",
                              seriesNames: ["\u{1B}]0;owned\u{07}web", "tab\there\u{7F}\u{9B}"])
        let csv = Exporter.csv(Dataset(loaded: rows, levels: [.day]), levels: [.day])
        #expect(csv == """
        series,level,period,start,end,count,sum,min,max,mean
        ␛]0;owned␇web,day,2013-03-04,2013-03-04T00:00:00+00:00,2013-03-05T00:00:00+00:00,1,1,1,1,1
        tab\there␡�,day,2013-03-04,2013-03-04T00:00:00+00:00,2013-03-05T00:00:00+00:00,1,2,2,2,2

        """)
    }

    @Test func jsonGolden() {
        #expect(Exporter.json(Self.dataset(), levels: [.week]) == """
        [
        {"level":"week","period":"2013-W10","start":"2013-03-04T00:00:00+00:00","end":"2013-03-11T00:00:00+00:00","count":3,"sum":1234.3,"min":0.1,"max":1234,"mean":411.433333333333}
        ]

        """)
        #expect(Exporter.json(Self.dataset(), levels: [.day]).contains(
            #"{"level":"day","period":"2013-03-05","start":"2013-03-05T00:00:00+00:00","end":"2013-03-06T00:00:00+00:00","count":0,"sum":null,"min":null,"max":null,"mean":null}"#))
    }

    /// Two values of 1e308 sum past the largest double; their mean does not.
    static func overflowing() -> Dataset {
        var acc = Accumulator(calendar: Fixture.utc, baseUnit: .day)
        acc.add(seconds: Fixture.utc(2024, 1, 1, 0), value: 1e308, series: 0)
        acc.add(seconds: Fixture.utc(2024, 1, 2, 0), value: 1e308, series: 0)
        return Dataset(loaded: LoadResult(accumulator: acc, sourceName: "t.csv", valueName: "v"), levels: [.day, .week])
    }

    @Test func jsonWritesNullForAnInfiniteSumAndTheMean() {
        #expect(Exporter.json(Self.overflowing(), levels: [.week]).contains(
            #""count":2,"sum":null,"min":1e+308,"max":1e+308,"mean":1e+308}"#))
    }

    @Test func csvWritesInfForAnInfiniteSumAndTheMean() {
        #expect(Exporter.csv(Self.overflowing(), levels: [.week]).hasSuffix(",2,inf,1e+308,1e+308,1e+308\n"))
    }

    @Test func seriesComeFirstWithTheirOwnRows() {
        #expect(Exporter.csv(Self.dataset(series: true), levels: [.week]) == #"""
        series,level,period,start,end,count,sum,min,max,mean
        north,week,2013-W10,2013-03-04T00:00:00+00:00,2013-03-11T00:00:00+00:00,2,1234.2,0.2,1234,617.1
        "south, ""far""",week,2013-W10,2013-03-04T00:00:00+00:00,2013-03-11T00:00:00+00:00,1,0.1,0.1,0.1,0.1

        """#)
        #expect(Exporter.json(Self.dataset(series: true), levels: [.week]).contains(#"{"series":"south, \"far\"","level":"week""#))
    }

    @Test func periodsCarryTheirOffsetAcrossDST() {
        var acc = Accumulator(calendar: Fixture.newYork, baseUnit: .hour)
        acc.add(seconds: Fixture.utc(2013, 3, 10, 12), value: 1, series: 0)
        let d = Dataset(loaded: LoadResult(accumulator: acc, sourceName: "t", valueName: "v"), levels: [.day])
        #expect(Exporter.csv(d, levels: [.day]).split(separator: "\n").last
                == "day,2013-03-10,2013-03-10T00:00:00-05:00,2013-03-11T00:00:00-04:00,1,1,1,1,1")
    }

    @Test(arguments: [(0.0, "0"), (-0.0, "0"), (1234, "1234"), (-7, "-7"), (1e15, "1000000000000000"), (0.1 + 0.2, "0.3"),
                      (1.0 / 3, "0.333333333333333"), (2.0 / 3 * 1e6, "666666.666666667"), (-1234.5, "-1234.5"),
                      (123456789.0123, "123456789.0123"), (0.000123, "0.000123"), (1e-9, "1e-09"), (1e300, "1e+300"),
                      (9_007_199_254_740_994, "9007199254740994")] as [(Double, String)])
    func numbersArePlain(value: Double, text: String) {
        #expect(Exporter.formatNumber(value) == text)
    }

    /// Hours over the years 1 to 9999 are 87 million periods: past a million
    /// a level writes only its periods with rows, and says so (it wrote
    /// gigabytes of empty hours).
    @Test func aLevelOfMillionsOfPeriodsWritesThoseWithRows() throws {
        let r = try Fixture.load("time,v\n0001-01-01T00:00:00Z,1\n5000-01-01T00:00:00Z,2\n9999-12-31T00:00:00Z,3\n", baseUnit: .minute) {
            $0.valueColumn = "v"
        }
        let d = Dataset(loaded: r, levels: [.hour, .year])
        var out = ""
        let notes = Exporter.write(d, format: .csv, levels: [.hour, .year], to: &out).notes
        let rows = out.split(separator: "\n").dropFirst().map { $0.split(separator: ",").prefix(2).joined(separator: ",") }
        #expect(rows.filter { $0.hasPrefix("hour,") } == ["hour,0001-01-01T00:00+00:00", "hour,5000-01-01T00:00+00:00", "hour,9999-12-31T00:00+00:00"])
        #expect(rows.filter { $0.hasPrefix("year,") }.count == 9999)
        #expect(notes == ["export: the hour level spans \(d.count(.hour)) periods; only those with rows are written (past 1000000 periods, empty ones are left out)"])
    }

    /// The export of a file read by the loader: the numbers scripts check.
    @Test func exportOfLoadedData() throws {
        let r = try Fixture.load("time,value\n2013-03-04T10:00:00Z,5\n2013-03-04T23:59:59Z,-1.5\n2013-03-06T00:00:00Z,2\n",
                                 baseUnit: .hour) { $0.valueColumn = "value" }
        let d = Dataset(loaded: r, levels: [.day])
        #expect(Exporter.csv(d, levels: [.day]).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false)
            .enumerated().filter { [1, 4, 5, 6, 7, 8].contains($0.offset) }.map(\.element).joined(separator: ",") } == [
            "period,count,sum,min,max,mean", "2013-03-04,2,3.5,-1.5,5,1.75", "2013-03-05,0,,,,", "2013-03-06,1,2,2,2,2",
        ])
    }
}
