import Foundation

/// The sub-buckets finer than a dataset keeps in memory (a minute of an
/// hour's page when the budget keeps hours), and the intervals of a
/// timeline's window when the load did not keep them all, asked of the
/// source when shown and kept while they fit. Shared by every copy of the
/// dataset, like its heat scales.
///
/// The app never waits for a read (`background`): a page not fetched yet
/// is drawn as reading and noted as missed; the runner takes what was
/// missed as requests (`takeMissed`) and has a worker fetch them (`fetch`),
/// the newest first, and `arrivals` tells the app to draw again. Drawing
/// and reducing never start a thread. A dump waits for the arrivals before
/// it prints (`HeadlessRunner.settle`).
/// Code that asks a dataset for a page's numbers outside the app fetches
/// a page the moment it is asked for (`inline`).
public final class FinePages: @unchecked Sendable {
    public enum Mode: Sendable {
        case inline, background
    }

    /// One fetch: a range of a page and the unit of its bars, or (no unit)
    /// the intervals overlapping a range, or (`answers`) the percentiles of
    /// the unit's periods in the range. What a screen missed, as a request.
    public struct Key: Hashable, Sendable {
        let start: Int64
        let end: Int64
        let unit: TimeUnit?
        /// The source's percentiles (`Source.percentiles`), of the whole range too when `whole`.
        var answers = false
        var whole = false
        /// Bars asked for one series (0: every series together), kept for
        /// it alone when every series' would take too much (`keptWhole`);
        /// nil for a page of every series.
        var series: Int? = nil

        /// The page of every series over the same range and unit.
        var everySeries: Key { Key(start: start, end: end, unit: unit, answers: answers, whole: whole) }
    }

    /// What a fetch brings.
    enum Page {
        case buckets(FineBuckets)
        /// One series' buckets (every series' merged, for 0), a list per value.
        case seriesBuckets([[SubBucket]])
        case intervals(IntervalIndex)
        case percentiles(AnsweredPercentiles)
    }

    private let source: any Source
    private let mode: Mode
    /// Bytes the kept pages may take; past it, the least recently used go.
    private let budget: Int
    private let lock = NSLock()
    private var pages: [Key: (page: Page, used: Int)] = [:]
    private var keptBytes = 0
    private var clock = 0
    /// Asked for by a frame and not taken as requests yet, the newest last.
    private var missed: [Key] = []
    /// Requested and not fetched yet, the newest last.
    private var wanted: [Key] = []
    private var fetching: Key?
    /// Rows were added to the range being fetched meanwhile: it is fetched again once it lands.
    private var fetchingIsStale = false
    private var workerRunning = false
    /// Fetches that ended since the app last looked (`takeArrivals`).
    private var arrived = 0
    /// Fetches that failed, not asked again (a file changed or removed since it was loaded), and why.
    private var failed: [Key: String] = [:]
    private var lastFailure: String?

    public init(source: any Source, mode: Mode, budget: Int) {
        self.source = source
        self.mode = mode
        self.budget = budget
    }

    /// Series `s`'s buckets of `[start, end)` in `unit` (every series'
    /// together for 0, by start), a list per value; nil while they are read.
    func buckets(from start: Int64, to end: Int64, unit: TimeUnit, series s: Int) -> [[SubBucket]]? {
        switch page(Key(start: start, end: end, unit: unit, series: s)) {
        case .buckets(let every)?: every.lists(series: s)
        case .seriesBuckets(let lists)?: lists
        default: nil
        }
    }

    /// The buckets of `[start, end)` in `unit`: every series' a screen's
    /// read kept, else read from the source now and not kept (an export
    /// passes over a level once, a range at a time).
    func read(from start: Int64, to end: Int64, unit: TimeUnit) throws(ReadError) -> FineBuckets? {
        if case .buckets(let kept)? = lock.withLock({ use(Key(start: start, end: end, unit: unit)) }) { return kept }
        return try source.fine(from: start, to: end, unit: unit, progress: nil)
    }

    /// The source's percentiles of the periods of `unit` in `[start, end)`
    /// (and of the whole range when `whole`), or nil while they are read.
    func percentiles(of unit: TimeUnit, from start: Int64, to end: Int64, whole: Bool) -> AnsweredPercentiles? {
        guard case .percentiles(let answers)? = page(Key(start: start, end: end, unit: unit, answers: true, whole: whole)) else { return nil }
        return answers
    }

    /// The source's percentiles of the periods of `unit` in `[start, end)`,
    /// read now and not kept: an export asks each level's once.
    func readPercentiles(of unit: TimeUnit, from start: Int64, to end: Int64) throws(ReadError) -> AnsweredPercentiles? {
        try source.percentiles(of: unit, from: start, to: end, whole: false)
    }

