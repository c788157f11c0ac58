import Foundation
import Testing
@testable import StrataData

struct LogLinesReaderTests {
    @Test func gitLogDates() throws {
        let r = try Fixture.load("2013-03-05T14:00:00+01:00\n2013-03-05T09:10:11-05:00\n\n2013-03-06T00:00:00Z\n", name: "stdin")
        #expect(r.notes == ["input: lines", "time: first timestamp on each line, format YYYY-MM-DDTHH:MM:SS±hh:mm", "value: none, counting lines"])
        #expect(r.valueName == "rows")
        #expect(r.rowsRead == 3 && r.accepted == 3)
        #expect(Fixture.minutes(r).map(\.0) == [Fixture.utc(2013, 3, 5, 13), Fixture.utc(2013, 3, 5, 14, 10), Fixture.utc(2013, 3, 6)])
    }

    @Test func accessLog() throws {
        let ua = "\"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)\""
        let text = (0..<5).map { i in "10.0.0.\(i) - - [10/Oct/2000:13:5\(i):36 -0700] \"GET /a,b HTTP/1.1\" 200 \(i * 100) \"-\" \(ua)\n" }.joined()
        let r = try Fixture.load(text, name: "access.log.1")
        // Read as records (see LogRecordTests): its time is a field.
        #expect(r.notes.first == "input: Common/Combined Log Format lines, fields time, client, method, path, protocol, status, bytes, agent")
        #expect(r.notes[1] == "time: field \"time\", format DD/Mon/YYYY:HH:MM:SS ±hhmm (Common Log Format)")
        #expect(r.accepted == 5)
        #expect(Fixture.minutes(r).first?.0 == Fixture.utc(2000, 10, 10, 20, 50, 0))
    }

