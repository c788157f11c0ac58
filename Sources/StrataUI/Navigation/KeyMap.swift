import StrataData

/// One row of the key map: which keys, what they do, and how help and the
/// footer describe them. Help and hints are generated from this table.
public struct KeyBinding: Sendable {
    public let keys: [Key]
    /// How help shows the keys: `←/h`.
    public let keyLabel: String
    public let action: Action
    public let summary: String
    /// The footer's short form (`←→ day` is built from `hint` and the level), nil if not shown.
    public let hint: String?
}

public enum KeyMap {
    public static let pager: [KeyBinding] = [
        KeyBinding(keys: [.left, .character("h")], keyLabel: "← h", action: .move(periods: -1),
                   summary: "previous period", hint: nil),
        KeyBinding(keys: [.right, .character("l")], keyLabel: "→ l", action: .move(periods: 1),
                   summary: "next period", hint: nil),
        KeyBinding(keys: [.down, .character("j")], keyLabel: "↓ j", action: .coarserLevel,
                   summary: "coarser level (day → week → month)", hint: nil),
        KeyBinding(keys: [.up, .character("k")], keyLabel: "↑ k", action: .finerLevel,
                   summary: "finer level", hint: nil),
        KeyBinding(keys: [.home, .character("g")], keyLabel: "Home g", action: .firstPeriod,
                   summary: "first period", hint: nil),
        KeyBinding(keys: [.end, .character("G")], keyLabel: "End G", action: .lastPeriod,
                   summary: "last period", hint: nil),
        KeyBinding(keys: [.character("t")], keyLabel: "t", action: .nowPeriod,
                   summary: "the period containing now (or the latest)", hint: nil),
        KeyBinding(keys: [.pageUp], keyLabel: "PgUp", action: .move(periods: -10),
                   summary: "10 periods back", hint: nil),
        KeyBinding(keys: [.pageDown], keyLabel: "PgDn", action: .move(periods: 10),
                   summary: "10 periods forward", hint: nil),
        KeyBinding(keys: [.wheelUp], keyLabel: "wheel", action: .move(periods: -1),
                   summary: "mouse wheel pages", hint: nil),
        KeyBinding(keys: [.wheelDown], keyLabel: "", action: .move(periods: 1),
                   summary: "", hint: nil),
        KeyBinding(keys: [.character(":")], keyLabel: ":", action: .openPrompt,
                   summary: "jump to a date or period id", hint: ": jump"),
        KeyBinding(keys: [.character("a")], keyLabel: "a", action: .cycleAggregate,
                   summary: "cycle the aggregate: sum, count, mean, min, max", hint: "a agg"),
        KeyBinding(keys: [.tab], keyLabel: "Tab", action: .nextSeries,
                   summary: "next series", hint: nil),
        KeyBinding(keys: [.backTab], keyLabel: "S-Tab", action: .previousSeries,
                   summary: "previous series", hint: nil),
        KeyBinding(keys: [.character("?")], keyLabel: "?", action: .toggleHelp,
                   summary: "this help", hint: "? help"),
        KeyBinding(keys: [.escape], keyLabel: "Esc", action: .cancel,
                   summary: "close help or prompt, cancel a count", hint: nil),
        KeyBinding(keys: [.character("q"), .ctrlC], keyLabel: "q ^C", action: .quit,
                   summary: "quit", hint: "q quit"),
    ]

    /// The action a key means in `mode`, or nil when it means nothing there.
    /// (The prompt's Enter is resolved by the app, which knows the calendar.)
    public static func action(for key: Key, in mode: State.Mode) -> Action? {
        switch mode {
        case .prompt:
            switch key {
            case .escape: return .cancel
            case .ctrlC: return .quit
            case .backspace: return .promptBackspace
            case .character(let c): return .promptInput(c)
            case .space: return .promptInput(" ")
            case .resize(let size): return .resized(size)
            default: return nil
            }
        case .help:
            switch key {
            case .escape, .character("?"), .enter: return .toggleHelp
            case .character("q"), .ctrlC: return .quit
            case .resize(let size): return .resized(size)
            default: return nil
            }
        case .pager:
            if case .resize(let size) = key { return .resized(size) }
            if case .character(let c) = key, let digit = c.wholeNumberValue, c.isASCII { return .countDigit(digit) }
            return pager.first { $0.keys.contains(key) }?.action
        }
    }
}
