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

    /// The footer's hints: the screen's own, help and quit, then `f` and `e`, which give way first where the width is short.
    public var hints: [String] {
        let all = bindings.compactMap(\.hint), last = Self.filterKeys.compactMap(\.hint)
        return all.filter { !last.contains($0) } + all.filter(last.contains)
    }
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

    /// Which rows are shown, and `e` to keep them: every screen with a header's.
    static let filterKeys: [KeyBinding] = [
        KeyBinding([.character("f")], "f", .openFilter, "filter the rows: status >= 500, a word", hint: "f filter"),
        KeyBinding([.character("F")], "F", .clearFilter, "clear the filter: every row again"),
        KeyBinding([.character("g")], "g", .openBreakdowns, "split the rows into series by a field"),
        KeyBinding([.character("e")], "e", .exportLevel, "export this level's periods to a CSV file here", hint: "e export"),
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
    static let viewKeys = valueKeys + filterKeys + chartKeys + appKeys

    public static let prompt = textEntry(submitting: "jump", closing: "close the prompt")
    public static let search = textEntry(submitting: "find the next line with the text", closing: "close the search")
    /// The `f` prompt: a line of text, and this session's filters again.
    public static let filterPrompt = KeyMap(bindings: textEntry(submitting: "filter the rows", closing: "close the prompt").bindings + [
        KeyBinding([.up], "↑", .recallFilter(older: true), "the filter before"),
        KeyBinding([.down], "↓", .recallFilter(older: false), "the filter after"),
    ], takesCounts: false, takesText: true, notes: [])

    /// A line of typed text: Enter submits it, Esc closes it, other characters are typed.
    private static func textEntry(submitting: String, closing: String) -> KeyMap {
        KeyMap(bindings: [
            KeyBinding([.enter], "Enter", .promptSubmit, submitting),
            KeyBinding([.escape], "Esc", .cancel, closing),
            KeyBinding([.backspace], "Backspace", .promptBackspace, "delete a character"),
            KeyBinding([.ctrlC], "^C", .quit, "quit"),
        ], takesCounts: false, takesText: true, notes: [])
    }

    /// The `g` list: a field under the cursor, Enter splits the rows by it.
    public static let breakdownList = KeyMap(bindings: [
        KeyBinding([.up, .character("k")], "↑ k", .moveBreakdownCursor(-1), "the field above"),
        KeyBinding([.down, .character("j")], "↓ j", .moveBreakdownCursor(1), "the field below"),
        KeyBinding([.enter], "Enter", .chooseBreakdown, "split the rows by it"),
        KeyBinding([.escape], "Esc", .cancel, "close the list"),
        KeyBinding([.character("q"), .ctrlC], "q ^C", .quit, "quit"),
    ], takesCounts: false, takesText: false, notes: [])

    /// Every map, for help tests and the soak test's random keys.
    public static let all: [KeyMap] = [.pager, .card, .cardRecord, .overview, .map, .timeline, .timelineCard, .help, .prompt, .search, .filterPrompt, .breakdownList]
}
