/// The rule a TZif file's footer gives for the years after its last
/// transition, in the form of POSIX `TZ` (`EST5EDT,M3.2.0,M11.1.0`,
/// `<+0545>-5:45`, `IST-2IDT,M3.4.4/26,M10.5.0`). Offsets are seconds east
/// of UTC (POSIX writes them west).
struct PosixZoneRule {
    /// A day of the year on which daylight time starts or ends, and the local time then.
    struct Boundary: Equatable {
        enum Day: Equatable {
            /// `Jn`: 1...365, 29 February never counted.
            case julian(Int)
            /// `n`: 0...365, 29 February counted.
            case zeroBased(Int)
            /// `Mm.w.d`: weekday `d` (0 Sunday) of week `w` (5: the last) of month `m`.
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }

        let day: Day
        /// Seconds after local midnight, -167 h to 167 h; 02:00 unless given.
        let time: Int

        /// The civil day number of the day in `year`.
        func dayNumber(in year: Int) -> Int {
            let january1 = CivilDate(year: year, month: 1, day: 1).dayNumber
            switch day {
            case .julian(let n):
                let leap = CivilDate(year: year, month: 2, day: 29).isValid
                return january1 + n - 1 + (leap && n >= 60 ? 1 : 0)
            case .zeroBased(let n):
                return january1 + n
            case .monthWeekDay(let month, let week, let weekday):
                let first = CivilDate(year: year, month: month, day: 1).dayNumber
                // ISO weekdays run 1 (Monday) to 7 (Sunday); POSIX's 0 is Sunday.
                let firstWeekday = CivilDate.isoWeekday(dayNumber: first) % 7
                var day = first + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
                let next = CivilDate(year: month == 12 ? year + 1 : year, month: month == 12 ? 1 : month + 1, day: 1).dayNumber
                while day >= next { day -= 7 }
                return day
            }
        }
    }

    let standard: Int32
    let daylight: (offset: Int32, start: Boundary, end: Boundary)?

    init?(_ text: String) {
        var scanner = Scanner(Array(text.utf8))
        guard scanner.skipName(), let standard = scanner.offset() else { return nil }
        self.standard = Int32(-standard)
        guard !scanner.atEnd else {
            daylight = nil
            return
        }
        guard scanner.skipName() else { return nil }
        let offset = scanner.peekStartsOffset ? scanner.offset().map { -$0 } : -standard + 3600
        // Without rules POSIX leaves the dates to the system: not a footer tzdata writes.
        guard let offset, scanner.take(UInt8(ascii: ",")), let start = scanner.boundary(),
              scanner.take(UInt8(ascii: ",")), let end = scanner.boundary(), scanner.atEnd else { return nil }
        daylight = (Int32(offset), start, end)
    }

    /// The changes in `year`, in order: each instant and the offset from it on.
    func changes(inYear year: Int) -> [(instant: Int64, offset: Int32)] {
        guard let daylight else { return [] }
        let start = Int64(daylight.start.dayNumber(in: year)) * 86_400 + Int64(daylight.start.time) - Int64(standard)
        let end = Int64(daylight.end.dayNumber(in: year)) * 86_400 + Int64(daylight.end.time) - Int64(daylight.offset)
        let changes = [(start, daylight.offset), (end, standard)]
        return start <= end ? changes : changes.reversed()
    }

    /// Reads a footer's text, byte by byte.
    private struct Scanner {
        let bytes: [UInt8]
        var i = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { i == bytes.count }
        var peek: UInt8? { i < bytes.count ? bytes[i] : nil }
        var peekStartsOffset: Bool {
            guard let c = peek else { return false }
            return c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c)
        }

        mutating func take(_ c: UInt8) -> Bool {
            guard peek == c else { return false }
            i += 1
            return true
        }

        /// `EST`, or `<+0545>` (any characters but `>`): at least three.
        mutating func skipName() -> Bool {
            let from = i
            if take(UInt8(ascii: "<")) {
                while let c = peek, c != UInt8(ascii: ">") { i += 1 }
                return take(UInt8(ascii: ">")) && i - from >= 5
            }
            while let c = peek, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) {
                i += 1
            }
            return i - from >= 3
        }

        mutating func number() -> Int? {
            var value = 0, digits = 0
            while let c = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) {
                value = value * 10 + Int(c - UInt8(ascii: "0"))
                digits += 1
                i += 1
            }
            return digits > 0 ? value : nil
        }

        /// `[+-]h[h][:mm[:ss]]` in seconds, as written (west positive in an offset).
        mutating func offset() -> Int? {
            let sign = take(UInt8(ascii: "-")) ? -1 : 1
            if sign == 1 { _ = take(UInt8(ascii: "+")) }
            guard let hours = number() else { return nil }
            var seconds = hours * 3600
            if take(UInt8(ascii: ":")) {
                guard let minutes = number() else { return nil }
                seconds += minutes * 60
                if take(UInt8(ascii: ":")) {
                    guard let s = number() else { return nil }
                    seconds += s
                }
            }
            return sign * seconds
        }

        mutating func boundary() -> Boundary? {
            let day: Boundary.Day
            if take(UInt8(ascii: "J")) {
                guard let n = number(), (1...365).contains(n) else { return nil }
                day = .julian(n)
            } else if take(UInt8(ascii: "M")) {
                guard let m = number(), take(UInt8(ascii: ".")), let w = number(), take(UInt8(ascii: ".")), let d = number(),
                      (1...12).contains(m), (1...5).contains(w), (0...6).contains(d) else { return nil }
                day = .monthWeekDay(month: m, week: w, weekday: d)
            } else {
                guard let n = number(), (0...365).contains(n) else { return nil }
                day = .zeroBased(n)
            }
            guard take(UInt8(ascii: "/")) else { return Boundary(day: day, time: 7200) }
            guard let time = offset() else { return nil }
            return Boundary(day: day, time: time)
        }
    }
}
