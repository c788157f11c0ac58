import Foundation
import Testing

/// The built binary as scripts use it: exit codes, one-line errors,
/// headless dumps, export and pipes. No terminal involved.
@Suite("Command line")
struct CommandLineTests {
    /// Runs strata under `sh -c` with `arguments` (shell words, already quoted), stdin from `stdin` (empty when nil).
    static func strata(_ arguments: String, stdin: String? = nil) throws -> Command.Outcome {
        try strata(arguments, stdinBytes: Data((stdin ?? "").utf8))
    }

    static func strata(_ arguments: String, stdinBytes: Data) throws -> Command.Outcome {
        try Command.run(["sh", "-c", "SWIFT_BACKTRACE=interactive=no LANG=C.UTF-8 TZ=UTC '\(Repository.binary)' \(arguments)"],
                        stdin: stdinBytes)
    }

    static let weather = "'" + Repository.fixture("seattle-weather.csv") + "'"

    @Test func dumpIsExactlyTheScreen() throws {
        let result = try Self.strata("\(Self.weather) --levels day,week,month --dump --size 90x30 --keys 'left*3 down'")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 30)
        #expect(lines.allSatisfy { $0.count <= 90 && !$0.hasSuffix(" ") })
        #expect(result.stdout.contains("week 210/210"))
        #expect(result.stderr.contains("time: column \"date\", format YYYY/MM/DD"))
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test func framesHaveHeadings() throws {
        let result = try Self.strata("--demo --now 2026-11-22T14:10Z --frames --size 40x8 --keys 'left down*2'")
        #expect(result.status == 0)
        let headings = result.stdout.split(separator: "\n").filter { $0.hasPrefix("--- frame ") }
        #expect(headings == ["--- frame 1: left ---", "--- frame 2: down ---", "--- frame 3: down ---"])
        #expect(result.stdout.split(separator: "\n", omittingEmptySubsequences: false).count == 3 * 9 + 1)
    }

    @Test func colorKeepsStyles() throws {
        let result = try Self.strata("--demo --now 2026-11-22T14:10Z --dump --color")
        #expect(result.stdout.contains("\u{1B}["))
    }

    @Test func chartPicksTheKindAtStart() throws {
        let line = try Self.strata("--demo --now 2026-11-22T14:10Z --dump --chart line")
        #expect(line.status == 0)
        #expect(line.stdout.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
        #expect(!line.stdout.contains("█"))
        let bars = try Self.strata("--demo --now 2026-11-22T14:10Z --dump --chart BAR --agg mean")
        #expect(bars.stdout.contains("█"))
    }

