import StrataData
import Testing
@testable import StrataUI

/// Widgets drawn into small grids and compared as whole screens.
@Suite("Widgets as screens")
struct WidgetTests {
    func dots(_ current: Int, of count: Int, width: Int = 40) -> String {
        var grid = Grid(size: Size(width: width, height: 1))
        PageDots(current: current, count: count, levelName: "day", glyphs: .unicode).draw(into: &grid, area: grid.bounds)
        return grid.plainText
    }

    @Test func pageDotsWithOnePage() {
        #expect(dots(0, of: 1) == "                   ●             day 1/1")
    }

    @Test func pageDotsWithSevenPages() {
        #expect(dots(0, of: 7) == "          ●  •  •  ∙  ·  ·  ·    day 1/7")
        #expect(dots(3, of: 7) == "          ∙  •  •  ●  •  •  ∙    day 4/7")
        #expect(dots(6, of: 7) == "          ·  ·  ·  ∙  •  •  ●    day 7/7")
    }

    @Test func pageDotsWithAHundredThousandPages() {
        #expect(dots(0, of: 100_000) == " ●  •  •  ∙  ·  ·  ·  ·  ·  day 1/100000")
        #expect(dots(49_999, of: 100_000) == "·  ∙  •  •  ●  •  •  ∙  day 50000/100000")
        #expect(dots(99_999, of: 100_000) == "  ·  ·  ·  ∙  •  •  ●  day 100000/100000")
    }

    @Test func pageDotsNeverOverflow() {
        for width in [18, 20, 25] {
            let line = dots(50, of: 100_000, width: width)
            #expect(TextWidth.columns(of: line) <= width)
            #expect(line.hasSuffix("day 51/100000"))
        }
        #expect(dots(3, of: 7, width: 12) == "  ●  day 4/7")
    }

    func chart(_ values: [Double?], labels: [String], size: Size) -> String {
        var grid = Grid(size: size)
        BarChart(ChartInput(series: [values.map { $0.map(Stats.init(value:)) ?? Stats() }.asBuckets], labels: labels,
                            aggregate: .sum, glyphs: .unicode)).draw(into: &grid, area: grid.bounds)
        return grid.plainText
    }

    /// Series that do not fit are counted after two spaces; when all fit, no count.
    @Test func legendCountsOnlyWhatDoesNotFit() {
        let entries = (0..<3).map { ChartLegend.Entry(sample: "██", style: .series($0), name: "s\($0)", value: "1") }
        func legend(width: Int) -> String {
            var grid = Grid(size: Size(width: width, height: 1))
            ChartLegend(entries: entries, glyphs: .unicode).draw(into: &grid, area: grid.bounds)
            return String(grid.plainText.reversed().drop { $0 == " " }.reversed())
        }
        #expect(legend(width: 25) == "██ s0 1  ██ s1 1  ██ s2 1")
        #expect(legend(width: 24) == "██ s0 1  ██ s1 1  +1")
        #expect(legend(width: 19) == "██ s0 1  +2")
    }

    @Test func barChartEighthsAndEmptyBuckets() {
        // 0.2 is one eighth, 0.5 two, 1 a half row; the empty bucket (index 2) and the zero draw nothing.
        let screen = chart([0.5, 0.2, nil, 0, 1, 3, 6, 12, 9, 4, 2, 1],
                           labels: (0..<12).map { Digits.pad($0, 2) }, size: Size(width: 40, height: 8))
        #expect(screen == """
               │                      ██
            10 ┤                      ██ ▄▄
               │                      ██ ██
               │                   ██ ██ ██
               │                ▄▄ ██ ██ ██ ██
               │ ▂▂ ▁▁       ▄▄ ██ ██ ██ ██ ██ ██ ▄▄
             0 ┼────────────────────────────────────
                 00 01 02 03 04 05 06 07 08 09 10 11
            """)
    }

    @Test func barChartNegativesHangBelowZero() {
        let screen = chart([-4.2, -1, 0.5, 3, 7.5, nil, 12, 9], labels: (1...8).map(String.init),
                           size: Size(width: 30, height: 9))
        #expect(screen == """
               │                    ▆▆
            10 ┤                    ██ ▅▅
               │              ██    ██ ██
             5 ┤           ▂▂ ██    ██ ██
               │        ▂▂ ██ ██    ██ ██
             0 ┼──────────────────────────
               │  ██ ▔▔
            -5 ┤  ▀▀
                  1  2  3  4  5  6  7  8
            """)
    }

    @Test func moreBucketsThanColumnsAreMerged() {
        let screen = chart((0..<60).map { Double($0 % 10) }, labels: (0..<60).map { ":" + Digits.pad($0, 2) },
                           size: Size(width: 30, height: 6))
        #expect(screen == """
               │     ▁      ▅  ▁      ▅
            20 ┤     █  ▆▄ ▂█  █  ▆▄ ▂█
               │    ▆█▄▃██ ██ ▆█▄▃██ ██
               │   ▄██████▇██▄██████▇██
             0 ┼──────────────────────────
                   :00 :12 :24 :36 :48
            """)
    }

    @Test func levelTabsHighlightTheCurrentLevel() {
        var grid = Grid(size: Size(width: 24, height: 1))
        let tabs = LevelTabs(names: ["Day", "Week", "Month"], current: 1, glyphs: .unicode)
        tabs.draw(into: &grid, area: Rect(x: 1, y: 0, width: 23, height: 1))
        #expect(grid.plainText == " Day │ Week │ Month")
        #expect(grid[7, 0].style.reverse)
        #expect(!grid[1, 0].style.reverse)
        #expect(tabs.spans(at: 1) == [1..<4, 7..<11, 14..<19])
    }
}

@Suite("Chart columns: bars that use the width")
struct ChartColumnsTests {
    @Test("one bar per sub-bucket, as wide as fits, gaps when they fit", arguments: [
        (31, 92, 2, 3), (31, 91, 1, 2), (31, 61, 1, 2), (31, 60, 1, 1), (31, 31, 1, 1), (7, 90, 12, 13), (24, 71, 2, 3),
    ])
    func widths(buckets: Int, width: Int, barWidth: Int, slot: Int) {
        let columns = ChartColumns(buckets: buckets, x: 0, width: width)
        #expect(columns.count == buckets)
        #expect(columns.barWidth == barWidth)
        #expect(columns.slot == slot)
        // Centred, and never past the plot.
        let used = columns.slot * (buckets - 1) + columns.barWidth
        #expect(columns.x + used <= width)
        #expect(columns.x - (width - used - columns.x) <= 1)
    }

    @Test func moreSubBucketsThanColumnsAreMerged() {
        let columns = ChartColumns(buckets: 60, x: 0, width: 25)
        #expect(columns.ranges.count == 20)
        #expect(columns.ranges[1] == 3..<6)
        #expect(columns.barWidth == 1)
    }

    @Test("labels never collide", arguments: [20, 31, 45, 61, 92, 140])
    func labelsNeverCollide(width: Int) {
        let labels = (1...31).map { "Mon \($0)" }
        var grid = Grid(size: Size(width: width, height: 1))
        let columns = ChartColumns(buckets: 31, x: 0, width: width)
        columns.drawLabels(labels, into: &grid, y: 0, clip: grid.bounds)
        let words = grid.line(0).split(separator: " ", omittingEmptySubsequences: true)
        // Whole labels only, each followed by at least one space.
        #expect(words.count % 2 == 0)
        #expect(!grid.line(0).contains("Mon 1Mon"))
        #expect(words.count >= 2)
    }
}
