import Foundation

extension InputPlanner {
    /// The plan for a JSON document: its records' array, found in its
    /// head, is read from its first element as JSON Lines are. A document
    /// that is one object on one line is JSON Lines of one record.
    func prepareDocument(_ scanner: RecordScanner) throws(ReadError) -> RecordPlan {
        let window = options.limits.sampleWindow
        let head = try scanner.lookAhead(window)
        switch JSONDocument.locate(head, path: options.jsonPath) {
        case .records(let path, let offset):
            let first = ByteText.skipSpacesAndNewlines(head, offset + 1)
            if let newline = head[(offset + 1)..<first].lastIndex(of: 10) { elementIndent = first - newline - 1 }
            scanner.skip(offset + 1)
            recordsOffset = scanner.nextOffset
            scanner.mode = .jsonArray
            scanner.expectsArrayEnd = true
            recordsPath = path
        case .nothing(let top):
            let firstLine = Field(rebasing: head[0..<(head.firstIndex(of: 10) ?? head.count)])
            let whole = scanner.atEOF && head.count < window
            let within = whole ? "" : " in the first \(window >> 20) MB"
            let noRecords = ReadError.noTimeColumn(file: file, detail: "no array of objects\(within) in the JSON document (its top is \(top))")
            if options.jsonPath == nil, JSONLine().walk(firstLine, { _, _, _, _ in }) == nil {
                scanner.mode = .lines
                do {
                    return try prepareJSON(scanner)
                } catch .noTimeColumn {
                    // One object without a time, as an API's compact error answer is: what it holds, as when pretty-printed.
                    throw noRecords
                }
            }
            if let wanted = options.jsonPath {
                throw .noTimeColumn(file: file, detail: "--json-path \(wanted): no array there\(within) (the top of the document is \(top))")
            }
            throw noRecords
        }
        do {
            return try prepareJSON(scanner)
        } catch .noTimeColumn(let file, let detail) where options.jsonPath == nil {
            // Breadth-first may have found an array beside the one meant.
            let array = recordsPath!.isEmpty ? "the top array" : "the array at \(recordsPath!)"
            throw .noTimeColumn(file: file, detail: "\(detail); read \(array), --json-path picks another")
        }
    }

