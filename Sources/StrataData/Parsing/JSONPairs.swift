/// Metric matrices: an array of `[time, value]` pairs in a record
/// (Prometheus `values`: `[[1700000000, "0.5"], …]`), or one pair (an
/// instant query's `value`). Each pair is a row; the record's other fields
/// name its series.
enum JSONPairs {
    /// The names a record's rows get for the pairs at `path`, and for its other fields together.
    static func timeName(_ path: String) -> String { path + "[0]" }
    static func valueName(_ path: String) -> String { path + "[1]" }
    static let seriesName = "labels"

    /// Where a record's pairs are, and the slots (`RecordPlan.json`'s paths) their rows fill.
    struct Plan: Sendable {
        var path: [UInt8]
        var time: Int?
        var value: Int?
        var labels: Int?
        /// The fields that name a record's series; empty: all of them.
        var labelPaths: [[UInt8]] = []
    }

    /// What the sample's records say about their series: the fields whose
    /// values differ between them name a series (`instance=web-1:9100`;
    /// all fields when none differ), and the `__name__` they share, if
    /// any, names the values (`node_load1`).
    struct Labels {
        let paths: [String]
        let metric: String?

        init(_ records: [[(path: String, value: [UInt8])]]) {
            var order: [String] = []
            var values: [String: Set<[UInt8]>] = [:]
            for fields in records {
                for (path, value) in fields {
                    if values[path] == nil { order.append(path) }
                    values[path, default: []].insert(value)
                }
            }
            let varying = order.filter { path in values[path]!.count > 1 || records.contains { !$0.contains { $0.path == path } } }
            paths = varying.isEmpty ? order : varying
            let names = order.filter { $0 == "__name__" || $0.hasSuffix(".__name__") }.compactMap { values[$0] }
            metric = names.count == 1 && names[0].count == 1 ? String(decoding: names[0].first!, as: UTF8.self) : nil
        }

        func text(_ fields: [(path: String, value: [UInt8])]) -> [UInt8] {
            var labels = ByteBuffer()
            defer { labels.free() }
            for (path, value) in fields where paths.contains(path) {
                Array(path.utf8).withUnsafeBufferPointer { p in
                    value.withUnsafeBufferPointer { v in appendLabel(path: p, value: v, keyed: paths.count != 1, to: &labels) }
                }
            }
            return Array(labels.bytes)
        }
    }

    /// The record's other fields as a series name: `key=value, …` with each
    /// key's last part (`metric.job` is `job`), Prometheus' `__name__` as its
    /// value alone, and any field alone when it is the only one (not `keyed`).
    static func appendLabel(path: Field, value: Field, keyed: Bool, to labels: inout ByteBuffer) {
        if labels.count > 0 {
            labels.append(UInt8(ascii: ","))
            labels.append(ByteText.space)
        }
        let key = Field(rebasing: path[(path.lastIndex(of: UInt8(ascii: ".")).map { $0 + 1 } ?? 0)...])
        if keyed && !key.elementsEqual("__name__".utf8) {
            labels.append(key)
            labels.append(UInt8(ascii: "="))
        }
        labels.append(value)
    }

    /// Calls `body` with each pair's time and value (a string's text,
    /// without its quotes); false when `array` is not pairs, or not one
    /// pair. Strings with escapes are not pairs: times and numbers have none.
    @discardableResult
    static func each<E: Error>(in array: Field, _ body: (_ time: Field, _ value: Field) throws(E) -> Void) throws(E) -> Bool {
        var i = skip(array, 1)
        guard i < array.count else { return false }
        if array[i] != UInt8(ascii: "[") {
            guard let (time, value, end) = pair(array, 0), skip(array, end) == array.count else { return false }
            try body(time, value)
            return true
        }
        while i < array.count {
            guard let (time, value, end) = pair(array, i) else { return false }
            try body(time, value)
            i = skip(array, end)
            guard i < array.count else { return false }
            if array[i] == UInt8(ascii: "]") { return skip(array, i + 1) == array.count }
            guard array[i] == UInt8(ascii: ",") else { return false }
            i = skip(array, i + 1)
        }
        return false
    }

    /// Pairs whose times are epoch seconds or milliseconds of 1990–2100: a
    /// matrix, not coordinates (`[12.5, 41.9]`) or other pairs of numbers.
    static func holdsPairs(_ array: Field) -> Bool {
        var epochs = true
        let pairs = each(in: array) { (time, _) throws(Never) in
            let seconds = ValueParser.parse(time) ?? 0
            epochs = epochs && (TimeFormatDetector.plausibleEpoch.contains(seconds)
                                || TimeFormatDetector.plausibleEpoch.contains(seconds / 1000))
        }
        return pairs && epochs
    }

    /// `[time, value]` at `i`: a number or string, then a scalar; and the index after it.
    private static func pair(_ f: Field, _ i: Int) -> (Field, Field, Int)? {
        guard i < f.count, f[i] == UInt8(ascii: "[") else { return nil }
        guard let (time, afterTime) = scalar(f, skip(f, i + 1)), let first = time.first, first == UInt8(ascii: "-") || ByteText.isDigit(first)
        else { return nil }
        var k = skip(f, afterTime)
        guard k < f.count, f[k] == UInt8(ascii: ",") else { return nil }
        guard let (value, afterValue) = scalar(f, skip(f, k + 1)) else { return nil }
        k = skip(f, afterValue)
        guard k < f.count, f[k] == UInt8(ascii: "]") else { return nil }
        return (time, value, k + 1)
    }

    /// A string's text or a bare scalar at `i`, and the index after it.
    private static func scalar(_ f: Field, _ i: Int) -> (Field, Int)? {
        guard i < f.count else { return nil }
        if f[i] == UInt8(ascii: "\"") {
            var k = i + 1
            while k < f.count, f[k] != UInt8(ascii: "\"") {
                if f[k] == UInt8(ascii: "\\") { return nil }
                k += 1
            }
            return k < f.count ? (Field(rebasing: f[(i + 1)..<k]), k + 1) : nil
        }
        var k = i
        while k < f.count, f[k] != UInt8(ascii: ","), f[k] != UInt8(ascii: "]"), f[k] > 0x20 { k += 1 }
        return k > i && f[i] != UInt8(ascii: "[") && f[i] != UInt8(ascii: "{") ? (Field(rebasing: f[i..<k]), k) : nil
    }

    private static func skip(_ f: Field, _ i: Int) -> Int { ByteText.skipSpacesAndNewlines(f, i) }
}
