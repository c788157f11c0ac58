import StrataData

/// One row of a key map: what triggers it, what it does, and how help and
/// the footer describe it.
public struct KeyBinding: Sendable {
    public enum Trigger: Hashable, Sendable {
        case key(Key)
        case wheel(MouseEvent.Wheel)
    }

    public let triggers: [Trigger]
    /// How help shows the keys: `← h`; empty keeps the row out of help.
    public let label: String
    public let action: Action
    public let summary: String
    /// The footer's short form, nil if the footer does not show it.
    public let hint: String?

    public init(_ keys: [Key], _ label: String, _ action: Action, _ summary: String, hint: String? = nil) {
        self.triggers = keys.map(Trigger.key)
        self.label = label
        self.action = action
        self.summary = summary
        self.hint = hint
    }

    public init(wheels: [MouseEvent.Wheel], _ label: String, _ action: Action, _ summary: String) {
        self.triggers = wheels.map(Trigger.wheel)
        self.label = label
        self.action = action
        self.summary = summary
        self.hint = nil
    }
}

/// A screen's keys as data: the reducer looks keys up here, and help and
/// the footer are generated from the same rows, so they cannot disagree.
public struct KeyMap: Sendable {
    public let bindings: [KeyBinding]
    /// Digits build a count for the next move (`5←`).
    public let takesCounts: Bool
    /// Characters with no binding are typed text (the prompt).
    public let takesText: Bool
    /// Extra help lines that are not one binding (the count).
    public let notes: [(label: String, summary: String)]

    public func action(for key: Key) -> Action? {
        if let binding = bindings.first(where: { $0.triggers.contains(.key(key)) }) { return binding.action }
        if takesCounts, case .character(let c) = key, c.isASCII, let digit = c.wholeNumberValue { return .countDigit(digit) }
        if takesText {
            if case .character(let c) = key { return .promptInput(c) }
            if key == .space { return .promptInput(" ") }
        }
        return nil
    }

    public func action(forWheel wheel: MouseEvent.Wheel) -> Action? {
        bindings.first { $0.triggers.contains(.wheel(wheel)) }?.action
    }

    /// Help's rows for the data on show: every binding with a label but
    /// those for value columns or series it does not have, the levels named
    /// as they are (`week → month → quarter`), then the notes.
    public func helpLines(for navigation: Navigation) -> [(label: String, summary: String)] {
        bindings.filter { !$0.label.isEmpty && Self.applies($0.action, to: navigation) }.map { binding in
            guard case .coarserLevel = binding.action, binding.summary == Self.coarserLevel, navigation.levels.count > 1 else {
                return (binding.label, binding.summary)
            }
            return (binding.label, "\(binding.summary) (\(navigation.levels.map(\.rawValue).joined(separator: " → ")))")
        } + notes
    }

    static let coarserLevel = "coarser level"

    private static func applies(_ action: Action, to navigation: Navigation) -> Bool {
        switch action {
        case .nextValue, .previousValue: navigation.valueCount > 1
        case .nextSeries, .previousSeries, .toggleAllSeries: navigation.seriesCount > 1
        default: true
        }
    }

    public var hints: [String] { bindings.compactMap(\.hint) }
}

extension KeyMap {
    /// Which values are shown: every screen's.
    static let valueKeys: [KeyBinding] = [
        KeyBinding([.character("a")], "a", .cycleAggregate, "cycle the aggregate: sum, count, mean, min, max", hint: "a agg"),
        KeyBinding([.character("v")], "v", .nextValue, "next value column"),
        KeyBinding([.character("V")], "V", .previousValue, "previous value column"),
        KeyBinding([.tab], "Tab", .nextSeries, "next series"),
        KeyBinding([.backTab], "S-Tab", .previousSeries, "previous series"),
    ]

    /// How charts are drawn: the screens with charts (pager, card, overview).
    static let chartKeys: [KeyBinding] = [
        KeyBinding([.character("s")], "s", .toggleAllSeries, "all series at once: overlaid lines or stacked bars"),
        KeyBinding([.character("c")], "c", .cycleChart, "cycle the chart: bars, line, band (min–max and mean)"),
        KeyBinding([.character("y")], "y", .toggleYScale, "y scale per page or one for the whole level"),
    ]

    /// `[` / `]`: over empty stretches, on every screen that moves through periods.
    static let dataJumps: [KeyBinding] = [
        KeyBinding([.character("[")], "[", .periodWithData(forward: false), "previous period with data"),
        KeyBinding([.character("]")], "]", .periodWithData(forward: true), "next period with data"),
    ]

    /// Help and quit.
    static let appKeys: [KeyBinding] = [
        KeyBinding([.character("?")], "?", .toggleHelp, "this help", hint: "? help"),
        KeyBinding([.character("q"), .ctrlC], "q ^C", .quit, "quit", hint: "q quit"),
    ]