    /// A far tail's note names the period the view opens on: the day before the rest's last, which holds an hour of it.
    @Test func aFarTailsNoteNamesWhereTheViewOpens() throws {
        let folder = try TemporaryFolder()
        let path = try GeneratedInput.outlierFarInTheFuture.write(in: folder.url)
        let result = try Self.strata("'\(path)' --dump --size 100x24")
        #expect(result.stderr.contains("one time lies far after the rest, which ends 1969-07-19: starting on 1969-07-18, "
                                       + "as its last day holds little (End and ] go further)"))
        #expect(result.stdout.contains("Fri 18 Jul 1969  · 1969-07-18"))
    }

    @Test func pipedOutputIsThePlainStartingPage() throws {
        let result = try Self.strata(Self.weather)
        #expect(result.status == 0)
        // Daily rows start on weeks: a day page would be one bar.
        #expect(result.stdout.contains("week 210/210"))
        #expect(result.stderr.contains("levels: week,month,quarter,year"))
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test func atOutsideTheDataSaysWhereItStarts() throws {
        let after = try Self.strata("\(Self.weather) --at 2099-01-01 --dump")
        #expect(after.stderr.contains("--at 2099-01-01 is after the data: starting on the last week"))
        let inside = try Self.strata("\(Self.weather) --at 2013-03-10 --dump")
        #expect(!inside.stderr.contains("--at"))
    }

    /// Gzip on standard input is inflated, redirected from a file or piped (`cat x.csv.gz | strata`).
    @Test func gzipOnStdinIsRead() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-gz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("x.csv")
        try Data("when,n\n2024-01-01T10:00:00Z,3\n2024-01-02T11:00:00Z,4\n".utf8).write(to: file)
        #expect(system("gzip -k '\(file.path)'") == 0)
        let redirected = try Self.strata("--dump --level week", stdinBytes: try Data(contentsOf: URL(fileURLWithPath: file.path + ".gz")))
        #expect(redirected.status == 0)
        #expect(redirected.stdout.contains("total 7"))
        let out = dir.appendingPathComponent("out")
        let piped = system("cat '\(file.path).gz' | SWIFT_BACKTRACE=interactive=no LANG=C.UTF-8 TZ=UTC '\(Repository.binary)' "
                           + "--dump --level week >'\(out.path)' 2>/dev/null")
        #expect(piped == 0)
        #expect(try String(contentsOf: out, encoding: .utf8).contains("total 7"))
    }

    @Test func brokenGzipOnStdinIsBadData() throws {
        let result = try Self.strata("--dump", stdinBytes: Data([0x1F, 0x8B, 0x08, 0x00, 0x41, 0x42]))
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("strata: stdin: not valid gzip data ("))
    }

    @Test func stdinIsReadWhenNoFileIsGiven() throws {
        let csv = "when,n\n2024-01-01T10:00:00Z,3\n2024-01-02T11:00:00Z,4\n"
        let result = try Self.strata("--dump --level week", stdin: csv)
        #expect(result.status == 0)
        #expect(result.stdout.contains("stdin"))
        #expect(result.stdout.contains("total 7"))
    }

    @Test func exportCSV() throws {
        let result = try Self.strata("\(Self.weather) --export csv --level month")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "level,period,start,end,count,sum,min,max,mean")
        #expect(lines.count == 1 + 48)
        #expect(lines[1].hasPrefix("month,2012-01,2012-01-01T00:00:00+00:00,2012-02-01T00:00:00+00:00,31,173.3,0,27.7,5.5903225806"))
    }

    /// `--agg p90` exports the percentile after the mean; a month's 31 days
    /// are few enough for the exact one (numpy: 10.6, and 12.782 for p99.9).
    @Test func exportWritesTheAskedPercentile() throws {
        for (agg, value) in [("p90", "10.6"), ("p99.9", "12.782")] {
            let result = try Self.strata("\(Self.weather) --value temp_max --agg \(agg) --export csv --level month")
            #expect(result.status == 0)
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.first == "level,period,start,end,count,sum,min,max,mean,\(agg)")
            #expect(lines[1].hasPrefix("month,2012-01,") && lines[1].hasSuffix(",7.05483870967742,\(value)"), "\(lines[1])")
        }
    }

    /// `--percentiles` adds p50, p90, p95 and p99 (numpy's linear of the
    /// 31 days, worked out apart), and an asked one outside them in its place.
    @Test func exportWritesFourPercentilesWithPercentiles() throws {
        let four = try Self.strata("\(Self.weather) --value temp_max --percentiles --export csv --level month")
        #expect(four.status == 0)
        let lines = four.stdout.split(separator: "\n")
        #expect(lines.first == "level,period,start,end,count,sum,min,max,mean,p50,p90,p95,p99")
        #expect(lines[1].hasPrefix("month,2012-01,") && lines[1].hasSuffix(",7.05483870967742,7.2,10.6,11.95,12.62"), "\(lines[1])")
        let five = try Self.strata("\(Self.weather) --value temp_max --agg p99.9 --percentiles --export csv --level month")
        #expect(five.stdout.split(separator: "\n").first == "level,period,start,end,count,sum,min,max,mean,p50,p90,p95,p99,p99.9")
        let alone = try Self.strata("\(Self.weather) --percentiles --dump")
        #expect(alone.status == 64 && alone.stderr == "strata: --percentiles goes with --export\n")
    }

    @Test(arguments: ["p100", "p0.5", "p99.95", "median"])
    func aPercentileOutOfRangeIsAUsageError(_ agg: String) throws {
        let result = try Self.strata("\(Self.weather) --agg \(agg) --dump")
        #expect(result.status == 64 && result.stderr.contains("--agg"))
    }

    /// A time span no clock or server can take is a usage error, never a crash or a run that never ends.
    @Test(arguments: ["--statement-timeout 9223372036854776 postgresql:///x --table t",
                      "--statement-timeout 0 postgresql:///x --table t",
                      "--statement-timeout 2147484 postgresql:///x --table t",
                      "-f --follow-for nan \(CommandLineTests.weather)", "-f --follow-for inf \(CommandLineTests.weather)",
                      "-f --follow-for=-1 \(CommandLineTests.weather)"])
    func spansOutOfRangeAreUsageErrors(_ arguments: String) throws {
        let result = try Self.strata(arguments + " --dump")
        #expect(result.status == 64)
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("is not a number of seconds"), "\(result.stderr)")
    }

    /// A pipe whose copy cannot be written whole (here past `ulimit -f`: 10 kB) is
    /// read once after all, the copied bytes first: every row counted, and stderr says why.
    @Test func aPipeWhoseCopyStopsIsReadOnceAfterAll() throws {
        // The limit holds for stdout's file too: a year's export is small.
        let piped = try Command.run(["sh", "-c", "ulimit -f 20; cat \(Self.weather) | '\(Repository.binary)' --export csv --level month"])
        let file = try Self.strata("\(Self.weather) --export csv --level month")
        #expect(piped.status == 0)
        #expect(piped.stdout == file.stdout)
        #expect(piped.stderr.contains(/strata: stdin: no copy kept \(file too large in the temporary folder after [0-9]+ kB\): read once, picks from its first rows\n/))
    }

    /// Keys past what a replay takes are one usage line, before any is kept:
    /// an endless keys file, or repeats that add up past a million.
    @Test func aReplayTakesAMillionKeysAtMost() throws {
        let endless = try Self.strata("--demo --keys-file /dev/zero --dump")
        #expect(endless.status == 64)
        #expect(endless.stderr == "strata: --keys-file: /dev/zero holds more than 16 MB of keys\n")
        let many = try Self.strata("--demo --keys 'right*600000 left*600000' --dump")
        #expect(many.status == 64)
        #expect(many.stderr.contains("more than 1000000 keys in all"))
    }

    /// A binary stream is refused from its first bytes, not copied first:
    /// `/dev/urandom` never ends, and a copy of it would fill the disk.
    /// So is a stream of NUL bytes, which has no line to read (it hung, reading on).
    @Test(arguments: ["/dev/urandom --dump", "--dump < /dev/urandom", "--export csv < /dev/urandom",
                      "/dev/zero --dump", "--dump < /dev/zero"])
    func aBinaryStreamIsRefusedAtOnce(_ arguments: String) throws {
        let result = try Command.run(["sh", "-c", "timeout 20 '\(Repository.binary)' \(arguments)"])
        #expect(result.status == 65)
        #expect(result.stderr.hasSuffix("(the input looks binary: it holds NUL bytes)\n"), "\(result.stderr)")
    }

    /// `-f` on gzip says it does not follow, as on a pipe.
    @Test func followingGzipIsAUsageError() throws {
        let folder = try TemporaryFolder()
        let gzip = try OneRoadTests.gzip(Repository.fixture("births-1978.csv"), in: folder.url)
        let result = try Self.strata("-f '\(gzip)' --dump")
        #expect(result.status == 64)
        #expect(result.stderr == "strata: -f follows a file as it grows; \(gzip) is gzip, which is read as it is\n")
    }

    /// A fixed offset is a zone, written as the header writes it, with or
    /// without `=` (ArgumentParser took `-07:00` for an option).
    @Test(arguments: [("--tz -07:00", "-07:00"), ("--tz=-07:00", "-07:00"), ("--tz UTC-7", "-07:00"), ("--tz -0700", "-07:00"),
                      ("--tz +05:30", "+05:30"), ("--tz UTC+5:30", "+05:30"), ("--tz gmt+05:45", "+05:45")])
    func aFixedOffsetIsAZone(_ option: String, _ offset: String) throws {
        let result = try Self.strata("\(Self.weather) \(option) --export csv --level year")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("year,2013,2013-01-01T00:00:00\(offset),2014-01-01T00:00:00\(offset),"))
    }

    @Test func aDumpAfterQuitIsTheScreenItQuitOn() throws {
        let result = try Self.strata("--demo --now 2026-11-22T15:30:00Z --keys 'm k q' --dump")
        #expect(result.status == 0)
        #expect(result.stdout.contains("Days × hours") && result.stdout.contains("day 729/730"))
    }

    @Test func exportJSONIsOneArray() throws {
        let result = try Self.strata("\(Self.weather) --export json --level year")
        #expect(result.status == 0)
        let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        #expect(rows?.map { $0["period"] as? String } == ["2012", "2013", "2014", "2015"])
    }

    /// The same daily rows as JSON Lines, as a pretty-printed array (one
    /// object per line), on one line and under a key: the same export and
    /// the same fitted levels.
    @Test func aJSONDocumentReadsAsItsJSONLinesTwin() throws {
        let records = (0..<120).map { i in
            let day = Calendar(identifier: .gregorian).date(byAdding: .day, value: i, to: Date(timeIntervalSince1970: 1_704_067_200))!
            return #"{"date": "\#(ISO8601DateFormatter().string(from: day).prefix(10))", "price": \#(100 + i % 9)}"#
        }
        let shapes = [
            records.joined(separator: "\n") + "\n",
            "[\n" + records.map { "  " + $0 }.joined(separator: ",\n") + "\n]\n",
            "[" + records.joined(separator: ",") + "]",
            #"{"status": "ok", "data": {"items": ["# + records.joined(separator: ",") + "]}}",
        ]
        let outcomes = try shapes.map { try Self.strata("--export csv --level month", stdin: $0) }
        #expect(outcomes.map(\.status) == [0, 0, 0, 0])
        #expect(outcomes.map { $0.stderr.split(separator: "\n").first } == [
            "strata: input: jsonl", "strata: input: JSON array (120 records)", "strata: input: JSON array (120 records)",
            "strata: input: JSON array at data.items (120 records)",
        ])
        #expect(Set(outcomes.map(\.stdout)).count == 1 && outcomes[0].stdout.split(separator: "\n").count == 5)
        let levels = outcomes.map { $0.stderr.split(separator: "\n").first { $0.contains("levels:") } }
        #expect(levels.allSatisfy { $0 == "strata: levels: week,month,quarter (times about 1 d apart, about 7 a week; --levels overrides)" })
        let named = try Self.strata("--format json --json-path data.items --export csv --level month", stdin: shapes[3])
        #expect(named.stdout == outcomes[0].stdout)
    }

    /// `--year 2024` on a syslog log from 30 December to 1 January: December
    /// 2024, then January 2025, from a pipe as from a file (whatever its
    /// modification time), and stderr says where the year came from.
    @Test func yearDatesASyslogLogFromAPipeAndAFile() throws {
        let log = "Dec 30 23:10:01 host cron[1]: a\nDec 31 10:00:00 host cron[1]: b\nJan  1 00:00:05 host cron[1]: c\n"
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-year-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("messages")
        try Data(log.utf8).write(to: file)
        let days = ["day,2024-12-30", "day,2024-12-31", "day,2025-01-01"]
        let piped = try Self.strata("--year 2024 --export csv --level day", stdin: log)
        let named = try Self.strata("'\(file.path)' --year 2024 --export csv --level day")
        for outcome in [piped, named] {
            #expect(outcome.status == 0)
            #expect(outcome.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").prefix(2).joined(separator: ",") } == days)
            #expect(outcome.stderr.contains("strata: time: syslog lines have no year: the first takes 2024 (--year)"))
        }
    }

    /// The enum options list their values, as the completions do.
    @Test func helpListsTheValues() throws {
        // As one line: help wraps at the width it finds.
        let help = try Self.strata("--help").stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("values: sum, count, mean, min, max"))
        #expect(help.contains("values: bar, line, band"))
        #expect(help.contains("values: csv, json"))
    }

    @Test func versionIsPrinted() throws {
        let result = try Self.strata("--version")
        #expect(result.status == 0)
        // The number itself lives in StrataCommand alone; the man page and the tarball's name read it from there.
        #expect(result.stdout.wholeMatch(of: /strata \d+\.\d+\.\d+\n/) != nil)
    }

    /// `--help` ends with 4 to 6 examples, each a command the README shows.
    @Test func helpEndsWithExamplesFromTheReadme() throws {
        let help = try Self.strata("--help").stdout
        let parts = help.components(separatedBy: "\n\nEXAMPLES:\n")
        #expect(parts.count == 2)
        let commands = parts.last!.split(separator: "\n").filter { !$0.hasPrefix("    ") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect((4...6).contains(commands.count))
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        for command in commands { #expect(readme.contains(command), "\(command)") }
    }

    @Test("exit codes and one-line errors", arguments: [
        ("/no/such/file.csv", Int32(66), "/no/such/file.csv"),
        ("/tmp", 66, "directory"),
        ("--levels day,fortnight --demo", 64, "--levels"),
        ("--tz Mars/Olympus --demo", 64, "--tz"),
        ("--keys 'left nope' --demo --dump", 64, "nope"),
        ("--bogus-flag", 64, "bogus"),
        ("--export xml --demo", 64, "--export"),
        ("--chart pie --demo", 64, "--chart"),
        ("--agg median --demo", 64, "one of the following: sum, count, mean, min, max, p50, p95, p99"),
        ("--level fortnight --demo", 64, "one of the following: hour, day, week, month, quarter, year, decade, century"),
        ("--week-start tuesday --demo", 64, "--week-start"),
        ("--format xml --demo", 64, "--format"),
        ("--size 0x5 --demo --dump", 64, "--size <WxH>"),
        ("--year 24 --demo", 64, "--year: \"24\" is not a year"),
        ("--year abc --demo", 64, "--year: \"abc\" is not a year"),
        ("\(weather) --value weather_typo", 64, "weather_typo"),
    ])
    func exitCodes(arguments: String, status: Int32, mention: String) throws {
        let result = try Self.strata(arguments)
        #expect(result.status == status)
        #expect(result.stderr.contains(mention))
        // One line, as every error: `strata: …`.
        #expect(result.stderr.hasPrefix("strata: ") && result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.isEmpty)
    }

    /// Standard output that cannot be written (a full disk: `/dev/full`) is one line and exit 74, for an export
    /// and a dump alike, not a crash with a stack trace.
    @Test(arguments: ["--export csv", "--dump"])
    func standardOutputThatCannotBeWrittenIsOneLine(_ output: String) throws {
        let result = try Self.strata("--demo \(output) > /dev/full")
        #expect(result.status == 74)
        #expect(result.stderr == "strata: cannot write standard output: No space left on device\n")
    }

    @Test func badRowsAreSkippedOrStopStrict() throws {
        let csv = "time,value\n2024-01-01T10:00:00Z,1\nnot a time,2\n2024-01-01T12:00:00Z,x\n2024-01-01T13:00:00Z,4\n"
        let lenient = try Self.strata("--dump", stdin: csv)
        #expect(lenient.status == 0)
        #expect(lenient.stdout.contains("2 rows skipped"))
        #expect(lenient.stderr.contains("stdin:3:1"))
        #expect(lenient.stderr.contains("stdin:4:22"))
        // More bad rows than are listed: the count says how many the list shows.
        let good = (10...29).map { "2024-01-\($0)T10:00:00Z,\($0)\n" }.joined(), bad = String(repeating: "nope,1\n", count: 8)
        let many = try Self.strata("--dump", stdin: "time,value\n" + good + bad)
        #expect(many.stderr.contains("strata: skipped 8 of 28 rows, the first 5:\n"))
        #expect(many.stderr.components(separatedBy: "stdin:").count == 6)
        #expect(lenient.stderr.contains("strata: skipped 2 of 4 rows\n"))
        let strict = try Self.strata("--dump --strict", stdin: csv)
        #expect(strict.status == 65)
        #expect(strict.stderr.split(separator: "\n").count == 1)
        #expect(strict.stderr.contains("stdin:3:1"))
        let nothing = try Self.strata("--dump", stdin: "time,value\nnope,1\n")
        #expect(nothing.status == 65)
    }

    /// The card's rows are the period's records read back from the input, `FILE:LINE  text`.
    @Test func theCardReadsItsRowsBack() throws {
        let csv = "time,value,note\n2024-01-01T10:00:00Z,1,a\n2024-01-02T08:00:00Z,bad,b\n2024-01-02T09:00:00Z,2,c\n"
            + "2024-01-02T12:00:00Z,3,\u{1B}[31mred\n2024-01-02T13:00:00Z,4,d\n"
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-card-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("card.csv")
        try Data(csv.utf8).write(to: file)
        #expect(system("gzip -k '\(file.path)'") == 0)
        for name in ["card.csv", "card.csv.gz"] {
            let result = try Self.strata("'\(dir.path)/\(name)' --value value --levels day,week --dump --size 80x50 --keys 'enter'")
            #expect(result.status == 0)
            // The bad row is not a row of the period; the escape is shown, not sent.
            #expect(result.stdout.contains("\(name):4  2024-01-02T09:00:00Z,2,c"))
            #expect(result.stdout.contains("\(name):5  2024-01-02T12:00:00Z,3,␛[31mred"))
            #expect(result.stdout.contains("\(name):6  2024-01-02T13:00:00Z,4,d"))
            #expect(!result.stdout.contains("\u{1B}"))
            #expect(!result.stdout.contains(":3  "))
        }
        let piped = try Self.strata("--value value --levels day,week --dump --size 80x50 --keys 'enter'", stdin: csv)
        #expect(piped.stdout.contains("rows from stdin are not kept"))
    }

    static let polls = "'" + Repository.fixture("polls.csv") + "'"

    /// A value of poll rows (a fieldwork start and end): `--value` keeps them
    /// intervals. A vote share's week is its polls' mean weighted by their days
    /// in it, each end date a whole day: 10 to 13 January is 4 days, 11 to 16
    /// January 4 of them before the 15th, so (52 × 4 + 50.5 × 4) / 8 with their
    /// count the 8 days in seconds; a sample size counts in the week its poll starts in.
    @Test func aValueOfIntervalsExportsAsItsShareSays() throws {
        let share = try Self.strata("\(Self.polls) --value ALP_pct --series none --levels week --export csv")
        #expect(share.status == 0)
        #expect(share.stderr.contains("value: column \"ALP_pct\", weighted by each interval's time in a period"))
        #expect(share.stdout.split(separator: "\n")[1]
                == "week,2024-W02,2024-01-08T00:00:00+00:00,2024-01-15T00:00:00+00:00,691200,35424000,50.5,52,51.25")
        let sizes = try Self.strata("\(Self.polls) --value sample_size --series none --levels week --export csv")
        #expect(sizes.stdout.split(separator: "\n")[1] == "week,2024-W02,2024-01-08T00:00:00+00:00,2024-01-15T00:00:00+00:00,2,2849,1245,1604,1424.5")
        let plain = try Self.strata("\(Self.polls) --export csv")
        #expect(plain.stderr.contains("other values: \"ALP_pct\", \"LNP_pct\", \"sample_size\" (weighted by each interval's time in a period"))
    }

    /// Choosing a value of intervals drops none: the timeline draws each poll, the card lists their rows.
    @Test func aValueOfIntervalsKeepsTheTimelineAndTheCard() throws {
        let open = "\(Self.polls) --value ALP_pct --now 2026-11-22T14:10Z --size 100x24 --dump --keys"
        let card = try Self.strata("\(open) enter")
        #expect(card.stdout.contains("mean ALP_pct"))
        #expect(card.stdout.contains("polls.csv:18  2024-04-04,2024-04-09,Resolve,50.5,49.5,1620"))
        #expect(card.stdout.contains("polls.csv:19  2024-04-10,2024-04-13,Newspoll,51,49,1242"))
        let timeline = try Self.strata("\(open) m")
        // 10 to 13 April: four whole days.
        #expect(timeline.stdout.contains("Newspoll  ·  Wed 10 Apr 00:00–Sun 14 Apr 00:00  ·  4d"))
    }

    /// `--where` on an access log: the export holds the 5xx rows alone (2, both at 14:xx), stderr
    /// says how many of the 5 passed, a file and a pipe alike; a bad expression is one line with its column, exit 64.
    @Test func whereKeepsTheRowsThatPass() throws {
        let log = "'" + Repository.fixture("logs/access-nginx.log") + "'"
        let filed = try Self.strata("\(log) --where 'status >= 500' --export csv --level hour")
        #expect(filed.status == 0)
        #expect(filed.stderr.contains("strata: where status >= 500: 2 of 5 rows\n"))
        #expect(filed.stdout.contains("hour,2023-10-10T14:00+00:00,2023-10-10T14:00:00+00:00,2023-10-10T15:00:00+00:00,2,2,1,1,1\n"))
        #expect(!filed.stdout.contains("T13:00+00:00,2023"))
        let piped = try Self.strata("--where 'status >= 500' --export csv --level hour < \(log)")
        #expect(piped.stdout == filed.stdout)
        let bad = try Self.strata("\(log) --where 'status >= 5xx' --dump")
        #expect(bad.status == 64)
        #expect(bad.stderr == "strata: --where status >= 5xx: not a number at column 11 (see strata --help)\n")
        let unknown = try Self.strata("\(log) --where 'method = GET and stauts = 200' --dump")
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains(": --where method = GET and stauts = 200: no column \"stauts\" at column 18 (columns: "), "\(unknown.stderr)")
    }
}
