import Foundation

/// The input side of strata: reads every source into one `Accumulator`,
/// accounting for every row (`accepted + skipped == rowsRead`).
public enum DataLoader {
    /// Reads with a calendar and base bucket the caller fixed.
    /// - Parameters:
    ///   - sources: files (`-` is stdin) or stdin; none means stdin.
    ///   - calendar: periods and the zone naive times are read in.
    ///   - baseUnit: the accumulator's bucket (see `Level.baseUnit(for:)`).
    public static func load(_ sources: [InputSource], options: ReadOptions, calendar: CalendarSystem,
                            baseUnit: TimeUnit) throws(ReadError) -> LoadResult {
        try read(sources, options: options, calendar: calendar, baseUnit: baseUnit, decide: nil, copies: nil, partials: nil)
    }

    /// Reads with the zone and levels the command fixed, picking the rest
    /// from the first input's sample: the zone from the offset every time
    /// carries, the levels from the spacing of the times and their span.
    ///
    /// An input that can be read only once (a pipe, gzip) is copied
    /// (`InputCopies`), and the copy read as a plain file is: the same rows
    /// give the same picks and numbers by every road, whatever their first
    /// rows said, and their pages and rows can be read back. With a screen
    /// waiting (`partials`, told of the rows read so far now and then), the
    /// input is also read as it comes, for the screen to show meanwhile;
    /// without, it is only copied.
    public static func load(_ sources: [InputSource], options: ReadOptions, setup: LoadSetup,
                            partials: PartialResults? = nil) throws(ReadError) -> LoadResult {
        let sources = sources.isEmpty ? [InputSource.standardInput] : sources
        guard options.headAndTail == nil, !options.planOnly, !sources.allSatisfy(isSeekable) else {
            return try load(sources, options: options, setup: setup, copies: nil, partials: partials)
        }
        let copies = InputCopies(sources)
        var again = options
        again.progress = nil
        // Nobody watches the input as it comes: it is only copied, then read.
        if partials == nil, let copied = try copies.copyWhole() {
            return try load(copied, options: again, setup: setup, copies: nil, partials: nil)
        }
        let once: Result<LoadResult, ReadError>
        do throws(ReadError) {
            once = .success(try load(sources, options: options, setup: setup, copies: copies, partials: partials))
        } catch {
            once = .failure(error)
        }
        let (copied, notes) = copies.complete()
        guard let copied else {
            var result = try once.get()
            result.notes += notes
            return result
        }
        // What was read once was a first look: its rows go before the copy is read.
        _ = consume once
        return try load(copied, options: again, setup: setup, copies: nil, partials: nil)
    }