    @Test func syslogAndAppLogs() throws {
        let syslog = try Fixture.loadPiped(Array("Nov  1 13:55:36 host sshd[12]: Accepted\nNov  1 14:00:00 host cron[1]: run\n".utf8),
                                           baseUnit: .minute)
        #expect(syslog.notes[1...2] == ["time: field \"time\", format Mon DD HH:MM:SS (syslog, year assumed)",
                                        "time: syslog lines have no year: each takes the latest that does not put it after now"])
        // "now" is 2023-11-14: 1 November is this year's.
        #expect(Fixture.minutes(syslog).first?.0 == Fixture.utc(2023, 11, 1, 13, 55))

        let app = try Fixture.load("2024-01-05 10:00:00,123 INFO start\n2024-01-05 10:00:01,456 WARN slow\n  at frame 1\n", name: "app.log")
        #expect(app.rowsRead == 3 && app.accepted == 2 && app.skipped == 1)
        #expect(app.firstSkipped.first?.reason == "no YYYY-MM-DD HH:MM:SS.fff time on this line")
    }

    /// A comma before a time's milliseconds splits no field: the lines of a
    /// Python or log4j log are lines by their content, named or piped alike.
    @Test(arguments: Fixture.Road.allCases)
    func millisecondsAfterACommaMakeNoCSV(road: Fixture.Road) throws {
        let text = "2024-01-05 10:00:00,123 INFO [main] start\n2024-01-05 10:00:01,456 WARN [pool-2] slow\n"
            + "2024-01-05 10:01:59,999 INFO [main] done in 3 s\n"
        for name in ["app.log", "app.txt"] {
            let r = try Fixture.load(text, name: name, road: road)
            #expect(r.notes.prefix(2) == ["input: lines", "time: first timestamp on each line, format YYYY-MM-DD HH:MM:SS.fff"])
            #expect(r.accepted == 3 && r.skipped == 0)
        }
        // A time and a whole number per line is still a table with no header.
        let table = try Fixture.load("2024-01-05 10:00:00,123\n2024-01-05 10:00:01,456\n", name: "values.txt", road: road)
        #expect(table.notes.first == "input: no header")
    }

    /// Syslog lines from 30 December to 2 January.
    static let newYear = "Dec 30 23:10:01 host cron[1]: a\nDec 31 10:00:00 host cron[1]: b\nJan  1 00:00:05 host cron[1]: c\n"
        + "Jan  2 08:00:00 host cron[1]: d\n"
    static let newYearTimes = [Fixture.utc(2024, 12, 30, 23, 10), Fixture.utc(2024, 12, 31, 10), Fixture.utc(2025, 1, 1),
                               Fixture.utc(2025, 1, 2, 8)]

    /// A syslog file from 30 December to 2 January, last written on 3 January
    /// 2025: its years come from that time, not from "now" (2023).
    @Test func syslogYearsComeFromTheFilesModificationTime() throws {
        let text = Self.newYear
        let r = try Fixture.withFolder { folder in
            let path = Fixture.write("messages", text, in: folder)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: Double(Fixture.utc(2025, 1, 3, 9)))],
                                                  ofItemAtPath: path)
            return try DataLoader.load([.file(path)], options: Fixture.options(), calendar: Fixture.utc, baseUnit: .minute)
        }
        #expect(r.notes[2] == "time: syslog lines have no year: each takes the latest that does not put it after "
                + "the file's modification time (2025-01-03)")
        #expect(Fixture.minutes(r).map(\.0) == Self.newYearTimes)
    }

    /// `--year 2024` dates the first line, and the years count on over New
    /// Year: from a pipe, read as it comes, and from a file last written in
    /// 2030, read by two threads (the January lines by the second) and read back.
    @Test func yearOptionDatesTheFirstLineAndCountsOn() throws {
        let piped = try Fixture.loadPiped(Array(Self.newYear.utf8), baseUnit: .minute) { $0.year = 2024 }
        #expect(piped.notes[2] == "time: syslog lines have no year: the first takes 2024 (--year), each after it the earliest "
                + "that does not put it before the first")
        #expect(Fixture.minutes(piped).map(\.0) == Self.newYearTimes)
        try Fixture.withFolder { folder in
            let path = Fixture.write("messages", Self.newYear, in: folder)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: Double(Fixture.utc(2030, 6, 1)))],
                                                  ofItemAtPath: path)
            let options = Fixture.options { $0.year = 2024; $0.splitThreshold = 1 }
            let r = try DataLoader.load([.file(path)], options: options, calendar: Fixture.utc, baseUnit: .minute)
            #expect(Fixture.minutes(r).map(\.0) == Self.newYearTimes)
            let rows = try r.rowLocator.rows(from: Fixture.utc(2025, 1, 1), to: Fixture.utc(2025, 1, 2), series: 0, limit: 5)
            #expect(rows.map(\.line) == [3])
        }
        // Times that carry their year keep it, with a note.
        let dated = try Fixture.load("2013-03-05T14:00:00Z boot\n", name: "app.log") { $0.year = 2024 }
        #expect(dated.notes.contains("time: --year 2024 ignored: these times carry their year"))
        #expect(Fixture.minutes(dated).map(\.0) == [Fixture.utc(2013, 3, 5, 14)])
    }

    @Test func formatOverridesSniffing() throws {
        // Looks like a CSV, read as lines: every line is one event.
        let r = try Fixture.load("time,value\n2013-03-05,5\n2013-03-06,7\n", name: "x.csv") { $0.format = .lines }
        #expect(r.rowsRead == 3 && r.accepted == 2 && r.valueName == "rows")
        let p = try Fixture.load("at 05.03.2013 10:00 boot\nat 06.03.2013 11:00 boot\n", name: "x.log") {
            $0.timeFormat = "%d.%m.%Y %H:%M"
        }
        #expect(Fixture.minutes(p).map(\.0) == [Fixture.utc(2013, 3, 5, 10), Fixture.utc(2013, 3, 6, 11)])
    }
}
