import Foundation
import StrataData

/// While a load takes longer than about 200 ms, a line on the terminal's
/// stderr: `strata: reading data.csv  120 MB of 268 MB (45%)  3.2M rows
/// 410 MB/s  1s left`, or for a database `strata: querying events  3s`,
/// redrawn every 100 ms and erased when the load ends. Ctrl-C during a
/// file's load ends the process as usual (the terminal is not in curses
/// mode yet).
final class ProgressLine: @unchecked Sendable {
    static let delay = 0.2
    static let interval = 0.1

    private let progress: LoadProgress?
    private let name: String
    /// Bytes in all: the files' sizes; nil for a pipe or gzip, where it is not known.
    private let total: Int64?
    private let done = NSCondition()
    private var finished = false
    private var thread: Thread?

    init(progress: LoadProgress, name: String, files: [String]) {
        self.progress = progress
        self.name = name
        var total: Int64 = 0
        for file in files {
            guard file != "-", !file.hasSuffix(".gz"),
                  let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int64 else {
                self.total = nil
                return
            }
            total += size
        }
        self.total = files.isEmpty ? nil : total
    }

    /// A query running on a server: only the time it has taken is known.
    init(query name: String) {
        progress = nil
        self.name = name
        total = nil
    }

    /// Starts watching, only when stderr is a terminal.
    func start() {
        guard isatty(STDERR_FILENO) == 1 else { return }
        let thread = Thread { [self] in run() }
        self.thread = thread
        thread.start()
    }

    /// Ends the line (erasing it if it was shown) before anything else is printed.
    func finish() {
        done.lock()
        finished = true
        done.signal()
        // Woken by the thread's last signal, or a hundredth of a second on, whichever comes first.
        while thread != nil, !thread!.isFinished { _ = done.wait(until: Date().addingTimeInterval(0.01)) }
        done.unlock()
    }

    private func run() {
        let start = Date()
        var shown = false
        done.lock()
        var deadline = start.addingTimeInterval(Self.delay)
        while !finished {
            if !done.wait(until: deadline) {
                write("\r" + text(elapsed: Date().timeIntervalSince(start)) + "\u{1B}[K")
                shown = true
                deadline = Date().addingTimeInterval(Self.interval)
            }
        }
        if shown { write("\r\u{1B}[K") }
        done.unlock()
    }

    func text(elapsed: Double) -> String {
        guard let progress else { return "strata: querying \(name)  \(Int(elapsed))s" }
        let (rows, bytes) = progress.snapshot
        var parts = ["strata: reading \(name)"]
        let rate = elapsed > 0 ? Double(bytes) / elapsed : 0
        if let total, total > 0 {
            let percent = min(100, Int(Double(bytes) * 100 / Double(total)))
            parts.append("\(Self.size(Double(bytes))) of \(Self.size(Double(total))) (\(percent)%)")
        } else {
            parts.append(Self.size(Double(bytes)))
        }
        parts.append("\(Self.count(rows)) rows")
        parts.append("\(Self.size(rate))/s")
        if let total, rate > 0, bytes < total {
            parts.append("\(Int((Double(total - bytes) / rate).rounded(.up)))s left")
        }
        return parts.joined(separator: "  ")
    }

    static func size(_ bytes: Double) -> String {
        let units: [(Double, String)] = [(1e9, "GB"), (1e6, "MB"), (1e3, "kB")]
        for (scale, unit) in units where bytes >= scale { return "\(Int(bytes / scale)) \(unit)" }
        return "\(Int(bytes)) B"
    }

    static func count(_ n: Int) -> String {
        n >= 1_000_000 ? "\(n / 100_000 / 10).\(n / 100_000 % 10)M" : n >= 1000 ? "\(n / 1000)k" : "\(n)"
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