    /// Why the source's percentiles of the periods of `unit` in `[start, end)` (and of the whole range when `whole`)
    /// could not be read; nil if they were not asked or came.
    func percentilesFailure(of unit: TimeUnit, from start: Int64, to end: Int64, whole: Bool = false) -> String? {
        lock.withLock { failed[Key(start: start, end: end, unit: unit, answers: true, whole: whole)] }
    }

    /// The intervals overlapping `[start, end)`, or nil while they are read.
    func intervals(from start: Int64, to end: Int64) -> IntervalIndex? {
        guard case .intervals(let intervals)? = page(Key(start: start, end: end, unit: nil)) else { return nil }
        return intervals
    }

    /// The intervals overlapping the ranges `parts` together (periods side
    /// by side), or nil while some are read. Each part is read and kept on
    /// its own, so the window of the next period, which shares two of its
    /// three with this one, reads one: then they are put together once.
    func intervals(parts: [Range<Int64>]) -> IntervalIndex? {
        guard let first = parts.first, let last = parts.last else { return nil }
        let whole = Key(start: first.lowerBound, end: last.upperBound, unit: nil)
        if case .intervals(let known)? = lock.withLock({ use(whole) }) { return known }
        let read = parts.map { intervals(from: $0.lowerBound, to: $0.upperBound) }
        guard read.allSatisfy({ $0 != nil }) else { return nil }
        let merged = IntervalIndex(merging: read.compactMap { $0 })
        lock.withLock { keep(.intervals(merged), as: whole) }
        return merged
    }

    private func page(_ key: Key) -> Page? {
        if let known = lock.withLock({ use(key.everySeries) ?? use(key) }) { return known }
        if lock.withLock({ failed[key] != nil }) { return nil }
        switch mode {
        case .inline:
            return try? fetchAndKeep(key)
        case .background:
            lock.withLock {
                missed.removeAll { $0 == key }
                missed.append(key)
            }
            return nil
        }
    }

    /// Why the last fetch of bars or intervals failed, if one did: what a page that cannot be read says.
    public var failure: String? { lock.withLock { lastFailure } }

    /// What the kept pages take, and how many they are.
    var kept: (bytes: Int, pages: Int) { lock.withLock { (keptBytes, pages.count) } }

    /// Whether a fetch is missed, asked or running: frames wake until it lands.
    public var isFetching: Bool { lock.withLock { fetching != nil || !wanted.isEmpty || !missed.isEmpty } }

    /// Whether pages landed that no frame has taken yet (`takeArrivals`).
    public var hasArrivals: Bool { lock.withLock { arrived > 0 } }

    /// Whether pages arrived since the last call: what frames remember of them must be worked out again.
    public func takeArrivals() -> Bool {
        lock.withLock {
            defer { arrived = 0 }
            return arrived > 0
        }
    }

    private func use(_ key: Key) -> Page? {
        guard let entry = pages[key] else { return nil }
        clock += 1
        pages[key] = (entry.page, clock)
        return entry.page
    }

    /// Keeps `page` unless it alone takes more than the whole budget (then false, and nothing kept goes for it).
    @discardableResult
    private func keep(_ page: Page, as key: Key) -> Bool {
        let bytes = Self.bytes(of: page)
        guard bytes <= budget else { return false }
        // A page read again replaces what it was.
        if let old = pages.removeValue(forKey: key) { keptBytes -= Self.bytes(of: old.page) }
        while keptBytes + bytes > budget, let oldest = pages.min(by: { $0.value.used < $1.value.used }) {
            keptBytes -= Self.bytes(of: oldest.value.page)
            pages[oldest.key] = nil
        }
        clock += 1
        pages[key] = (page, clock)
        keptBytes += bytes
        return true
    }

    /// Whether a level's answers of `count` periods (every series' and all together) may be kept:
    /// within half the budget, so that the bars of a page still fit beside them.
    func holdsAnswers(_ count: Int) -> Bool { Self.answersBytes(count) <= budget / 2 }

    private static func answersBytes(_ count: Int) -> Int { 256 + count * 192 }

    /// Why a page larger than the whole budget is not drawn.
    private static let tooBig = "it would not fit in --memory"


    /// What a page takes, near enough to keep within the budget.
    private static func bytes(of page: Page) -> Int {
        switch page {
        case .buckets(let buckets):
            256 + buckets.buckets.reduce(0) { $0 + $1.reduce(0) { $0 + 64 + $1.count * MemoryLayout<SubBucket>.stride } }
        case .seriesBuckets(let lists):
            256 + lists.reduce(0) { $0 + 64 + $1.count * MemoryLayout<SubBucket>.stride }
        case .intervals(let intervals):
            256 + intervals.count * (MemoryLayout<IntervalIndex.Record>.stride + 8) + intervals.labels.reduce(0) { $0 + 32 + $1.utf8.count }
        case .percentiles(let answers):
            answersBytes(answers.count)
        }
    }

