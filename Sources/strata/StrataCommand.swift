import ArgumentParser
import CMalloc
import Foundation
import StrataData
import StrataUI

/// `strata [FILE ...] [options]`: the command line.
@main
struct StrataCommand: ParsableCommand {
    /// The one place the version is written: `--version`, the man page and
    /// the tarball's name (the Makefile reads this line) all take it from here.
    static let version = "0.2.0"

    static let configuration = CommandConfiguration(
        commandName: "strata",
        abstract: "Browse time-stamped data as pages of charts: ←/→ through time, ↑/↓ between day, week and month.",
        discussion: """
            Reads CSV, TSV, JSON Lines or timestamped log lines from files or standard input, \
            or a PostgreSQL table or query, aggregated in the database (or shows a built-in \
            demo). In a terminal, a big input opens at once on what has \
            been read (a sorted file on its latest periods) and loads on while the keys work; \
            periods not read in full show their numbers as …. Exit codes: 0 ok, 64 bad usage, \
            65 bad data, 66 an input cannot be opened, 69 no usable terminal or a database that went \
            away, 70 internal error, 74 standard output cannot be written.
            """,
        version: "strata \(version)"
    )

    @Argument(help: "Input files (`-` for standard input), or a `postgresql://` URI with --table or --query. None: standard input when it is not a terminal, else the demo.")
    var files: [String] = []

    @Option(help: "With a `postgresql://` URI: the table (or `SCHEMA.TABLE`) to browse.") var table: String?
    @Option(help: "With a `postgresql://` URI: a SELECT to browse, run as a subquery.") var query: String?
    @Option(name: .customLong("statement-timeout"), help: ArgumentHelp("With a `postgresql://` URI: stop a query after this many seconds (exit 69).", valueName: "SECONDS")) var statementTimeout: Int?
    @Option(help: "The time column: header name or 1-based index; `DATE+TIME` joins two columns.") var time: String?
    @Option(help: "The value column: header name or 1-based index.") var value: String?
    @Option(help: "A column that splits the data into series (Tab cycles them); `none` turns off the one found.") var series: String?
    @Option(help: "Rows are intervals ending at this column's time: header name or 1-based index.") var end: String?
    @Option(help: "Rows are intervals this long: a column of seconds, `90m`, `1h30m` or `01:30:00` (in a database, an interval or a number of seconds).") var duration: String?
    @Option(help: "The column whose text labels an interval's block in the timeline.") var label: String?
    @Flag(help: "Count rows (events per period) instead of summing a value column.") var count = false
    @Option(help: "Input format (`json`: one document, its records an array of objects).") var format: InputFormat = .auto
    @Option(name: .customLong("json-path"), help: "The dotted path of a JSON document's array of records, e.g. `data.items` (default: the top array, else the first array of objects, breadth-first).") var jsonPath: String?
    @Option(name: .customLong("time-format"), help: "strftime-style time format, e.g. `%d/%m/%Y %H:%M`.") var timeFormat: String?
    @Option(help: ArgumentHelp("The year of each input's first syslog time (`Dec 30 23:59:01` has none); later ones count on over New Year (default: dated back from a file's modification time, else now).", valueName: "YYYY")) var year: String?
    @Flag(name: .customLong("no-header"), help: "The first CSV/TSV row is data, not a header.") var noHeader = false
    @Option(help: ArgumentHelp("Lines before a CSV/TSV's header to pass over, such as a title or a station's details (default: lines not as wide as the table are found and passed over).", valueName: "N")) var skip: Int?
    @Option(parsing: .unconditional, help: "Time zone for periods and naive times: an IANA name, UTC, or a fixed offset (-07:00, UTC+5:30) (default: the offset every time carries, or a zone whose clock changes as the times' offsets do, else TZ, else the system's).") var tz: String?
    @Option(name: .customLong("week-start"), help: "First day of the week (monday: ISO weeks).") var weekStart: WeekStart = .monday
    @Option(help: "Levels, finest first, from hour,day,week,month,quarter,year,decade,century (default: fitted to the data's spacing).") var levels: String?
    @Option(help: ArgumentHelp("Memory for the periods kept (default: 64); a finer page's bars of a big file are read from it when shown.", valueName: "MB")) var memory: Int = 64
    @Flag(name: [.customShort("f"), .long], help: "Follow the file as it grows, by its name (as `tail -F`): appended rows, truncation, rotation.") var follow = false
    @Option(name: .customLong("follow-for"), help: ArgumentHelp("With -f and --export or --dump: print once the file has not grown for a second, or after this many seconds.", valueName: "SECONDS")) var followFor: Double?
    @Option(help: "What bars show; pNN is any percentile from p1 to p99.9 (p90, p99.9), kept within --memory.") var agg: Aggregate?
    @Option(help: "The chart (default: bars for sum and count, a line for mean, min and max).") var chart: ChartKind?
    @Option(name: .customLong("where"), help: ArgumentHelp("Keep only the rows that pass: `status >= 500`, `method = POST`, `path ~ ^/api/`, `level in (error, fatal)`, a word or \"quoted text\" the row contains; joined by not, and, or and parentheses. In the app, `f` asks for one, `F` clears it (this one included) and `g` splits the rows by a field.", valueName: "EXPR")) var whereExpression: String?
    @Flag(help: "Stop at the first row that does not parse (exit 65).") var strict = false
    @Option(help: "The level to start on (added to the levels when not one of them).") var level: Level?
    @Option(help: "Start every level on the period containing this date or period id.") var at: String?
    @Flag(help: "Show the built-in demo dataset.") var demo = false

