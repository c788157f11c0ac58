import Foundation
import Testing

/// One input, one answer: the same rows give the same exit status, stderr,
/// `--dump` screen and `--export csv` of every level whether they come as
/// the file, the file gzipped, a pipe or a gzip pipe; and a terminal, once
/// the load has settled, shows what `--dump --color` prints. Every fixture,
/// and generated inputs in the shapes where the roads used to part.
@Suite("One input, one answer")
struct OneRoadTests {
    static let now = "2026-11-22T14:10Z"
    static let size = (width: 120, height: 32)

    /// Every file in `Tests/Fixtures` that strata reads (not the shapes' expectations).
    static let fixtures: [String] = {
        let root = Repository.fixture("")
        let names = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []
        return names.filter { [".csv", ".log", ".json"].contains(where: $0.hasSuffix) }.sorted()
    }()

    @Test(arguments: fixtures)
    func everyRoadOfAFixture(_ name: String) throws {
        try Self.expectOneAnswer(Repository.fixture(name))
    }

    @Test(arguments: GeneratedInput.allCases)
    func everyRoadOfAGeneratedInput(_ input: GeneratedInput) throws {
        let folder = try TemporaryFolder()
        try Self.expectOneAnswer(try input.write(in: folder.url))
    }

    /// The wide shapes are read wide, not refused on one road alike, and say how on stderr.
    @Test(arguments: [GeneratedInput.worldBank, .johnsHopkins])
    func wideTablesAreReadWide(_ input: GeneratedInput) throws {
        let folder = try TemporaryFolder()
        let answer = try Self.answer(Self.quoted(try input.write(in: folder.url)), names: [])
        #expect(answer.status == 0)
        let note = input == .worldBank ? "strata: shape: wide, 65 columns named as times (1960 … 2024), one series per row by \"Country Name\""
            : "strata: shape: wide, 400 columns named as times (1/22/20 … 2/24/21), one series per row by \"Province/State+Country/Region\""
        #expect(answer.stderr.contains(note), "\(answer.stderr)")
    }

    /// Logs whose `#` directives name their fields say so on stderr, on every road alike.
    @Test(arguments: [GeneratedInput.iisLog, .cloudFront, .zeekConn])
    func directiveLogsSayTheirShape(_ input: GeneratedInput) throws {
        let folder = try TemporaryFolder()
        let answer = try Self.answer(Self.quoted(try input.write(in: folder.url)), names: [])
        #expect(answer.status == 0)
        let note = switch input {
        case .iisLog: "strata: input: W3C extended log (#Fields), 15 fields"
        case .cloudFront: "strata: input: W3C extended log (#Fields), tab-separated, 13 fields"
        default: "strata: input: Zeek log (#fields), 12 fields"
        }
        #expect(answer.stderr.hasPrefix(note + "\n"), "\(answer.stderr)")
        #expect(!answer.stderr.contains("skipped"), "\(answer.stderr)")
    }

    /// The terminal settles on what the dump prints, by a file's road and a `.gz`'s
    /// (a pipe's terminal adds the notice "input ended").
    @Test(.enabled(if: TmuxSession.isAvailable), arguments: ["tv-guide.csv", "three-cities.csv", "shapes/stations-by-station.csv",
                                                            "shapes/long-by-symbol.csv", "shapes/outlier.csv", "shapes/departures.csv"])
    func theSettledTerminalIsTheDump(_ name: String) throws {
        try Self.expectTheTerminalShowsTheDump(Repository.fixture(name))
    }

    @Test(.enabled(if: TmuxSession.isAvailable), arguments: [GeneratedInput.dailyForTwentyYears, .pricesSortedBySymbol, .offsetChangeAfter10k])
    func theSettledTerminalIsTheDumpOfAGeneratedInput(_ input: GeneratedInput) throws {
        let folder = try TemporaryFolder()
        try Self.expectTheTerminalShowsTheDump(try input.write(in: folder.url))
    }

    /// `--keys` in a terminal waits for the load as a dump does: the map
    /// and the overview opened by a script are the dump's, though the
    /// terminal first showed the part of the input it had read.
    @Test(.enabled(if: TmuxSession.isAvailable), arguments: ["down m", "o down left"])
    func keysInTheTerminalLandWhereTheDumpsDo(_ keys: String) throws {
        let folder = try TemporaryFolder()
        try Self.expectTheTerminalShowsTheDump(try GeneratedInput.dailyForTwentyYears.write(in: folder.url), keys: keys)
    }

