import Foundation

/// Splits one log line of a `LogFormat` into named fields, handing each to
/// a visitor as it is found: its name, its text and its byte offset in the
/// line. Quoted text is unescaped, a request time and durations with units
/// are written as seconds, and `-` (no value) is no field at all. One per
/// reading thread: it keeps a buffer for the text it rewrites.
final class LogFields {
    typealias Visit = (_ name: Field, _ value: Field, _ offset: Int) -> Void

    var format: LogFormat
    private var scratch = ByteBuffer(capacity: 256)

    init(_ format: LogFormat = .accessLog) {
        self.format = format
    }

    func free() { scratch.free() }

    /// Visits the fields of `line`; false when the line is not of the format
    /// (fields visited before it failed are to be forgotten).
    @discardableResult
    func read(_ line: Field, _ visit: Visit) -> Bool {
        guard line.count > 0 else { return false }
        switch format {
        case .accessLog: return accessLog(line, visit)
        case .syslog5424: return syslog5424(line, visit)
        case .syslog3164: return syslog3164(line, visit)
        case .journal: return journal(line, visit)
        case .kubectl: return kubectl(line, visit)
        case .logfmt: return logfmt(line, from: 0, visit)
        }
    }

    // MARK: access logs

    /// `client ident user [time] "request" status bytes ["referrer" "agent"] [request time]`.
    private func accessLog(_ f: Field, _ visit: Visit) -> Bool {
        let client = Self.token(f, 0)
        guard client > 0, client < f.count, f[client] == ByteText.space else { return false }
        let ident = Self.token(f, client + 1)
        guard ident < f.count, f[ident] == ByteText.space else { return false }
        let userStart = ident + 1
        let user = Self.token(f, userStart)
        guard user + 1 < f.count, f[user] == ByteText.space, f[user + 1] == UInt8(ascii: "[") else { return false }
        guard let close = f[(user + 2)...].firstIndex(of: UInt8(ascii: "]")) else { return false }
        visit(Self.name("time"), Field(rebasing: f[(user + 2)..<close]), user + 2)
        visit(Self.name("client"), Field(rebasing: f[0..<client]), 0)
        emitUnlessDash("user", f, userStart, user, visit)
        var i = close + 1
        guard i + 1 < f.count, f[i] == ByteText.space, f[i + 1] == Self.quote,
              let request = Self.quoted(f, i + 1) else { return false }
        requestParts(f, request.start, request.end, visit)
        i = request.after
        guard i < f.count, f[i] == ByteText.space else { return false }
        let statusEnd = Self.token(f, i + 1)
        guard statusEnd - i - 1 == 3, ByteText.digits(f, i + 1, 3) >= 100 else { return false }
        visit(Self.name("status"), Field(rebasing: f[(i + 1)..<statusEnd]), i + 1)
        i = statusEnd
        guard i < f.count, f[i] == ByteText.space else { return false }
        let bytesEnd = Self.token(f, i + 1)
        guard bytesEnd > i + 1 else { return false }
        emitUnlessDash("bytes", f, i + 1, bytesEnd, visit)
        i = bytesEnd
        // Combined: the referrer and the agent.
        for name: StaticString in ["referrer", "agent"] {
            guard i + 1 < f.count, f[i] == ByteText.space, f[i + 1] == Self.quote, let q = Self.quoted(f, i + 1) else { break }
            emitText(name, f, q, visit)
            i = q.after
        }
        // A request time: nginx's $request_time is seconds with a dot, Apache's %D whole microseconds.
        while i < f.count {
            i = ByteText.skipSpaces(f, i)
            guard i < f.count else { break }
            var start = i, end = Self.token(f, i)
            if f[i] == Self.quote, let q = Self.quoted(f, i) {
                (start, end) = (q.start, q.end)
                i = q.after
            } else {
                i = end
            }
            let text = Field(rebasing: f[start..<end])
            guard let v = ValueParser.plainDecimal(text), v >= 0 else { continue }
            if text.contains(UInt8(ascii: ".")) {
                visit(Self.name("request_time"), text, start)
            } else {
                scratch.removeAll()
                UnitDuration.appendSeconds(nanoseconds: v * 1000, to: &scratch)
                visit(Self.name("request_time"), scratch.bytes, start)
            }
            break
        }
        return true
    }

    /// `METHOD PATH PROTOCOL` (or `METHOD PATH`); a request of another shape has none of the three.
    private func requestParts(_ f: Field, _ start: Int, _ end: Int, _ visit: Visit) {
        let method = Self.token(f, start)
        guard method > start, method < end, f[method] == ByteText.space else { return }
        var pathEnd = end
        if let space = f[(method + 1)..<end].lastIndex(of: ByteText.space), space > method + 1 { pathEnd = space }
        visit(Self.name("method"), Field(rebasing: f[start..<method]), start)
        emitText("path", f, (method + 1, pathEnd, pathEnd, f[(method + 1)..<pathEnd].count { $0 == Self.backslash }), visit)
        if pathEnd < end { visit(Self.name("protocol"), Field(rebasing: f[(pathEnd + 1)..<end]), pathEnd + 1) }
    }

