import Foundation

/// Opens an input at once and reads the rest on a worker thread, so the
/// screen follows the load instead of waiting for it.
///
/// A regular file whose times are in order is first looked at by its head
/// and its tail (`ReadOptions.headAndTail`): its latest periods, whole, in
/// a few milliseconds at any size. Any other input (unsorted, gzip, a pipe)
/// shows the first rows read, then ever more. Either way the full load runs
/// as it would without a screen, and its result, exact, is the last update.
public enum BackgroundLoad {
    public enum Update: Sendable {
        /// Rows read so far; `loading` says which periods are whole.
        case partial(LoadResult)
        /// Every row; nothing changes after it.
        case finished(LoadResult)
        case failed(ReadError)
    }

    /// How much of a sorted file the first look reads: enough rows for the
    /// first and latest periods, little enough to be on screen at once.
    public static let headBytes: Int64 = 64 << 10
    public static let tailBytes: Int64 = 1 << 20
    /// How much lower the load's threads run than the screen's (`nice`).
    static let loaderNiceness: Int32 = 10
    /// How often the progress of a load that has nothing new to show is told.
    static let progressSpacing = 0.2

    /// Reads what the first screen needs and returns it; `update` is then
    /// called on a worker thread with every later state of the load, the
    /// last being `.finished` or `.failed`. A result whose `loading` is nil
    /// is already the whole input, and no update follows.
    /// - Parameters:
    ///   - look: the head and tail bytes of a first look (smaller in tests).
    ///   - watched: a screen shows the load as it goes: a sorted file gets a
    ///     first look, and an input read once (a pipe, gzip) is also read as
    ///     it comes, besides being copied. Nobody watches a dump or an
    ///     export: they wait for the end, and such an input is only copied,
    ///     then read.
    public static func start(_ sources: [InputSource], options: ReadOptions, setup: LoadSetup,
                             look: (head: Int64, tail: Int64) = (headBytes, tailBytes), watched: Bool = true,
                             update: @escaping @Sendable (Update) -> Void) throws(ReadError) -> LoadResult {
        let progress = options.progress ?? LoadProgress()
        var options = options
        options.progress = progress
        // A first look is what a screen shows while it waits: nobody watches a dump, which only waits.
        if watched, let look = firstLook(sources, options: options, setup: setup, bytes: look) {
            guard look.loading != nil else { return look }
            // The first look took the file for sorted; a row that goes back says it was not.
            let wentBack = CancelFlag()
            let started = DispatchTime.now().uptimeNanoseconds
            let gate = UpdateGate(update)
            let tell: @Sendable () -> Void = {
                gate.pass(.partial(Self.progressed(look, by: progress, since: started, wentBack: wentBack.isCancelled)))
            }
            let partials = PartialResults(deliver: nil, wentBack: {
                wentBack.cancel()
                tell()
            })
            // The end has the whole input's levels, as a dump does: a view not moved yet opens on them.
            startWorker(sources, options: options, setup: setup, partials: partials, below: watched, meanwhile: { stop in
                while !stop.isCancelled {
                    Thread.sleep(forTimeInterval: progressSpacing)
                    if !stop.isCancelled { tell() }
                }
            }, finished: gate.end)
            return look
        }
        // No first look: the first rows read come first, then more as they are read.
        let first = FirstDelivery()
        let partials = !watched ? nil : PartialResults { partial in
            if !first.give(partial) { update(.partial(partial)) }
        }
        startWorker(sources, options: options, setup: setup, partials: partials, below: watched) { finished in
            if !first.give(finished) { update(finished) }
        }
        return try first.wait()
    }

    /// The head and tail of one regular file whose times look sorted; nil
    /// when the input is not such a file.
    private static func firstLook(_ sources: [InputSource], options: ReadOptions, setup: LoadSetup,
                                  bytes: (head: Int64, tail: Int64)) -> LoadResult? {
        // Worth it only when the head and tail are a small part of a plain file (not gzip).
        guard sources.count == 1, case .file(let path) = sources[0], path != "-",
              let range = (try? ByteStream.open(sources[0]))?.fileRange, Int64(range.count) > 4 * (bytes.head + bytes.tail) else { return nil }
        var look = options
        look.headAndTail = bytes
        look.progress = nil
        // A first look that fails says nothing the full load would not say better
        // (the line of a bad row in the tail is not known before the rows above it are read).
        guard let result = try? DataLoader.load(sources, options: look, setup: setup) else { return nil }
        guard result.loading != nil else { return result }
        // An interval that began before the tail may reach into its periods: intervals get no first look.
        guard !result.accumulator.holdsIntervals, result.profile.timesAscending, result.loading?.complete.isEmpty == false else { return nil }
        return result
    }

    /// Runs the full load on a worker thread; `finished` gets its end.
    /// `meanwhile` runs on a thread of its own until the load ends (it is
    /// told to stop through its flag): the first look's progress.
    /// - Parameter below: the threads run below the screen's (`lowerPriority`);
    ///   with no screen (a dump waits for the load), they run as the process does.
    private static func startWorker(_ sources: [InputSource], options: ReadOptions, setup: LoadSetup, partials: PartialResults?, below: Bool,
                                    meanwhile: (@Sendable (CancelFlag) -> Void)? = nil,
                                    finished: @escaping @Sendable (Update) -> Void) {
        let stop = CancelFlag()
        if let meanwhile {
            Thread {
                if below { lowerPriority() }
                meanwhile(stop)
            }.start()
        }
        let worker = Thread {
            if below { lowerPriority() }
            let end: Update
            do throws(ReadError) {
                end = .finished(try DataLoader.load(sources, options: options, setup: setup, partials: partials))
            } catch {
                end = .failed(error)
            }
            stop.cancel()
            finished(end)
        }
        // The readers recurse little, but the default secondary-thread stack is small.
        worker.stackSize = 8 << 20
        worker.start()
    }

    /// Puts the calling thread below the screen's: a first frame or a key
    /// never waits for the load (a thread it starts inherits this).
    private static func lowerPriority() {
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, loaderNiceness) // 0: this thread, on Linux
    }

    /// While a sorted file's full load runs: its first look, with how far the load has come.
    private static func progressed(_ look: LoadResult, by progress: LoadProgress, since started: UInt64, wentBack: Bool) -> LoadResult {
        var now = look
        let (rows, bytes) = progress.snapshot
        now.loading?.bytesRead = bytes
        now.loading?.rowsRead = rows
        let filtered = progress.filtered
        now.loading?.filteredOut = filtered.out
        now.loading?.lackingField = filtered.lacking
        now.loading?.elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        if wentBack { now.loading = now.loading?.outOfOrder }
        return now
    }
}

/// The first thing a load without a first look has to show: its first
/// rows, or its end if that comes first. The opener waits for it.
private final class FirstDelivery: @unchecked Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var given = false
    private var first: BackgroundLoad.Update?

    /// Keeps `update` if it is the first (and wakes the opener); false when
    /// one came before, so the caller passes it on instead.
    func give(_ partial: LoadResult) -> Bool { give(.partial(partial)) }

    func give(_ update: BackgroundLoad.Update) -> Bool {
        let taken = lock.withLock { () -> Bool in
            guard !given else { return false }
            given = true
            first = update
            return true
        }
        if taken { ready.signal() }
        return taken
    }

    func wait() throws(ReadError) -> LoadResult {
        ready.wait()
        switch first! {
        case .partial(let result), .finished(let result): return result
        case .failed(let error): throw error
        }
    }
}
