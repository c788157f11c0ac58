/// Numbers of seconds (or ms, µs, ns) since 1970-01-01T00:00Z, decimals
/// allowed. The unit is chosen once per column from the sample's magnitude.
enum EpochUnit: Int, Sendable, CaseIterable {
    case seconds = 1, milliseconds = 1_000, microseconds = 1_000_000, nanoseconds = 1_000_000_000

    var name: String {
        switch self {
        case .seconds: "epoch seconds"
        case .milliseconds: "epoch milliseconds"
        case .microseconds: "epoch microseconds"
        case .nanoseconds: "epoch nanoseconds"
        }
    }

    /// The unit whose reading of `magnitude` falls after 1970 and before
    /// year 5000: below 1e11 seconds, 1e14 ms, 1e17 µs, else ns.
    static func forMagnitude(_ magnitude: Double) -> EpochUnit {
        switch magnitude {
        case ..<1e11: .seconds
        case ..<1e14: .milliseconds
        case ..<1e17: .microseconds
        default: .nanoseconds
        }
    }
}

enum EpochTime {
    /// `[-]digits[.digits]` filling `f`: the integer part and whether there was a fraction.
    @inline(__always)
    static func integerPart(_ f: Field) -> (value: Int64, negative: Bool, fraction: Bool)? {
        var i = 0
        let negative = i < f.count && f[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var v: Int64 = 0
        let digitsStart = i
        while i < f.count, ByteText.isDigit(f[i]) {
            let (times10, o1) = v.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int64(f[i] &- ByteText.zero))
            guard !o1, !o2 else { return nil }
            v = sum
            i += 1
        }
        guard i > digitsStart else { return nil }
        var fraction = false
        if i < f.count, f[i] == UInt8(ascii: ".") {
            i += 1
            while i < f.count, ByteText.isDigit(f[i]) {
                if f[i] != ByteText.zero { fraction = true }
                i += 1
            }
        }
        guard i == f.count else { return nil }
        return (negative ? -v : v, negative, fraction)
    }

    /// UTC seconds, rounded down.
    @inline(__always)
    static func parse(_ f: Field, unit: EpochUnit) -> Int64? {
        guard let (v, negative, fraction) = integerPart(f) else { return nil }
        var seconds = floorDiv64(v, Int64(unit.rawValue))
        // -1.5 s rounds down to -2, while its integer part says -1.
        if negative && fraction && v % Int64(unit.rawValue) == 0 { seconds -= 1 }
        return seconds
    }

    /// The magnitude of a sample value, for choosing the unit.
    static func magnitude(_ f: Field) -> Double? {
        guard let (v, _, _) = integerPart(f) else { return nil }
        return Double(v.magnitude)
    }
}
