import StrataData

/// The columns of a table or query as its `LIMIT 0` result names and types
/// them, and the column an option names (`--time`, `--end`, …).
struct PostgresColumns {
    let names: [String]
    let types: [UInt32]
    /// The table, or `query`: what errors name.
    let source: String

    /// Type OIDs (`pg_type.oid`, fixed since PostgreSQL 7).
    private enum TypeID {
        static let times: [UInt32: PostgresPlan.TimeKind] = [1184: .instant, 1114: .naive, 1082: .date]
        /// int2, int4, int8, float4, float8, numeric, money is not one (it is text with a currency).
        static let numbers: Set<UInt32> = [21, 23, 20, 700, 701, 1700]
        /// int2, int4, int8.
        static let wholes: Set<UInt32> = [21, 23, 20]
        /// text, varchar, bpchar, name, and `"char"`.
        static let texts: Set<UInt32> = [25, 1043, 1042, 19, 18]
        static let interval: UInt32 = 1186
        static let real: UInt32 = 700
    }

    init(_ header: PostgresResult, source: String) {
        names = (0..<header.columnCount).map { header.name($0) }
        types = (0..<header.columnCount).map { header.type($0) }
        self.source = source
    }

    var indices: Range<Int> { names.indices }

    /// How column `c` becomes instants; nil when it is not a time.
    func timeKind(_ c: Int) -> PostgresPlan.TimeKind? { TypeID.times[types[c]] }

    func isNumber(_ c: Int) -> Bool { TypeID.numbers.contains(types[c]) }

    /// int2, int4 or int8: a code (a status) may split the rows.
    func isWhole(_ c: Int) -> Bool { TypeID.wholes.contains(types[c]) }

    /// `real` (float4): summed in its own type, it rounds at 24 bits.
    func isReal(_ c: Int) -> Bool { types[c] == TypeID.real }

    func isText(_ c: Int) -> Bool { TypeID.texts.contains(types[c]) }

    func isInterval(_ c: Int) -> Bool { types[c] == TypeID.interval }

    /// The column `spec` names: a name (exact, else in any case) or a 1-based index.
    func find(_ spec: String, option: String) throws(ReadError) -> Int {
        if let exact = names.firstIndex(of: spec) ?? names.firstIndex(where: { $0.lowercased() == spec.lowercased() }) {
            return exact
        }
        if let index = Int(spec) {
            guard index >= 1 && index <= names.count else {
                throw .columnOutOfRange(file: source, option: option, index: index, count: names.count)
            }
            return index - 1
        }
        throw .unknownColumn(file: source, option: option, column: spec, available: names)
    }

    /// The column `spec` names, which must be a time (`--time`, `--end`).
    func findTime(_ spec: String, option: String) throws(ReadError) -> Int {
        let c = try find(spec, option: option)
        guard timeKind(c) != nil else {
            throw .badQuery(source: source, reason: "\(option) \"\(names[c])\": not a timestamp, timestamptz or date column")
        }
        return c
    }

    /// `timestamptz`, `timestamp` or `date`, for the notes.
    static func describe(_ kind: PostgresPlan.TimeKind) -> String {
        switch kind {
        case .instant: "timestamptz"
        case .naive: "timestamp"
        case .date: "date"
        }
    }
}
