/// The `#` lines at the top of a log that name its fields, as a CSV
/// header would: the W3C extended log format (IIS, CloudFront, proxies:
/// `#Fields: date time cs-method …`, rows split by spaces or tabs) and
/// Zeek's TSV logs (`#separator \x09`, `#fields ts uid …`, `#unset_field -`).
/// Found only when one of those lines is there: a CSV whose first line
/// merely starts with `#` (`# time,value`) is no such log.
struct LogDirectives {
    enum Family: Equatable { case w3c, zeek }

    let family: Family
    let names: [String]
    let separator: UInt8
    /// Cells that mean no value besides `-`: Zeek's `#unset_field` and `#empty_field`.
    let absentMarkers: [[UInt8]]
    /// Zeek's `#types`, a field's each (`time`, `port`, `count`…); empty for W3C.
    var types: [String] = []
    /// `fieldsKey` of the names: a later `#Fields` line with another key names other fields.
    var key: UInt64 { Self.fieldsKey(names) }

    /// The stderr note on the input's shape.
    var note: String {
        let count = names.count == 1 ? "1 field" : "\(names.count) fields"
        switch family {
        case .w3c: return "input: W3C extended log (#Fields), " + (separator == ByteText.tab ? "tab-separated, " : "") + count
        case .zeek: return "input: Zeek log (#fields), \(count)"
        }
    }

    /// Why fields of numbers are no values (`ColumnPicker.notValues`): a
    /// port (Zeek's `#types` says so, W3C's `s-port` by name) and a W3C
    /// status (`sc-status`, `sc-win32-status`), which is a code.
    var notValues: [Int: String] {
        var refused: [Int: String] = [:]
        for (c, name) in names.enumerated() {
            let last = ColumnNames.words(name).last
            if c < types.count ? types[c] == "port" : last == "port" {
                refused[c] = "is a port"
            } else if family == .w3c, last == "status" || last == "substatus" {
                refused[c] = "is a code"
            }
        }
        return refused
    }

    /// The directives of `head`, the input's first bytes, when its leading
    /// `#` lines hold a `#Fields:` line, or a Zeek `#separator` and `#fields`.
    static func read(_ head: Field) -> LogDirectives? {
        // Most inputs are no such log: the first byte past blank lines says
        // so, as the format's sniff passes them (the scanner is past a BOM).
        let first = ByteText.skipSpacesAndNewlines(head, 0)
        guard first < head.count, head[first] == UInt8(ascii: "#"), first == 0 || head[first - 1] == 10 else { return nil }
        var zeekSeparator: UInt8?
        var fields: [String]?
        var family = Family.w3c
        var markers: [[UInt8]] = []
        var firstRow: Field?
        var types: [String] = []
        for line in leadingLines(Field(rebasing: head[first...])) {
            guard line.first == UInt8(ascii: "#") else {
                firstRow = line
                break
            }
            if let separator = separatorDirective(line) {
                zeekSeparator = separator
            } else if let names = fieldNames(line) {
                family = line[7] == UInt8(ascii: ":") ? .w3c : .zeek
                fields = names
            } else if ByteText.matches(line, 0, "#types"), line.count > 6, ByteText.isSpace(line[6]) {
                types = words(line, from: 7)
            } else if let marker = zeekMarker(line) {
                markers.append(marker)
            }
        }
        guard let names = fields, !names.isEmpty else { return nil }
        switch family {
        case .zeek:
            guard let separator = zeekSeparator else { return nil }
            return LogDirectives(family: .zeek, names: names, separator: separator, absentMarkers: markers,
                                 types: types.count == names.count ? types : [])
        case .w3c:
            let tabbed = firstRow.map { $0.contains(ByteText.tab) } ?? false
            return LogDirectives(family: .w3c, names: names, separator: tabbed ? ByteText.tab : ByteText.space, absentMarkers: [])
        }
    }

    /// The names a `#Fields:` (W3C) or `#fields` (Zeek) line gives, split
    /// by runs of spaces or tabs; nil for any other line (case aside).
    static func fieldNames(_ line: Field) -> [String]? {
        let rest: Int
        if ByteText.matches(line, 0, "#Fields:") {
            rest = 8
        } else if ByteText.matches(line, 0, "#fields"), line.count > 7, ByteText.isSpace(line[7]) {
            rest = 8
        } else {
            return nil
        }
        return words(line, from: rest)
    }

    /// The words of `line` from `from` on, split by runs of spaces or tabs.
    private static func words(_ line: Field, from rest: Int) -> [String] {
        var names: [String] = []
        var start: Int?
        for i in rest...line.count {
            let ends = i == line.count || ByteText.isSpace(line[i]) || line[i] == 13
            if ends, let s = start {
                names.append(String(decoding: line[s..<i], as: UTF8.self))
                start = nil
            } else if !ends && start == nil {
                start = i
            }
        }
        return names
    }

    /// A key of the names (FNV-1a over them, each ended by a NUL), to tell a
    /// later block's fields from the first's without keeping their text.
    static func fieldsKey(_ names: [String]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for name in names {
            for b in name.utf8 + [0] { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
        }
        return hash
    }

    /// Zeek's `#separator \x09`: the byte its escape writes.
    private static func separatorDirective(_ line: Field) -> UInt8? {
        guard ByteText.matches(line, 0, "#separator"), line.count > 11 else { return nil }
        let value = ByteText.trimmed(Field(rebasing: line[11...]))
        if value.count == 4, value[0] == UInt8(ascii: "\\"), ByteText.lower(value[1]) == UInt8(ascii: "x"),
           let code = UInt8(String(decoding: value[2...], as: UTF8.self), radix: 16) {
            return code
        }
        return value.count == 1 ? value[0] : nil
    }

    /// The value of `#unset_field` or `#empty_field`, which Zeek writes for no value.
    private static func zeekMarker(_ line: Field) -> [UInt8]? {
        for word: StaticString in ["#unset_field", "#empty_field"] where ByteText.matches(line, 0, word) {
            let value = ByteText.trimmed(Field(rebasing: line[word.utf8CodeUnitCount...]))
            return value.isEmpty ? nil : Array(value)
        }
        return nil
    }

    /// The whole lines of `head` less their CR, up to the first that is no
    /// `#` line (the first row, which is the last).
    private static func leadingLines(_ head: Field) -> [Field] {
        var lines: [Field] = []
        var start = 0
        for i in head.indices where head[i] == 10 {
            let end = i > start && head[i - 1] == 13 ? i - 1 : i
            lines.append(Field(rebasing: head[start..<end]))
            if head[start] != UInt8(ascii: "#") { break }
            start = i + 1
        }
        return lines
    }
}