    static func expectTheTerminalShowsTheDump(_ path: String, keys: String? = nil) throws {
        let folder = try TemporaryFolder()
        let gzip = try Self.gzip(path, in: folder.url)
        let script = keys.map { " --keys \(Self.quoted($0))" } ?? ""
        let dump = try Self.shell("'\(Repository.binary)' --now \(Self.now) \(Self.quoted(path))\(script) --dump --color --size \(Self.size.width)x\(Self.size.height)")
        let expected = Self.plain(dump.stdout)
        for input in [path, gzip] {
            // A terminal of 256 colours tells series apart by colour, as `--color` does (the test runner sets NO_COLOR).
            let session = try TmuxSession("env -u NO_COLOR TERM=xterm-256color TZ=UTC '\(Repository.binary)' \(Self.quoted(input)) --now \(Self.now)\(script) 2>/dev/null",
                                          width: Self.size.width, height: Self.size.height)
            let screen = try session.waitForIdle(timeout: 60)
            #expect(Self.unnamed(screen) == Self.unnamed(expected), "\(input) in a terminal")
        }
    }

    // MARK: the roads

    /// What one road answered.
    struct Answer: Equatable {
        let status: Int32
        let stderr: String
        let screen: String
        let export: String
    }

    static func expectOneAnswer(_ path: String) throws {
        let folder = try TemporaryFolder()
        let gzip = try gzip(path, in: folder.url)
        let file = try answer(quoted(path), names: [path])
        let roads = [
            ("file.gz", try answer(quoted(gzip), names: [gzip])),
            ("pipe", try answer(quoted(path), piped: true, names: [path])),
            ("gzip pipe", try answer(quoted(gzip), piped: true, names: [gzip])),
        ]
        for (road, other) in roads {
            #expect(other.status == file.status, "\(road) of \(path): exit status")
            #expect(other.stderr == file.stderr, "\(road) of \(path): stderr")
            #expect(other.screen == file.screen, "\(road) of \(path): --dump")
            #expect(other.export == file.export, "\(road) of \(path): --export csv")
        }
    }

    /// The input's answer, with its name (the path as given, or `stdin`) written `INPUT`.
    static func answer(_ input: String, piped: Bool = false, names: [String]) throws -> Answer {
        let binary = "'\(Repository.binary)' --now \(now)"
        let run = { (options: String) throws -> Command.Outcome in
            try shell(piped ? "cat \(input) | \(binary) \(options)" : "\(binary) \(input) \(options)")
        }
        let dump = try run("--dump --size \(size.width)x\(size.height)")
        let export = try run("--export csv")
        let anonymous = { (text: String) in
            (names.flatMap { [$0, URL(fileURLWithPath: $0).lastPathComponent] } + ["stdin"])
                .reduce(text) { $0.replacingOccurrences(of: $1, with: "INPUT") }
                // Syslog's years: a file has a modification time to go by, a pipe only now (the same years here).
                .replacingOccurrences(of: "after the file's modification time \\([0-9-]+\\)", with: "after now", options: .regularExpression)
        }
        return Answer(status: dump.status, stderr: anonymous(dump.stderr), screen: unnamed(dump.stdout),
                      export: "\(export.status)\n" + export.stdout)
    }

    /// Runs `command` under `sh -c` in UTF-8 and UTC.
    static func shell(_ command: String) throws -> Command.Outcome {
        try Command.run(["sh", "-c", "SWIFT_BACKTRACE=interactive=no LANG=C.UTF-8 TZ=UTC \(command)"])
    }

    static func gzip(_ path: String, in folder: URL) throws -> String {
        let target = folder.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent + ".gz").path
        let result = try Command.run(["sh", "-c", "gzip -c \(quoted(path)) > \(quoted(target))"])
        try #require(result.status == 0, "gzip \(path): \(result.stderr)")
        return target
    }

    static func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// A screen without the input's name, which the title line starts with.
    static func unnamed(_ screen: String) -> String {
        var lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.reversed().drop { $0 == " " }.reversed()) }
        if let title = lines.first, title.trimmingCharacters(in: .whitespaces).hasPrefix("strata") {
            lines[0] = title.split(separator: " ").dropFirst(2).joined(separator: " ")
        }
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// A `--color` dump as the terminal shows its text: no escape sequences.
    static func plain(_ colored: String) -> String {
        colored.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
    }
}