    /// A load as above; with `copies`, of inputs read once, each copied as it is read.
    private static func load(_ sources: [InputSource], options: ReadOptions, setup: LoadSetup,
                             copies: InputCopies?, partials: PartialResults?) throws(ReadError) -> LoadResult {
        var finest = setup.levels?.first ?? .day
        var picks: [String] = []
        // A zone picked from the whole input when its sample was not enough to go by.
        var afterwards: (zone: ZoneRules, note: String)?
        // Buckets coarser than the levels need are read back a page at a time: only from files read again at
        // a page's bytes (gzip would be inflated from its start for each page).
        // A first look (a head and a tail) is small: it keeps every level's, so its pages are drawn at once.
        let seekable = sources.allSatisfy(Self.isSeekable)
        let budget = seekable ? loadBudget(options) : nil
        let decide = { (profile: SampleProfile, columns: Int) throws(ReadError) -> InputReader.BasePick in
            var zone = setup.zone ?? setup.fallbackZone
            if setup.zone == nil {
                let pick = afterwards ?? Self.zonePick(profile, fallback: setup.fallbackZone)
                zone = pick.zone
                picks.append(pick.note)
            }
            // Intervals start on the level whose bars are near their length: an
            // interval is split into every bar it covers, so much shorter bars (minutes
            // of hour-long programmes) cost a step each, and longer ones blur them.
            if setup.levels == nil {
                finest = profile.typicalDuration.map(LevelPicker.finest(forLength:)) ?? LevelPicker.finest(forGap: profile.typicalGap)
            }
            let needed = (setup.levels ?? [finest]) + (setup.startLevel.map { [$0] } ?? [])
            // Intervals keep theirs: each is split into every bucket it covers, and the timeline reads them all.
            let unit = profile.typicalDuration != nil ? Level.intervalBaseUnit(for: needed)
                : BucketBudget.baseUnit(for: needed, budget: budget, span: profile.span, gap: profile.typicalGap, columns: columns)
            // Past the budget (many series' buckets) a file's base goes no coarser than its finest level's
            // periods, which stay exact, its pages' bars read back; a pipe's, to days, as none are read back.
            // Intervals' no coarser than their finest level's anywhere: a coarser base keeps a unit's own
            // periods, not the finer ones merged, so past that level it would lose the level's.
            let coarsest = seekable || profile.typicalDuration != nil ? Swift.min(needed.min()!.unit, .day) : .day
            return InputReader.BasePick(calendar: CalendarSystem(zone: zone, weekStart: setup.weekStart), baseUnit: unit,
                                        coarsestBase: Swift.max(unit, coarsest))
        }
        // The rows read so far get the picks and the levels their times fit (a load may end with coarser ones).
        partials?.complete = { partial in
            let (levels, notes) = pickLevels(partial, setup: setup, finest: finest)
            partial.levels = levels
            partial.notes += picks + notes
        }
        let fallback = CalendarSystem(zone: setup.zone ?? setup.fallbackZone, weekStart: setup.weekStart)
        var result = try read(sources, options: options, calendar: fallback,
                              baseUnit: Level.baseUnit(for: setup.levels ?? [.day]), decide: decide, copies: copies, partials: partials)
        // Inputs read once are read again from their copies, where the zone is settled.
        if copies == nil, setup.zone == nil, !ZoneGuess.agrees(result.calendar.zone, with: result.offsetChanges) {
            // Later times carry offsets the sample did not show (a summer time
            // ending): read again in a zone that agrees with them all.
            let pick = Self.zonePick(changes: result.offsetChanges, fallback: setup.fallbackZone)
            if pick.zone.identifier != result.calendar.zone.identifier {
                afterwards = pick
                picks = []
                // Rows shown in the first zone would change under the user: the read again shows none.
                result = try read(sources, options: options, calendar: fallback,
                                  baseUnit: Level.baseUnit(for: setup.levels ?? [.day]), decide: decide, copies: nil, partials: nil)
            }
        }
        let (levels, notes) = pickLevels(result, setup: setup, finest: finest)
        result.levels = levels
        result.notes += picks + notes
        return result
    }

    /// What a load may keep: the memory budget, but none for a first look
    /// (a head and a tail are small, and keep every level's buckets).
    private static func loadBudget(_ options: ReadOptions) -> Int64? {
        options.headAndTail == nil ? options.memoryBudget : nil
    }

    /// A regular file that is not gzip: a page's finer buckets (and a
    /// window's intervals) can be read back from it, where gzip would be
    /// inflated from its start for every read and a pipe is read once.
    /// Looked at by its path first: opening a named pipe to look would take its writer's bytes.
    private static func isSeekable(_ source: InputSource) -> Bool {
        switch source {
        case .spooled: true
        case .file(let path): isGzip(regularFile: path) == false
        case .standardInput: false
        }
    }