    /// The page read and kept, in either mode; nil when it cannot be read or
    /// is larger than the whole budget (then it is not asked again, and says why).
    /// A lost connection is thrown instead: the page is read once it is back.
    private func fetchAndKeep(_ key: Key) throws(ReadError) -> Page? {
        // Another series' request of the range kept every series'.
        if key.series != nil, let every = lock.withLock({ use(key.everySeries) }) { return every }
        let fetched: Page?
        do {
            fetched = try fetch(key)
        } catch {
            if case .connectionLost = error, source.link != nil { throw error }
            lock.withLock { fail(key, because: error.bareMessage) }
            return nil
        }
        guard let fetched else { return nil }
        return lock.withLock {
            let (page, kept) = keptForm(of: fetched, asked: key)
            // Not asked again: it would come back as big.
            guard keep(page, as: kept) else {
                fail(key, because: Self.tooBig)
                return nil
            }
            return page
        }
    }

    /// What of a fetched page is kept, and as what: every series' bars,
    /// unless they take more than `keptWhole` of the budget; then the asked
    /// series' alone. A thousand channels' minutes of an hour are 6 MB: the
    /// overview's cards of one channel would each push the others out, and
    /// be read again without end.
    private func keptForm(of page: Page, asked key: Key) -> (Page, Key) {
        guard let s = key.series, case .buckets(let every) = page else { return (page, key) }
        if Self.bytes(of: page) <= budget / Self.keptWhole { return (page, key.everySeries) }
        return (.seriesBuckets(every.lists(series: s)), key)
    }

    /// The share of the budget a page of every series' bars may take.
    private static let keptWhole = 64

    /// The page as the source reads it.
    private func fetch(_ key: Key) throws(ReadError) -> Page? {
        if let unit = key.unit, key.answers {
            return try source.percentiles(of: unit, from: key.start, to: key.end, whole: key.whole).map(Page.percentiles)
        }
        if let unit = key.unit {
            // Every series' bars: a page of one series is kept from them (`keptForm`).
            return try source.fine(from: key.start, to: key.end, unit: unit, progress: nil).map(Page.buckets)
        }
        return try source.intervals(from: key.start, to: key.end, progress: nil).map(Page.intervals)
    }

    /// Notes that the page of `key` is not asked again, and why (under the lock).
    private func fail(_ key: Key, because reason: String) {
        failed[key] = reason
        // Percentiles failing (a level's statement timing out) leave bars and rows readable: said where percentiles are.
        if !key.answers { lastFailure = reason }
    }

    /// Rows were added at `times` (a followed file grew, or was replaced):
    /// the pages over them are fetched again (`background`: drawn as they
    /// were until they land, so a page of a growing file does not blink to
    /// `reading…`; `inline`: when next asked for).
    public func readAgain(overlapping times: ClosedRange<Int64>) {
        let stale: [Key] = lock.withLock {
            func overlaps(_ key: Key) -> Bool { key.start <= times.upperBound && key.end > times.lowerBound }
            if let fetching, overlaps(fetching) { fetchingIsStale = true }
            failed = failed.filter { !overlaps($0.key) }
            lastFailure = failed.keys.contains { !$0.answers } ? lastFailure : nil
            let stale = pages.keys.filter(overlaps).sorted { pages[$0]!.used < pages[$1]!.used }
            if mode == .inline {
                for key in stale { keptBytes -= Self.bytes(of: pages.removeValue(forKey: key)!.page) }
            }
            return stale
        }
        if mode == .background { fetch(stale) }
    }

    /// The pages frames asked for and did not have since the last call, the newest last.
    public func takeMissed() -> [Key] {
        lock.withLock {
            defer { missed.removeAll() }
            return missed
        }
    }

    /// Has a worker fetch `keys`, the last first, unless one is at it already.
    public func fetch(_ keys: [Key]) {
        let start: Bool = lock.withLock {
            for key in keys where fetching != key && failed[key] == nil {
                wanted.removeAll { $0 == key }
                wanted.append(key)
            }
            guard !workerRunning, !wanted.isEmpty else { return false }
            workerRunning = true
            return true
        }
        guard start else { return }
        let thread = Thread { [self] in work() }
        // Below the screen's thread, as the load's are: a key never waits for a fetch.
        thread.qualityOfService = .utility
        thread.start()
    }

    /// Fetches what is asked, the newest first, until nothing is. While the
    /// source's connection is lost it waits for it, the page that met the
    /// loss still wanted.
    private func work() {
        while let key = lock.withLock({ () -> Key? in
            fetching = wanted.popLast()
            if fetching == nil { workerRunning = false }
            return fetching
        }) {
            do throws(ReadError) {
                _ = try fetchAndKeep(key)
                lock.withLock {
                    if fetchingIsStale, !wanted.contains(key) { wanted.insert(key, at: 0) }
                    fetchingIsStale = false
                    fetching = nil
                    arrived += 1
                }
            } catch {
                lock.withLock {
                    fetching = nil
                    if !wanted.contains(key) { wanted.append(key) }
                }
                source.link?.waitUntilConnected()
            }
        }
    }
}
