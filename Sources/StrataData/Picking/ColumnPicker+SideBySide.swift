/// Value columns that measure one kind of thing side by side, read as
/// series named by the columns: several prices (open, high, low, close),
/// several counts of one unit (wounds, other, disease), one quantity by
/// category (coal, gas, wind), approval by pollster.
extension ColumnPicker {
    /// Words that name a side of one measure, not a measure of its own.
    static let sideWords: Set<String> = [
        "open", "high", "low", "close", "adj", "adjusted", "min", "max", "minimum", "maximum", "avg", "average", "mean",
        "median", "first", "last", "lo", "hi", "top", "bottom", "start", "end",
    ]
    /// Side by side columns' typical sizes lie within this factor of each other.
    static let sideBySideSpread = 100.0

    /// The value columns read as series, from `first`, the value: it and the
    /// value columns after it in the header, up to the first that is not a
    /// value or is called another aggregate (`ValueKind`), when they are 2 to
    /// `SeriesRule.cap`, each named in the header, and their names say one
    /// kind: all share a word other than a side (`temp_max`, `temp_min`), or
    /// none says what it measures (a unit, or a word of `ValueKind`'s lists
    /// other than a side: `open`, `high`, `low`, `close`; `wounds`, `other`,
    /// `disease`), and then their typical sizes (the median of a column's
    /// non-zero sample values, unsigned) lie within `sideBySideSpread` of
    /// each other. Nil otherwise: `temperature` beside `humidity` are two
    /// things, and `precipitation` beside `temp_max` two aggregates.
    func sideBySide(from first: Int, excluding used: Set<Int>, kind: (Int) -> ValueKind, decimalComma: Bool) -> [Int]? {
        var run: [Int] = []
        let aggregate = kind(first).aggregate
        for c in first..<columnCount where !used.contains(c) {
            guard c < names.count, !names[c].trimmingCharacters(in: " ").isEmpty, isValue(c, decimalComma: decimalComma),
                  run.isEmpty || kind(c).aggregate == aggregate else { break }
            run.append(c)
        }
        guard (2...SeriesRule.cap).contains(run.count) else { return nil }
        if !Self.sharedWords(run.map(name)).isEmpty { return run }
        guard run.allSatisfy({ Self.measureWords(name($0)).isEmpty }) else { return nil }
        let sizes = run.map { typicalSize($0, decimalComma: decimalComma) }
        guard let smallest = sizes.min(), let largest = sizes.max(), smallest > 0 else { return nil }
        return largest <= smallest * Self.sideBySideSpread ? run : nil
    }

    /// The words every name has, other than sides: `temp` of `temp_max` and `temp_min`.
    static func sharedWords(_ names: [String]) -> [String] {
        guard let first = names.first else { return [] }
        let rest = names.dropFirst().map { Set(ColumnNames.words($0)) }
        var seen: Set<String> = []
        return ColumnNames.words(first).filter { word in
            !sideWords.contains(word) && rest.allSatisfy { $0.contains(word) } && seen.insert(word).inserted
        }
    }

    /// What a name says it measures: its unit, and the words of
    /// `ValueKind`'s lists in it that are not sides (`temperature`, `sales`).
    static func measureWords(_ name: String) -> [String] {
        let lower = name.lowercased()
        let units = ValueKind.levelUnits.filter { lower.contains($0) }
        let words = ColumnNames.words(name).filter { word in
            !sideWords.contains(word) && (ValueKind.levelWords.contains(word) || ValueKind.quantityWords.contains(word) || word.hasPrefix("temp"))
        }
        return units + words
    }

    /// The median of column `c`'s non-zero sample values, unsigned; 0 when it has none.
    private func typicalSize(_ c: Int, decimalComma: Bool) -> Double {
        let parse = decimalComma ? ValueParser.parseDecimalComma : ValueParser.parse
        let sizes = sample.column(c).compactMap { parse($0).map(abs) }.filter { $0 > 0 }.sorted()
        return sizes.isEmpty ? 0 : sizes[sizes.count / 2]
    }
}
