import StrataData
import Testing
@testable import StrataUI

@Suite("LineChart: braille lines and bands")
struct LineChartTests {
    func chart(_ series: [[Double?]], band: [(Double, Double)]? = nil, size: Size, glyphs: Glyphs = .unicode,
               range: ClosedRange<Double>? = nil) -> String {
        var grid = Grid(size: size)
        let stats: [[Stats]]
        if let band {
            stats = [zip(series[0], band).map { value, range in
                guard let value else { return Stats() }
                var s = Stats(value: range.0)
                s.add(value)
                s.add(range.1)
                return s
            }]
        } else {
            stats = series.map { $0.map { $0.map(Stats.init(value:)) ?? Stats() } }
        }
        LineChart(ChartInput(series: stats.map(\.asBuckets), labels: (1...stats[0].count).map(String.init), aggregate: .mean,
                             range: range, glyphs: glyphs), band: band != nil).draw(into: &grid, area: grid.bounds)
        return grid.plainText
    }

    @Test func aRisingLineBrokenAtAGapWithALonePoint() {
        // 1, 2, 3, then an empty sub-bucket, a lone 2, another gap, then 1.
        let screen = chart([[1, 2, 3, nil, 2, nil, 1]], size: Size(width: 26, height: 4))
        // Points at the middle of each column; 3 at the top row, 1 at the bottom, nothing over the gaps;
        // a lone point is a dash of three dots.
        #expect(screen == """
            3 ┤       ⡠⠔
              │    ⡠⠔⠉       ⠒⠂
            1 ┤  ⠐⠉                ⠒⠂
                 1  2  3  4  5  6  7
            """)
    }

    @Test func theAxisSpansTheDataNotZero() {
        let screen = chart([[101, 103, 102, 104]], size: Size(width: 26, height: 5))
        #expect(screen.contains("104 ┤"))
        #expect(screen.contains("102 ┤"))
        #expect(!screen.contains("0 ┼"))
    }

    @Test func aBandUnderItsMeanLine() {
        let screen = chart([[2, 3, 2]], band: [(0, 4), (1, 5), (1, 3)], size: Size(width: 24, height: 4))
        #expect(screen == """
            5 ┤   ⢀⣀⣠⣤⣤⣤⣶⣶⣶⣤⣤⣀⣀⡀
              │   ⠠⠤⠔⠒⠒⠒⠉⠉⠉⠑⠒⠒⠒⠤⠤
            0 ┼   ⠘⠛⠋⠉⠉⠉
                  1      2      3
            """)
    }

    @Test func asciiDrawsStarsAndDots() {
        let line = chart([[1, 2, 3, nil, 2]], size: Size(width: 24, height: 4), glyphs: .ascii)
        #expect(line.contains("*"))
        #expect(!line.contains { $0.unicodeScalars.first!.value >= 0x2800 && $0.unicodeScalars.first!.value < 0x2900 })
        let band = chart([[2, 3, 2]], band: [(0, 4), (1, 5), (1, 3)], size: Size(width: 24, height: 4), glyphs: .ascii)
        #expect(band.contains(".") && band.contains("*"))
    }

    @Test func overlaidSeriesWithoutColourDrawTheirOwnDashes() {
        let screen = chart([[1, 1, 1, 1], [3, 3, 3, 3]], size: Size(width: 24, height: 4))
        // The second series (at 3) every other dot, the first (at 1) solid; each starts on its first point.
        #expect(screen == """
            3 ┤  ⠐⠐⠐⠐⠐⠐⠐⠐⠐⠐⠐⠐⠐⠐⠐⠐
              │
            1 ┤  ⠐⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒
                 1    2    3    4
            """)
    }

    @Test func aGivenRangeWidensTheScaleButNeverHidesAValue() {
        let level = chart([[2, 3]], size: Size(width: 24, height: 5), range: 0...10)
        #expect(level.contains("10 ┤"))
        let beyond = chart([[2, 30]], size: Size(width: 24, height: 5), range: 0...10)
        #expect(beyond.contains("20 ┤"))
        #expect(beyond.split(separator: "\n")[0].contains("⠂"))
    }
}

@Suite("LineChart: the now point")
struct LineChartNowTests {
    @Test func theNowPointIsInTheAccentColour() {
        var grid = Grid(size: Size(width: 26, height: 4))
        let stats = [1.0, 2, 3].map(Stats.init(value:))
        LineChart(ChartInput(series: [stats.asBuckets], labels: ["1", "2", "3"], aggregate: .sum, highlighted: 2, glyphs: .unicode))
            .draw(into: &grid, area: grid.bounds)
        let accented = (0..<grid.height).flatMap { y in (0..<grid.width).filter { grid[$0, y].style == Style(.accent) }.map { ($0, y) } }
        #expect(accented.count == 1)
        if let (x, y) = accented.first {
            #expect(grid[x, y].scalar.value >= 0x2801 && grid[x, y].scalar.value <= 0x28FF)
            #expect(y == 0)  // 3 is the top of the scale
        }
    }
}

extension Array where Element == Stats {
    /// A chart's sub-buckets of these stats (their times are not drawn).
    var asBuckets: [SubBucket] { map { SubBucket(start: 0, end: 0, stats: $0) } }
}
