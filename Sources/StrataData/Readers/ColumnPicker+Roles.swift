/// What the columns of a sample are for, beyond the time: values, series,
/// or neither (parts of a time, ids, codes, constants).
extension ColumnPicker {
    /// Names of values that are levels, whose periods show a mean, not a sum.
    static let levelWords: Set<String> = [
        "temp", "temperature", "price", "open", "close", "high", "low", "rate", "ratio", "pct", "percent",
        "humidity", "pressure", "speed", "level", "score", "avg", "average", "mean",
    ]

    /// `temp_max`, `avgSpeed`, `Close Price`: a word of the name is a level word.
    static func isLevelName(_ name: String) -> Bool {
        var words: [String] = [], word = ""
        for ch in name {
            if ch.isLetter && !(ch.isUppercase && word.last?.isLowercase == true) {
                word.append(ch)
            } else {
                if !word.isEmpty { words.append(word.lowercased()) }
                word = ch.isLetter ? String(ch) : ""
            }
        }
        if !word.isEmpty { words.append(word.lowercased()) }
        return name.contains("%") || words.contains { levelWords.contains($0) || $0.hasPrefix("temp") }
    }

    /// A column whose values can be a value: numeric, and not a part of a
    /// time, a time, an id, a code or a constant.
    func isValue(_ c: Int, decimalComma: Bool) -> Bool {
        isNumeric(sample.column(c), decimalComma: decimalComma) && numberRefusal(c) == nil
    }

    /// Why a numeric column is not taken for a value (`is an id`), for the
    /// note when no column is; nil when it is a value.
    func numberRefusal(_ c: Int) -> String? {
        let n = name(c).lowercased()
        if TimePart(name: n) != nil || Self.looksLikeTimeName(n) { return "is a part of the time" }
        if n == "id" || n.hasSuffix("_id") || n.hasSuffix(" id") || n.hasSuffix("-id") { return "is an id" }
        if n == "code" || n.hasSuffix("_code") || n.hasSuffix(" code") || n == "zip" || n.hasSuffix("_zip") { return "is a code" }
        let present = sample.column(c).map { String(decoding: ByteText.trimmed($0), as: UTF8.self) }.filter { !$0.isEmpty }
        if present.count >= 2 && Set(present).count == 1 { return "holds one value throughout" }
        // Five or more consecutive integers, one per row: a row number, unless the column says it is the value.
        let integers = present.compactMap { Int($0) }
        if n != "value", integers.count == present.count, integers.count >= 5,
           zip(integers.dropFirst(), integers).allSatisfy({ $0 - $1 == 1 }) {
            return "counts \(integers[0]), \(integers[1]), \(integers[2])… like a row number"
        }
        return nil
    }

    /// Decimal commas: allowed by the delimiter, and the sample's numbers
    /// (outside the time) write them while none writes a decimal point.
    func usesDecimalComma(excluding used: [Int]) -> Bool {
        guard decimalCommaAllowed else { return false }
        var comma = 0, point = 0
        for c in 0..<columnCount where !used.contains(c) {
            for v in sample.column(c) {
                switch ValueParser.writesDecimalComma(v) {
                case true?: comma += 1
                case false?: point += 1
                case nil: break
                }
            }
        }
        return comma > 0 && point == 0
    }

    /// Each sample row's UTC instant (naive times read as UTC: only gaps
    /// matter here) and its written offset.
    func sampleTimes(_ time: RowPlan.Time, _ format: TimeFormat) -> [(Int64, Int32?)?] {
        let (s, c) = values(time)
        var parser = TimeParser(format: format, zone: .utc, now: now)
        return s.column(c).map { f in
            parser.parse(f).map { ($0, SampleProfile.offset(of: ByteText.trimmed(f), format: format)) }
        }
    }

    /// The series column: every time in the sample has k rows (the last
    /// time may be cut short by the end of the sample) and a text column
    /// has k distinct values (2 to 50), one per row of each time.
    func detectSeries(times: [(Int64, Int32?)?], excluding used: [Int], decimalComma: Bool) -> Int? {
        var groups: [Int64: [Int]] = [:], order: [Int64] = []
        for (r, t) in times.enumerated() {
            guard let t = t?.0 else { continue }
            if groups[t] == nil { order.append(t) }
            groups[t, default: []].append(r)
        }
        guard order.count >= 2 else { return nil }
        let whole = order.count > 2 ? order.dropLast() : order[...]
        guard let k = groups[whole.first!]?.count, k >= 2, k <= 50, whole.allSatisfy({ groups[$0]!.count == k }) else { return nil }
        return (0..<columnCount).first { c in
            guard !used.contains(c), !isNumeric(sample.column(c), decimalComma: decimalComma) else { return false }
            let all = Set((0..<sample.count).filter { times[$0] != nil }.map { sample.text($0, c) })
            return all.count == k && !all.contains("")
                && order.allSatisfy { t in Set(groups[t]!.map { sample.text($0, c) }).count == groups[t]!.count }
        }
    }

    /// Columns named as parts of a time, year first (needed), in the order
    /// year, month, day, hour, minute, stopping at the first part missing.
    func timeParts(among candidates: [Int]) -> [Int]? {
        var found: [TimePart: Int] = [:]
        for c in candidates {
            if let part = TimePart(name: name(c)), found[part] == nil { found[part] = c }
        }
        var parts: [Int] = []
        for part in TimePart.allCases {
            guard let c = found[part] else { break }
            parts.append(c)
        }
        return parts.isEmpty ? nil : parts
    }
}
