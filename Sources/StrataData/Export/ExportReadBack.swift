import Foundation

/// The periods an export writes that the series do not keep within the
/// budget (`Dataset.keepsPeriods`: sixty series' hours). The export writes
/// each series' level in turn, so the level is read back from the source
/// once, a stretch of periods at a time for every series, into a scratch
/// file (a `Stats` a series and period "all" has rows in), which each
/// series' rows are then read from in order: one pass over the input, not
/// one a series, in the memory of a stretch. Where they cannot be read,
/// the cells are empty and `notes` says why, once per level.
struct ExportReadBack {
    /// Periods read at once: a month of hours.
    static let stretch = 744

    let dataset: Dataset
    /// The level in the scratch file, and "all"'s periods with rows, each series' stats of which are there in that order.
    private var scratch: (level: Level, file: UnsafeMutablePointer<FILE>, periods: BucketSeries)?
    /// The stretch of series `series`' stats last read from it, by the rank of the period among `periods`.
    private var held: (series: Int, ranks: Range<Int>, stats: [Stats])?
    private var failed: Set<Level> = []
    private(set) var notes: [String] = []

    init(dataset: Dataset) {
        self.dataset = dataset
    }

    /// Lets the scratch file go (it is removed as it closes).
    mutating func close() {
        if let scratch { fclose(scratch.file) }
        (scratch, held) = (nil, nil)
    }

    /// Series `s`'s stats of the period at `index` on `level`: nil when they cannot be read back.
    mutating func stats(_ level: Level, index: Int, series s: Int) -> Stats? {
        guard !failed.contains(level) else { return nil }
        if scratch?.level != level {
            close()
            do throws(ReadError) {
                scratch = try fill(level)
            } catch {
                failed.insert(level)
                notes.append("export: each series' \(level.rawValue)s left empty: they pass --memory and cannot be read back: \(error.bareMessage)")
                return nil
            }
        }
        guard let scratch else { return nil }
        // A period no series has rows in needs no read.
        let ordinal = dataset.ordinal(level, index: index), rank = scratch.periods.lowerBound(ordinal)
        guard rank < scratch.periods.ordinals.count, scratch.periods.ordinals[rank] == ordinal else { return Stats() }
        if let held, held.series == s, held.ranks.contains(rank) { return held.stats[rank - held.ranks.lowerBound] }
        let ranks = rank..<min(scratch.periods.ordinals.count, rank + Self.stretch)
        var stats = [Stats](repeating: Stats(), count: ranks.count)
        let offset = ((s - 1) * scratch.periods.ordinals.count + rank) * MemoryLayout<Stats>.stride
        let read = stats.withUnsafeMutableBytes { bytes in
            fseeko(scratch.file, off_t(offset), SEEK_SET) == 0 ? fread(bytes.baseAddress, MemoryLayout<Stats>.stride, ranks.count, scratch.file) : 0
        }
        guard read == ranks.count else { return nil }
        held = (s, ranks, stats)
        return stats[0]
    }

    /// Reads the level's every series' periods back, a stretch of "all"'s periods with rows at a time, into a scratch file.
    private func fill(_ level: Level) throws(ReadError) -> (level: Level, file: UnsafeMutablePointer<FILE>, periods: BucketSeries) {
        let calendar = dataset.calendar
        guard let finePages = dataset.finePages, let periods = dataset.series[0].periods[level] else {
            throw .unreadable(file: dataset.sourceName, reason: "the input is read once")
        }
        guard let file = tmpfile() else { throw .unreadable(file: "a scratch file", reason: String(cString: strerror(errno))) }
        let seriesCount = dataset.series.count - 1, count = periods.ordinals.count
        var from = 0
        while from < count {
            let ranks = from..<min(count, from + Self.stretch)
            let start = calendar.start(of: level.unit, ordinal: periods.ordinals[ranks.lowerBound])
            let end = calendar.end(of: level.unit, ordinal: periods.ordinals[ranks.upperBound - 1])
            let fine: FineBuckets?
            do throws(ReadError) { fine = try finePages.read(from: start, to: end, unit: level.unit) } catch {
                fclose(file)
                throw error
            }
            let lists = fine?.buckets.first ?? []
            for s in 0..<seriesCount {
                var stats = [Stats](repeating: Stats(), count: ranks.count)
                for bucket in s < lists.count ? lists[s] : [] {
                    let rank = periods.lowerBound(calendar.ordinal(of: level.unit, at: bucket.start))
                    if ranks.contains(rank) { stats[rank - ranks.lowerBound].merge(bucket.stats) }
                }
                let written = stats.withUnsafeBytes { bytes in
                    fseeko(file, off_t((s * count + ranks.lowerBound) * MemoryLayout<Stats>.stride), SEEK_SET) == 0
                        ? fwrite(bytes.baseAddress, MemoryLayout<Stats>.stride, ranks.count, file) : 0
                }
                guard written == ranks.count else {
                    fclose(file)
                    throw .unreadable(file: "a scratch file", reason: String(cString: strerror(errno)))
                }
            }
            from = ranks.upperBound
        }
        return (level, file, periods)
    }
}
