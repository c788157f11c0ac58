/// A column that holds one part of a time (`year`, `month`, `day`, `hour`,
/// `minute`). Such a column is never a value; when an input has no full
/// timestamp, its parts are built into one ISO time (`2013-01-01 05:00`).
enum TimePart: Int, CaseIterable, Comparable, Sendable {
    case year, month, day, hour, minute

    /// Exact names only: `mm` (month or minute?) and `min` (minimum?) are left out.
    static let names: [TimePart: Set<String>] = [
        .year: ["year", "yr", "yyyy"],
        .month: ["month", "mon", "mth", "mnth"],
        .day: ["day", "dd", "dy", "mday", "day_of_month"],
        .hour: ["hour", "hr", "hh"],
        .minute: ["minute", "mi"],
    ]

    init?(name: String) {
        let n = name.lowercased().trimmingCharacters(in: " ")
        guard let part = TimePart.allCases.first(where: { Self.names[$0]!.contains(n) }) else { return nil }
        self = part
    }

    static func < (a: TimePart, b: TimePart) -> Bool { a.rawValue < b.rawValue }

    /// Writes `YYYY-MM-DD` (and ` HH:MM` when there is an hour) from the
    /// fields of parts `0..<count` in the order year, month, day, hour,
    /// minute; missing months and days are 01, a missing minute 00.
    @inline(__always)
    static func build(count: Int, into buffer: inout ByteBuffer, field: (Int) -> Field) {
        buffer.removeAll()
        for part in allCases where part != .minute || count > TimePart.hour.rawValue {
            switch part {
            case .month, .day: buffer.append(UInt8(ascii: "-"))
            case .hour: buffer.append(ByteText.space)
            case .minute: buffer.append(UInt8(ascii: ":"))
            case .year: break
            }
            guard part.rawValue < count else {
                if part == .hour { buffer.truncate(to: buffer.count - 1); return }
                buffer.append(ByteText.zero)
                buffer.append(part == .minute ? ByteText.zero : ByteText.zero + 1)
                continue
            }
            let f = ByteText.trimmed(field(part.rawValue))
            for _ in f.count..<max(f.count, part == .year ? 4 : 2) { buffer.append(ByteText.zero) }
            buffer.append(f)
        }
    }
}
