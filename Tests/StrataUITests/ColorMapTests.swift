import Testing
@testable import StrataUI

@Suite("Colour map")
struct ColorMapTests {
    @Test(arguments: ColorMap.Depth.allCases)
    func everyTintHasAnInkAtEveryDepth(depth: ColorMap.Depth) {
        let colours: ClosedRange<Int16> = depth == .basic ? 0...7 : 0...255
        for tint in ColorMap.allTints {
            let ink = ColorMap.ink(for: tint, depth: depth)
            if depth == .monochrome { #expect(ink.foreground == nil, "\(tint)") }
            if let foreground = ink.foreground { #expect(colours.contains(foreground), "\(tint)") }
            // In colour, only plain text keeps the terminal's own look.
            if depth != .monochrome && tint != .plain {
                #expect(ink != ColorMap.Ink(), "\(tint) at \(depth)")
            }
        }
    }

    @Test func seriesColoursAreDistinctThenRepeat() {
        for depth in [ColorMap.Depth.extended, .basic] {
            let inks = (0..<ColorMap.seriesColors).map { ColorMap.ink(for: .series($0), depth: depth) }
            #expect(Set(inks.map { "\($0)" }).count == Int(ColorMap.seriesColors), "\(depth)")
            #expect(ColorMap.ink(for: .series(ColorMap.seriesColors), depth: depth) == ColorMap.ink(for: .series(0), depth: depth))
        }
    }

    @Test func heatPastTheTopIsTheTop() {
        for depth in ColorMap.Depth.allCases {
            #expect(ColorMap.ink(for: .heat(200), depth: depth) == ColorMap.ink(for: .heat(ColorMap.maxHeat), depth: depth))
        }
    }

    /// What an SGR sequence sets, read back: (bold, dim, reverse, 256-colour foreground).
    private func decode(_ sgr: String) -> (bold: Bool, dim: Bool, reverse: Bool, foreground: Int16?) {
        #expect(sgr.hasPrefix("\u{1B}[0") && sgr.hasSuffix("m"))
        var codes = sgr.dropFirst(2).dropLast().split(separator: ";").map(String.init)
        var foreground: Int16?
        if let at = codes.firstIndex(of: "38"), at + 2 < codes.count, codes[at + 1] == "5" {
            foreground = Int16(codes[at + 2])
            codes.removeSubrange(at...at + 2)
        }
        return (codes.contains("1"), codes.contains("2"), codes.contains("7"), foreground)
    }

    @Test func dumpsUseTheMapsExtendedInks() {
        let styles = [Style.plain, .muted, .accent, Style(.bar), Style(.negative, dim: true),
                      Style(.warning, reverse: true), Style(.heat(3)), Style(.heat(8), bold: true)]
        for style in styles {
            let ink = ColorMap.ink(for: style.tint, depth: .extended)
            let shown = decode(AnsiText.sgr(style))
            #expect(shown.bold == (style.bold || ink.bold) && shown.dim == (style.dim || ink.dim), "\(style)")
            #expect(shown.reverse == style.reverse && shown.foreground == ink.foreground, "\(style)")
        }
        #expect(AnsiText.sgr(Style(.bar)) == "\u{1B}[0;38;5;74m")
        #expect(AnsiText.sgr(.accent) == "\u{1B}[0;1;38;5;221m")
        #expect(AnsiText.sgr(Style(.plain, reverse: true)) == "\u{1B}[0;7m")
    }

    @Test func aLineResetsAtItsEnd() {
        var grid = Grid(size: Size(width: 2, height: 1))
        grid.write("ab", x: 0, y: 0, style: Style(.bar))
        #expect(AnsiText.line(0, of: grid) == "\u{1B}[0;38;5;74mab\u{1B}[0m")
    }
}
