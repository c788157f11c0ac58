import Foundation

/// Local dates from the system's tz database as Python's `zoneinfo` reads
/// it: a second reading of the TZif files, apart from strata's, for the
/// changes where Foundation's own zone data says otherwise.
enum SystemZoneDates {
    static let script = """
    import sys, zoneinfo, datetime
    zone = zoneinfo.ZoneInfo(sys.argv[1])
    for line in sys.stdin:
        d = datetime.datetime.fromtimestamp(int(line), zone)
        print(d.year * 10000 + d.month * 100 + d.day)
    """

    /// Each instant's local date in `zone`, as `year * 10_000 + month * 100 + day`.
    static func localDates(_ instants: [Int64], zone: String) throws -> [Int] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, zone]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // Written from another thread: the answer is read meanwhile, so neither pipe fills up and waits.
        let text = Data(instants.map { "\($0)\n" }.joined().utf8)
        let writer = Thread {
            input.fileHandleForWriting.write(text)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(reason: "python3's zoneinfo failed on \(zone)") }
        let dates = String(decoding: answer, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
        guard dates.count == instants.count else { throw Failure(reason: "python3 gave \(dates.count) dates for \(instants.count) instants") }
        return dates
    }

    struct Failure: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }
}
