import Foundation
import StrataData
import Testing
@testable import StrataUI

/// The app over a load that kept hours, not minutes: an hour's page says
/// `reading…` with its total final, keys stay live, and once the worker has
/// read its minutes back the screen is the one a load of every minute draws.
struct FinePagesAppTests {
    static let calendar = ScreenTests.utc

    /// Readings every 20 seconds through six hours of 2024-03-01 UTC, values 0–9.
    static let text: String = {
        var lines = ["time,value"]
        let start = calendar.instant(forReference: "2024-03-01")!
        let iso = ISO8601DateFormatter()
        for k in 0..<(6 * 180) {
            let t = start + Int64(k) * 20
            lines.append("\(iso.string(from: Date(timeIntervalSince1970: TimeInterval(t)))),\(k % 10)")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    static func load(_ path: String, budget: Int64?) throws -> LoadResult {
        var options = ReadOptions()
        options.memoryBudget = budget
        var setup = LoadSetup()
        setup.zone = .utc
        setup.levels = [.hour, .day]
        return try DataLoader.load([.file(path)], options: options, setup: setup)
    }

    static func app(_ dataset: Dataset) -> StrataApp {
        var app = StrataApp(dataset: dataset, clock: TestClock(now: ScreenTests.now), feed: nil)
        app.handle(.resize(Size(width: 80, height: 24)))
        return app
    }

    @Test func anHoursPageReadsItsMinutesBackAndThenDrawsThemAsAFullLoadWould() throws {
        try withTemporaryFile(named: "minutes.csv", holding: Self.text) { path in
            let budgeted = try Self.load(path, budget: 1)
            #expect(budgeted.accumulator.baseUnit == .hour)
            let source = FileSource([.file(path)], options: ReadOptions(), setup: LoadSetup(), loaded: budgeted)
            let fine = FinePages(source: source, mode: .background, budget: 1 << 20)
            var app = Self.app(Dataset(loaded: budgeted, levels: budgeted.levels, finePages: fine))
            var full = Self.app(Dataset(loaded: try Self.load(path, budget: nil), levels: [.hour, .day]))

            // The first frame asks for the page: it cannot have come yet.
            let first = app.render().grid.plainText
            #expect(first.contains("reading…"))
            #expect(first.contains("total 810"))

            // A key while its minutes are read: the page before is asked for in turn.
            app.handle(.key(.left))
            full.handle(.key(.left))
            _ = app.render()
            let started = Date()
            while app.isReading && Date().timeIntervalSince(started) < 10 {
                Thread.sleep(forTimeInterval: 0.005)
                app.handle(.tick)
                _ = app.render()
            }
            let reading = app.isReading
            #expect(!reading, "still reading after 10 s")
            app.handle(.tick)
            #expect(app.render().grid.plainText == full.render().grid.plainText)
        }
    }

    /// `y` asks for one scale over every minute of the hour level, which this load did not keep: it says so and stays.
    @Test func oneScaleForAHourLevelReadAPageAtATimeIsRefusedWithAReason() throws {
        try withTemporaryFile(named: "minutes.csv", holding: Self.text) { path in
            let budgeted = try Self.load(path, budget: 1)
            let source = FileSource([.file(path)], options: ReadOptions(), setup: LoadSetup(), loaded: budgeted)
            var app = Self.app(Dataset(loaded: budgeted, levels: budgeted.levels,
                                       finePages: FinePages(source: source, mode: .inline, budget: 1 << 20)))
            app.handle(.key(.character("y")))
            #expect(app.state.navigation.yScale == .page)
            #expect(app.state.notice == "one scale for the hour level needs every minute of it: read a page at a time here (a bigger --memory keeps them)")
            // The day level's hours are kept: one scale for it is there.
            app.handle(.key(.down))
            app.handle(.key(.character("y")))
            #expect(app.state.navigation.yScale == .level)
        }
    }
}
