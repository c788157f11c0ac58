import Foundation
@testable import StrataData

/// Temporary input files and one-call loading for the reader tests.
enum Fixture {
    static let utc = CalendarSystem(zone: ZoneRules.utc)
    static let newYork = CalendarSystem(zone: ZoneRules(named: "America/New_York")!)

    /// The public datasets in `Tests/Fixtures/`, found from this file so a clone anywhere has them.
    static let dataDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// A fresh temporary folder for `body`, removed with all it holds when `body` returns or throws.
    static func withFolder<T, E: Error>(_ body: (URL) throws(E) -> T) throws(E) -> T {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("strata-data-tests-\(getpid())-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url)
    }

    /// Writes `bytes` to a file named `name` in `folder`; returns its path.
    static func write(_ name: String, bytes: [UInt8], in folder: URL) -> String {
        let url = folder.appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
        return url.path
    }

    static func write(_ name: String, _ text: String, in folder: URL) -> String { write(name, bytes: Array(text.utf8), in: folder) }

    /// Runs `body` with the path of a file named `name` holding `bytes`; the file is gone afterwards.
    static func withFile<T, E: Error>(_ name: String, bytes: [UInt8], _ body: (String) throws(E) -> T) throws(E) -> T {
        try withFolder { (folder) throws(E) -> T in try body(write(name, bytes: bytes, in: folder)) }
    }

    static func withFile<T, E: Error>(_ name: String, _ text: String, _ body: (String) throws(E) -> T) throws(E) -> T {
        try withFile(name, bytes: Array(text.utf8), body)
    }

    /// Compresses `path` with the system's gzip into `path.gz`; returns that path.
    static func gzip(_ path: String) throws -> String {
        let gz = path + ".gz"
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/sh")
        gzip.arguments = ["-c", "gzip -c '\(path)' > '\(gz)'"]
        try gzip.run()
        gzip.waitUntilExit()
        return gz
    }

    /// Loads `bytes` as a pipe gives them (through a FIFO in a temporary
    /// folder): no size, no middle to sample, read once.
    static func loadPiped(_ bytes: [UInt8], baseUnit: TimeUnit = .hour,
                          _ configure: (inout ReadOptions) -> Void = { _ in }) throws -> LoadResult {
        try withPipe(bytes) { fifo in try DataLoader.load([.file(fifo)], options: options(configure), calendar: utc, baseUnit: baseUnit) }
    }

    /// `body` given the path of a FIFO that a thread writes `bytes` into, as a pipe would.
    static func withPipe<T>(_ bytes: [UInt8], _ body: (String) throws -> T) throws -> T {
        try withFolder { folder in
            let fifo = folder.appendingPathComponent("pipe").path
            guard mkfifo(fifo, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
            let writer = Thread {
                let fd = Glibc.open(fifo, O_WRONLY)
                _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                close(fd)
            }
            writer.start()
            return try body(fifo)
        }
    }

    /// The ways an input comes: a file, its `.gz`, a pipe.
    enum Road: String, CaseIterable, Sendable { case file, gzip, pipe }

    /// Loads `text` by `road` with no flags, as the app does (levels picked, naive times in UTC).
    static func load(_ text: String, name: String, road: Road) throws -> LoadResult {
        var setup = LoadSetup()
        setup.fallbackZone = .utc
        if road == .pipe {
            return try withPipe(Array(text.utf8)) { fifo in try DataLoader.load([.file(fifo)], options: options(), setup: setup) }
        }
        return try withFolder { folder in
            let plain = write(name, text, in: folder)
            return try DataLoader.load([.file(road == .gzip ? try gzip(plain) : plain)], options: options(), setup: setup)
        }
    }

    /// `2024-03-01T12:00:00Z`.
    static func iso(_ t: Int64) -> String { ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(t))) }

    static func options(_ configure: (inout ReadOptions) -> Void = { _ in }) -> ReadOptions {
        var o = ReadOptions()
        o.now = 1_700_000_000  // 2023-11-14T22:13:20Z
        configure(&o)
        return o
    }

    static func load(_ text: String, name: String = "data.csv", calendar: CalendarSystem = utc, baseUnit: TimeUnit = .minute,
                     _ configure: (inout ReadOptions) -> Void = { _ in }) throws(ReadError) -> LoadResult {
        try withFile(name, text) { (path) throws(ReadError) in
            try DataLoader.load([.file(path)], options: options(configure), calendar: calendar, baseUnit: baseUnit)
        }
    }

    /// The error a load throws, or nil when it succeeds.
    static func error(_ text: String, name: String = "data.csv", _ configure: (inout ReadOptions) -> Void = { _ in }) -> ReadError? {
        do {
            _ = try load(text, name: name, configure)
            return nil
        } catch {
            return error
        }
    }

    /// Every accepted row's bucket start (UTC seconds, minute buckets in UTC) with its stats, sorted.
    static func minutes(_ result: LoadResult, series: Int = 0) -> [(Int64, Stats)] {
        var acc = result.accumulator
        acc.flush()
        guard series < acc.buckets.count else { return [] }
        return acc.buckets[series].map { (Int64($0.key) * 60, $0.value) }.sorted { $0.0 < $1.0 }
    }

    /// UTC seconds of a civil time with an offset east of UTC.
    static func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0, offset: Int = 0) -> Int64 {
        Int64(CivilDate(year: y, month: m, day: d).dayNumber) * 86_400 + Int64(h * 3600 + mi * 60 + s - offset)
    }
}

/// A small deterministic generator for test data.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