/// A folder of the test's own, removed with it.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-road-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Inputs in the shapes where the roads used to part, written by the test
/// (the same bytes every run: a fixed seed).
enum GeneratedInput: String, CaseIterable, CustomStringConvertible, Sendable {
    /// Five symbols' daily prices, the rows sorted by symbol: a pipe's first rows hold one symbol only.
    case pricesSortedBySymbol
    /// A count a day for twenty years: a terminal's first look at its head and tail is not where it opens.
    case dailyForTwentyYears
    /// Departures and arrivals (intervals) with a destination column of 104 names.
    case departuresAndArrivals
    /// Log lines at +02:00, then one at +01:00 after 100, 10,000 and 1,000,000 lines.
    case offsetChangeAfter100, offsetChangeAfter10k, offsetChangeAfter1M
    /// Readings 13 minutes apart in 1969, and one a century later.
    case outlierFarInTheFuture
    /// syslog lines (no year) of three hosts.
    case syslog
    /// An access log in Combined Log Format across the change to summer time.
    case accessLog
    /// A JSON document: an array of records.
    case jsonDocument
    /// World Bank's shape: lines above the header, years as column names, quoted cells, a comma after the last.
    case worldBank
    /// Johns Hopkins' shape: `M/D/YY` dates as column names, a region a row, cumulative counts.
    case johnsHopkins
    /// An IIS log (W3C extended): two `#Software/#Version/#Date/#Fields` blocks, the service restarted between them.
    case iisLog
    /// A CloudFront standard log: W3C extended, its rows tab-separated.
    case cloudFront
    /// A Zeek conn.log: `#separator \x09`, `#fields`, `-` and `(empty)` cells, a `#close` line.
    case zeekConn

    var description: String { rawValue }

