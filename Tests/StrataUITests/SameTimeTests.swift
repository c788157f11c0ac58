import Foundation
import StrataData
import Testing
@testable import StrataUI

/// "vs same time" to the second: a running period up to now against the
/// one before up to the same time into it, the part of the last
/// sub-bucket read from the rows, on every level one minute after a
/// sub-bucket begins and in the two cases a user found wrong (a day at
/// 12:05, a week on Wednesday at 00:30). The change and the rate on screen
/// are those worked out from the rows themselves.
struct SameTimeTests {
    static let calendar = CalendarSystem(zone: .utc)
    /// Events at uneven spacing (47 to 193 s), from 2026-09-01 to 2026-11-26 14:00 UTC.
    static let times: [Int64] = {
        var state: UInt64 = 24
        var t = calendar.instant(forReference: "2026-09-01")!
        let end = calendar.instant(forReference: "2026-11-26")! + 14 * 3600
        var times: [Int64] = []
        while t < end {
            times.append(t)
            state = state &* 6364136223846793005 &+ 1442695040888963407
            t += 47 + Int64((state >> 33) % 147)
        }
        return times
    }()

    static func text() -> String {
        let iso = ISO8601DateFormatter()
        return "time\n" + times.map { iso.string(from: Date(timeIntervalSince1970: TimeInterval($0))) + "\n" }.joined()
    }

    /// The screen of `level`'s page holding `now`, with the rows read back at once, as a dump does.
    static func statsLine(_ path: String, level: Level, now: Int64) throws -> String {
        var setup = LoadSetup()
        setup.zone = .utc
        setup.levels = [.hour, .day, .week, .month]
        let result = try DataLoader.load([.file(path)], options: ReadOptions(), setup: setup)
        let fine = FinePages(source: FileSource([.file(path)], options: ReadOptions(), setup: setup, loaded: result), mode: .inline,
                             budget: 1 << 20)
        var app = StrataApp(dataset: Dataset(loaded: result, levels: result.levels, finePages: fine), clock: TestClock(now: now),
                            startLevel: level, at: now, aggregate: .count)
        app.handle(.resize(Size(width: 120, height: 30)))
        return app.render().grid.plainText
    }

    /// The change the rows give: those of the period holding `now` up to it, against those of the one before up to the same time into it.
    static func expected(level: Level, now: Int64) -> String? {
        let ordinal = calendar.ordinal(of: level.unit, at: now)
        let start = calendar.start(of: level.unit, ordinal: ordinal), before = calendar.start(of: level.unit, ordinal: ordinal - 1)
        let into = now - start
        let current = times.filter { $0 >= start && $0 <= now }.count
        let previous = times.filter { $0 >= before && $0 <= before + into }.count
        guard previous > 0 else { return nil }  // no % against nothing
        let change = Double(current - previous) / Double(previous) * 100
        let text = NumberFormat.trimmed(abs(change), digits: abs(change) >= 10 || change == 0 ? 0 : 1) + "%"
        let arrow = current == previous || text == "0%" ? "=" : current > previous ? "▲" : "▼"
        return "\(arrow) \(text) vs same time \(calendar.periodName(level, ordinal: ordinal - 1))"
    }

    /// `count 363 so far   rate 30/h`: the rows of the period holding `now` up to it, over the time elapsed.
    static func soFar(level: Level, now: Int64) -> String {
        let start = calendar.start(of: level.unit, ordinal: calendar.ordinal(of: level.unit, at: now))
        let count = Double(times.filter { $0 >= start && $0 <= now }.count)
        let (seconds, unit): (Double, String) = switch level {
        case .hour: (60, "min")
        case .day: (3600, "h")
        default: (86_400, "d")
        }
        return "count \(NumberFormat.humane(count)) so far   rate \(NumberFormat.humane(count / (Double(now - start) / seconds)))/\(unit)"
    }

    @Test(arguments: [
        (Level.day, "2026-11-26T12:05:00Z"),   // a day at 12:05
        (.week, "2026-11-25T00:30:00Z"),       // a week on Wednesday at 00:30
        (.hour, "2026-11-26T13:02:30Z"),       // half a minute into a minute of an hour
        (.day, "2026-11-26T13:01:00Z"),        // one minute into an hour of a day
        (.week, "2026-11-26T00:01:00Z"),       // one minute into a day of a week
        (.month, "2026-11-26T00:01:00Z"),      // one minute into a day of a month
    ])
    func theChangeIsTheRowsUpToTheSameSecond(level: Level, at reference: String) throws {
        let now = Int64(ISO8601DateFormatter().date(from: reference)!.timeIntervalSince1970)
        try withTemporaryFile(named: "events.csv", holding: Self.text()) { path in
            let line = try Self.statsLine(path, level: level, now: now)
            let expected = try #require(Self.expected(level: level, now: now), "the period before has rows to compare with")
            #expect(line.contains(expected), "\(line)")
            // The rows after now (the data runs to 14:00) wait: the count and the rate are up to now, to the second.
            #expect(line.contains(Self.soFar(level: level, now: now)), "\(line)")
        }
    }
}