    // MARK: syslog

    private static let severities: [StaticString] = ["emerg", "alert", "crit", "err", "warning", "notice", "info", "debug"]

    /// `<PRI>` at the start: its severity, and where the rest starts; nil when absent or malformed.
    private func priority(_ f: Field, _ visit: Visit) -> Int? {
        guard f.count > 2, f[0] == UInt8(ascii: "<"), let close = f.prefix(5).firstIndex(of: UInt8(ascii: ">")), close > 1,
              let (pri, length) = ByteText.number(f, 1, max: 3), length == close - 1, pri <= 191 else { return nil }
        visit(Self.name("severity"), Self.name(Self.severities[pri & 7]), 1)
        return close + 1
    }

    private func syslog5424(_ f: Field, _ visit: Visit) -> Bool {
        guard let version = priority(f, visit), version + 1 < f.count, f[version] == UInt8(ascii: "1"), f[version + 1] == ByteText.space else { return false }
        var i = version + 2
        let timeEnd = Self.token(f, i)
        if !(timeEnd == i + 1 && f[i] == UInt8(ascii: "-")) {
            var shape = TimeShape()
            guard let (_, n) = ISOTime.parsePrefix(f, from: i, shape: &shape), n == timeEnd - i else { return false }
            visit(Self.name("time"), Field(rebasing: f[i..<timeEnd]), i)
        }
        i = timeEnd
        for name: StaticString in ["host", "program", "pid", "msgid"] {
            guard i < f.count, f[i] == ByteText.space else { return false }
            let end = Self.token(f, i + 1)
            guard end > i + 1 else { return false }
            emitUnlessDash(name, f, i + 1, end, visit)
            i = end
        }
        // Structured data: `-` or `[id param="value" …]…`, whose values escape `"`, `\` and `]`.
        guard i + 1 < f.count, f[i] == ByteText.space else { return false }
        i += 1
        if f[i] == UInt8(ascii: "-") {
            i += 1
        } else {
            guard f[i] == UInt8(ascii: "[") else { return false }
            while i < f.count, f[i] == UInt8(ascii: "[") {
                i += 1
                while i < f.count, f[i] != UInt8(ascii: "]") {
                    if f[i] == Self.quote {
                        guard let q = Self.quoted(f, i) else { return false }
                        i = q.after
                    } else {
                        i += 1
                    }
                }
                guard i < f.count else { return false }
                i += 1
            }
        }
        guard i == f.count || f[i] == ByteText.space else { return false }
        var message = min(i + 1, f.count)
        // A UTF-8 message may start with a byte order mark.
        if f.count - message >= 3, f[message] == 0xEF, f[message + 1] == 0xBB, f[message + 2] == 0xBF { message += 3 }
        if message < f.count { visit(Self.name("message"), Field(rebasing: f[message...]), message) }
        return true
    }

    private func syslog3164(_ f: Field, _ visit: Visit) -> Bool {
        let start = f.first == UInt8(ascii: "<") ? priority(f, visit) ?? -1 : 0
        guard start >= 0, let time = SyslogTime.parsePrefix(f, from: start) else { return false }
        let end = start + time.length
        visit(Self.name("time"), Field(rebasing: f[start..<end]), start)
        return hostAndTag(f, end, visit)
    }

    private func journal(_ f: Field, _ visit: Visit) -> Bool {
        let end = Self.token(f, 0)
        var shape = TimeShape()
        guard let (_, n) = ISOTime.parsePrefix(f, shape: &shape), n == end, shape.hasSeconds else { return false }
        visit(Self.name("time"), Field(rebasing: f[0..<end]), 0)
        return hostAndTag(f, end, visit)
    }

    /// ` HOST PROGRAM[PID]: MESSAGE` at `i`.
    private func hostAndTag(_ f: Field, _ i: Int, _ visit: Visit) -> Bool {
        guard i < f.count, f[i] == ByteText.space else { return false }
        let hostEnd = Self.token(f, i + 1)
        guard hostEnd > i + 1, hostEnd < f.count, f[hostEnd] == ByteText.space else { return false }
        var j = hostEnd + 1
        let program = j
        while j < f.count, f[j] != ByteText.space, f[j] != UInt8(ascii: "["), f[j] != UInt8(ascii: ":") { j += 1 }
        guard j > program, j < f.count else { return false }
        let programEnd = j
        var pid: Range<Int>?
        if f[j] == UInt8(ascii: "[") {
            let digits = j + 1
            while j < f.count, f[j] != UInt8(ascii: "]") { j += 1 }
            guard j + 1 < f.count, j > digits else { return false }
            pid = digits..<j
            j += 1
        }
        guard f[j] == UInt8(ascii: ":") else { return false }
        visit(Self.name("host"), Field(rebasing: f[(i + 1)..<hostEnd]), i + 1)
        visit(Self.name("program"), Field(rebasing: f[program..<programEnd]), program)
        if let pid { visit(Self.name("pid"), Field(rebasing: f[pid]), pid.lowerBound) }
        let message = ByteText.skipSpaces(f, j + 1)
        if message < f.count { visit(Self.name("message"), Field(rebasing: f[message...]), message) }
        return true
    }