    /// Writes the input into `folder` and returns its path.
    func write(in folder: URL) throws -> String {
        var random = SeededRandom(seed: 20261126)
        var text = ""
        let name: String
        let iso = { (t: Int, offset: Int) in Self.iso(t, offset: offset) }
        switch self {
        case .pricesSortedBySymbol:
            name = "prices.csv"
            text = "date,symbol,close\n"
            for (symbol, base) in [("AAA", 10.0), ("BBB", 200.0), ("CCC", 35.0), ("DDD", 80.0), ("EEE", 1500.0)] {
                var price = base
                for day in 0..<730 where (day + 3) % 7 < 5 {
                    price *= 1 + Double(random.next(in: -100...100)) / 10_000
                    text += "\(String(iso(1_641_168_000 + day * 86_400, 0).prefix(10))),\(symbol),\(String(format: "%.2f", price))\n"
                }
            }
        case .dailyForTwentyYears:
            name = "daily.csv"
            text = "day,count\n"
            for day in 0..<7305 { text += "\(iso(-31_536_000 + day * 86_400, 0).prefix(10)),\(random.next(in: 100...400))\n" }
        case .departuresAndArrivals:
            name = "departures.csv"
            text = "departure,arrival,carrier,dest\n"
            var t = 1_356_998_400 + 5 * 3600
            for _ in 0..<6000 {
                t += 60 * random.next(in: 5...40)
                let arrival = t + 60 * random.next(in: 45...400)
                let when = { (s: Int) in iso(s, 0).prefix(16).replacingOccurrences(of: "T", with: " ") }
                text += "\(when(t)),\(when(arrival)),\(["AA", "UA", "DL"][random.next(in: 0...2)]),D\(random.next(in: 0...103))\n"
            }
        case .offsetChangeAfter100, .offsetChangeAfter10k, .offsetChangeAfter1M:
            let lines = self == .offsetChangeAfter100 ? 100 : self == .offsetChangeAfter10k ? 10_000 : 1_000_000
            name = "offset-\(lines).log"
            // Up to the last minutes before Berlin's clock went back (2024-10-27 01:00 UTC), then one line after it.
            let end = 1_729_990_800, step = max(1, 8 * 86_400 / lines)
            for i in 0..<lines {
                text += "\(iso(end - (lines - i) * step, 7200)) GET /api/\(i % 7) 200\n"
            }
            text += "\(iso(end + 1800, 3600)) GET /api/0 500\n"
        case .outlierFarInTheFuture:
            name = "outlier.csv"
            text = "time,value\n"
            for i in 0..<2000 { text += "\(iso(-15_897_600 + 780 * i, 0)),\(random.next(in: 1...9))\n" }
            text += "2069-07-20T20:17:00Z,1\n"
        case .syslog:
            name = "messages.log"
            var t = 1_772_323_200 // 1 March 2026
            for i in 0..<3000 {
                t += random.next(in: 1...600)
                let local = iso(t, 0)
                let month = ["Mar", "Apr", "May"][Int(local.dropFirst(5).prefix(2))! - 3]
                let day = Int(local.dropFirst(8).prefix(2))!
                text += "\(month) \(day < 10 ? " " : "")\(day) \(local.dropFirst(11).prefix(8)) web-\(i % 3) nginx[\(100 + i % 5)]: request \(i)\n"
            }
        case .accessLog:
            name = "access.log"
            var t = 1_774_656_000 // 28 March 2026: Paris goes to summer time the next night
            let months = ["Mar", "Apr"]
            for i in 0..<4000 {
                t += random.next(in: 1...90)
                let offset = t >= 1_774_746_000 ? 7200 : 3600
                let local = iso(t, offset)
                let day = local.dropFirst(8).prefix(2), month = months[Int(local.dropFirst(5).prefix(2))! - 3]
                text += "10.0.0.\(i % 9) - - [\(day)/\(month)/\(local.prefix(4)):\(local.dropFirst(11).prefix(8)) \(offset == 7200 ? "+0200" : "+0100")] "
                    + "\"GET /p/\(i % 11) HTTP/1.1\" \([200, 200, 304, 404, 500][i % 5]) \(random.next(in: 100...9000)) \"-\" \"curl/8\"\n"
            }
        case .jsonDocument:
            name = "records.json"
            var records: [String] = []
            for i in 0..<1500 {
                records.append("{\"time\": \"\(iso(1_700_000_000 + 3600 * i, 0))\", \"host\": \"h\(i % 4)\", \"load\": \(Double(random.next(in: 0...400)) / 100)}")
            }
            text = "[\n  " + records.joined(separator: ",\n  ") + "\n]\n"
        case .worldBank:
            name = "API_SP.POP.TOTL.csv"
            text = "\"Data Source\",\"World Development Indicators\",\n\n\"Last Updated Date\",\"2025-01-28\",\n\n"
                + "\"Country Name\",\"Country Code\",\"Indicator Name\",\"Indicator Code\","
                + (1960...2024).map { "\"\($0)\"" }.joined(separator: ",") + ",\n"
            for country in 0..<80 {
                let cells = (1960...2024).map { year in random.next(in: 0...19) == 0 ? "" : "\(1000 * (country + 1) + random.next(in: 0...99) + year)" }
                text += "\"Country \(country)\",\"C\(country)\",\"Population, total\",\"SP.POP.TOTL\","
                    + cells.map { "\"\($0)\"" }.joined(separator: ",") + ",\n"
            }
        case .johnsHopkins:
            // Shorter than Johns Hopkins' own: a long name leaves no room for the header's `y:page` mark, which a pipe's `stdin` does.
            name = "confirmed_global.csv"
            let days = (0..<400).map { iso(1_579_651_200 + $0 * 86_400, 0) }
            text = "Province/State,Country/Region,Lat,Long,"
                + days.map { "\(Int($0.dropFirst(5).prefix(2))!)/\(Int($0.dropFirst(8).prefix(2))!)/\($0.dropFirst(2).prefix(2))" }.joined(separator: ",") + "\n"
            for region in 0..<60 {
                var count = 0
                let cells = days.map { _ in
                    count += random.next(in: 0...30)
                    return String(count)
                }
                text += "\(region % 4 == 0 ? "Province \(region)" : ""),Country \(region % 4 == 0 ? region / 4 : region),1.5,2.5,"
                    + cells.joined(separator: ",") + "\n"
            }
        case .iisLog:
            name = "u_ex261120.log"
            var t = 1_795_132_800 // 2026-11-20 00:00 UTC
            for block in 0..<2 {
                text += "#Software: Microsoft Internet Information Services 10.0\r\n#Version: 1.0\r\n#Date: \(Self.w3c(t))\r\n"
                    + "#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) cs(Referer) "
                    + "sc-status sc-substatus sc-win32-status time-taken\r\n"
                for i in 0..<1500 {
                    t += random.next(in: 1...40)
                    text += "\(Self.w3c(t)) 10.0.0.5 \(["GET", "POST", "GET", "HEAD"][i % 4]) /p/\(i % 7) - 443 - 192.168.1.\(block + 1) "
                        + "Mozilla/5.0+(Windows+NT+10.0) - \([200, 200, 304, 404, 500][random.next(in: 0...4)]) 0 0 \(random.next(in: 1...3000))\r\n"
                }
            }
        case .cloudFront:
            name = "E2CF.2026-11-20-00.a1b2c3d4.log"
            text = "#Version: 1.0\n#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) "
                + "cs(User-Agent) cs-uri-query time-taken\n"
            var t = 1_795_132_800
            for i in 0..<2500 {
                t += random.next(in: 1...30)
                text += [Self.w3c(t).replacingOccurrences(of: " ", with: "\t"), ["FRA2", "IAD89"][i % 2], "\(random.next(in: 200...90000))",
                         "203.0.113.9", "GET", "d111111abcdef8.cloudfront.net", "/a.png", "\([200, 304, 403, 502][random.next(in: 0...3)])",
                         "-", "Mozilla/5.0%20(X11)", "-", "0.\(random.next(in: 100...999))"].joined(separator: "\t") + "\n"
            }
        case .zeekConn:
            name = "conn.log"
            text = "#separator \\x09\n#set_separator\t,\n#empty_field\t(empty)\n#unset_field\t-\n#path\tconn\n#open\t2026-11-20-00-00-00\n"
                + "#fields\tts\tuid\tid.orig_h\tid.orig_p\tid.resp_h\tid.resp_p\tproto\tservice\tduration\torig_bytes\tresp_bytes\ttunnel_parents\n"
                + "#types\ttime\tstring\taddr\tport\taddr\tport\tenum\tstring\tinterval\tcount\tcount\tset[string]\n"
            var micros = 1_795_132_800_366_317
            for i in 0..<3000 {
                micros += random.next(in: 1_000_000...30_000_000)
                let unset = i % 5 == 0
                text += ["\(micros / 1_000_000).\(String(format: "%06d", micros % 1_000_000))", "C\(i)", "10.0.0.\(i % 200)", "\(random.next(in: 1024...65535))",
                         "93.184.216.34", ["53", "443"][i % 2], ["udp", "tcp"][i % 2], unset ? "-" : ["dns", "ssl"][i % 2],
                         unset ? "-" : "\(random.next(in: 0...5)).\(random.next(in: 100000...999999))", unset ? "-" : "\(random.next(in: 0...5000))",
                         unset ? "-" : "\(random.next(in: 0...90000))", "(empty)"].joined(separator: "\t") + "\n"
            }
            text += "#close\t2026-11-20-23-59-59\n"
        }
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// `2026-11-20 00:00:01`: a W3C log's date and time, in UTC.
    static func w3c(_ t: Int) -> String { iso(t, offset: 0).prefix(19).replacingOccurrences(of: "T", with: " ") }

    /// `2024-10-27T01:30:00+02:00` for UTC seconds `t` written at `offset` seconds east (`Z` at 0).
    static func iso(_ t: Int, offset: Int) -> String {
        var seconds = time_t(t + offset)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let zone = offset == 0 ? "Z" : (offset < 0 ? "-" : "+") + String(format: "%02d:%02d", abs(offset) / 3600, abs(offset) % 3600 / 60)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec) + zone
    }
}

/// The same numbers every run (a linear congruential generator).
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(in range: ClosedRange<Int>) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return range.lowerBound + Int((state >> 33) % UInt64(range.count))
    }
}