    /// What the screens with charts share.
    static let viewKeys = valueKeys + chartKeys + appKeys

    public static let pager = KeyMap(bindings: [
        KeyBinding([.left, .character("h")], "← h", .move(periods: -1), "previous period"),
        KeyBinding([.right, .character("l")], "→ l", .move(periods: 1), "next period"),
        KeyBinding([.down, .character("j")], "↓ j", .coarserLevel, coarserLevel),
        KeyBinding([.up, .character("k")], "↑ k", .finerLevel, "finer level"),
        KeyBinding([.home, .character("g")], "Home g", .firstPeriod, "first period"),
        KeyBinding([.end, .character("G")], "End G", .lastPeriod, "last period"),
        KeyBinding([.character("t")], "t", .nowPeriod, "the period containing now (or the latest)"),
        KeyBinding([.pageUp], "PgUp", .move(periods: -10), "10 periods back"),
        KeyBinding([.pageDown], "PgDn", .move(periods: 10), "10 periods forward"),
    ] + dataJumps + [
        KeyBinding([.character("=")], "=", .alignLevels, "align every level on this period"),
        KeyBinding([.enter], "Enter", .expand, "expand the page into its card", hint: "⏎ expand"),
        KeyBinding([.character("o")], "o", .toggleOverview, "overview of every level", hint: "o overview"),
        KeyBinding([.character("m")], "m", .toggleMap, "map: the level as a heatmap (a timeline for intervals)", hint: "m map"),
        KeyBinding(wheels: [.up, .left], "wheel", .move(periods: -1), "mouse wheel pages"),
        KeyBinding(wheels: [.down, .right], "", .move(periods: 1), ""),
        KeyBinding([.character(":")], ":", .openPrompt, "jump to a date or period id", hint: ": jump"),
        KeyBinding([.escape], "Esc", .cancel, "close help or prompt, cancel a count"),
    ] + viewKeys, takesCounts: true, takesText: false,
       notes: [("1-9", "a count before a move: 5← goes five periods back")])

    public static let card = KeyMap(bindings: [
        KeyBinding([.down, .character("j")], "↓ j", .cursor(by: 1), "next line"),
        KeyBinding([.up, .character("k")], "↑ k", .cursor(by: -1), "previous line (on the first: back to the page)"),
        KeyBinding([.pageDown], "PgDn", .cursorPages(1), "a page of lines down"),
        KeyBinding([.pageUp], "PgUp", .cursorPages(-1), "a page of lines up"),
        KeyBinding([.home, .character("g")], "Home g", .cursorTo(0), "first line"),
        KeyBinding([.end, .character("G")], "End G", .cursorToEnd, "last line"),
        KeyBinding([.left, .character("h")], "← h", .move(periods: -1), "previous period, card open"),
        KeyBinding([.right, .character("l")], "→ l", .move(periods: 1), "next period, card open"),
    ] + dataJumps + [
        KeyBinding([.enter], "Enter", .zoomIn, "zoom into the sub-bucket: the finer level's page", hint: "⏎ zoom"),
        KeyBinding([.escape, .backspace], "Esc", .collapse, "back to the page", hint: "Esc back"),
        KeyBinding(wheels: [.up, .left], "wheel", .cursor(by: -3), "mouse wheel scrolls; a click picks a line"),
        KeyBinding(wheels: [.down, .right], "", .cursor(by: 3), ""),
        KeyBinding([.character("/")], "/", .openSearch, "search the lines", hint: "/ search"),
        KeyBinding([.character("n")], "n", .searchNext, "next match"),
        KeyBinding([.character(":")], ":", .openPrompt, "jump to a date or period id"),
    ] + viewKeys, takesCounts: true, takesText: false,
       notes: [("1-9", "a count before a move: 5↓ goes five lines down")])

    public static let overview = KeyMap(bindings: [
        KeyBinding([.down, .character("j")], "↓ j", .coarserLevel, "next section (coarser level)"),
        KeyBinding([.up, .character("k")], "↑ k", .finerLevel, "previous section (finer level)"),
        KeyBinding([.left, .character("h")], "← h", .move(periods: -1), "previous period of the section"),
        KeyBinding([.right, .character("l")], "→ l", .move(periods: 1), "next period of the section"),
        KeyBinding([.home, .character("g")], "Home g", .firstPeriod, "first period"),
        KeyBinding([.end, .character("G")], "End G", .lastPeriod, "last period"),
        KeyBinding([.pageUp], "PgUp", .move(periods: -10), "10 periods back"),
        KeyBinding([.pageDown], "PgDn", .move(periods: 10), "10 periods forward"),
    ] + dataJumps + [
        KeyBinding([.enter], "Enter", .openPager, "the pager on this level and period", hint: "⏎ open"),
        KeyBinding([.character("o"), .escape], "o Esc", .toggleOverview, "back to the pager", hint: "o back"),
        KeyBinding(wheels: [.up], "wheel", .scrollOverview(by: -3), "the wheel scrolls the page; sideways, the strip"),
        KeyBinding(wheels: [.down], "", .scrollOverview(by: 3), ""),
        KeyBinding(wheels: [.left], "", .move(periods: -1), ""),
        KeyBinding(wheels: [.right], "", .move(periods: 1), ""),
    ] + viewKeys, takesCounts: true, takesText: false,
       notes: [("1-9", "a count before a move: 5→ goes five periods on")])

