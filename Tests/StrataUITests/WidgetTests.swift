import StrataData
import Testing
@testable import StrataUI

/// Widgets drawn into small grids and compared as whole screens.
@Suite("Widgets as screens")
struct WidgetTests {
    func dots(_ current: Int, of count: Int, width: Int = 40) -> String {
        var grid = Grid(size: Size(width: width, height: 1))
        PageDots(current: current, count: count, levelName: "day", glyphs: .unicode).draw(into: &grid, rect: grid.bounds)
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
        BarChart(buckets: values.map { $0.map(Stats.init(value:)) ?? Stats() }, labels: labels,
                 aggregate: .sum, glyphs: .unicode).draw(into: &grid, rect: grid.bounds)
        return grid.plainText
    }

    @Test func barChartEighthsAndEmptyBuckets() {
        // 0.2 is one eighth, 0.5 two, 1 a half row; the empty bucket (index 2) and the zero draw nothing.
        let screen = chart([0.5, 0.2, nil, 0, 1, 3, 6, 12, 9, 4, 2, 1],
                           labels: (0..<12).map { Digits.pad($0, 2) }, size: Size(width: 40, height: 8))
        #expect(screen == """
            12 ┤                    █
               │                    █ ▄
             8 ┤                    █ █
               │                  █ █ █
             4 ┤                ▄ █ █ █ █
               │      ▂ ▁     ▄ █ █ █ █ █ █ ▄
             0 ┼───────────────────────────────────
                      00  02  04  06  08  10
            """)
    }

    @Test func barChartNegativesHangBelowZero() {
        let screen = chart([-4.2, -1, 0.5, 3, 7.5, nil, 12, 9], labels: (1...8).map(String.init),
                           size: Size(width: 30, height: 9))
        #expect(screen == """
                 │                ▆
              10 ┤                █ ▅
                 │            █   █ █
               5 ┤          ▂ █   █ █
                 │        ▂ █ █   █ █
               0 ┼───────────────────────
                 │    █ ▔
              -5 ┤    ▀
                      1 2 3 4 5 6 7 8
            """)
    }

    @Test func moreBucketsThanColumnsAreMerged() {
        let screen = chart((0..<60).map { Double($0 % 10) }, labels: (0..<60).map { ":" + Digits.pad($0, 2) },
                           size: Size(width: 30, height: 6))
        #expect(screen == """
            25 ┤    ▃      ▇  ▃      ▇
               │    █  ▇▆ ▃█  █  ▇▆ ▃█
               │   ▇█▅▄██ ██ ▇█▅▄██ ██
               │  ▄█████████▄█████████
             0 ┼─────────────────────────
                  :00 :12 :24 :36 :48
            """)
    }

    @Test func levelTabsHighlightTheCurrentLevel() {
        var grid = Grid(size: Size(width: 24, height: 1))
        let tabs = LevelTabs(names: ["Day", "Week", "Month"], current: 1, glyphs: .unicode)
        tabs.draw(into: &grid, x: 1, y: 0, clip: grid.bounds)
        #expect(grid.plainText == " Day │ Week │ Month")
        #expect(grid[7, 0].style.reverse)
        #expect(!grid[1, 0].style.reverse)
        #expect(tabs.spans(at: 1) == [1..<4, 7..<11, 14..<19])
    }
}
