import Foundation
import Testing
@testable import StrataData

struct CSVReaderTests {
    @Test func seattleWeatherWithSlashDates() throws {
        let path = Fixture.dataDirectory.appendingPathComponent("seattle-weather.csv").path
        let r = try DataLoader.load([.file(path)], options: Fixture.options(), calendar: Fixture.utc, baseUnit: .hour)
        #expect(r.notes == ["time: column \"date\", format YYYY/MM/DD", "value: column \"precipitation\"",
                            "other values: \"temp_max\", \"temp_min\", \"wind\""])
        #expect(r.sourceName == "seattle-weather.csv")
        #expect(r.valueName == "precipitation")
        #expect(r.rowsRead == 1461 && r.accepted == 1461 && r.skipped == 0)
        let d = Dataset(loaded: r, levels: [.day, .month, .year])
        #expect(d.count(.day) == 1461)
        #expect(d.calendar.periodID(.day, ordinal: d.ordinal(.day, index: 0)) == "2012-01-01")
        // 2012-01-02 had 10.9 mm, January 2012 173.3 mm.
        #expect(d.stats(.day, index: 1).sum == 10.9)
        #expect(abs(d.stats(.month, index: 0).sum - 173.3) < 1e-9)
        // Every value column is loaded; `value:` picks one.
        let all = Dataset(loaded: r, levels: [.day, .month])
        #expect(all.valueNames == ["precipitation", "temp_max", "temp_min", "wind"])
        #expect(all.stats(.month, index: 0, value: 1).count == 31)
        #expect(all.page(.day, index: 1, value: 1).stats.max == 10.6)
        #expect(all.count(.day) == 1461)
    }

    @Test func birthsWithISODates() throws {
        let path = Fixture.dataDirectory.appendingPathComponent("births-1978.csv").path
        let r = try DataLoader.load([.file(path)], options: Fixture.options(), calendar: Fixture.utc, baseUnit: .day)
        #expect(r.notes == ["time: column \"date\", format YYYY-MM-DD", "value: column \"births\""])
        #expect(r.accepted == 365)
    }

    @Test func rfc4180Quoting() throws {
        let text = #"""
        time,value,note
        2013-03-05T14:00:00Z,1,"a, b"
        2013-03-05T15:00:00Z,2,"he said ""hi"""
        2013-03-05T16:00:00Z,3,"line one
        line two"
        2013-03-05T17:00:00Z,x,"after the quoted newline"
        2013-03-05T18:00:00Z,"4",plain

        """#
        let r = try Fixture.load(text) { $0.seriesColumn = "note" }
        #expect(r.seriesNames == ["a, b", "he said \"hi\"", "line one\nline two", "plain"])
        #expect(r.rowsRead == 5 && r.accepted == 4 && r.skipped == 1)
        // The bad row is on physical line 6: the quoted newline advanced the count.
        #expect(r.firstSkipped.map(\.description).first?.hasSuffix("data.csv:6:22: value \"x\" is not a number") == true)
    }

    @Test func crlfAndByteOrderMark() throws {
        let r = try Fixture.load("\u{FEFF}time,value\r\n2013-03-05T14:00:00Z,1.5\r\n\"2013-03-05T15:00:00Z\",\"2\"\r\n")
        #expect(r.notes.first == "time: column \"time\", format YYYY-MM-DDTHH:MM:SSZ")
        #expect(r.accepted == 2)
        #expect(Fixture.minutes(r).map(\.1.sum) == [1.5, 2])
    }

    @Test(arguments: [
        ("time;value\n2013-03-05;1\n2013-03-06;2\n", "input: \";\"-separated"),
        ("time|value\n2013-03-05|1\n2013-03-06|2\n", "input: \"|\"-separated"),
        ("time\tvalue\n2013-03-05\t1\n2013-03-06\t2\n", "input: tab-separated"),
    ])
    func sniffsTheDelimiter(text: String, note: String) throws {
        let r = try Fixture.load(text, name: "data.txt")
        #expect(r.notes.first == note)
        #expect(r.valueName == "value")
        #expect(Fixture.minutes(r).map(\.1.sum) == [1, 2])
    }

    @Test func tsvByExtension() throws {
        // Tab-delimited, so `1,5` is one and a half.
        let r = try Fixture.load("day\tcount\n2013-03-05\t1,5\n2013-03-06\t2\n", name: "x.tsv") { $0.valueColumn = "count" }
        #expect(r.accepted == 2 && r.skipped == 0)
        #expect(Fixture.minutes(r).map(\.1.sum) == [1.5, 2])
    }

    @Test func headerIsDetectedOrAbsent() throws {
        let noHeader = try Fixture.load("2013-03-05,5\n2013-03-06,7\n")
        #expect(noHeader.notes == ["input: no header", "time: column 1, format YYYY-MM-DD", "value: column 2"])
        #expect(noHeader.accepted == 2)
        #expect(noHeader.valueName == "column 2")

        // --no-header: a first row that would pass for a header is data (and bad).
        let forced = try Fixture.load("when,what\n2013-03-05,5\n") { $0.header = false; $0.timeColumn = "1" }
        #expect(forced.rowsRead == 2 && forced.accepted == 1 && forced.skipped == 1)
    }

    @Test func columnsByNameOrIndex() throws {
        let text = "id,Stamp,a,b\n1,2013-03-05 10:00,5,6\n2,2013-03-05 11:00,7,8\n"
        let byName = try Fixture.load(text) { $0.timeColumn = "stamp"; $0.valueColumn = "b" }
        let byIndex = try Fixture.load(text) { $0.timeColumn = "2"; $0.valueColumn = "4" }
        #expect(Fixture.minutes(byName).map(\.1.sum) == [6, 8])
        #expect(Fixture.minutes(byIndex).map(\.1.sum) == [6, 8])
        #expect(byIndex.valueName == "b")
    }

    @Test func autoDetectionPrefersTimeNamesAndTextDates() throws {
        // "created" parses too, but a column named "time" is preferred; an id is never a value.
        let a = try Fixture.load("id,created,value,time\n1,2013-01-01,5,2013-03-05T10:00\n")
        #expect(a.notes == ["time: column \"time\", format YYYY-MM-DDTHH:MM", "value: column \"value\""])
        // A plausible-epoch number column loses to a column of text dates.
        let b = try Fixture.load("population,when\n330000000,2013-01-01\n331000000,2013-01-02\n")
        #expect(b.notes == ["time: column \"when\", format YYYY-MM-DD", "value: column \"population\""])
        // Unnamed epoch numbers are taken when nothing else is a time.
        let c = try Fixture.load("a,b\n1362492000,5\n1362495600,6\n")
        #expect(c.notes == ["time: column \"a\", format epoch seconds", "value: column \"b\""])
        // No numeric column: count rows.
        let d = try Fixture.load("date,weather\n2013-03-05,rain\n2013-03-05,sun\n")
        #expect(d.notes == ["time: column \"date\", format YYYY-MM-DD", "value: none, counting rows"])
        #expect(d.valueName == "rows")
        #expect(Fixture.minutes(d).map(\.1.sum) == [2])
    }

    @Test func dateAndTimeColumnsAreJoined() throws {
        let auto = try Fixture.load("date,time,value\n2013-03-05,14:00,1\n2013-03-05,15:30:10,2\n")
        #expect(auto.notes.first == "time: column \"date\" and column \"time\" joined, format YYYY-MM-DD HH:MM")
        #expect(Fixture.minutes(auto).map(\.0) == [Fixture.utc(2013, 3, 5, 14), Fixture.utc(2013, 3, 5, 15, 30)])
        let explicit = try Fixture.load("d,t,value\n05.03.2013,14:00,1\n", { $0.timeColumn = "d+t"; $0.timeFormat = "%d.%m.%Y %H:%M" })
        #expect(Fixture.minutes(explicit).map(\.0) == [Fixture.utc(2013, 3, 5, 14)])
    }

    /// A grid operator's hourly load: a date and the hour ending, 1 to 24 (hour 1 is 00:00 to 01:00),
    /// as ERCOT and PJM write it. Each row is its own hour of its own day, never 24 rows counted on a day.
    @Test(arguments: ["HourEnding", "Hour Ending", "HE"])
    func aDateAndTheHourEndingAreJoined(_ name: String) throws {
        var text = "Date,\(name),Load_MW\n"
        for day in 1...3 { for hour in 1...24 { text += "01/\(12 + day)/2024,\(hour),\(1000 * day + hour)\n" } }
        let r = try Fixture.load(text) { $0.skippedToKeep = 5 }
        #expect(r.notes.first == "time: column \"Date\" and column \"\(name)\" joined (hours 1 to 24, each ending then: 1 is 00:00 to 01:00), format MM/DD/YYYY HH:MM")
        #expect(r.notes.contains("value: column \"Load_MW\""), "\(r.notes)")
        #expect(r.accepted == 72 && r.skipped == 0)
        // One value a minute bucket, from 00:00 on the 13th (hour ending 1) to 23:00 on the 15th (hour ending 24).
        let minutes = Fixture.minutes(r)
        #expect(minutes.map(\.0) == (0..<72).map { Fixture.utc(2024, 1, 13) + Int64($0) * 3600 })
        #expect(minutes.first?.1.sum == 1001 && minutes.last?.1.sum == 3024)
        // Named by hand, the two columns join the same way.
        let named = try Fixture.load(text) { $0.timeColumn = "Date+\(name)" }
        #expect(Fixture.minutes(named).map(\.0) == minutes.map(\.0))
    }

    /// An hour of the day, 0 to 23, beside a date: that hour's start.
    @Test func aDateAndAnHourOfTheDayAreJoined() throws {
        var text = "date,hour,visits\n"
        for day in 1...2 { for hour in 0..<24 { text += "2024-03-0\(day),\(hour),\(hour * 2 + day)\n" } }
        let r = try Fixture.load(text)
        #expect(r.notes.first == "time: column \"date\" and column \"hour\" joined (whole hours), format YYYY-MM-DD HH:MM")
        #expect(Fixture.minutes(r).map(\.0) == (0..<48).map { Fixture.utc(2024, 3, 1) + Int64($0) * 3600 })
        // Hour h of day d holds 2h + d.
        let sums: [Double] = (1...2).flatMap { (day: Int) in (0..<24).map { (hour: Int) in Double(hour * 2 + day) } }
        #expect(Fixture.minutes(r).map(\.1.sum) == sums)
    }

    /// A bank's export: amounts with currency signs and parentheses are values, and the
    /// markers of no value (`NA`, `null`, `-`) are rows without one, not bad rows.
    @Test func amountsWithCurrencyAndMarkersOfNoValue() throws {
        let amounts = ["\"$1,200.00\"", "-$40.50", "($9.50)", "NA", "$3", "null", "\"$2,000\"", "-", "$0.25"]
        let rows = amounts.enumerated().map { "2013-03-0\($0.offset + 1),\($0.element)" }
        let r = try Fixture.load("date,amount\n" + rows.joined(separator: "\n") + "\n")
        #expect(r.notes.contains("value: column \"amount\""), "\(r.notes)")
        #expect(r.skipped == 0 && r.accepted == 9, "\(r.firstSkipped)")
        // 1,200 − 40.50 − 9.50 + 3 + 2,000 + 0.25, each on its day; days 4, 6 and 8 hold no value.
        #expect(Fixture.minutes(r).map(\.1.sum) == [1200, -40.5, -9.5, 3, 2000, 0.25])
    }

    /// Small whole numbers beside repeated dates are amounts, not `HHMM` clocks of 00:01 to 00:09.
    /// A GPS track's points: latitude and longitude say where, not how much. They were read as
    /// three series of one kind with the elevation, their means overlaid.
    @Test func coordinatesAreNoValues() throws {
        var text = "time,lat,lon,ele\n"
        for i in 0..<120 {
            text += "2024-05-12T06:\(i / 60 + 30):\(String(i % 60).leftPadded(2))Z,47.37\(i % 7)1,8.54\(i % 5)2,\(400 + i % 9).5\n"
        }
        let r = try Fixture.load(text)
        #expect(r.notes.contains("value: column \"ele\""), "\(r.notes)")
        #expect(!r.notes.contains { $0.hasPrefix("series:") || $0.hasPrefix("other values:") }, "\(r.notes)")
        for name in ["lat", "Longitude", "start_lng", "end_lat", "long"] { #expect(ColumnNames.refusal(ofValue: name) == "is a coordinate", "\(name)") }
        for name in ["latency", "long_trips", "platform"] { #expect(ColumnNames.refusal(ofValue: name) == nil, "\(name)") }
    }

    @Test func smallNumbersBesideADateAreNoClock() throws {
        let rows = (0..<40).map { i in "2013-03-\(String(i / 4 + 1).leftPadded(2)),\(i % 9 + 1)" }
        let r = try Fixture.load("day,amount\n" + rows.joined(separator: "\n") + "\n")
        #expect(r.notes.first == "time: column \"day\", format YYYY-MM-DD")
        #expect(Fixture.minutes(r).map(\.0) == (1...10).map { Fixture.utc(2013, 3, $0) })
    }

    @Test func countOnlyCountsEveryRow() throws {
        let r = try Fixture.load("time,value\n2013-03-05,5\n2013-03-05,NA\n") { $0.countOnly = true }
        #expect(r.valueName == "rows" && r.accepted == 2)
        #expect(r.notes.contains("value: none, counting rows"), "\(r.notes)")
    }

    /// A helpdesk export whose descriptions hold line breaks, commas and `""` in quotes: a CSV by
    /// every road. Through a pipe, with no `.csv` name, its lines were judged one by one, too uneven
    /// for any delimiter: it was read as lines, 1,001 of the 2,501 lines of the generated export skipped.
    @Test(arguments: Fixture.Road.allCases)
    func quotedCellsOfSeveralLinesAreACSVByEveryRoad(_ road: Fixture.Road) throws {
        var text = "id,created_at,priority,description\n"
        for i in 0..<60 {
            let description = i % 3 == 0 ? "\"Printer on floor \(i)\nsays \"\"paper jam\"\", again\nthird line\"" : "short"
            text += "\(1000 + i),2024-01-\(String(i / 24 + 2).leftPadded(2)) \(String(i % 24).leftPadded(2)):15:00,normal,\(description)\n"
        }
        let r = try Fixture.load(text, name: "tickets.csv", road: road)
        #expect(r.notes.first == "time: column \"created_at\", format YYYY-MM-DD HH:MM:SS", "\(r.notes)")
        #expect(r.rowsRead == 60 && r.accepted == 60 && r.skipped == 0)
    }

    /// Records that cross buffer boundaries read the same with a 7-byte buffer.
    @Test func tinyBuffersReadTheSame() throws {
        var text = "time,value,name\r\n"
        for i in 0..<300 {
            let name = i % 7 == 3 ? "\"multi\nline, \"\"\(i % 3)\"\"\"" : "s\(i % 3)"
            text += "2013-03-05T\(String(i / 60 + 10).leftPadded(2)):\(String(i % 60).leftPadded(2)):00Z,\(i % 11 == 5 ? "bad" : "\(i).5"),\(name)\r\n"
        }
        let normal = try Fixture.load(text) { $0.seriesColumn = "name" }
        var limits = ScannerLimits()
        limits.chunk = 7
        limits.sampleWindow = 64
        let tiny = try Fixture.load(text) { $0.seriesColumn = "name"; $0.limits = limits }
        #expect(normal.rowsRead == 300 && normal.skipped == 27)
        #expect(tiny.rowsRead == normal.rowsRead && tiny.accepted == normal.accepted)
        #expect(tiny.seriesNames == normal.seriesNames)
        #expect(tiny.firstSkipped.map { "\($0.line):\($0.column): \($0.reason)" } == normal.firstSkipped.map { "\($0.line):\($0.column): \($0.reason)" })
        for s in normal.seriesNames.indices {
            #expect(Fixture.minutes(tiny, series: s).map(\.1) == Fixture.minutes(normal, series: s).map(\.1))
        }
    }

    @Test func severalFilesAndGzip() throws {
        let r = try Fixture.withFolder { folder in
            let a = Fixture.write("a.csv", "time,value\n2013-03-05,1\n", in: folder)
            let b = Fixture.write("b.csv", "time,value\n2013-03-06,2\n2013-03-07,3\n", in: folder)
            let plain = Fixture.write("c.csv", "time,value\n2013-03-08,4\n", in: folder)
            let gz = try Fixture.gzip(plain)
            return try DataLoader.load([.file(a), .file(b), .file(gz)], options: Fixture.options(), calendar: Fixture.utc, baseUnit: .day)
        }
        #expect(r.sourceName == "a.csv +2")
        #expect(r.accepted == 4)
        // Without --series, each file is a series named after it.
        #expect(r.seriesNames == ["a.csv", "b.csv", "c.csv.gz"])
        var acc = r.accumulator
        acc.flush()
        #expect(acc.buckets.map { $0.values.reduce(0) { $0 + $1.sum } } == [1, 5, 4])
    }

    /// A title and a station's details above the header are passed over and
    /// said; `--skip` says how many instead; the rows' lines stay the file's.
    @Test(arguments: [
        ("Hourly flow, station 12\n# from the archive\n", 2),
        ("690150,TWENTYNINE PALMS,CA,-8.0\n", 1),
    ])
    func linesAboveTheHeaderArePassedOver(_ preamble: String, _ count: Int) throws {
        let table = "date,flow,temp\n2024-03-01,5,10.5\n2024-03-02,6,11.5\n2024-03-03,7,12.5\n2024-03-04,x,13.5\n2024-03-05,9,14.5\n"
        let r = try Fixture.load(preamble + table) { $0.strict = false }
        #expect(r.notes.contains("input: \(count == 1 ? "1 line" : "\(count) lines") before the header passed over (--skip \(count) says so)"))
        #expect(r.timeName == "date" && r.valueName == "flow")
        #expect(r.rowsRead == 5 && r.skipped == 1)
        #expect(r.firstSkipped.first?.line == count + 5)
        let told = try Fixture.load(preamble + table) { $0.skipLines = count; $0.strict = false }
        #expect(!told.notes.contains { $0.contains("passed over") })
        #expect(told.rowsRead == 5 && told.timeName == "date")
    }

    /// A spreadsheet's export: a title padded to the table's width, rows of bare delimiters
    /// between the parts, a total under the rows. The padded title is no header, the padded
    /// rows are blank lines (no rows), and the total is a skipped row.
    @Test func aSpreadsheetsPaddedTitleAndBlankRows() throws {
        let rows = (1...6).map { "1\($0)/03/2024,North,\"1,\($0)00.50\",\($0)" }
        let text = "Report generated 27/11/2026,,,\n,,,\nDate,Region,Sales,Units\n" + rows.joined(separator: "\n") + "\n,,,\nTotal,,\"21,003.00\",21\n"
        let r = try Fixture.load(text)
        #expect(r.notes.contains("input: 1 line before the header passed over (--skip 1 says so)"), "\(r.notes)")
        #expect(r.timeName == "Date" && r.valueName == "Sales", "\(r.notes)")
        #expect(r.rowsRead == 7 && r.accepted == 6 && r.skipped == 1)
        #expect(r.firstSkipped.map { "\($0.line):\($0.column): \($0.reason)" } == ["11:1: time \"Total\" does not parse as DD/MM/YYYY"])
        #expect(Fixture.minutes(r).map(\.1.sum) == [1100.5, 1200.5, 1300.5, 1400.5, 1500.5, 1600.5])
    }

    /// `%y` reads the latest of its centuries that is not after now.
    @Test func twoDigitYearsAreNotAfterNow() throws {
        let r = try Fixture.load("date,v\n25/11/63,1\n26/11/25,2\n") {
            $0.timeFormat = "%d/%m/%y"
            $0.now = Fixture.utc(2026, 11, 26)
        }
        #expect(r.notes.contains("time: two-digit years read as 1927–2026 (one after now is in the century before)"))
        #expect(Fixture.minutes(r).map(\.0) == [Fixture.utc(1963, 11, 25), Fixture.utc(2025, 11, 26)])
    }
}

/// Gzip from a pipe is inflated in-process, as from a named `.gz` file.
struct GzipPipeTests {
    @Test func gzipBytesFromAPipeAreInflated() throws {
        let text = "time,value\n" + (0..<2000).map { "2024-01-01T\(String(format: "%02d", $0 / 60 % 24)):\(String(format: "%02d", $0 % 60)):00Z,\($0 % 7)" }
            .joined(separator: "\n") + "\n"
        let r = try Fixture.withFolder { folder in
            try Fixture.loadPiped(Array(try Data(contentsOf: URL(fileURLWithPath: try Fixture.gzip(Fixture.write("x.csv", text, in: folder))))))
        }
        #expect(r.rowsRead == 2000 && r.accepted == 2000)
        #expect(Fixture.minutes(r).reduce(0) { $0 + $1.1.sum } == Double((0..<2000).reduce(0) { $0 + $1 % 7 }))
    }

    /// A `;`-separated export from a European spreadsheet, every half hour
    /// from `01.03.2026 00:15` to `11.04.2026 15:45`: its first 576 rows
    /// leave day and month open, the 13th of March settles them.
    static func europeanExport(through last: Int = 2000, separator: String = ".") -> String {
        let first = Fixture.utc(2026, 3, 1, 0, 15)
        return "Zeitpunkt;Wert\n" + (0..<last).map { i in
            let t = first + Int64(i) * 1800
            let day = CivilDate(dayNumber: Int(t / 86_400))
            let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
            let clock = Int(t % 86_400)
            return "\(two(day.day))\(separator)\(two(day.month))\(separator)\(day.year) \(two(clock / 3600)):\(two(clock / 60 % 60));\(i % 9),5\n"
        }.joined()
    }

    @Test func dayAndMonthAreSettledPastTheHeadOfTheColumn() throws {
        let text = Self.europeanExport()
        #expect(text.hasSuffix("11.04.2026 15:45;1,5\n"))
        let file = try Fixture.load(text, name: "export.csv")
        let piped = try Fixture.loadPiped(Array(text.utf8), baseUnit: .minute)
        for r in [file, piped] {
            #expect(r.notes.prefix(2) == ["input: \";\"-separated", "time: column \"Zeitpunkt\", format DD.MM.YYYY HH:MM"])
            #expect(r.accepted == 2000 && r.skipped == 0)
            #expect(Fixture.minutes(r).last?.0 == Fixture.utc(2026, 4, 11, 15, 45))
        }
        #expect(piped.notes[2] == "time: day first (line 578 reads 13.03.2026 00:15)")
    }

    @Test func dottedDatesThatNeverTellAreReadDayFirst() throws {
        let text = Self.europeanExport(through: 500)
        let r = try Fixture.load(text, name: "export.csv")
        #expect(r.notes[2] == "time: day first (no date read has a day over 12; --time-format \"%m.%d.%Y %H:%M\" reads month first)")
        #expect(Fixture.minutes(r).first?.0 == Fixture.utc(2026, 3, 1, 0, 15) && r.accepted == 500)
        #expect(throws: ReadError.self) { try Fixture.load(Self.europeanExport(through: 500, separator: "/"), name: "export.csv") }
    }

    /// A monthly report dated on the 1st (`01/01/2016` … `12/01/2024`): no number is over 12,
    /// but the second never changes while the first runs through the months, over nine years.
    @Test(arguments: Fixture.Road.allCases)
    func monthlyDatesOnTheFirstAreReadMonthFirst(_ road: Fixture.Road) throws {
        var text = "Month,Signups\n"
        for year in 2016...2024 { for month in 1...12 { text += "\(month < 10 ? "0" : "")\(month)/01/\(year),\(month + year % 10)\n" } }
        let r = try Fixture.load(text, name: "signups.csv", road: road)
        #expect(r.notes.prefix(2) == [
            "time: column \"Month\", format MM/DD/YYYY",
            "time: month first (every date's second number is 1, from 2016 to 2024: one day of each month; --time-format \"%d/%m/%Y\" reads day first)",
        ])
        #expect(r.accepted == 108 && r.skipped == 0)
        // Each row alone in its month: March 2020 holds 3 + 0, December 2024 12 + 4.
        let d = Dataset(loaded: r, levels: [.month, .year])
        for (year, month, sum) in [(2020, 3, 3.0), (2024, 12, 16)] {
            let stats = d.stats(.month, index: d.index(.month, containing: Fixture.utc(year, month, 1)))
            #expect(stats.count == 1 && stats.sum == sum, "\(year)-\(month)")
        }
        // Day first, the day is the first number: 01/02/2016 is the 1st of February.
        let dayFirst = try Fixture.load("Month,Signups\n01/01/2016,5\n01/02/2016,6\n01/01/2017,7\n", name: "s.csv", road: road)
        #expect(dayFirst.notes.contains { $0.hasPrefix("time: day first (every date's first number is 1, from 2016 to 2017") })
        let february = Dataset(loaded: dayFirst, levels: [.month, .year])
        #expect(february.stats(.month, index: february.index(.month, containing: Fixture.utc(2016, 2, 1))).count == 1)
    }

    /// Dates whose day and month the sample cannot tell, piped: read on to line 300, where 13.01.2010 settles it.
    @Test func dottedDatesFromAPipeAreSettledFurtherOn() throws {
        let file = Fixture.dataDirectory.appendingPathComponent("shapes/dotted-dates.csv")
        let r = try Fixture.loadPiped(Array(try Data(contentsOf: file)), baseUnit: .minute)
        #expect(r.notes.contains("time: day first (line 300 reads 13.01.2010 00:04)"))
        #expect(r.accepted == 420 && r.skipped == 0)
        // The last row, 419 × 58 minutes after the first: 17.01.2010 21:02.
        #expect(Fixture.minutes(r).last?.0 == Fixture.utc(2010, 1, 17, 21, 2))
    }

    /// A `.gz` cut short is read up to the cut, as `zcat` gives it: its
    /// whole rows are counted, the cut line is one skipped row that says
    /// where the read stopped; nothing inflated at all is not gzip.
    @Test func aTruncatedGzipIsReadUpToTheCut() throws {
        let text = "time,value\n" + (0..<5000).map { "2024-01-0\(1 + $0 / 1440)T00:00:00Z,\($0)" }.joined(separator: "\n") + "\n"
        try Fixture.withFolder { folder in
            let gz = try Fixture.gzip(Fixture.write("x.csv", text, in: folder))
            let bytes = try Data(contentsOf: URL(fileURLWithPath: gz))
            let cut = Fixture.write("cut.csv.gz", bytes: Array(bytes.prefix(bytes.count / 2)), in: folder)
            for piped in [false, true] {
                let r = piped ? try Fixture.loadPiped(Array(bytes.prefix(bytes.count / 2)))
                              : try DataLoader.load([.file(cut)], options: Fixture.options(), calendar: Fixture.utc, baseUnit: .hour)
                // The first rows, whole: 1,440 on each day until the cut.
                #expect(r.accepted > 1440 && r.accepted < 5000)
                #expect(Fixture.minutes(r).map(\.1.count) == (0..<4).map { min(1440, r.accepted - $0 * 1440) }.filter { $0 > 0 })
                #expect(r.skipped == 1 && r.rowsRead == r.accepted + 1)
                let skip = try #require(r.firstSkipped.first)
                #expect(skip.line == r.accepted + 2 && skip.column == 1)
                #expect(skip.reason.hasPrefix("gzip data cut short after "))
                #expect(skip.reason.hasSuffix(" bytes (it ends before its last member does); the read stops here"))
            }
            let notGzip = Fixture.write("bad.csv.gz", bytes: [0x1F, 0x8B, 0x08, 0x00] + Array(repeating: 0, count: 100), in: folder)
            #expect(throws: ReadError.unreadable(file: notGzip, reason: "not valid gzip data (invalid stored block lengths)")) {
                try DataLoader.load([.file(notGzip)], options: Fixture.options(), calendar: Fixture.utc, baseUnit: .hour)
            }
        }
    }
}