    public static let map = KeyMap(bindings: [
        KeyBinding([.left, .character("h")], "← h", .cursorColumn(by: -1), "cursor left"),
        KeyBinding([.right, .character("l")], "→ l", .cursorColumn(by: 1), "cursor right"),
        KeyBinding([.up, .character("k")], "↑ k", .cursor(by: -1), "cursor up"),
        KeyBinding([.down, .character("j")], "↓ j", .cursor(by: 1), "cursor down"),
        KeyBinding([.pageUp], "PgUp", .cursorPages(-1), "a screen of rows up"),
        KeyBinding([.pageDown], "PgDn", .cursorPages(1), "a screen of rows down"),
        KeyBinding([.home, .character("g")], "Home g", .cursorTo(0), "first row"),
        KeyBinding([.end, .character("G")], "End G", .cursorToEnd, "last row"),
        KeyBinding([.character("t")], "t", .nowPeriod, "the cell of now"),
    ] + dataJumps + [
        KeyBinding([.enter], "Enter", .zoomIn, "the cell on the finer level, in the pager", hint: "⏎ open"),
        KeyBinding([.character("r")], "r", .swapMapAxes, "rows: periods or series", hint: "r rows"),
        KeyBinding([.character("m"), .escape], "m Esc", .toggleMap, "back to the pager", hint: "m back"),
        KeyBinding([.character("/")], "/", .openSearch, "find a row by its label", hint: "/ find"),
        KeyBinding([.character("n")], "n", .searchNext, "next matching row"),
        KeyBinding([.character(":")], ":", .openPrompt, "jump to a date or period id"),
        KeyBinding(wheels: [.up], "wheel", .scrollMap(columns: 0, rows: -3), "scrolls rows; Shift or sideways, columns"),
        KeyBinding(wheels: [.down], "", .scrollMap(columns: 0, rows: 3), ""),
        KeyBinding(wheels: [.left], "", .scrollMap(columns: -3, rows: 0), ""),
        KeyBinding(wheels: [.right], "", .scrollMap(columns: 3, rows: 0), ""),
    ] + valueKeys + appKeys, takesCounts: true, takesText: false,
       notes: [("drag", "pans the grid along the axis it first moves"), ("click", "moves the cursor to the cell"),
               ("1-9", "a count before a move: 5↓ goes five rows down")])

    public static let help = KeyMap(bindings: [
        KeyBinding([.escape, .character("?"), .enter], "? Esc", .toggleHelp, "close help"),
        KeyBinding([.down, .character("j")], "↓ j", .scrollHelp(by: 1), "scroll down"),
        KeyBinding([.up, .character("k")], "↑ k", .scrollHelp(by: -1), "scroll up"),
        KeyBinding([.pageDown, .space], "PgDn", .scrollHelp(by: 10), "scroll a page down"),
        KeyBinding([.pageUp], "PgUp", .scrollHelp(by: -10), "scroll a page up"),
        KeyBinding(wheels: [.down], "wheel", .scrollHelp(by: 3), "scroll"),
        KeyBinding(wheels: [.up], "", .scrollHelp(by: -3), ""),
        KeyBinding([.character("q"), .ctrlC], "q ^C", .quit, "quit"),
    ], takesCounts: false, takesText: false, notes: [])

    public static let prompt = KeyMap(bindings: [
        KeyBinding([.enter], "Enter", .promptSubmit, "jump"),
        KeyBinding([.escape], "Esc", .cancel, "close the prompt"),
        KeyBinding([.backspace], "Backspace", .promptBackspace, "delete a character"),
        KeyBinding([.ctrlC], "^C", .quit, "quit"),
    ], takesCounts: false, takesText: true, notes: [])

    public static let search = KeyMap(bindings: [
        KeyBinding([.enter], "Enter", .promptSubmit, "find the next line with the text"),
        KeyBinding([.escape], "Esc", .cancel, "close the search"),
        KeyBinding([.backspace], "Backspace", .promptBackspace, "delete a character"),
        KeyBinding([.ctrlC], "^C", .quit, "quit"),
    ], takesCounts: false, takesText: true, notes: [])

    /// Every map, for help tests and the soak test's random keys.
    public static let all: [KeyMap] = [.pager, .card, .overview, .map, .timeline, .timelineCard, .help, .prompt, .search]
}
