/// Reads an interval's length from field bytes (`--duration`): seconds
/// (`5400`, `5400.5`), units (`90m`, `1h30m`, `1h 30m`, `2d`, `45s`), or a
/// clock (`01:30:00`, `1:30` for hours and minutes). Empty or a marker of
/// no value (`-`, `NA`, `null`) is a missing duration, as it is no value elsewhere.
enum DurationParser {
    enum Outcome: Equatable {
        case seconds(Int64)
        case missing
        case negative
        case unreadable
    }

    static func parse(_ raw: Field) -> Outcome {
        let f = ByteText.trimmed(raw)
        guard !ValueParser.isNoValue(f) else { return .missing }
        if f[0] == UInt8(ascii: "-") {
            return parse(Field(rebasing: f[1...])) == .unreadable ? .unreadable : .negative
        }
        if let v = ValueParser.parse(f) { return v.isFinite ? .seconds(Int64(v.rounded())) : .unreadable }
        if f.contains(UInt8(ascii: ":")) { return clock(f) }
        return units(f)
    }

    /// `H:MM:SS` or `H:MM`.
    private static func clock(_ f: Field) -> Outcome {
        var parts: [Int64] = []
        var i = 0
        while i <= f.count {
            guard let (value, length) = ByteText.number(f, i, max: 9) else { return .unreadable }
            parts.append(Int64(value))
            i += length
            if i == f.count { break }
            guard f[i] == UInt8(ascii: ":") else { return .unreadable }
            i += 1
        }
        guard parts.count == 2 || parts.count == 3, parts.dropFirst().allSatisfy({ $0 < 60 }) else { return .unreadable }
        return .seconds(parts[0] * 3600 + parts[1] * 60 + (parts.count == 3 ? parts[2] : 0))
    }

    /// Numbers each followed by a unit, `d` `h` `m` `s` (`min` and `sec` too), largest first.
    private static func units(_ f: Field) -> Outcome {
        var total: Int64 = 0
        var i = 0
        var lastScale = Int64.max
        while i < f.count {
            i = ByteText.skipSpaces(f, i)
            guard let (value, length) = ByteText.number(f, i, max: 12) else { return .unreadable }
            i = ByteText.skipSpaces(f, i + length)
            let word = ByteText.letterRun(f, i)
            guard word > 0 else { return .unreadable }
            guard let scale = scale(f, i, word) else { return .unreadable }
            guard scale < lastScale else { return .unreadable }
            lastScale = scale
            total += Int64(value) * scale
            i = ByteText.skipSpaces(f, i + word)
        }
        return .seconds(total)
    }

    private static func scale(_ f: Field, _ i: Int, _ word: Int) -> Int64? {
        if word == 3 { return ByteText.matches(f, i, "min") ? 60 : ByteText.matches(f, i, "sec") ? 1 : nil }
        guard word == 1 else { return nil }
        switch ByteText.lower(f[i]) {
        case UInt8(ascii: "d"): return 86_400
        case UInt8(ascii: "h"): return 3600
        case UInt8(ascii: "m"): return 60
        case UInt8(ascii: "s"): return 1
        default: return nil
        }
    }

    /// Why a field is not a duration, for the skipped-row message; nil when it is one.
    static func reason(_ outcome: Outcome, _ raw: Field, column: String) -> String? {
        switch outcome {
        case .seconds: nil
        case .missing: "missing duration in column \"\(column)\""
        case .negative: "negative duration \(ByteText.quoted(ByteText.trimmed(raw)))"
        case .unreadable: "duration \(ByteText.quoted(ByteText.trimmed(raw))) is not seconds, 90m, 1h30m or 01:30:00"
        }
    }
}