    func prepareJSON(_ scanner: RecordScanner) throws(ReadError) -> RecordPlan {
        let inArray = scanner.mode == .jsonArray
        // An array's chunks need its records on lines of their own; one on a single line has none.
        let lines = try sampleRecords(scanner, count: Self.sampleRows, spread: !inArray || elementIndent != nil)
        if lines.count == 0, let error = onlyOversized() { throw error }
        var names: [String] = []
        var index: [String: Int] = [:]
        func column(_ name: String) -> Int {
            if let known = index[name] { return known }
            index[name] = names.count
            names.append(name)
            return names.count - 1
        }
        // Each segment's objects, in order; a line that is not one is left out.
        var segments: [[[Int: [UInt8]]]] = []
        // The first key whose array holds [time, value] pairs: a metric matrix.
        var pairsPath: String?
        // Each record with pairs: where its rows are, and its other fields, to name its series once all are seen.
        var matrixRecords: [(segment: Int, rows: Range<Int>, fields: [(path: String, value: [UInt8])])] = []
        let walker = JSONLine()
        // The first sampled record refused for its depth, to name when none is read.
        var tooDeep: Int?
        for segment in lines.segments {
            segments.append([])
            for r in segment {
                var row: [Int: [UInt8]] = [:]
                var arrays: [(String, [UInt8])] = []
                var fields: [(path: String, value: [UInt8])] = []
                let failure = walker.walk(lines.value(r, 0), arrays: { path, array in
                    arrays.append((String(decoding: path, as: UTF8.self), Array(array)))
                }, { path, value, kind, _ in
                    let name = String(decoding: path, as: UTF8.self)
                    row[column(name)] = kind == .null ? [] : Array(value)
                    fields.append((name, Array(value)))
                })
                guard failure == nil else {
                    if case .tooDeep = failure, tooDeep == nil { tooDeep = r }
                    continue
                }
                if pairsPath == nil {
                    pairsPath = arrays.first { $0.1.withUnsafeBufferPointer(JSONPairs.holdsPairs) }?.0
                }
                guard let pairsPath, let pairs = arrays.first(where: { $0.0 == pairsPath })?.1 else {
                    segments[segments.count - 1].append(row)
                    continue
                }
                // A few of the record's pairs, as rows, say what its columns are.
                let first = segments[segments.count - 1].count
                _ = pairs.withUnsafeBufferPointer { array in
                    JSONPairs.each(in: array) { (time, value) throws(Never) in
                        guard segments[segments.count - 1].count - first < Self.sampleRows else { return }
                        var pairRow = row
                        pairRow[column(JSONPairs.timeName(pairsPath))] = Array(time)
                        pairRow[column(JSONPairs.valueName(pairsPath))] = Array(value)
                        segments[segments.count - 1].append(pairRow)
                    }
                }
                matrixRecords.append((segments.count - 1, first..<segments[segments.count - 1].count, fields))
            }
        }
        let labels = JSONPairs.Labels(matrixRecords.map(\.fields))
        var labelSets = Set<[UInt8]>()
        for record in matrixRecords {
            let text = labels.text(record.fields)
            labelSets.insert(text)
            for r in record.rows { segments[record.segment][r][column(JSONPairs.seriesName)] = text }
        }
        // The values named after the one metric all records hold.
        let valueName = pairsPath.map { labels.metric ?? JSONPairs.valueName($0) }
        if let pairsPath, let valueName, let c = index[JSONPairs.valueName(pairsPath)] {
            index[valueName] = c
            names[c] = valueName
        }
        guard segments.contains(where: { !$0.isEmpty }) else {
            if let tooDeep {
                throw .noTimeColumn(file: file, detail: "the \(inArray ? "array's" : "input's") record \(tooDeep + 1) is nested deeper than \(JSONLine.maxDepth) levels, and no other sampled record is an object")
            }
            if inArray {
                throw .noTimeColumn(file: file, detail: "no JSON object in the first \(lines.count) elements of the array")
            }
            throw .noTimeColumn(file: file, detail: "no JSON object in the first \(lines.count) lines (JSON Lines needs one object per line)")
        }
        let data = Sample()
        for rows in segments {
            data.beginSegment()
            for row in rows { data.append((0..<names.count).map { row[$0] ?? [] }) }
        }
        // A matrix's time and value are its pairs', its series the records' other fields.
        var pick = options
        if let pairsPath {
            pick.timeColumn = options.timeColumn ?? JSONPairs.timeName(pairsPath)
            if !options.countOnly { pick.valueColumn = options.valueColumn ?? valueName }
            if labelSets.count > 1 { pick.seriesColumn = options.seriesColumn ?? JSONPairs.seriesName }
        }
        var picker = ColumnPicker(file: file, names: names, sample: data, options: pick, pattern: pattern, noun: "field", years: years)
        var plan: RowPlan
        do {
            plan = try adopt(picker)
        } catch .ambiguousDates(let file, let column, let example) {
            plan = try adoptDayFirst(&picker, example, .ambiguousDates(file: file, column: column, example: example))
        }
        // A matrix's values sample a level (a gauge, a rate): its periods show their mean.
        if pairsPath != nil, options.valueColumn == nil, plan.value != nil, plan.end == nil { profile.aggregate = .mean }
        let paths = Self.slot(&plan, names: names)
        let pairs = pairsPath.map { path in
            JSONPairs.Plan(path: Array(path.utf8), time: paths.firstIndex(of: Array(JSONPairs.timeName(path).utf8)),
                           value: valueName.flatMap { paths.firstIndex(of: Array($0.utf8)) },
                           labels: paths.firstIndex(of: Array(JSONPairs.seriesName.utf8)), labelPaths: labels.paths.map { Array($0.utf8) })
        }
        pairsName = pairsPath
        return .json(plan, paths: paths, pairs: pairs)
    }

    /// Renumbers the fields `plan` uses into slots 0, 1, 2…, in the order
    /// it names them; returns each slot's path.
    static func slot(_ plan: inout RowPlan, names: [String]) -> [[UInt8]] {
        var paths: [[UInt8]] = []
        func slot(_ c: Int) -> Int {
            let p = Array(names[c].utf8)
            if let i = paths.firstIndex(of: p) { return i }
            paths.append(p)
            return paths.count - 1
        }
        switch plan.time {
        case .column(let c): plan.time = .column(slot(c))
        case .joined(let a, let b, let form): plan.time = .joined(slot(a), slot(b), form)
        case .parts(let cs): plan.time = .parts(cs.map(slot))
        }
        plan.value = plan.value.map(slot)
        plan.series = plan.series.map(slot)
        plan.others = plan.others.map(slot)
        switch plan.end {
        case .time(let c, let f)?: plan.end = .time(slot(c), f)
        case .duration(let c)?: plan.end = .duration(slot(c))
        case nil: break
        }
        plan.label = plan.label.map(slot)
        return paths
    }
}
