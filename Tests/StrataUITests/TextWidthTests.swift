import Testing
@testable import StrataUI

@Suite("Character widths and truncation")
struct TextWidthTests {
    @Test(arguments: ["☕", "🚀", "中", "日", "Ａ"] as [Unicode.Scalar])
    func wideScalarsTakeTwoColumns(scalar: Unicode.Scalar) {
        #expect(TextWidth.columns(of: scalar) == 2)
    }

    @Test(arguments: ["a", "─", "█", "é", "‹", "●", "▲", "\u{00AD}"] as [Unicode.Scalar])
    func narrowScalarsTakeOneColumn(scalar: Unicode.Scalar) {
        #expect(TextWidth.columns(of: scalar) == 1)
    }

    @Test(arguments: ["\u{0301}", "\u{20DD}", "\u{200B}", "\u{FE0F}"] as [Unicode.Scalar])
    func marksAndFormatCharactersTakeNone(scalar: Unicode.Scalar) {
        #expect(TextWidth.columns(of: scalar) == 0)
    }

    /// The fast paths must never disagree with the generated table.
    @Test func fastPathsAgreeWithTheTable() {
        for value in UInt32(0)..<0x30000 where TextWidth.isPlainSingleColumn(value) || value < 0x300 {
            #expect(WidthTable.columns(of: value) == 1, "U+\(String(value, radix: 16, uppercase: true))")
        }
    }

    @Test func tableRangesAreSortedAndDisjoint() {
        #expect(WidthTable.firsts.count == WidthTable.lasts.count && WidthTable.firsts.count == WidthTable.widths.count)
        for i in WidthTable.firsts.indices {
            #expect(WidthTable.firsts[i] <= WidthTable.lasts[i])
            if i > 0 { #expect(WidthTable.lasts[i - 1] < WidthTable.firsts[i]) }
        }
    }

    @Test func gridPutsAContinuationAfterAWideEmoji() {
        var grid = Grid(size: Size(width: 6, height: 1))
        let advanced = grid.write("a☕b", x: 0, y: 0)
        #expect(advanced == 4)
        #expect(grid[1, 0].scalar == "☕" && !grid[1, 0].isContinuation)
        #expect(grid[2, 0].isContinuation)
        #expect(grid[3, 0].scalar == "b")
        #expect(grid.line(0) == "a☕b")
    }

    @Test func truncateUsesTheGivenEllipsis() {
        #expect(TextWidth.truncate("seattle-weather.csv", to: 10, ellipsis: "...") == "seattle...")
        #expect(TextWidth.truncate("short", to: 5, ellipsis: "...") == "short")
        #expect(TextWidth.columns(of: TextWidth.truncate("seattle-weather.csv", to: 4, ellipsis: "...")) == 4)
    }

    @Test func truncateNeverSplitsAWideCharacter() {
        // 3 columns left before "...": "日" (2) fits, "本" would not.
        #expect(TextWidth.truncate("日本語のファイル", to: 6, ellipsis: "...") == "日...")
        #expect(TextWidth.truncate("日本語", to: 4) == "日…")
    }

    @Test func anEllipsisWiderThanTheRoomIsCut() {
        #expect(TextWidth.truncate("seattle", to: 2, ellipsis: "...") == "..")
        #expect(TextWidth.truncate("seattle", to: 3, ellipsis: "...") == "...")
        #expect(TextWidth.truncate("seattle", to: 1) == "…")
        #expect(TextWidth.truncate("seattle", to: 0, ellipsis: "...") == "")
    }
}