    // MARK: kubectl and logfmt

    /// An RFC 3339 UTC time with a fraction, as kubectl writes it, then the container's
    /// line, whose own logfmt fields follow when it is logfmt.
    private func kubectl(_ f: Field, _ visit: Visit) -> Bool {
        let end = Self.token(f, 0)
        var shape = TimeShape()
        guard end > 0, end < f.count, f[end - 1] == UInt8(ascii: "Z"), f.prefix(end).contains(UInt8(ascii: ".")),
              let (_, n) = ISOTime.parsePrefix(f, shape: &shape), n == end, shape.hasSeconds else { return false }
        visit(Self.name("time"), Field(rebasing: f[0..<end]), 0)
        let message = end + 1
        guard message < f.count else { return true }
        visit(Self.name("message"), Field(rebasing: f[message...]), message)
        _ = logfmt(f, from: message, visit)
        return true
    }

    /// `key=value` pairs, values bare or quoted: at least two, and at least as many as bare words.
    private func logfmt(_ f: Field, from start: Int, _ visit: Visit) -> Bool {
        var i = start, pairs = 0, words = 0
        while true {
            i = ByteText.skipSpaces(f, i)
            guard i < f.count else { break }
            let key = i
            while i < f.count, f[i] != ByteText.space, f[i] != UInt8(ascii: "="), f[i] != Self.quote { i += 1 }
            guard i > key else { return false }
            guard i < f.count, f[i] == UInt8(ascii: "=") else {
                words += 1
                guard i == f.count || f[i] == ByteText.space else { return false }
                continue
            }
            let name = Field(rebasing: f[key..<i])
            i += 1
            pairs += 1
            if i < f.count, f[i] == Self.quote {
                guard let q = Self.quoted(f, i) else { return false }
                emitText(name, f, q, visit)
                i = q.after
            } else {
                let end = Self.token(f, i)
                emitValue(name, f, i, end, visit)
                i = end
            }
        }
        return pairs >= 2 && pairs >= words
    }

    /// A bare value; a duration with units (`12ms`, `1.5s`, `250µs`, `1m30s`) as seconds.
    private func emitValue(_ name: Field, _ f: Field, _ start: Int, _ end: Int, _ visit: Visit) {
        let text = Field(rebasing: f[start..<end])
        guard let nanoseconds = UnitDuration.nanoseconds(text) else { return visit(name, text, start) }
        scratch.removeAll()
        UnitDuration.appendSeconds(nanoseconds: nanoseconds, to: &scratch)
        visit(name, scratch.bytes, start)
    }

    // MARK: pieces

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    @inline(__always)
    private static func name(_ s: StaticString) -> Field { Field(start: s.utf8Start, count: s.utf8CodeUnitCount) }

    /// The end of the run of non-space bytes at `i`.
    @inline(__always)
    private static func token(_ f: Field, _ i: Int) -> Int {
        var j = i
        while j < f.count, f[j] != ByteText.space { j += 1 }
        return j
    }

    /// The quoted text at `i` (a `"`): its content's bounds, where it ends past
    /// the closing quote, and how many backslashes it holds; nil when never closed.
    private static func quoted(_ f: Field, _ i: Int) -> (start: Int, end: Int, after: Int, escapes: Int)? {
        var j = i + 1, escapes = 0
        while j < f.count {
            if f[j] == backslash {
                escapes += 1
                j += 2
                continue
            }
            if f[j] == quote { return (i + 1, j, j + 1, escapes) }
            j += 1
        }
        return nil
    }

    private func emitUnlessDash(_ name: StaticString, _ f: Field, _ start: Int, _ end: Int, _ visit: Visit) {
        guard end > start, !(end == start + 1 && f[start] == UInt8(ascii: "-")) else { return }
        visit(Self.name(name), Field(rebasing: f[start..<end]), start)
    }

    private func emitText(_ name: StaticString, _ f: Field, _ q: (start: Int, end: Int, after: Int, escapes: Int), _ visit: Visit) {
        guard !(q.end == q.start + 1 && f[q.start] == UInt8(ascii: "-")) else { return }
        emitText(Self.name(name), f, q, visit)
    }

    /// Quoted text, its `\"` and `\\` unescaped (other escapes, such as nginx's `\x22`, stay as written).
    private func emitText(_ name: Field, _ f: Field, _ q: (start: Int, end: Int, after: Int, escapes: Int), _ visit: Visit) {
        guard q.escapes > 0 else { return visit(name, Field(rebasing: f[q.start..<q.end]), q.start) }
        scratch.removeAll()
        var j = q.start
        while j < q.end {
            if f[j] == Self.backslash, j + 1 < q.end, f[j + 1] == Self.quote || f[j + 1] == Self.backslash { j += 1 }
            scratch.append(f[j])
            j += 1
        }
        visit(name, scratch.bytes, q.start)
    }
}