    @Option(help: "Replay keys: `left*3 down enter`, `resize:100x30` (see the README).") var keys: String?
    @Option(name: .customLong("keys-file"), help: "Replay keys from a file.") var keysFile: String?
    @Option(help: ArgumentHelp("Screen size for headless use (default: 80x24).", valueName: "WxH")) var size: Size?
    @Option(help: "Fix the clock: an ISO date-time (for partial periods and `t`).") var now: String?
    @Flag(help: "After the keys, print the screen as text and exit.") var dump = false
    @Flag(help: "Print the screen after every key, each after a `--- frame N: KEY ---` line.") var frames = false
    @Flag(help: "Keep colours and styles (ANSI) in dumps.") var color = false
    @Option(help: "Print the aggregated periods and exit (a sum past 1.8e308: inf in csv, null in json). In the app, e writes the level on show to a new csv file in the current directory.") var export: ExportFormat?
    @Flag(help: "With --export: p50, p90, p95 and p99 of each period as columns after mean.") var percentiles = false
    @Flag(name: .customLong("no-animation"), help: "Do not animate paging.") var noAnimation = false
    @Flag(name: .customLong("no-mouse"), help: "Do not capture the mouse (keeps the terminal's own selection).") var noMouse = false

    /// As ArgumentParser's own, but bad usage is one `strata:` line (exit 64), like every other error.
    static func main() {
        // Buckets are arrays of megabytes that grow by doubling: from 1 MB up they are mapped on their own, so
        // the old copy goes back to the system when one grows, instead of staying in a thread's heap
        // (glibc raises its own threshold to the largest freed, 32 MB at most). Thirty years of minutes: 57 MB, not 64.
        _ = mallopt(M_MMAP_THRESHOLD, 1 << 20)
        // A copy of a pipe past the file size limit (`ulimit -f`) is a failed write, said on stderr, not the end of strata.
        signal(SIGXFSZ, SIG_IGN)
        var command: StrataCommand
        do {
            command = try parse()
        } catch {
            guard exitCode(for: error) != .success else {
                // --help, and --version, --generate-completion-script and the like as ArgumentParser prints them.
                let text = fullMessage(for: error)
                guard text == helpMessage() else { exit(withError: error) }
                print(text.trimmingCharacters(in: .newlines) + "\n\n" + examplesHelp, terminator: "")
                exit(withError: ExitCode.success)
            }
            FileHandle.standardError.write(Data("strata: \(oneLine(message(for: error))) (see strata --help)\n".utf8))
            exit(withError: ExitCode(64))
        }
        do {
            try command.run()
        } catch {
            exit(withError: error)
        }
    }

    /// What the option types cannot say: `--year` is four digits; a time
    /// span is a finite number of seconds that the server or the clock can take.
    func validate() throws {
        if let skip, skip < 0 || skip > 1_000_000 {
            throw ValidationError("--skip: \(skip) is not a number of lines from 0 to 1000000")
        }
        if let year, year.wholeMatch(of: /[0-9]{4}/) == nil || year == "0000" {
            throw ValidationError("--year: \"\(year)\" is not a year (four digits, such as 2024)")
        }
        // PostgreSQL's statement_timeout is a 32-bit count of milliseconds.
        if let statementTimeout, !(1...Self.longestStatementTimeout).contains(statementTimeout) {
            throw ValidationError("--statement-timeout: \(statementTimeout) is not a number of seconds from 1 to \(Self.longestStatementTimeout)")
        }
        if let followFor, !(followFor.isFinite && followFor > 0) {
            throw ValidationError("--follow-for: \(followFor) is not a number of seconds above 0")
        }
        _ = try whereFilter()
    }

    /// `--where`, as written and parsed; a bad expression is one line saying what and where.
    func whereFilter() throws(ValidationError) -> TypedFilter? {
        guard let whereExpression else { return nil }
        do {
            return try TypedFilter(parsing: whereExpression)
        } catch {
            throw ValidationError("--where \(whereExpression): \(error)")
        }
    }

    /// The most seconds `--statement-timeout` takes: `Int32.max` milliseconds.
    static let longestStatementTimeout = Int(Int32.max) / 1000

    /// ArgumentParser lists more than a few allowed values one a line (`  - hour`); an error is one line.
    static func oneLine(_ message: String) -> String {
        let lines = message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = lines.first else { return message }
        let items = lines.dropFirst().map { $0.hasPrefix("- ") ? String($0.dropFirst(2)) : $0 }
        return items.isEmpty ? first : first + " " + items.joined(separator: ", ")
    }

    mutating func run() throws {
        do throws(Failure) {
            try Runner(command: self).run()
        } catch {
            FileHandle.standardError.write(Data((error.line + "\n").utf8))
            throw ExitCode(error.exitCode)
        }
    }
}

/// An error the command reports as one line on stderr and an exit code.
struct Failure: LoadFailure {
    /// What went wrong, without `strata: `: a reload's refusal is said on the footer as it is.
    let message: String
    let exitCode: Int32

    /// The line for stderr.
    var line: String { "strata: " + message }

    init(message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }

    init(_ error: ReadError) {
        self.init(message: error.bareMessage, exitCode: error.exitCode)
    }

    static func usage(_ message: String) -> Failure { Failure(message: message, exitCode: 64) }
}
