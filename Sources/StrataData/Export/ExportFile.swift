import Foundation

/// `e`'s file: the periods of one level as `--export csv --levels LEVEL`
/// writes them, in a new file named after the input, the level and the
/// time (`strata-access-day-20261127-121400.csv`). It never overwrites: the
/// file is created only if it does not exist (`O_EXCL`, so not one made
/// meanwhile either), and a name taken gets a number (`-2`, `-3`, …).
public enum ExportFile {
    /// A file written: where, and what went into it.
    public struct Written: Hashable, Sendable {
        public var path: String
        public var level: Level
        /// Rows after the header: the level's periods, or each named series' periods.
        public var rows: Int
        /// Named series, each with its own rows; 0 when the data has none.
        public var series: Int
        /// What the export left out (empty periods of a huge level, percentiles a pipe cannot give).
        public var notes: [String]

        public init(path: String, level: Level, rows: Int, series: Int, notes: [String]) {
            (self.path, self.level, self.rows, self.series, self.notes) = (path, level, rows, series, notes)
        }
    }

    /// Why nothing was written (the directory is not writable, the disk is full): a file begun is removed.
    public struct Failure: Error, Hashable, Sendable {
        /// `create` or `write`.
        public var step: String
        public var path: String
        /// `Permission denied`.
        public var reason: String

        public init(step: String, path: String, reason: String) {
            (self.step, self.path, self.reason) = (step, path, reason)
        }

        /// `cannot create ./strata-access-day-20261127-121400.csv: Permission denied`
        public var message: String { "cannot \(step) \(path): \(reason)" }

        /// The directory the file was to go in: `./`.
        public var directory: String { path.lastIndex(of: "/").map { String(path[...$0]) } ?? "./" }
    }

    /// Numbers tried after a name that is taken, before giving up.
    static let mostTries = 1000

    /// Writes `level` of `dataset` (with the `percentiles` columns `--agg pNN` adds) to a new file in `directory`;
    /// `now` (UTC seconds) names it in the dataset's zone.
    public static func write(_ dataset: Dataset, level: Level, percentiles: [Aggregate], directory: String,
                             now: Int64) -> Result<Written, Failure> {
        let stem = stem(input: dataset.sourceName, level: level, at: dataset.calendar.localTime(at: now))
        let (descriptor, path): (Int32, String)
        switch create(in: directory, stem: stem) {
        case .success(let created): (descriptor, path) = created
        case .failure(let failure): return .failure(failure)
        }
        var out = DescriptorOutput(descriptor: descriptor)
        let written = Exporter.write(dataset, format: .csv, levels: [level], percentiles: percentiles, to: &out)
        out.flush()
        let failed = out.failure
        if close(descriptor) != 0, failed == nil {
            unlink(path)
            return .failure(Failure(step: "write", path: path, reason: String(cString: strerror(errno))))
        }
        if let failed {
            unlink(path)
            return .failure(Failure(step: "write", path: path, reason: String(cString: strerror(failed))))
        }
        return .success(Written(path: path, level: level, rows: written.rows, series: dataset.series.count > 1 ? dataset.series.count - 1 : 0,
                                notes: written.notes))
    }

    /// `strata-<input>-<level>-<yyyymmdd-hhmmss>`: the input's file name without
    /// `.gz` and its own extension, its letters and digits kept and the rest
    /// (spaces, quotes, `$`) dashes, so a shell takes the name without quotes.
    public static func stem(input: String, level: Level, at time: LocalTime) -> String {
        var name = String(input.split(separator: "/").last ?? "")
        if name.hasSuffix(".gz") { name.removeLast(3) }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex,
           name[name.index(after: dot)...].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
            name = String(name[..<dot])
        }
        let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" ? $0 : "-" })
        let words = safe.split(separator: "-", omittingEmptySubsequences: true).joined(separator: "-")
        let shown = words.isEmpty ? "input" : String(words.prefix(60))
        let date = "\(Digits.pad(time.date.year, 4))\(Digits.pad(time.date.month, 2))\(Digits.pad(time.date.day, 2))"
        let clock = "\(Digits.pad(time.hour, 2))\(Digits.pad(time.minute, 2))\(Digits.pad(time.second, 2))"
        return "strata-\(shown)-\(level.rawValue)-\(date)-\(clock)"
    }

    /// The first of `stem.csv`, `stem-2.csv`, … that did not exist, created empty and open for writing.
    static func create(in directory: String, stem: String) -> Result<(Int32, String), Failure> {
        let folder = directory.hasSuffix("/") ? directory : directory + "/"
        for n in 1...mostTries {
            let path = folder + stem + (n == 1 ? "" : "-\(n)") + ".csv"
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 { return .success((descriptor, path)) }
            guard errno == EEXIST else {
                return .failure(Failure(step: "create", path: path, reason: String(cString: strerror(errno))))
            }
        }
        return .failure(Failure(step: "create", path: folder + stem + ".csv", reason: "it and \(mostTries - 1) numbered ones exist"))
    }
}