    /// Whether the regular file at `path` starts as gzip does; nil when
    /// there is no regular file there (a named pipe is looked at by its
    /// path, not opened: that would take its writer's bytes).
    public static func isGzip(regularFile path: String) -> Bool? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
              let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        return (try? file.read(upToCount: 2)).map(ByteStream.isGzip) ?? false
    }

    /// The levels `setup` gives, or those that fit the spacing and span of
    /// the times read; with the notes that say so.
    private static func pickLevels(_ result: LoadResult, setup: LoadSetup, finest: Level) -> ([Level], [String]) {
        var notes: [String] = []
        // Without rows (a plan only), the sample's times give the span.
        var levels = setup.levels ?? (result.accumulator.instantRange ?? result.profile.span).map { range in
            LevelPicker.levels(from: finest, first: range.lowerBound, last: range.upperBound, calendar: result.calendar)
        } ?? Level.defaultSet
        if setup.levels == nil {
            notes.append(LevelPicker.note(levels, gap: result.profile.typicalGap, length: result.profile.typicalDuration))
        }
        if let start = setup.startLevel, !levels.contains(start) {
            levels = (levels + [start]).sorted()
            notes.append("levels: \(start.rawValue) added for --level")
        }
        return (levels, notes)
    }

    private static func read(_ sources: [InputSource], options: ReadOptions, calendar: CalendarSystem, baseUnit: TimeUnit,
                             decide: ((SampleProfile, Int) throws(ReadError) -> InputReader.BasePick)?,
                             copies: InputCopies?, partials: PartialResults?) throws(ReadError) -> LoadResult {
        let pattern = try timePattern(options)
        let sources = sources.isEmpty ? [InputSource.standardInput] : sources
        let seekable = sources.allSatisfy(Self.isSeekable)
        var options = options
        options.seriesPerFile = sources.count > 1 && options.seriesColumn == nil
        options.loadsOtherValues = sources.count == 1
        let now = options.now ?? Int64(Date().timeIntervalSince1970)
        var calendar = calendar, baseUnit = baseUnit
        var decided = decide == nil
        // The coarsest base the budget may make: none coarser than asked until the sample says.
        var coarsest = seekable ? baseUnit : .day
        var profile: SampleProfile?
        var timeName = ""
        var otherNames: [String] = []
        var filterFields = FilterFields(), breakdowns: [String] = []
        var sink: RowSink?
        var seriesColumn: String?
        var notes: [String] = []
        var valueNames: [String] = []
        var empty: [String] = []
        var headerOnly: [String] = []
        var rowSources: [RowSource] = []
        var offsets = WrittenOffsets()
        var firstLook: LoadingState?
        for (index, source) in sources.enumerated() {
            let stream: ByteStream
            if let copies { stream = try copies.open(index) } else { stream = try ByteStream.open(source) }
            if options.endsAtLastLine { stream.endAtLastLine() }
            stream.progress = options.progress
            let reader = InputReader(stream: stream, options: options, watched: partials != nil, pattern: pattern, calendar: calendar,
                                     baseUnit: baseUnit, now: now)
            if !decided, let decide {
                reader.decide = { p, columns throws(ReadError) in
                    decided = true
                    let pick = try decide(p, columns)
                    coarsest = pick.coarsestBase
                    return pick
                }
            }
            // Each input is read into its own sink when it is a series of its own.
            var part = sink.flatMap { options.seriesPerFile ? nil : $0 }
                ?? RowSink(calendar: calendar, baseUnit: baseUnit, keep: options.skippedToKeep, strict: options.strict,
                                 sketches: options.keepsSketches)
            part.progress = options.progress
            // One input only: copies of several would mix their series.
            if let partials, sources.count == 1 {
                part.watcher = partials
                if partials.wantsCopies {
                    buildPartials(partials, reader: reader, stream: stream, name: InputSource.name(of: sources), options: options)
                }
            }
            part.intervals.input = UInt16(truncatingIfNeeded: rowSources.count)
            part.keep(within: loadBudget(options), readsBack: seekable, coarsest: coarsest)
            let outcome = try reader.read(into: &part)
            (calendar, baseUnit) = (reader.calendar, reader.baseUnit)
            offsets = offsets.merged(with: reader.offsets)
            if reader.bytesLooked > 0 {
                var look = LoadingState(bytesRead: reader.bytesLooked, bytesTotal: stream.fileRange.map { Int64($0.count) },
                                        rowsRead: part.rowsRead, elapsed: 0, complete: reader.wholeSpans)
                // The header's `N of M rows` counts the filtered rows from the first screen on.
                (look.filteredOut, look.lackingField) = (part.filteredOut, part.lackingField)
                firstLook = look
            }
            let index = part.trail.finish()
            if let plan = reader.recordPlan {
                rowSources.append(RowSource(input: source, stream: stream, plan: plan, years: reader.years, mode: reader.recordMode,
                                            otherFieldsLine: reader.otherFieldsLineAtEnd, index: index))
            }
            switch outcome {
            case .rows:
                for note in reader.notes.map(\.visible) where !notes.contains(note) { notes.append(note) }
                valueNames.append(reader.valueName)
                if profile == nil { (profile, timeName, otherNames) = (reader.profile, reader.timeName, reader.otherNames)
                    (filterFields, breakdowns) = (reader.filterFields, reader.breakdowns)
                }
                seriesColumn = seriesColumn ?? reader.seriesColumn
                if options.seriesPerFile {
                    part.series = SeriesTable()
                    _ = Array(InputSource.name(of: [source]).utf8).withUnsafeBufferPointer { part.series.index(of: $0) }
                    if sink == nil { sink = RowSink(calendar: calendar, baseUnit: baseUnit, keep: options.skippedToKeep, strict: options.strict,
                                 sketches: options.keepsSketches) }
                    sink!.absorb(part, lineOffset: 0)
                } else {
                    sink = part
                }
            case .empty:
                empty.append(stream.name)
            case .headerOnly:
                headerOnly.append(stream.name)
            }
        }
        let name = InputSource.name(of: sources)
        // Flushed here, where nothing else holds its buckets: splitting the
        // columns apart below then copies none of them.
        sink?.accumulator.flush()
        sink?.accumulator.keepWithinBaseLimit()
        guard var sink, sink.accepted > 0 || options.planOnly else {
            throw nothingAccepted(sink, file: sources.count == 1 ? sources[0].displayName : name, headerOnly: !headerOnly.isEmpty)
        }
        let kept = sink.accumulator.baseUnit
        let coarsened = kept > baseUnit ? BucketBudget.coarserBase(from: baseUnit, to: kept, series: sink.series.names.count,
                                                                   readsBack: seekable) : nil
        if let coarsened { notes.append(coarsened.note) }
        let together = sink.accumulator.seriesUnit > coarsest
            ? BucketBudget.seriesTogether(kept: kept, seriesUnit: sink.accumulator.seriesUnit, series: sink.series.names.count) : nil
        if let together { notes.append(together.note) }
        // A series column found in the file, not named: past the cap, its largest series and the rest.
        if let cap = options.seriesCap ?? (options.seriesColumn == nil ? SeriesRule.cap : nil), !options.seriesPerFile,
           let column = seriesColumn, let count = sink.foldSeries(cap: cap) {
            notes.append(SeriesRule.foldNote(count: count, column: column, cap: cap))
        }
        if options.seriesPerFile { notes.append("series: one per input file (--series COL splits by a column instead)") }
        for file in empty { notes.append("\(file): empty, nothing read") }
        for file in headerOnly { notes.append("\(file): a header and no rows") }
        let distinct = valueNames.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let first = profile ?? SampleProfile(times: [], offsets: [])
        let columns = Columns(valueName: distinct.count == 1 ? distinct[0] : distinct.joined(separator: "/"), timeName: timeName,
                              otherNames: otherNames, seriesColumn: seriesColumn, fields: (filterFields, breakdowns), profile: first, notes: notes)
        var result = columns.result(of: sink, sourceName: name, named: seriesColumn != nil || options.seriesPerFile,
                                    inputs: rowSources.map(\.name),
                                    rowLocator: RowLocator(sources: rowSources, series: sink.series, calendar: calendar, baseUnit: baseUnit,
                                                           now: now, limits: options.limits, filePerSeries: options.seriesPerFile,
                                                           keepsSketches: options.keepsSketches))
        result.loading = firstLook
        result.budgetNotice = together?.notice ?? coarsened?.notice
        result.offsetsDiffer = offsets.mixed
        result.offsetChanges = offsets.changes
        if let longest = sink.intervals.longest, let usual = first.typicalDuration,
           let note = IntervalIndex.outlierNote(longest: longest, inputs: rowSources.map(\.name), usual: usual) {
            result.notes.append(note)
        }
        return result
    }

    /// `--time-format`'s pattern, parsed once for every input.
    private static func timePattern(_ options: ReadOptions) throws(ReadError) -> StrftimePattern? {
        guard let text = options.timeFormat else { return nil }
        do {
            var pattern = try StrftimePattern(text)
            let now = options.now ?? Int64(Date().timeIntervalSince1970)
            pattern.latestTwoDigitYear = CivilDate(dayNumber: Int(floorDiv64(now, 86_400))).year
            return pattern
        } catch {
            throw .badTimeFormat(pattern: text, reason: error.message)
        }
    }

    /// Lets `partials` make a result of the rows `reader` has read so far,
    /// with how far through the input they are.
    private static func buildPartials(_ partials: PartialResults, reader: InputReader, stream: ByteStream, name: String,
                                      options: ReadOptions) {
        let (total, progress) = (stream.fileRange.map { Int64($0.count) }, options.progress)
        partials.build = { [unowned partials] sink in
            var result = Columns(of: reader).result(of: sink, sourceName: name, named: reader.seriesColumn != nil, inputs: [name],
                                                    rowLocator: .none(calendar: sink.accumulator.calendar, baseUnit: sink.accumulator.baseUnit))
            var loading = LoadingState(bytesRead: progress?.snapshot.bytes ?? 0, bytesTotal: total, rowsRead: sink.rowsRead,
                                       elapsed: partials.elapsed, complete: sink.trail.readThrough.map { [Int64.min..<$0] } ?? [])
            (loading.filteredOut, loading.lackingField) = (sink.filteredOut, sink.lackingField)
            result.loading = sink.trail.wentBack ? loading.outOfOrder : loading
            return result
        }
    }

    /// The error for inputs that gave no row to keep: empty, a header
    /// only, every row skipped, or none passing `--where`.
    private static func nothingAccepted(_ sink: RowSink?, file: String, headerOnly: Bool) -> ReadError {
        if (sink?.rowsRead ?? 0) == 0 {
            return .noValidRows(file: file, detail: headerOnly ? "no data rows after the header" : "the input is empty")
        }
        if let sink, sink.filteredOut > 0 {
            let skipped = sink.skipped > 0 ? ", \(sink.skipped) skipped" : ""
            return .noValidRows(file: file, detail: "no row passes --where (\(CountText.grouped(sink.rowsRead)) rows read\(skipped))")
        }
        return .allSkipped(file: file, rows: sink?.rowsRead ?? 0, first: sink?.firstSkipped.first)
    }

    /// What one input's reader decided about its columns: all a result
    /// needs besides the rows.
    struct Columns {
        let valueName: String
        let timeName: String
        let otherNames: [String]
        let seriesColumn: String?
        let fields: (filter: FilterFields, breakdowns: [String])
        let profile: SampleProfile
        let notes: [String]

        init(valueName: String, timeName: String, otherNames: [String], seriesColumn: String?, fields: (filter: FilterFields, breakdowns: [String]),
             profile: SampleProfile, notes: [String]) {
            self.valueName = valueName
            self.timeName = timeName
            self.otherNames = otherNames
            self.seriesColumn = seriesColumn
            self.fields = fields
            self.profile = profile
            self.notes = notes
        }

        init(of reader: InputReader) {
            self.init(valueName: reader.valueName, timeName: reader.timeName, otherNames: reader.otherNames,
                      seriesColumn: reader.seriesColumn, fields: (reader.filterFields, reader.breakdowns), profile: reader.profile, notes: reader.notes.map(\.visible))
        }

        /// The rows of `sink` as a result (flushed: `sink` may be a copy a reader goes on filling).
        func result(of sink: RowSink, sourceName: String, named: Bool, inputs: [String], rowLocator: RowLocator) -> LoadResult {
            var all = sink.accumulator
            all.flush()
            let accumulator = all.column(0)
            var result = LoadResult(accumulator: accumulator, seriesNames: named ? sink.series.names : [], valueName: valueName,
                                    sourceName: sourceName, rowsRead: sink.rowsRead, accepted: sink.accepted, skipped: sink.skipped,
                                    firstSkipped: sink.firstSkipped, notes: notes, timeName: timeName, seriesColumn: seriesColumn,
                                    calendar: accumulator.calendar, levels: [], profile: profile,
                                    otherValues: otherNames.indices.map { (otherNames[$0], all.column($0 + 1)) }, rowLocator: rowLocator)
            (result.filteredOut, result.lackingField) = (sink.filteredOut, sink.lackingField)
            (result.filterFields, result.breakdowns) = fields
            if accumulator.holdsIntervals, !sink.intervals.isDropped {
                result.intervals = sink.intervals.index(seriesCount: sink.series.names.count, inputs: inputs)
            }
            return result
        }
    }

    /// The zone for a sample's times, and the note that says why: the one
    /// offset they all carry, a named zone whose clock changes as their
    /// offsets do, or the fallback (`TZ`, else the system's).
    static func zonePick(_ profile: SampleProfile, fallback: ZoneRules) -> (zone: ZoneRules, note: String) {
        if let offset = profile.singleOffset {
            let zone = ZoneRules(fixedOffset: Int(offset))
            return (zone, "zone: \(zone.displayName) (every time carries this offset; --tz overrides)" + (localClockHint(profile) ?? ""))
        }
        guard profile.writesOffsets else {
            if let offset = profile.zoneInName {
                let zone = ZoneRules(fixedOffset: offset)
                return (zone, "zone: \(zone.displayName) (times carry no offset; \(profile.zoneInNameSource) names it; --tz overrides)")
            }
            return (fallback, "zone: \(fallback.displayName) (times carry no offset; --tz overrides)")
        }
        return zonePick(changes: profile.offsetChanges, fallback: fallback)
    }

    /// Times all in UTC whose quiet hours fall outside a UTC night: the rows
    /// follow a local clock (New York's flights are quiet at 04:00–09:00 UTC),
    /// and their days are that clock's, which `--tz` gives.
    static func localClockHint(_ profile: SampleProfile) -> String? {
        guard profile.singleOffset == 0, let quiet = profile.quietStart else { return nil }
        // A night quiet from midnight to 05:00 local; how far the UTC window is from it.
        let behind = quiet % 24
        let hours = behind > 12 ? behind - 24 : behind
        guard abs(hours) >= 2 else { return nil }
        let clock = hours > 0 ? "\(hours) h behind UTC" : "\(-hours) h ahead of UTC"
        let hh = { (h: Int) in h < 10 ? "0\(h):00" : "\(h):00" }
        return "; the rows are quietest \(hh(quiet))–\(hh((quiet + 5) % 24)) UTC, as if they followed a clock about \(clock): "
            + "--tz ZONE reads their days in it"
    }

    static func zonePick(changes: [WrittenOffsets.Observation], fallback: ZoneRules) -> (zone: ZoneRules, note: String) {
        if let zone = ZoneGuess.zone(for: changes, preferring: fallback) {
            return (zone, "zone: \(zone.displayName) (its clock goes \(ZoneGuess.describe(changes)) as the times do; --tz overrides)")
        }
        return (fallback, "zone: \(fallback.displayName) (times carry offsets no zone's clock has; --tz overrides)")
    }
}
