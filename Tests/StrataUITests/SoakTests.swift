import Foundation
import StrataData
import Testing
@testable import StrataUI

/// Random events drawn from every key map, the wheel, clicks and sizes
/// from 1×1 to 300×100, replayed on the demo and small datasets. Nothing
/// may crash, and every screen must be exactly H lines of at most W columns.
/// `make soak SEED=7 COUNT=1000000` runs a longer one.
@Suite("Soak")
struct SoakTests {
    static var seed: UInt64 { ProcessInfo.processInfo.environment["STRATA_SOAK_SEED"].flatMap(UInt64.init) ?? 1 }
    static var count: Int { ProcessInfo.processInfo.environment["STRATA_SOAK_COUNT"].flatMap(Int.init) ?? 100_000 }
    /// A screen is checked after this many events, and after every resize.
    static let checkEvery = 25

    /// Every trigger of every key map, plus digits and typed text for counts and the prompt.
    static let keys: [Key] = {
        var keys: [Key] = []
        for map in KeyMap.all {
            for binding in map.bindings {
                for case .key(let key) in binding.triggers where !keys.contains(key) && key != .ctrlC && key != .character("q") {
                    keys.append(key)
                }
            }
        }
        return keys + "0123456789-W:xé☕".map(Key.character) + [.space, .backspace]
    }()

    static let wheels: [MouseEvent.Wheel] = [.up, .down, .left, .right]

    static func randomEvent(_ rng: inout SplitMix64, size: Size) -> Event {
        switch rng.below(100) {
        case 0..<2:
            return .resize(Size(width: 1 + rng.below(300), height: 1 + rng.below(100)))
        case 2..<6:
            return .mouse(MouseEvent(.press(.left), x: rng.below(max(1, size.width)), y: rng.below(max(1, size.height))))
        case 6..<7:
            return .mouse(MouseEvent(.drag(.left), x: rng.below(max(1, size.width)), y: rng.below(max(1, size.height))))
        case 7..<8:
            return .mouse(MouseEvent(.release, x: rng.below(max(1, size.width)), y: rng.below(max(1, size.height))))
        case 8..<11:
            return .mouse(MouseEvent(.wheel(wheels[rng.below(4)]), x: 0, y: 0, modifiers: rng.below(2) == 0 ? [] : .shift))
        case 11..<13:
            return .tick
        default:
            return .key(keys[rng.below(keys.count)])
        }
    }

    /// The demo, a DST day, the fixtures as the command reads them with no
    /// flags, and the TV guide's intervals (where `m` opens the timeline).
    static func datasets() throws -> [(String, Dataset)] {
        [("demo", ScreenTests.demo), ("dst", ScreenTests.newYork),
         ("seattle-weather.csv", try RealDataGoldenTests.loadWithNoFlags("seattle-weather.csv").0),
         ("births-1978.csv", try RealDataGoldenTests.loadWithNoFlags("births-1978.csv").0),
         ("tv-guide.csv", try TimelineTests.guide.get().0)]
    }

    @Test func randomEventsNeverBreakTheScreen() throws {
        var rng = SplitMix64(seed: Self.seed)
        let datasets = try Self.datasets()
        let perDataset = Self.count / datasets.count
        for (name, dataset) in datasets {
            let clock = TestClock(now: ScreenTests.now)
            var app = StrataApp(dataset: dataset, clock: clock, animates: true)
            for n in 0..<perDataset {
                let event = Self.randomEvent(&rng, size: app.state.size)
                clock.time += Int64(rng.below(40))
                app.handle(event)
                var isResize = false
                if case .resize = event { isResize = true }
                guard isResize || n % Self.checkEvery == 0 else { continue }
                let frame = app.render()
                let size = app.state.size
                let text = HeadlessRunner.text(of: frame.grid, color: false)
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                try #require(lines.count == size.height, "\(name) seed \(Self.seed) event \(n): \(lines.count) lines, not \(size.height)")
                try #require(lines.allSatisfy { TextWidth.columns(of: String($0)) <= size.width },
                             "\(name) seed \(Self.seed) event \(n): a line wider than \(size.width)")
            }
        }
    }
}
