/// The shapes of log lines read as records with named fields, most
/// specific first: a sample's lines are read by the first that reads most of them.
enum LogFormat: CaseIterable, Sendable, Equatable {
    /// Common and Combined Log Format, with an optional request time after the agent.
    case accessLog
    /// RFC 5424: `<PRI>1 TIME HOST APP PROCID MSGID [SD] MSG`.
    case syslog5424
    /// RFC 3164 (BSD): `[<PRI>]Mon DD HH:MM:SS HOST PROGRAM[PID]: MSG`.
    case syslog3164
    /// `journalctl -o short-iso` (and rsyslog's ISO lines): `TIME HOST PROGRAM[PID]: MSG`.
    case journal
    /// `kubectl logs --timestamps`: an RFC 3339 UTC time, then the container's line.
    case kubectl
    /// `key=value key="quoted value"`.
    case logfmt

    /// For the stderr note.
    var name: String {
        switch self {
        case .accessLog: "Common/Combined Log Format"
        case .syslog5424: "syslog (RFC 5424)"
        case .syslog3164: "syslog (RFC 3164)"
        case .journal: "journal (journalctl -o short-iso)"
        case .kubectl: "kubectl logs --timestamps"
        case .logfmt: "logfmt"
        }
    }

    /// The fields a line of this format may have, in order (logfmt's are its keys).
    var fieldNames: [String] {
        switch self {
        case .accessLog: ["time", "client", "user", "method", "path", "protocol", "status", "bytes", "referrer", "agent", "request_time"]
        case .syslog5424: ["severity", "time", "host", "program", "pid", "msgid", "message"]
        case .syslog3164: ["severity", "time", "host", "program", "pid", "message"]
        case .journal: ["time", "host", "program", "pid", "message"]
        case .kubectl: ["time", "message"]
        case .logfmt: []
        }
    }

    /// The format that reads more than half of `lines` (blank ones aside), the most specific of those that read most.
    static func detect(_ lines: [Field]) -> LogFormat? {
        let present = lines.filter { !ByteText.trimmed($0).isEmpty }
        guard !present.isEmpty else { return nil }
        let reader = LogFields()
        defer { reader.free() }
        var best: (LogFormat, Int)?
        for format in allCases {
            reader.format = format
            let read = present.count { reader.read($0) { _, _, _ in } }
            if read * 2 > present.count, read > best?.1 ?? 0 { best = (format, read) }
        }
        return best?.0
    }
}
