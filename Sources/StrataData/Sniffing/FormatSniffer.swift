/// Guesses an input's format from its name and first bytes: `.jsonl` or
/// a leading `{` on a line of its own is JSON Lines; a leading `[`, or a
/// `{` that opens more than its line, is a JSON document; `.tsv` or a
/// consistent tab is TSV; a consistent `,` `;` or `|` is CSV; anything
/// else is a log of lines. A `.log` is lines unless it is JSON. A comma
/// that marks a time's fraction of a second (`10:00:00,123 INFO …`, as
/// log4j and Python's logging write it) splits no field: by that alone a
/// log is no CSV, whatever its name.
enum FormatSniffer {
    static let delimiters: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: "\t"), UInt8(ascii: ";"), UInt8(ascii: "|")]

    /// The name's extension, lowercased, ignoring a trailing `.gz`.
    static func fileExtension(_ name: String) -> String {
        var parts = name.lowercased().split(separator: "/").last.map { $0.split(separator: ".") } ?? []
        if parts.count > 1, parts.last == "gz" { parts.removeLast() }
        return parts.count > 1 ? String(parts.last!) : ""
    }

    static func format(name: String, head: Field) -> InputFormat {
        switch fileExtension(name) {
        case "jsonl", "ndjson": return .jsonl
        case "json": return JSONDocument.isDocument(head) ? .json : .jsonl
        case "tsv", "tab": return .tsv
        case "csv": return .csv
        // Docker's `<id>-json.log` is JSON Lines, as its pipe is.
        case "log": return json(head) ?? .lines
        default: break
        }
        if let json = json(head) { return json }
        guard let d = delimiter(head) else { return .lines }
        return d == UInt8(ascii: "\t") ? .tsv : .csv
    }

    /// A JSON document, or JSON Lines when the first byte past blank lines opens an object; nil for neither.
    private static func json(_ head: Field) -> InputFormat? {
        if JSONDocument.isDocument(head) { return .json }
        let first = ByteText.skipSpacesAndNewlines(head, 0)
        return first < head.count && head[first] == UInt8(ascii: "{") ? .jsonl : nil
    }

    /// The delimiter that splits the first lines into the same number of
    /// fields (outside quotes), or nil when none does consistently. Up to
    /// three narrower lines above may be a preamble (a title, `"Last
    /// Updated Date","2025-01-28",`): a small table under them has too few
    /// rows to outweigh them, and its name alone (`.csv`) would have read it.
    static func delimiter(_ head: Field, candidates: [UInt8] = delimiters) -> UInt8? {
        let lines = firstLines(head, max: 30)
        guard !lines.isEmpty else { return nil }
        for preamble in 0...min(3, (lines.count - 1) / 2) {
            if let d = delimiter(lines, below: preamble, candidates: candidates) { return d }
        }
        return nil
    }

    /// The delimiter splitting 80% of `lines` past the first `preamble` into
    /// the same number of fields, the most consistent first, each line above
    /// having fewer.
    private static func delimiter(_ lines: [Field], below preamble: Int, candidates: [UInt8]) -> UInt8? {
        let table = lines[preamble...]
        var best: (delimiter: UInt8, share: Double, count: Int)?
        for d in candidates {
            var tally: [Int: Int] = [:]
            for line in table { tally[count(d, in: line), default: 0] += 1 }
            guard let (mode, hits) = tally.filter({ $0.key > 0 }).max(by: { ($0.value, $0.key) < ($1.value, $1.key) }) else { continue }
            let share = Double(hits) / Double(table.count)
            guard share >= 0.8, lines[..<preamble].allSatisfy({ count(d, in: $0) < mode }) else { continue }
            if best == nil || share > best!.share || (share == best!.share && mode > best!.count) {
                best = (d, share, mode)
            }
        }
        return best?.delimiter
    }

    /// Occurrences of `d` outside quoted fields (`""` inside one is a
    /// quote), but for a comma that marks a time's fraction of a second.
    static func count(_ d: UInt8, in line: Field) -> Int {
        var n = 0, inQuote = false, fieldStart = true, escaped = false
        for (i, b) in line.enumerated() {
            if inQuote {
                if escaped {
                    escaped = false
                } else if b == UInt8(ascii: "\"") {
                    if i + 1 < line.count, line[i + 1] == UInt8(ascii: "\"") { escaped = true } else { inQuote = false }
                }
            } else if b == UInt8(ascii: "\"") && fieldStart {
                inQuote = true
            } else if b == d, !(d == UInt8(ascii: ",") && marksFraction(line, comma: i)) {
                n += 1
                fieldStart = true
                continue
            }
            fieldStart = false
        }
        return n
    }

    /// Whether the comma at `i` follows a clock's seconds (`:SS`) and leads
    /// digits then a space, as in `2024-01-05 10:00:00,123 INFO …`. A CSV's
    /// value after a time ends its line or meets the next delimiter instead.
    static func marksFraction(_ line: Field, comma i: Int) -> Bool {
        guard i >= 3, line[i - 3] == UInt8(ascii: ":"), ByteText.isDigit(line[i - 2]), ByteText.isDigit(line[i - 1]) else { return false }
        var k = i + 1
        while k < line.count, ByteText.isDigit(line[k]) { k += 1 }
        return k > i + 1 && k < line.count && line[k] == ByteText.space
    }

    /// Up to `max` non-blank complete lines (the last one only if the head
    /// is all there is). A line break inside a quoted field ends none, as a
    /// CSV's cell of several lines does not end its record: the quote opens
    /// a line or follows a delimiter, as `count` reads it, and `""` inside is a quote.
    static func firstLines(_ head: Field, max: Int) -> [Field] {
        var lines: [Field] = []
        var start = 0
        var i = 0
        var inQuote = false, fieldStart = true
        let quote = UInt8(ascii: "\"")
        while i < head.count, lines.count < max {
            let b = head[i]
            if inQuote {
                if b == quote {
                    if i + 1 < head.count, head[i + 1] == quote { i += 1 } else { inQuote = false }
                }
                fieldStart = false
            } else if b == UInt8(ascii: "\n") {
                let line = ByteText.trimmed(Field(rebasing: head[start..<i]))
                if !line.isEmpty { lines.append(line) }
                start = i + 1
                fieldStart = true
            } else {
                inQuote = b == quote && fieldStart
                fieldStart = delimiters.contains(b)
            }
            i += 1
        }
        if lines.count < max, start < head.count, lines.isEmpty || head.count < 64 * 1024 {
            let line = ByteText.trimmed(Field(rebasing: head[start..<head.count]))
            if !line.isEmpty { lines.append(line) }
        }
        return lines
    }
}

extension ByteText {
    static func skipSpacesAndNewlines(_ f: Field, _ i: Int) -> Int {
        var k = i
        while k < f.count, f[k] == space || f[k] == tab || f[k] == 10 || f[k] == 13 { k += 1 }
        return k
    }
}
