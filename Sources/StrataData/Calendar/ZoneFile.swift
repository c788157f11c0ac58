import Foundation

/// A zone's offsets from the system's tz database: the TZif file (RFC 8536)
/// under `TZDIR`, else `/usr/share/zoneinfo`, as `date`, Python's
/// `zoneinfo` and Go read it, with the footer's rule for the years after
/// its last transition. So strata agrees with the other tools on the
/// machine and follows its tzdata updates.
struct ZoneFile {
    /// The instants at which the offset changes, in order.
    let transitions: [Int64]
    /// `offsets[0]` applies before the first transition, `offsets[i + 1]` from `transitions[i]`.
    let offsets: [Int32]

    static var systemDirectory: String {
        if let directory = ProcessInfo.processInfo.environment["TZDIR"], !directory.isEmpty { return directory }
        return "/usr/share/zoneinfo"
    }

    /// The changes of zone `name` over `[from, to)`; nil when the database has no such file or it is not TZif.
    init?(name: String, directory: String = systemDirectory, from: Int64, to: Int64) {
        // A name is a path inside the database, never one out of it.
        guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains(".."),
              let data = FileManager.default.contents(atPath: directory + "/" + name) else { return nil }
        self.init(bytes: Array(data), from: from, to: to)
    }

    init?(bytes: [UInt8], from: Int64, to: Int64) {
        guard let first = Header(bytes, at: 0) else { return nil }
        var header = first, timeSize = 4
        if first.version >= UInt8(ascii: "2") {
            // Version 2 and later repeat the data with 64-bit times, then a footer.
            guard let second = Header(bytes, at: first.end + first.blockSize(timeSize: 4)) else { return nil }
            header = second
            timeSize = 8
        }
        let times = header.end, indices = times + header.timeCount * timeSize, types = indices + header.timeCount
        let blockEnd = header.end + header.blockSize(timeSize: timeSize)
        guard header.typeCount > 0, blockEnd <= bytes.count else { return nil }
        func offset(ofType k: Int) -> Int32? {
            guard k < header.typeCount else { return nil }
            return Int32(bitPattern: UInt32(Header.integer(bytes, at: types + k * 6, size: 4)))
        }
        var changes: [(instant: Int64, offset: Int32)] = []
        for k in 0..<header.timeCount {
            let raw = Header.integer(bytes, at: times + k * timeSize, size: timeSize)
            let instant = timeSize == 8 ? Int64(bitPattern: raw) : Int64(Int32(bitPattern: UInt32(raw)))
            guard let offset = offset(ofType: Int(bytes[indices + k])) else { return nil }
            changes.append((instant, offset))
        }
        if timeSize == 8, let rule = Self.footer(bytes, from: blockEnd).flatMap(PosixZoneRule.init) {
            let last = changes.last?.instant ?? from
            let firstYear = CivilDate(dayNumber: Int(floorDiv64(max(last, from), 86_400))).year
            let lastYear = CivilDate(dayNumber: Int(floorDiv64(to, 86_400))).year
            if firstYear <= lastYear {
                for year in firstYear...lastYear { changes += rule.changes(inYear: year).filter { $0.instant > last } }
            }
        }
        // Time type 0 holds before the first transition.
        var offsets = [offset(ofType: 0)!], transitions: [Int64] = []
        for change in changes where change.instant < to {
            if change.instant <= from {
                offsets[0] = change.offset
            } else if change.offset != offsets[offsets.count - 1] {
                transitions.append(change.instant)
                offsets.append(change.offset)
            }
        }
        self.transitions = transitions
        self.offsets = offsets
    }

    /// The footer's `TZ` text, between newlines after the version 2 data; nil when empty.
    private static func footer(_ bytes: [UInt8], from start: Int) -> String? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\n"),
              let end = bytes[(start + 1)...].firstIndex(of: UInt8(ascii: "\n")), end > start + 1 else { return nil }
        return String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
    }

    /// A TZif header: the magic, the version and six counts.
    private struct Header {
        let version: UInt8
        let utLocalCount, standardWallCount, leapCount, timeCount, typeCount, charCount: Int
        /// Where the data after the header starts.
        let end: Int

        init?(_ bytes: [UInt8], at start: Int) {
            guard start + 44 <= bytes.count, Array(bytes[start..<(start + 4)]) == Array("TZif".utf8) else { return nil }
            version = bytes[start + 4]
            let counts = (0..<6).map { Int(Header.integer(bytes, at: start + 20 + $0 * 4, size: 4)) }
            (utLocalCount, standardWallCount, leapCount, timeCount, typeCount, charCount) =
                (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])
            end = start + 44
        }

        /// The length of the data after the header.
        func blockSize(timeSize: Int) -> Int {
            timeCount * (timeSize + 1) + typeCount * 6 + charCount + leapCount * (timeSize + 4) + standardWallCount + utLocalCount
        }

        /// A big-endian unsigned integer of `size` bytes.
        static func integer(_ bytes: [UInt8], at start: Int, size: Int) -> UInt64 {
            bytes[start..<(start + size)].reduce(0) { $0 << 8 | UInt64($1) }
        }
    }
}
