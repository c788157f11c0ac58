// Fuzz target over what takes untrusted bytes: the readers (every format),
// the time-format detector and parser (through a user-named time column and
// a `--time-format` pattern taken from the input), and the aggregation of
// whatever they accept. Built two ways:
//  - `make fuzz` (fuzz/run.sh) passes `-D STRATA_FUZZING -sanitize=fuzzer`:
//    this file then exports libFuzzer's entry point and has no main;
//  - a plain build gives `StrataFuzz FILE...`, which runs each file through
//    the same function: the reproducer for a crash libFuzzer saved.
// A thrown ReadError is a fine answer; only a crash is a finding.
import Foundation
import StrataData

enum StrataFuzz {
    static let now: Int64 = 1_767_225_600  // 2026-01-01T00:00:00Z, fixed
    static let berlin = CalendarSystem(zone: ZoneRules(named: "Europe/Berlin") ?? .utc)
    static let path: String = {
        let dir = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        return "\(dir)/strata-fuzz-\(getpid())"  // no extension: the format is sniffed from the bytes
    }()

    static let tiny = ScannerLimits(chunk: 512, maxRecord: 1024, sampleWindow: 512)

    static func run(_ bytes: UnsafeRawBufferPointer) {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            fatalError("cannot write \(path)")
        }
        defer { unlink(path) }
        // The first line, as a strftime pattern (it is also a data row below).
        let firstLine = bytes.prefix { $0 != 0x0A }.prefix(64)
        let pattern = String(decoding: firstLine, as: UTF8.self)

        func options(_ format: InputFormat, _ change: (inout ReadOptions) -> Void = { _ in }) -> ReadOptions {
            var o = ReadOptions()
            o.format = format
            o.now = now
            change(&o)
            return o
        }
        let runs: [(ReadOptions, [Level])] = [
            (options(.auto), Level.defaultSet),
            (options(.csv), [.hour, .day]),
            (options(.tsv), Level.defaultSet),
            (options(.jsonl), Level.defaultSet),
            (options(.json), Level.defaultSet),
            (options(.lines), [.hour, .day, .week]),
            // Columns the user named: the detector takes any format that reads one value.
            (options(.csv) { $0.header = false; $0.timeColumn = "1"; $0.valueColumn = "2"; $0.seriesColumn = "3" },
             Level.defaultSet),
            (options(.csv) { $0.header = false; $0.timeColumn = "1+2" }, [.day, .month]),
            (options(.jsonl) { $0.timeColumn = "t"; $0.valueColumn = "v.x"; $0.seriesColumn = "s" }, Level.defaultSet),
            (options(.json) { $0.jsonPath = "data"; $0.timeColumn = "t" }, [.hour, .day]),
            (options(.lines) { $0.year = 2024 }, [.hour, .day]),
            (options(.csv) { $0.header = false; $0.timeColumn = "1"; $0.countOnly = true; $0.timeFormat = pattern },
             [.day, .year]),
            (options(.auto) { $0.strict = true }, [.week, .quarter]),
            // Buffers small enough that a short input holds records past them: oversized records
            // in every format, cut from samples and passed over by reads.
            (options(.json) { $0.limits = tiny }, Level.defaultSet),
            (options(.jsonl) { $0.limits = tiny }, Level.defaultSet),
            (options(.csv) { $0.limits = tiny }, [.hour, .day]),
        ]
        for (options, levels) in runs {
            load(options, levels: levels)
        }
    }

    static func load(_ options: ReadOptions, levels: [Level]) {
        let result: LoadResult
        do {
            result = try DataLoader.load([.file(path)], options: options, calendar: berlin,
                                         baseUnit: Level.baseUnit(for: levels))
        } catch {
            _ = error.message
            return
        }
        precondition(result.accepted + result.skipped + result.filteredOut == result.rowsRead, "accounting: \(result)")
        // Aggregate what was accepted; keep it cheap when the times span centuries.
        var accumulator = result.accumulator
        accumulator.flush()
        let ordinals = accumulator.buckets.flatMap(\.keys)
        guard let lo = ordinals.min(), let hi = ordinals.max() else { return }
        let span = berlin.start(of: accumulator.baseUnit, ordinal: hi) - berlin.start(of: accumulator.baseUnit, ordinal: lo)
        // Fine levels over a short span only: a long one would spend the run exporting.
        let days = span / 86_400
        let shown: [Level] = days <= 92 ? levels : days <= 200 * 366 ? [.month, .year] : [.year]
        let dataset = Dataset(loaded: result, levels: shown)
        for level in shown {
            let n = dataset.count(level)
            guard n > 0 else { continue }
            for s in dataset.series.indices {
                _ = dataset.page(level, index: 0, series: s)
                _ = dataset.page(level, index: n - 1, series: s)
            }
        }
        // Export (series names are untrusted text too) when it stays cheap.
        if shown.reduce(0, { $0 + dataset.count($1) }) <= 40 { _ = Exporter.csv(dataset, levels: shown) }
    }
}

#if STRATA_FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    StrataFuzz.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

// SwiftPM links an executable with `--defsym main=StrataFuzz_main`, which
// stands in for libFuzzer's own `main`: start libFuzzer's driver from here.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

@_cdecl("StrataFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, fuzz)
}
#else
@main
struct StrataFuzzTool {
    static func main() {
        let files = CommandLine.arguments.dropFirst()
        guard !files.isEmpty else {
            FileHandle.standardError.write(Data("usage: StrataFuzz FILE...  (runs each input through the fuzz target)\n".utf8))
            exit(64)
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data("StrataFuzz: cannot read \(file)\n".utf8))
                exit(66)
            }
            data.withUnsafeBytes { StrataFuzz.run($0) }
            print("\(file): ok")
        }
    }
}
#endif
